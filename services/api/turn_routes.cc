// GET /v1/me/turns: the games where it is the caller's turn, most urgent deadline
// first, with an ETag; ?wait=N long-polls up to N seconds (capped) for the list to stop matching
// If-None-Match (RFC 9110 weak comparison, lists, "*"), or, without it, to be non-empty.

#include "services/api/game_views.h"
#include "services/api/http_support.h"
#include "services/api/stream_routes.h"
#include "services/api/stream_views.h"
#include "services/domain/credentials.h"

namespace api {

using nlohmann::json;

namespace {

// The caller's turn list from the database, encoded once.
play::HeldTurns load_turns(StreamService& s, storage::Id account) {
  storage::GameListFilter filter;
  filter.account_id = account;
  filter.my_turn_only = true;
  const std::string at = hxclock::to_rfc3339(s.games.clock.now());
  json turns = json::array();
  std::string versions;
  for (const auto& item : s.games.games.list_for_player(account, filter, std::nullopt, 200, at)) {
    json turn = turn_info(s.games, item.game, account, "");
    if (turn.is_null()) continue;
    turn["opponents"] = json::array();
    for (const auto& seat : item.game.seats) {
      if (seat.account_id != account) turn["opponents"].push_back(seat.username);
    }
    turns.push_back(turn);
    versions += std::to_string(item.game.id) + ":" + std::to_string(item.game.version) + ",";
  }
  auto out = std::make_shared<play::TurnList>();
  out->empty = turns.empty();
  out->body =
      json{{"turns", std::move(turns)}}.dump(-1, ' ', false, json::error_handler_t::replace);
  out->etag = "\"t" + domain::sha256_hex(versions).substr(0, 32) + "\"";
  return out;
}

// The list from this instance's copy when one is held (no statement), else loaded once.
play::HeldTurns current_turns(StreamService& s, storage::Id account) {
  return s.games.play.turns(account, [&s, account] { return load_turns(s, account); });
}

// The caller from this instance's copy of the token's principal when it is fresh (no
// statement), else looked up and remembered for the next reads.
storage::Principal turns_caller(StreamService& s, const Request& req, Response& res) {
  const std::string hash = bearer_token_hash(req);
  if (auto held = s.games.play.held_principal(hash)) return admit(s.games, hash, held, res);
  storage::Principal me = authenticate(s.games, req, res);
  s.games.play.remember_principal(me);
  return me;
}

// Waits (holding a stream slot) until an event for `account` arrives or the deadline passes;
// true when one arrived.
bool wait_for_account_event(StreamService& s, storage::Id account,
                            std::chrono::steady_clock::time_point deadline,
                            storage::StreamPosition& cursor, events::Ticket& ticket) {
  while (!s.hub.stopping() && std::chrono::steady_clock::now() < deadline) {
    s.hub.wait_past(cursor,
                    std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now()),
                    ticket.closed);
    std::vector<storage::EventRecord> found;
    storage::StreamPosition upto;
    const auto mine = [account](const storage::EventRecord& e) {
      return std::find(e.recipients.begin(), e.recipients.end(), account) != e.recipients.end();
    };
    if (!s.hub.read(cursor, mine, found, upto)) return true;  // fell behind: just look again
    cursor = upto;
    if (!found.empty()) return true;
  }
  return false;
}

void get_turns(StreamService& s, const Request& req, Response& res) {
  const storage::Principal me = turns_caller(s, req, res);
  const int wait = int_param(req, "wait", 0, 0, s.options.max_wait_s);
  const bool conditional = req.has_header("If-None-Match");
  storage::StreamPosition cursor = s.hub.frontier();
  play::HeldTurns turns = current_turns(s, me.account_id);
  const auto unchanged = [&] {
    return conditional ? if_none_match_matches(req, turns->etag) : turns->empty;
  };
  if (wait > 0 && unchanged()) {
    std::shared_ptr<events::Ticket> ticket = take_long_poll_slot(s, me.token_id);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(wait);
    while (unchanged() && wait_for_account_event(s, me.account_id, deadline, cursor, *ticket)) {
      turns = current_turns(s, me.account_id);
    }
  }
  res.set_header("Cache-Control", "no-cache");
  if (answer_not_modified(req, res, turns->etag)) return;
  res.status = 200;
  res.set_content(turns->body, "application/json");
}

}  // namespace

void add_turn_routes(Server& server, StreamService& s) {
  server.get("/v1/me/turns", guarded([&s](const Request& q, Response& r) { get_turns(s, q, r); }));
}

}  // namespace api
