// GET /v1/stream/events, GET /v1/games/{id}/stream and GET /v1/me/turns.
#include "services/api/stream_routes.h"

#include <spdlog/spdlog.h>

#include <charconv>
#include <deque>
#include <memory>
#include <stdexcept>

#include "lib/metrics/metrics.h"

#include "services/api/game_views.h"
#include "services/api/http_support.h"
#include "services/api/routes.h"
#include "services/api/stream_views.h"

namespace api {

using nlohmann::json;

namespace {

const std::vector<std::string> kStreamScopes = {"play", "bot"};
constexpr int kCatchUpBatch = 500;
// Threads that render streams' lines; they wait on storage only for what the cache lacks.
constexpr std::size_t kFanoutWorkers = 16;

// From an event's creation (its transaction's now()) to its line being queued for a live stream
// (events read back from the database on a resume are not counted: they are history).
void observe_delivery_lag(const std::vector<storage::EventRecord>& events) {
  static auto& lag = metrics::global()
                         .histogram("hexpost_event_delivery_lag_seconds",
                                    "From an event's creation to its line on a live event stream",
                                    {}, metrics::latency_bounds())
                         .with();
  const auto now = std::chrono::system_clock::now();
  for (const auto& e : events) {
    if (const auto created = hxclock::parse_rfc3339(e.created_at)) {
      lag.observe(std::max(0.0, std::chrono::duration<double>(now - *created).count()));
    }
  }
}

const std::vector<RouteDoc> kStreamRoutes = {
    {"GET", "/v1/stream/events"},
    {"GET", "/v1/games/{id}/stream"},
    {"GET", "/v1/me/turns"},
};

long long env_number(const std::map<std::string, std::string, std::less<>>& env,
                     const std::string& name, long long fallback, long long min, long long max) {
  auto it = env.find(name);
  if (it == env.end() || it->second.empty()) return fallback;
  long long value = 0;
  const std::string& text = it->second;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    throw std::invalid_argument(name + " must be an integer from " + std::to_string(min) + " to " +
                                std::to_string(max) + ", not '" + text + "'");
  }
  return value;
}

GameError too_many_streams(StreamService& s) {
  const int retry = s.options.retry_after_s;
  return GameError(503, "too_many_streams",
                   "This server holds its maximum of " + std::to_string(s.registry.max_streams()) +
                       " open streams; retry after " + std::to_string(retry) + " s.",
                   {{"retry_after", retry},
                    {"limit", "open-streams"},
                    {"max_streams", s.registry.max_streams()}},
                   {{"Retry-After", std::to_string(retry)}});
}

// `anonymous`: the owner is a client address without a credential (stream_owner()).
GameError too_many_streams_for_token(StreamService& s, bool anonymous) {
  const int retry = s.options.retry_after_s;
  const std::size_t max = s.registry.max_per_owner();
  const std::string who = anonymous ? "A client address without a credential" : "A token";
  return GameError(429, anonymous ? "too_many_streams_for_address" : "too_many_streams_for_token",
                   who + " may hold at most " + std::to_string(max) +
                       " open streams and long polls at once; retry after " +
                       std::to_string(retry) + " s.",
                   {{"retry_after", retry},
                    {"limit", anonymous ? "streams-per-address" : "streams-per-token"},
                    {"max_streams_per_token", max}},
                   {{"Retry-After", std::to_string(retry)}});
}

// The owner a game stream counts against: the caller's token, or for an anonymous reader its
// client address, as a negative id (never a token's), capped like a token.
storage::Id stream_owner(const std::optional<storage::Principal>& me, const Request& req) {
  if (me) return me->token_id;
  return -static_cast<storage::Id>(std::hash<std::string>{}(client_address(req)) >> 1) - 1;
}

void require_hub(StreamService& s) {
  if (!s.hub.ready()) {
    throw GameError(503, "database_unavailable", "The event feed is not available yet.",
                    {{"retry_after", 2}}, {{"Retry-After", "2"}});
  }
}

// ?replace=true (the default) or false; 400 invalid_parameter otherwise.
bool replace_param(const Request& req) {
  const std::string replace = query(req, "replace");
  if (replace.empty() || replace == "true") return true;
  if (replace == "false") return false;
  throw GameError(400, "invalid_parameter", "replace must be true or false.",
                  {{"parameter", "replace"}});
}

// One long-lived response: lines waiting to be written, and the ticket whose `closed` flag ends
// it. Subclasses fill `pending_` in refill(); the StreamLoop asks due() and calls produce().
class StreamWriter : public StreamLoop::Source {
 public:
  StreamWriter(StreamService& s, std::shared_ptr<events::Ticket> ticket, bool sse)
      : s_(s), ticket_(std::move(ticket)), sse_(sse) {}

  bool due() const override { return ending() || more_; }
  std::string produce() override {
    if (!ending()) refill();
    std::string text;
    for (const std::string& line : pending_) text += line;
    pending_.clear();
    if (ticket_->closed && !finished_) {
      text += frame({{"type", "closed"}, {"reason", "replaced"}}, sse_);
    }
    return text;
  }
  bool finished() const override { return ending(); }
  std::string heartbeat() const override { return heartbeat_frame(sse_); }

 protected:
  virtual void refill() = 0;
  bool ending() const { return finished_ || ticket_->closed || s_.hub.stopping(); }

  StreamService& s_;
  std::shared_ptr<events::Ticket> ticket_;
  bool sse_;
  storage::StreamPosition cursor_;
  std::deque<std::string> pending_;
  // Read by the loop's due() while produce() may run: atomic.
  std::atomic<bool> finished_{false};
  std::atomic<bool> more_{false};  // a catch-up read stopped at its batch size
};

class AccountStream : public StreamWriter {
 public:
  AccountStream(StreamService& s, std::shared_ptr<events::Ticket> ticket, bool sse,
                storage::Id account, storage::StreamPosition start)
      : StreamWriter(s, std::move(ticket), sse), account_(account) {
    cursor_ = start;
  }
  void queue(const json& line) { pending_.push_back(frame(line, sse_)); }
  StreamLoop::Interest interest() const override { return {0, account_}; }

 protected:
  void refill() override {
    std::vector<storage::EventRecord> found;
    storage::StreamPosition upto;
    const auto mine = [this](const storage::EventRecord& e) {
      return std::find(e.recipients.begin(), e.recipients.end(), account_) != e.recipients.end();
    };
    if (s_.hub.read(cursor_, mine, found, upto)) {
      observe_delivery_lag(found);
    } else {
      // Further behind than the ring reaches: read our own events from the database.
      upto = s_.hub.frontier();
      found = s_.events.for_account(account_, cursor_, upto, kCatchUpBatch);
      more_ = found.size() == static_cast<std::size_t>(kCatchUpBatch);
      if (more_) upto = found.back().position;
    }
    // Never backwards: the hub's frontier can lag behind a `since` position (not yet
    // initialised, or not yet caught up with an event the client already saw), and moving the
    // cursor back to it would send that client's events again.
    if (cursor_ < upto) cursor_ = upto;
    for (const auto& e : found) queue(account_event_line(s_.games, e, account_));
  }

 private:
  storage::Id account_;
};

class GameStream : public StreamWriter {
 public:
  GameStream(StreamService& s, std::shared_ptr<events::Ticket> ticket, bool sse, storage::Id game,
             storage::Id caller)
      : StreamWriter(s, std::move(ticket), sse),
        slot_(s.watched.watch(game)),
        game_(game),
        caller_(caller) {
    cursor_ = s.hub.frontier();
  }
  StreamLoop::Interest interest() const override { return {game_, 0}; }
  // Queues the state (as of the stream's cursor) when it changed; false when the game does not
  // exist.
  bool send_state() {
    const auto state = s_.watched.state(*slot_, cursor_);
    if (!state) return false;
    caller_seat_ = domain::seat_of(state->game(), caller_);
    if (state->game().version == version_) return true;
    version_ = state->game().version;
    pending_.push_back(state->line_for(caller_, sse_));
    if (state->game().status != "active") finished_ = true;
    return true;
  }

 protected:
  void refill() override {
    std::vector<storage::EventRecord> found;
    storage::StreamPosition upto;
    const auto ours = [this](const storage::EventRecord& e) { return e.game_id == game_; };
    const bool in_ring = s_.hub.read(cursor_, ours, found, upto);
    if (!in_ring) upto = s_.hub.frontier();
    if (cursor_ < upto) cursor_ = upto;
    if (!in_ring || !found.empty()) send_state();
    for (const auto& e : found) {
      if (e.kind == "message" && message_is_for_caller(e)) {
        pending_.push_back(frame({{"type", "message"},
                                  {"id", std::to_string(e.position.id)},
                                  {"message", json::parse(e.payload_json, nullptr, false)}},
                                 sse_));
      }
    }
  }

 private:
  // A game's messages reach its players only (the event's recipients: the seated accounts that
  // have not muted the author, and the author's own stream); spectators never get them.
  bool message_is_for_caller(const storage::EventRecord& e) const {
    if (std::find(e.recipients.begin(), e.recipients.end(), caller_) != e.recipients.end()) {
      return true;
    }
    const json payload = json::parse(e.payload_json, nullptr, false);
    return caller_seat_ >= 0 && payload.is_object() && payload.value("seat", -1) == caller_seat_;
  }

  std::shared_ptr<WatchedGames::Slot> slot_;
  storage::Id game_;
  storage::Id caller_;
  int caller_seat_ = -1;
  std::int64_t version_ = -1;
};

// The response's head is written by httplib on the worker; then the socket goes to the loop.
void stream_response(StreamService& s, Response& res, const std::string& type,
                     std::shared_ptr<StreamWriter> w) {
  res.status = 200;
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Accel-Buffering", "no");
  res.set_chunked_content_provider(
      type,
      [&s, w](std::size_t, httplib::DataSink&) {
        detach_connection([&s, w](int sock) { s.loop.adopt(sock, w); });
        return false;  // httplib's part ends here
      },
      [w](bool) mutable { w.reset(); });
}

bool wants_sse(const Request& req) {
  return query(req, "format") == "sse" ||
         req.get_header_value("Accept").find("text/event-stream") != std::string::npos;
}

// ?since=<id> or Last-Event-ID: the stream position after that event; else the live frontier.
storage::StreamPosition start_position(StreamService& s, const Request& req) {
  std::string since = query(req, "since");
  if (since.empty()) since = req.get_header_value("Last-Event-ID");
  if (since.empty()) return s.hub.frontier();
  storage::Id id = 0;
  auto [end, ec] = std::from_chars(since.data(), since.data() + since.size(), id);
  std::optional<storage::StreamPosition> position;
  if (ec == std::errc() && end == since.data() + since.size() && id > 0) {
    position = s.events.position_of(id);
  }
  if (!position) {
    throw GameError(400, "invalid_parameter",
                    "since / Last-Event-ID must be the id of an event this server sent.",
                    {{"parameter", "since"}});
  }
  return *position;
}

void get_event_stream(StreamService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s.games, req, res);
  require_scope(me, kStreamScopes);
  const bool sse = wants_sse(req);
  const storage::StreamPosition start = start_position(s, req);
  const bool replace = replace_param(req);
  auto ticket = take_stream_slot(s, "events", me.token_id, me.token_id, replace);
  // Only a replacing stream tells the other instances to close this token's older streams.
  if (replace) s.events.notify_stream_control(events::StreamRegistry::announcement(*ticket));
  auto stream = std::make_shared<AccountStream>(s, ticket, sse, me.account_id, start);
  for (const json& line : opening_snapshot(s.games, me.account_id)) stream->queue(line);
  stream->queue({{"type", "snapshot_done"}});
  stream_response(s, res, sse ? "text/event-stream" : "application/x-ndjson", stream);
}

// Public: an anonymous reader's stream counts against its client address (stream_owner()).
void get_game_stream(StreamService& s, const Request& req, Response& res) {
  const std::optional<storage::Principal> me = reader(s.games, req, res);
  const storage::Id id = path_id(req, 1, "game");
  const bool sse = wants_sse(req);
  auto ticket = take_stream_slot(s, "game", stream_owner(me, req));
  auto stream = std::make_shared<GameStream>(s, ticket, sse, id, me ? me->account_id : 0);
  if (!stream->send_state()) {
    throw game_not_found(id);
  }
  stream_response(s, res, sse ? "text/event-stream" : "application/x-ndjson", stream);
}

}  // namespace

namespace {

// The ticket, counted in hexpost_open_streams{kind} until its last holder lets it go.
std::shared_ptr<events::Ticket> counted_as_open(std::shared_ptr<events::Ticket> ticket,
                                                const std::string& kind) {
  static auto& open = metrics::global().gauge(
      "hexpost_open_streams", "Event streams, game streams and long polls held", {"kind"});
  metrics::Gauge& gauge = open.with({kind});
  gauge.add(1);
  events::Ticket* held = ticket.get();
  return std::shared_ptr<events::Ticket>(
      held, [ticket = std::move(ticket), &gauge](events::Ticket*) mutable {
        gauge.add(-1);
        ticket.reset();
      });
}

}  // namespace

std::shared_ptr<events::Ticket> take_stream_slot(StreamService& s, const std::string& kind,
                                                 storage::Id owner, storage::Id token_id,
                                                 bool replace) {
  require_hub(s);
  events::Opened opened = s.registry.open(owner, token_id, replace);
  switch (opened.refusal) {
    case events::OpenRefusal::kNone:
      return counted_as_open(std::move(opened.ticket), kind);
    case events::OpenRefusal::kHeld:
      throw GameError(409, "stream_open",
                      "This token already holds an open event stream; without replace=false the "
                      "new stream would replace it.",
                      {{"parameter", "replace"}});
    case events::OpenRefusal::kOwnerFull:
      throw too_many_streams_for_token(s, owner < 0);
    case events::OpenRefusal::kFull:
      break;
  }
  throw too_many_streams(s);
}

std::shared_ptr<events::Ticket> take_long_poll_slot(StreamService& s, storage::Id owner) {
  if (s.long_polls.fetch_add(1) >= s.options.max_long_polls) {
    --s.long_polls;
    throw GameError(503, "too_many_streams",
                    "This server holds its maximum of " + std::to_string(s.options.max_long_polls) +
                        " waiting long polls; retry after " +
                        std::to_string(s.options.retry_after_s) + " s.",
                    {{"retry_after", s.options.retry_after_s},
                     {"limit", "long-polls"},
                     {"max_long_polls", s.options.max_long_polls}},
                    {{"Retry-After", std::to_string(s.options.retry_after_s)}});
  }
  std::shared_ptr<events::Ticket> ticket;
  try {
    ticket = take_stream_slot(s, "long_poll", owner);
  } catch (...) {
    --s.long_polls;
    throw;
  }
  events::Ticket* held = ticket.get();
  return std::shared_ptr<events::Ticket>(held,
                                         [ticket = std::move(ticket), &s](events::Ticket*) mutable {
                                           ticket.reset();
                                           --s.long_polls;
                                         });
}

StreamOptions stream_options(const std::map<std::string, std::string, std::less<>>& env) {
  StreamOptions o;
  const auto size = [&env](const char* name, long long fallback, long long min, long long max) {
    return static_cast<std::size_t>(env_number(env, name, fallback, min, max));
  };
  o.max_streams = size("HEXPOST_MAX_STREAMS", 10000, 0, 1000000);
  o.max_per_token = size("HEXPOST_MAX_STREAMS_PER_TOKEN", 4, 1, 100000);
  o.max_long_polls = size("HEXPOST_MAX_LONG_POLLS", 64, 1, 10000);
  o.max_buffered_bytes = size("HEXPOST_STREAM_MAX_BUFFER_BYTES", 1024 * 1024, 4096, 64 << 20);
  o.heartbeat =
      std::chrono::milliseconds(env_number(env, "HEXPOST_STREAM_HEARTBEAT_MS", 10000, 50, 600000));
  o.poll = std::chrono::milliseconds(env_number(env, "HEXPOST_STREAM_POLL_MS", 1000, 10, 60000));
  return o;
}

StreamService::StreamService(GameService& games_ref, events::EventHub& hub_ref,
                             StreamOptions options_value)
    : games(games_ref),
      hub(hub_ref),
      options(options_value),
      registry(options_value.max_streams, options_value.max_per_token,
               [&hub_ref] { hub_ref.wake_all(); }),
      events(games_ref.pool),
      watched(games_ref, hub_ref),
      loop({options_value.heartbeat, options_value.max_buffered_bytes, kFanoutWorkers}) {
  // The loop produces only the streams of the new events' games and recipients.
  hub.on_advance([this](const std::vector<std::shared_ptr<const storage::EventRecord>>& added) {
    if (added.empty()) return loop.wake();
    std::vector<StreamLoop::Key> keys;
    for (const auto& e : added) {
      if (e->game_id) keys.emplace_back('g', *e->game_id);
      for (storage::Id account : e->recipients) keys.emplace_back('a', account);
    }
    loop.touched(std::move(keys));
  });
  hub.on_control([this](const std::string& payload) { registry.control(payload); });
  // Every instance reads every event: a game changed through another instance loses its
  // cached copy here (docs/game-service.md, "Moves decided on cached state").
  hub.on_events([this](const std::vector<storage::EventRecord>& read) {
    // A message does not change its game, so it leaves the copy alone.
    for (const storage::EventRecord& e : read) {
      if (e.kind != "message") games.play.on_event(e);
    }
  });
  games.play.serve_reads_from_copies();  // the hub keeps the copies current from now on
}

void add_turn_routes(Server& server, StreamService& streams);  // turn_routes.cc

void add_stream_routes(Server& server, StreamService& s) {
  server.get("/v1/stream/events",
             guarded([&s](const Request& q, Response& r) { get_event_stream(s, q, r); }));
  server.get(R"(/v1/games/([^/]+)/stream)",
             guarded([&s](const Request& q, Response& r) { get_game_stream(s, q, r); }));
  add_turn_routes(server, s);
}

const std::vector<RouteDoc>& stream_routes() { return kStreamRoutes; }

}  // namespace api
