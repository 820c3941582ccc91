// Games: GET /v1/games/{id}, moves, preview, resign, draw, abort, leaving (leave, vote,
// accept), record, fairness, and the lists GET /v1/me/games and GET /v1/games.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "services/api/routes.h"
#include "services/domain/clock_rules.h"

namespace api {

using nlohmann::json;

namespace {

storage::LoadedGame load_or_404(GameService& s, storage::Id id, bool with_moves) {
  auto loaded = s.play.load(id, with_moves);
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

// A move request as the play pipeline takes it; `me` and the token are filled in once the
// caller is admitted.
play::Submission parse_move_request(const Request& req) {
  play::Submission m;
  m.game_id = path_id(req, 1, "game");
  const json body = json_object_body(req);
  m.move = string_field(body, "move", true, 200);
  const long long ply = *int_field(body, "ply", true);
  // A ply no game reaches is refused as stale, like any other ply the game is not at.
  m.seen_ply = ply >= 0 && ply <= 1'000'000 ? static_cast<int>(ply) : -1;
  m.idempotency_key = idempotency_key(req);
  m.request_hash = domain::sha256_hex("move\n" + std::to_string(m.game_id) + "\n" +
                                      std::to_string(ply) + "\n" + m.move);
  return m;
}

// The caller and the game, which charges the token's bucket (once per request), with the errors
// in the order of the other routes: 401/429, 403, then 400 for the request, then 404. A request
// that fails the checks that need no database takes the ordinary path, to keep that order.
play::Context move_context(GameService& s, const Request& req, Response& res, play::Submission& m) {
  const std::string hash = bearer_token_hash(req);
  try {
    m = parse_move_request(req);
  } catch (...) {  // GameError or ApiError (the body)
    require_scope(authenticate(s, req, res), kPlayScopes);
    throw;
  }
  play::Context context = s.play.context(hash, m.game_id, m.idempotency_key);
  const storage::Principal me = admit(s, hash, std::move(context.principal), res);
  require_scope(me, kPlayScopes);
  if (!context.loaded) throw game_not_found(m.game_id);
  m.actor = {me.account_id, me.token_id, hash};
  context.principal = me;
  return context;
}

// The HTTP form of a move's or resignation's outcome.
void answer_entry(const play::Submission& m, const play::Outcome& out, Response& res) {
  using Kind = play::Outcome::Kind;
  const bool is_move = m.kind == play::Submission::Kind::kMove;
  switch (out.kind) {
    case Kind::kApplied:
      res.set_header("ETag", viewer_etag_of(out.game, m.actor.account_id));
      if (is_move) res.set_header("Location", "/v1/games/" + std::to_string(m.game_id));
      res.status = out.status;
      res.set_content(out.body, "application/json");  // with the new deadlines
      return;
    case Kind::kReplayed:
      res.status = out.status;
      res.set_header("Idempotent-Replayed", "true");
      res.set_content(out.body, "application/json");
      return;
    case Kind::kKeyReused:
      throw GameError(422, "idempotency_key_reused",
                      "This Idempotency-Key was used with a different request.");
    case Kind::kRefused:
      throw refusal_error(*out.refusal, current_state(out.game, m.actor.account_id));
    case Kind::kTokenRevoked:
      verify_token(m.actor.token_hash, std::nullopt);  // throws the 401
      [[fallthrough]];
    case Kind::kNotFound:
      throw game_not_found(m.game_id);
    case Kind::kGaveUp:
      break;
  }
  if (!is_move) throw GameError(409, "conflict", "The game kept changing; try again.");
  throw GameError(
      409, "stale_ply",
      "Another move was made first; the game is at ply " + std::to_string(out.game.ply) + ".",
      {{"current", current_state(out.game, m.actor.account_id)}});
}

// The answer stored with an entry: the entry and the game after it, with clock slots that the
// write fills with the deadlines it set.
play::AnswerFn entry_answer(GameService& s, storage::Id me, bool is_move) {
  return [&s, me, is_move](const domain::EntryDecision& d, const storage::GameRecord& after) {
    json answer = {{"record", d.entry.record},
                   {"game", game_view(s.catalog, after, {me, true, nullptr}, d.state.get())}};
    if (is_move) {
      answer["move"] = d.canonical;
      answer["ply"] = after.ply;
      answer["draws"] = d.entry.draws;
      answer["hash"] = d.entry.hash;
    }
    return dump_with_clock_slots(answer);
  };
}

void post_move(GameService& s, const Request& req, Response& res) {
  play::Submission m;
  play::Context context = move_context(s, req, res, m);
  m.answer = entry_answer(s, m.actor.account_id, true);
  answer_entry(m, s.play.submit(m, std::move(context)), res);
}

void post_preview(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
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
  play::Submission m;
  m.kind = play::Submission::Kind::kResign;
  m.game_id = path_id(req, 1, "game");
  optional_json_object_body(req);
  m.actor.account_id = me.account_id;
  m.answer_status = 200;
  m.answer = entry_answer(s, me.account_id, false);
  answer_entry(m, s.play.submit(m), res);
}

template <class Decide>
void status_change(GameService& s, const Request& req, Response& res, Decide decide) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "game");
  const json body = optional_json_object_body(req);
  const play::Outcome out = s.play.change_status(
      id, [&](const storage::LoadedGame& loaded) { return decide(loaded, me.account_id, body); });
  using Kind = play::Outcome::Kind;
  if (out.kind == Kind::kApplied) {
    res.set_header("ETag", viewer_etag_of(out.game, me.account_id));
    send_json(res, 200, game_view(s.catalog, out.game, {me.account_id, true, &out.moves}));
    return;
  }
  if (out.kind == Kind::kRefused) {
    throw refusal_error(*out.refusal, current_state(out.game, me.account_id));
  }
  if (out.kind == Kind::kNotFound) throw game_not_found(id);
  throw GameError(409, "conflict", "The game kept changing; try again.");
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

// The answer to a change of a leave request: the request as the change left it (its status
// says whether it is still open, handed over or ended in a resignation) and the game.
void answer_leave(GameService& s, storage::Id id, storage::Id me, const play::Outcome& out,
                  Response& res) {
  using Kind = play::Outcome::Kind;
  if (out.kind == Kind::kApplied) {
    res.set_header("ETag", viewer_etag_of(out.game, me));
    send_json(res, 200,
              {{"leave_request", json::parse(domain::leave_request_json(*out.leave))},
               {"game", game_view(s.catalog, out.game, {me, true, &out.moves})}});
    return;
  }
  if (out.kind == Kind::kRefused) throw refusal_error(*out.refusal, current_state(out.game, me));
  if (out.kind == Kind::kNotFound) throw game_not_found(id);
  throw GameError(409, "conflict", "The game kept changing; try again.");
}

// The caller of a leave route (scope play or bot); whether they have a say in the request is
// the play pipeline's decision. The routes below only parse and answer.
storage::Principal seated_caller(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  return me;
}

void post_leave(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = seated_caller(s, req, res);
  const storage::Id id = path_id(req, 1, "game");
  const json body = optional_json_object_body(req);
  std::optional<domain::Replacement> replacement;
  if (const std::string name = name_field(body, "replacement", false, 24); !name.empty()) {
    const auto account = s.accounts.find_by_username(name);
    if (!account) {
      throw GameError(422, "unknown_user", "No user named " + name + ".",
                      {{"field", "replacement"}});
    }
    replacement = domain::Replacement{account->id, account->username};
  }
  answer_leave(s, id, me.account_id, s.play.request_leave(id, me.account_id, replacement), res);
}

void post_leave_vote(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = seated_caller(s, req, res);
  const storage::Id id = path_id(req, 1, "game");
  const json body = json_object_body(req);
  if (!body.contains("approve")) {
    throw GameError(400, "missing_field", "The field 'approve' is required.",
                    {{"field", "approve"}});
  }
  const bool approve = bool_field(body, "approve", false);
  answer_leave(s, id, me.account_id, s.play.vote_leave(id, me.account_id, approve), res);
}

void post_leave_accept(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = seated_caller(s, req, res);
  const storage::Id id = path_id(req, 1, "game");
  optional_json_object_body(req);
  answer_leave(s, id, me.account_id, s.play.accept_seat(id, me.account_id), res);
}

// The game document for `caller` (0: anonymous, who sees no legal moves), with its ETag. It
// varies with the viewer's seat, so caches must key it by the credential too.
void answer_game(GameService& s, const Request& req, Response& res, const play::Snapshot& snapshot,
                 storage::Id caller) {
  const storage::GameRecord& game = snapshot->game;
  std::string etag = viewer_etag_of(game, caller);
  res.set_header("Vary", "Authorization, Cookie");
  // A finished rated game shows its rating changes, which arrive after the game's
  // last version; their count is part of the ETag.
  const json changes =
      game.rated && game.status == "finished" ? rating_changes_view(s, game.id) : json(nullptr);
  if (changes.is_array()) etag.insert(etag.size() - 1, "-r" + std::to_string(changes.size()));
  if (answer_not_modified(req, res, etag)) return;
  // ?moves_after=N: only the moves after ply N, for a client that has seen the game up to N
  // (the full list grows with the game, and dominated the answer's cost in the load driver).
  const int after = int_param(req, "moves_after", 0, 0, 1'000'000);
  const json extra = changes.is_array() ? json{{"rating_changes", changes}} : json(nullptr);
  res.status = 200;
  set_body(res, s.documents.render(s.catalog, snapshot, caller, after, extra), "application/json");
}

void get_game(GameService& s, const Request& req, Response& res) {
  const GameReadFor read = read_game(s, req, res);
  answer_game(s, req, res, read.snapshot, read.caller);
}

void get_record(GameService& s, const Request& req, Response& res) {
  reader(s, req, res);
  const storage::Id id = path_id(req, 1, "game");
  const storage::LoadedGame loaded = load_or_404(s, id, true);
  res.set_header("Content-Disposition",
                 "attachment; filename=\"hexpost-" + std::to_string(id) + ".txt\"");
  if (answer_not_modified(req, res, etag_of(loaded.game))) return;
  // A game's messages are its players' while it runs; the record of a game that is over (which
  // takes no more messages, so its ETag stays right) shows them.
  std::vector<storage::MessageRecord> messages;
  if (loaded.game.status != "active") messages = s.messages.list(id, 0, 0, 1'000'000);
  res.status = 200;
  // Conditional lines are private until the game is over, and then part of its record.
  const auto conditionals = loaded.game.status == "active"
                                ? std::vector<storage::ConditionalLines>{}
                                : s.play.line_history(id);
  res.set_content(
      game_record_text(loaded.game, loaded.moves, s.options.site, messages, conditionals),
      "text/plain; charset=utf-8");
}

void get_fairness(GameService& s, const Request& req, Response& res) {
  reader(s, req, res);
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
    set_next_link(req, res, out["next_cursor"]);
  }
  send_json(res, 200, out);
}

void get_games(GameService& s, const Request& req, Response& res) {
  reader(s, req, res);
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
    set_next_link(req, res, out["next_cursor"]);
  }
  send_json(res, 200, out);
}

}  // namespace

json leave_request_view(GameService& s, const storage::GameRecord& game) {
  const auto leave = game.status == "active" ? s.play.leave_request(game.id) : std::nullopt;
  return leave ? json::parse(domain::leave_request_json(*leave)) : json(nullptr);
}

// Without a credential: public, charged to the client address (one statement, the bucket). With
// one: the caller and the game from this instance's copies when they are current (no statement),
// else the caller and the game in one statement.
GameReadFor read_game(GameService& s, const Request& req, Response& res) {
  if (!has_credential(req)) {
    reader(s, req, res);
    const storage::Id id = path_id(req, 1, "game");
    play::Snapshot snapshot = s.play.read_public(id);
    if (!snapshot) throw game_not_found(id);
    return {std::move(snapshot), 0};
  }
  const std::string hash = bearer_token_hash(req);
  storage::Id id = 0;
  try {
    id = path_id(req, 1, "game");
  } catch (...) {
    authenticate(s, req, res);
    throw;
  }
  play::GameRead read = s.play.read(hash, id);
  const storage::Principal me = admit(s, hash, std::move(read.principal), res);
  if (!read.snapshot) throw game_not_found(id);
  return {std::move(read.snapshot), me.account_id};
}

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
  server.post(R"(/v1/games/([^/]+)/leave)", route(post_leave));
  server.post(R"(/v1/games/([^/]+)/leave/vote)", route(post_leave_vote));
  server.post(R"(/v1/games/([^/]+)/leave/accept)", route(post_leave_accept));
  server.get(R"(/v1/games/([^/]+)/record)", route(get_record));
  server.get(R"(/v1/games/([^/]+)/fairness)", route(get_fairness));
}

}  // namespace api
