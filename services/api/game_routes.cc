// Games: GET /v1/games/{id}, moves, preview, resign, draw, abort, record, fairness, and the
// lists GET /v1/me/games and GET /v1/games.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "services/api/routes.h"
#include "services/domain/clock_rules.h"

namespace api {

using nlohmann::json;

namespace {

const std::vector<std::string> kPlayScopes = {"play", "bot"};
constexpr int kRetries = 5;  // re-decisions after a lost race that left the ply unchanged

GameError game_not_found(storage::Id id) {
  return GameError(404, "game_not_found", "No game " + std::to_string(id) + ".");
}

storage::LoadedGame load_or_404(GameService& s, storage::Id id, bool with_moves,
                                storage::Id account = 0, const std::string& key = "") {
  auto loaded = s.games.load(id, hxclock::to_rfc3339(s.clock.now()), with_moves, account, key);
  if (!loaded) throw game_not_found(id);
  return std::move(*loaded);
}

json current_state(const storage::GameRecord& game, storage::Id caller) {
  json state = game_summary(game, caller);
  state["position"] = game.position;
  state["to_move_seats"] = game.to_move;
  state["draw_offers"] = game.draw_offers;
  return state;
}

// The game row as it is after `w` was stored.
storage::GameRecord after_entry(storage::GameRecord game, const storage::EntryWrite& w,
                                hxclock::TimePoint now) {
  game.ply += 1;
  game.version += 1;
  game.position = w.position;
  game.to_move = w.to_move;
  game.last_hash = w.hash;
  game.updated_at = hxclock::to_rfc3339(now);
  if (w.is_move && std::find(game.moved_seats.begin(), game.moved_seats.end(), w.seat) ==
                       game.moved_seats.end()) {
    game.moved_seats.push_back(w.seat);
  }
  const bool kept =
      std::find(game.draw_offers.begin(), game.draw_offers.end(), w.seat) != game.draw_offers.end();
  game.draw_offers = kept ? std::vector<int>{w.seat} : std::vector<int>{};
  if (w.finished) {
    game.status = "finished";
    game.result_json = w.result_json;
    game.finished_at = game.updated_at;
    for (std::size_t i = 0; i < game.seats.size() && i < w.placements.size(); ++i) {
      game.seats[i].placement = w.placements[i];
      game.seats[i].score = w.scores[i];
    }
  }
  return game;
}

std::string idempotency_key(const Request& req) {
  if (!req.has_header("Idempotency-Key")) return {};
  std::string key = req.get_header_value("Idempotency-Key");
  bool ok = !key.empty() && key.size() <= 255;
  for (char c : key) ok = ok && c >= 0x21 && c <= 0x7e;
  if (!ok) {
    throw GameError(400, "invalid_idempotency_key",
                    "Idempotency-Key must be 1-255 visible ASCII characters.");
  }
  return key;
}

bool replay(const storage::StoredResponse& stored, const std::string& request_hash, Response& res) {
  if (stored.request_hash != request_hash) {
    throw GameError(422, "idempotency_key_reused",
                    "This Idempotency-Key was used with a different request.");
  }
  res.status = stored.status;
  res.set_header("Idempotent-Replayed", "true");
  res.set_content(stored.body, "application/json");
  return true;
}

struct MoveRequest {
  std::string token_hash;
  storage::Id id = 0;
  std::string move;
  long long ply = 0;
  std::string key;
  std::string request_hash;
};

MoveRequest parse_move_request(const Request& req) {
  MoveRequest m;
  m.id = path_id(req, 1, "game");
  const json body = json_object_body(req);
  m.move = string_field(body, "move", true, 200);
  m.ply = *int_field(body, "ply", true);
  m.key = idempotency_key(req);
  m.request_hash = domain::sha256_hex("move\n" + std::to_string(m.id) + "\n" +
                                      std::to_string(m.ply) + "\n" + m.move);
  return m;
}

// What a move is decided on: the caller and the game, either this instance's cached copies
// (no statement; possibly stale, see storage::ContextCache) or freshly loaded.
struct MoveContext {
  storage::Principal me;
  storage::LoadedGame loaded;
  bool cached = false;
};

// The caller and the game in one statement (GamesRepository::load_as).
storage::GamesRepository::AuthenticatedLoad load_for_move(GameService& s, const MoveRequest& m) {
  return s.games.load_as(m.token_hash, m.id, hxclock::to_rfc3339(s.clock.now()), false, m.key);
}

MoveContext move_context(storage::Principal me, std::optional<storage::LoadedGame> loaded,
                         storage::Id id, bool cached) {
  if (!loaded) throw game_not_found(id);
  return {std::move(me), std::move(*loaded), cached};
}

// The first context, which charges the token's bucket (once per request): the cached copies
// when both the token and the game are cached, otherwise load_for_move(), with the errors in
// the order of the other routes: 401/429, 403, then 400 for the request, then 404. A request
// that fails the checks that need no database takes the ordinary path, to keep that order.
MoveContext first_move_context(GameService& s, const Request& req, Response& res, MoveRequest& m) {
  const std::string hash = bearer_token_hash(req);
  try {
    m = parse_move_request(req);
  } catch (...) {  // GameError or ApiError (the body)
    require_scope(authenticate(s, req, res), kPlayScopes);
    throw;
  }
  m.token_hash = hash;
  auto cached = s.games.cached_context(hash, m.id);
  const bool from_cache = cached.has_value();
  auto found = from_cache ? std::move(*cached) : load_for_move(s, m);
  const storage::Principal me = admit(s, hash, std::move(found.principal), res);
  require_scope(me, kPlayScopes);
  return move_context(me, std::move(found.loaded), m.id, from_cache);
}

// A fresh load after a lost race or a refusal decided on cached copies. The token is looked up
// again, so a move whose write was refused for a revoked token gets 401, but not charged again.
MoveContext fresh_move_context(GameService& s, const MoveRequest& m) {
  auto found = load_for_move(s, m);
  return move_context(verify_token(m.token_hash, std::move(found.principal)),
                      std::move(found.loaded), m.id, false);
}

// Past the deadline: the game is forfeited (once, however many ask) and the move refused.
// Returns when HEXPOST_AUTO_VACATION gave the player a day, to decide again.
void refuse_late_move(GameService& s, const storage::GameRecord& game, storage::Id account,
                      const domain::Refusal& late, hxclock::TimePoint at) {
  s.sweeper.expire_game(game.id, at);
  storage::LoadedGame after = load_or_404(s, game.id, false);
  if (after.game.ply == game.ply && after.game.status == "active" &&
      !domain::check_deadline(after.game, account, at)) {
    return;
  }
  throw refusal_error(late, current_state(after.game, account));
}

// Stores the decided move and answers 201; false when the write was refused (a lost race, a
// revoked token) and the move must be decided again on a fresh load.
bool store_move(GameService& s, const MoveRequest& m, const MoveContext& context,
                domain::EntryDecision& d, hxclock::TimePoint at, Response& res) {
  const storage::Id me = context.me.account_id;
  d.write.at = hxclock::to_rfc3339(at);
  d.write.token_id = context.me.token_id;
  const storage::GameRecord after = after_entry(context.loaded.game, d.write, at);
  const json answer = {{"move", d.canonical},
                       {"record", d.write.record},
                       {"ply", after.ply},
                       {"draws", d.write.draws},
                       {"hash", d.write.hash},
                       {"game", game_view(s.catalog, after, {me, true, nullptr}, d.state.get())}};
  d.write.idempotency_key = m.key;
  d.write.request_hash = m.request_hash;
  d.write.response_status = 201;
  d.write.response_body = dump_with_clock_slots(answer);
  const storage::WriteResult written = s.games.append_entry(d.write);
  if (written.outcome != storage::WriteOutcome::kApplied) {
    // The same key may have raced us and won: answer as it did (or 422 for another body).
    auto stored = m.key.empty() ? std::nullopt : s.games.stored_response(me, m.key);
    return stored && replay(*stored, m.request_hash, res);
  }
  s.games.remember(after, written);
  res.set_header("ETag", etag_of(after));
  res.set_header("Location", "/v1/games/" + std::to_string(m.id));
  res.status = 201;
  res.set_content(written.response_body, "application/json");  // with the new deadlines
  return true;
}

// Decides and stores the move on `context`: true when answered, false to decide again on a
// fresh load. Refusals are thrown, but never on cached copies: those are decided again first.
bool try_move(GameService& s, const MoveRequest& m, const MoveContext& context, Response& res) {
  if (context.loaded.stored && replay(*context.loaded.stored, m.request_hash, res)) return true;
  const storage::GameRecord& game = context.loaded.game;
  const storage::Id me = context.me.account_id;
  if (m.ply < 0 || m.ply > 1'000'000) {
    if (context.cached) return false;
    throw GameError(409, "stale_ply", "The game is at ply " + std::to_string(game.ply) + ".",
                    {{"current", current_state(game, me)}});
  }
  const hxclock::TimePoint at = s.clock.now();
  if (auto late = domain::check_deadline(game, me, at)) {
    if (!context.cached) refuse_late_move(s, game, me, *late, at);
    return false;
  }
  auto decided = domain::decide_move(s.catalog, game, me, m.move, static_cast<int>(m.ply));
  if (auto* refusal = std::get_if<domain::Refusal>(&decided)) {
    if (context.cached) return false;
    throw refusal_error(*refusal, current_state(game, me));
  }
  return store_move(s, m, context, std::get<domain::EntryDecision>(decided), at, res);
}

void post_move(GameService& s, const Request& req, Response& res) {
  MoveRequest m;
  MoveContext context = first_move_context(s, req, res, m);
  for (int attempt = 0;; ++attempt) {
    if (attempt > 0) context = fresh_move_context(s, m);
    if (try_move(s, m, context, res)) return;
    // A lost race whose ply moved on is refused as stale by the next decision; one that only
    // lost to a version change (a draw offer) is decided again, up to kRetries times.
    if (attempt + 1 >= kRetries) {
      const storage::LoadedGame now = load_or_404(s, m.id, false);
      throw GameError(
          409, "stale_ply",
          "Another move was made first; the game is at ply " + std::to_string(now.game.ply) + ".",
          {{"current", current_state(now.game, context.me.account_id)}});
    }
  }
}

void post_preview(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  const storage::Id id = path_id(req, 1, "game");
  const json body = json_object_body(req);
  const std::string move = string_field(body, "move", true, 200);
  const storage::LoadedGame loaded = load_or_404(s, id, false);
  auto decided = domain::preview_move(s.catalog, loaded.game, me.account_id, move);
  if (auto* refusal = std::get_if<domain::Refusal>(&decided)) {
    throw refusal_error(*refusal, current_state(loaded.game, me.account_id));
  }
  send_json(res, 200,
            {{"move", std::get<std::string>(decided)}, {"legal", true}, {"ply", loaded.game.ply}});
}

void post_resign(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "game");
  optional_json_object_body(req);
  for (int attempt = 0;; ++attempt) {
    storage::LoadedGame loaded = load_or_404(s, id, false);
    auto decided = domain::decide_resign(s.catalog, loaded.game, me.account_id);
    if (auto* refusal = std::get_if<domain::Refusal>(&decided)) {
      throw refusal_error(*refusal, current_state(loaded.game, me.account_id));
    }
    auto& d = std::get<domain::EntryDecision>(decided);
    const hxclock::TimePoint now = s.clock.now();
    d.write.at = hxclock::to_rfc3339(now);
    const storage::GameRecord after = after_entry(loaded.game, d.write, now);
    d.write.response_body = dump_with_clock_slots(
        {{"record", d.write.record},
         {"game", game_view(s.catalog, after, {me.account_id, true, nullptr}, d.state.get())}});
    const storage::WriteResult written = s.games.append_entry(d.write);
    if (written.outcome == storage::WriteOutcome::kApplied) {
      res.set_header("ETag", etag_of(after));
      res.status = 200;
      res.set_content(written.response_body, "application/json");  // with the new deadlines
      return;
    }
    if (attempt + 1 >= kRetries) {
      throw GameError(409, "conflict", "The game kept changing; try again.");
    }
  }
}

template <class Decide>
void status_change(GameService& s, const Request& req, Response& res, Decide decide) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "game");
  const json body = optional_json_object_body(req);
  for (int attempt = 0;; ++attempt) {
    storage::LoadedGame loaded = load_or_404(s, id, true);
    auto decided = decide(loaded, me.account_id, body);
    if (auto* refusal = std::get_if<domain::Refusal>(&decided)) {
      throw refusal_error(*refusal, current_state(loaded.game, me.account_id));
    }
    auto w = std::get<storage::StatusWrite>(decided);
    w.at = hxclock::to_rfc3339(s.clock.now());
    if (s.games.update_status(w).outcome == storage::WriteOutcome::kApplied) {
      storage::LoadedGame fresh = load_or_404(s, id, true);
      res.set_header("ETag", etag_of(fresh.game));
      send_json(res, 200, game_view(s.catalog, fresh.game, {me.account_id, true, &fresh.moves}));
      return;
    }
    if (attempt + 1 >= kRetries) {
      throw GameError(409, "conflict", "The game kept changing; try again.");
    }
  }
}

void post_draw(GameService& s, const Request& req, Response& res) {
  status_change(s, req, res, [](const storage::LoadedGame& g, storage::Id me, const json& body) {
    const std::string action = string_field(body, "action", true, 20);
    return domain::decide_draw(g.game, g.moves, me, action);
  });
}

void post_abort(GameService& s, const Request& req, Response& res) {
  status_change(s, req, res, [](const storage::LoadedGame& g, storage::Id me, const json&) {
    return domain::decide_abort(g.game, me);
  });
}

void get_game(GameService& s, const Request& req, Response& res) {
  // The caller and the game in one statement (see authenticated_move_load).
  const std::string hash = bearer_token_hash(req);
  storage::Id id = 0;
  try {
    id = path_id(req, 1, "game");
  } catch (...) {
    authenticate(s, req, res);
    throw;
  }
  auto found = s.games.load_as(hash, id, hxclock::to_rfc3339(s.clock.now()), true);
  const storage::Principal me = admit(s, hash, std::move(found.principal), res);
  if (!found.loaded) throw game_not_found(id);
  const storage::LoadedGame& loaded = *found.loaded;
  std::string etag = etag_of(loaded.game);
  // Issue 11: a finished rated game shows its rating changes, which arrive after the game's
  // last version; their count is part of the ETag.
  const json changes = loaded.game.rated && loaded.game.status == "finished"
                           ? rating_changes_view(s, id)
                           : json(nullptr);
  if (changes.is_array()) etag.insert(etag.size() - 1, "-r" + std::to_string(changes.size()));
  res.set_header("ETag", etag);
  if (req.get_header_value("If-None-Match") == etag) {
    res.status = 304;
    return;
  }
  // ?moves_after=N: only the moves after ply N, for a client that has seen the game up to N
  // (the full list grows with the game, and dominated the answer's cost in the load driver).
  const int after = int_param(req, "moves_after", 0, 0, 1'000'000);
  std::vector<storage::MoveRecord> later;
  if (after > 0) {
    later.assign(std::find_if(loaded.moves.begin(), loaded.moves.end(),
                              [after](const storage::MoveRecord& m) { return m.ply > after; }),
                 loaded.moves.end());
  }
  json view =
      game_view(s.catalog, loaded.game, {me.account_id, true, after > 0 ? &later : &loaded.moves});
  if (changes.is_array()) view["rating_changes"] = changes;
  send_json(res, 200, view);
}

void get_record(GameService& s, const Request& req, Response& res) {
  authenticate(s, req, res);
  const storage::Id id = path_id(req, 1, "game");
  const storage::LoadedGame loaded = load_or_404(s, id, true);
  res.set_header("Content-Disposition",
                 "attachment; filename=\"hexpost-" + std::to_string(id) + ".txt\"");
  res.set_header("ETag", etag_of(loaded.game));
  res.status = 200;
  res.set_content(game_record_text(loaded.game, loaded.moves, s.options.site),
                  "text/plain; charset=utf-8");
}

void get_fairness(GameService& s, const Request& req, Response& res) {
  authenticate(s, req, res);
  const storage::Id id = path_id(req, 1, "game");
  const storage::LoadedGame loaded = load_or_404(s, id, true);
  send_json(res, 200, fairness_view(loaded.game, loaded.moves));
}

std::string status_param(const Request& req) {
  const std::string status = query(req, "status");
  if (!status.empty() && status != "active" && status != "finished" && status != "aborted") {
    throw GameError(400, "invalid_parameter", "status must be active, finished or aborted.",
                    {{"parameter", "status"}});
  }
  return status;
}

GameError bad_cursor() {
  return GameError(400, "invalid_cursor", "The cursor is not one this server gave out.",
                   {{"parameter", "cursor"}});
}

void get_my_games(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  storage::GameListFilter filter;
  filter.account_id = me.account_id;
  filter.status = status_param(req);
  filter.game = query(req, "game");
  const std::string turn = query(req, "turn");
  if (!turn.empty() && turn != "mine" && turn != "any") {
    throw GameError(400, "invalid_parameter", "turn must be mine or any.", {{"parameter", "turn"}});
  }
  filter.my_turn_only = turn == "mine";
  const int limit = limit_param(req);
  std::optional<storage::GameListCursor> after;
  if (const std::string cursor = query(req, "cursor"); !cursor.empty()) {
    auto text = from_base64url(cursor);
    storage::GameListCursor c;
    long long game_id = 0;
    if (!text || std::sscanf(text->c_str(), "%d:%lf:%lld", &c.rank, &c.key, &game_id) != 3) {
      throw bad_cursor();
    }
    c.game_id = game_id;
    after = c;
  }
  const auto items = s.games.list_for_player(me.account_id, filter, after, limit,
                                             hxclock::to_rfc3339(s.clock.now()));
  json games = json::array();
  int my_turn = 0;
  for (const auto& item : items) {
    games.push_back(game_summary(item.game, me.account_id));
    if (item.rank == 0) ++my_turn;
  }
  json out = {{"games", games}, {"next_cursor", nullptr}};
  if (static_cast<int>(items.size()) == limit) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%d:%.17g:%lld", items.back().rank, items.back().key,
                  static_cast<long long>(items.back().game.id));
    out["next_cursor"] = base64url(buf);
    res.set_header("Link", "</v1/me/games?cursor=" + base64url(buf) + ">; rel=\"next\"");
  }
  send_json(res, 200, out);
}

void get_games(GameService& s, const Request& req, Response& res) {
  authenticate(s, req, res);
  storage::GameListFilter filter;
  filter.status = status_param(req);
  filter.game = query(req, "game");
  if (const std::string player = query(req, "player"); !player.empty()) {
    const auto ids = s.accounts.ids_for({player});
    if (ids[0] == 0) {
      send_json(res, 200, {{"games", json::array()}, {"next_cursor", nullptr}});
      return;
    }
    filter.account_id = ids[0];
  }
  const int limit = limit_param(req);
  storage::Id before = 0;
  if (const std::string cursor = query(req, "cursor"); !cursor.empty()) {
    auto text = from_base64url(cursor);
    long long id = 0;
    if (!text || std::sscanf(text->c_str(), "before:%lld", &id) != 1 || id <= 0) {
      throw bad_cursor();
    }
    before = id;
  }
  const auto rows = s.games.list(filter, before, limit, hxclock::to_rfc3339(s.clock.now()));
  json games = json::array();
  for (const auto& g : rows) games.push_back(game_summary(g, 0));
  json out = {{"games", games}, {"next_cursor", nullptr}};
  if (static_cast<int>(rows.size()) == limit) {
    out["next_cursor"] = base64url("before:" + std::to_string(rows.back().id));
  }
  send_json(res, 200, out);
}

}  // namespace

void add_game_routes(Server& server, GameService& s) {
  auto route = [&s](void (*fn)(GameService&, const Request&, Response&)) {
    return guarded([&s, fn](const Request& q, Response& r) { fn(s, q, r); });
  };
  server.get("/v1/me/games", route(get_my_games));
  server.get("/v1/games", route(get_games));
  server.get(R"(/v1/games/([^/]+))", route(get_game));
  server.post(R"(/v1/games/([^/]+)/moves)", route(post_move));
  server.post(R"(/v1/games/([^/]+)/preview)", route(post_preview));
  server.post(R"(/v1/games/([^/]+)/resign)", route(post_resign));
  server.post(R"(/v1/games/([^/]+)/draw)", route(post_draw));
  server.post(R"(/v1/games/([^/]+)/abort)", route(post_abort));
  server.get(R"(/v1/games/([^/]+)/record)", route(get_record));
  server.get(R"(/v1/games/([^/]+)/fairness)", route(get_fairness));
}

}  // namespace api
