// Conditional moves: GET, PUT and DELETE /v1/games/{id}/conditional (docs/game-service.md
// "Conditional moves"). The lines are the caller's own: only a seated player reads or changes
// them, and nobody else's are shown. Storing and following them is the play pipeline's.
#include "services/api/routes.h"

namespace api {

using nlohmann::json;

namespace {

// The caller (with a play scope) and the game, which the caller must sit in: 404, then 403.
storage::GameRecord seated_game(GameService& s, const Request& req, Response& res,
                                storage::Principal& me) {
  me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "game");
  auto loaded = s.play.load(id, false);
  if (!loaded) throw game_not_found(id);
  if (domain::seat_of(loaded->game, me.account_id) < 0) {
    throw GameError(403, "not_your_game", "You have no seat in this game.");
  }
  return std::move(loaded->game);
}

json lines_view(storage::Id game_id, int ply, const std::vector<domain::Line>& lines) {
  return {{"game_id", std::to_string(game_id)}, {"ply", ply}, {"lines", lines}};
}

// {"lines": [["X", "Y", ...], ...], "ply": N?}: 400 naming the field when the shape is wrong.
std::vector<domain::Line> lines_field(const json& body) {
  const auto bad = [](const std::string& why) {
    return GameError(400, "invalid_field", why, {{"field", "lines"}});
  };
  if (!body.contains("lines")) {
    throw GameError(400, "missing_field", "lines is required.", {{"field", "lines"}});
  }
  const json& lines = body["lines"];
  if (!lines.is_array()) throw bad("lines must be an array of lines.");
  if (lines.size() > domain::kMaxLines) {
    throw bad("At most " + std::to_string(domain::kMaxLines) + " lines may be stored.");
  }
  std::vector<domain::Line> out;
  for (const json& line : lines) {
    if (!line.is_array() || line.size() > domain::kMaxLineMoves) {
      throw bad("Each line must be an array of at most " + std::to_string(domain::kMaxLineMoves) +
                " moves.");
    }
    domain::Line moves;
    for (const json& move : line) {
      if (!move.is_string() || move.get<std::string>().empty() ||
          move.get<std::string>().size() > 200) {
        throw bad("Each move must be a string of 1 to 200 characters.");
      }
      moves.push_back(move.get<std::string>());
    }
    out.push_back(std::move(moves));
  }
  return out;
}

GameError line_error(const domain::LineRefusal& r, const json& current) {
  if (r.line < 0) return refusal_error(r.refusal, current);
  json where = {{"line", r.line + 1}, {"move", r.move + 1}, {"text", r.text}};
  if (r.refusal.kind == domain::RefusalKind::kRules) {
    where["rule_code"] = r.refusal.rule_code;
    return GameError(422, r.refusal.rule_code, r.refusal.message, where);
  }
  return GameError(422, "invalid_line", r.refusal.message, where);
}

void get_conditional(GameService& s, const Request& req, Response& res) {
  storage::Principal me;
  const storage::GameRecord game = seated_game(s, req, res, me);
  const auto stored = s.play.lines_of(game.id, me.account_id);
  res.set_header("Cache-Control", "no-store");
  send_json(res, 200,
            stored ? lines_view(game.id, stored->base_ply, stored->lines)
                   : lines_view(game.id, game.ply, {}));
}

void put_conditional(GameService& s, const Request& req, Response& res) {
  storage::Principal me;
  const storage::GameRecord game = seated_game(s, req, res, me);
  const json body = json_object_body(req);
  const std::vector<domain::Line> lines = lines_field(body);
  const auto ply = int_field(body, "ply", false, 0, 1'000'000);
  const play::LinesOutcome out = s.play.store_lines(
      game.id, me.account_id, lines, ply ? std::optional(static_cast<int>(*ply)) : std::nullopt);
  using Kind = play::LinesOutcome::Kind;
  switch (out.kind) {
    case Kind::kStored:
      send_json(res, 200, lines_view(game.id, out.lines.base_ply, out.lines.lines));
      return;
    case Kind::kRefused:
      throw line_error(*out.refusal, game_summary(out.game, me.account_id));
    case Kind::kNotFound:
      throw game_not_found(game.id);
    case Kind::kGaveUp:
      break;
  }
  throw GameError(409, "conflict", "The game kept changing; try again.");
}

void delete_conditional(GameService& s, const Request& req, Response& res) {
  storage::Principal me;
  const storage::GameRecord game = seated_game(s, req, res, me);
  s.play.clear_lines(game.id, me.account_id);
  res.status = 204;
}

}  // namespace

void add_conditional_routes(Server& server, GameService& s) {
  auto route = [&s](void (*fn)(GameService&, const Request&, Response&)) {
    return guarded([&s, fn](const Request& q, Response& r) { fn(s, q, r); });
  };
  server.get(R"(/v1/games/([^/]+)/conditional)", route(get_conditional));
  server.put(R"(/v1/games/([^/]+)/conditional)", route(put_conditional));
  server.del(R"(/v1/games/([^/]+)/conditional)", route(delete_conditional));
}

}  // namespace api
