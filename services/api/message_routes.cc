// Messages between the players of a game: POST/GET /v1/games/{id}/messages, reports
// (POST /v1/games/{id}/messages/{message_id}/report) and mutes (GET /v1/me/mutes,
// PUT/DELETE /v1/me/mutes/{username}); docs/game-service.md, "Messages". A message does not
// change its game, so it is stored by the messages repository (one statement that checks the
// game and the seat), not by the play pipeline.
#include <cstdio>

#include "services/api/routes.h"
#include "services/domain/messages.h"

namespace api {

using nlohmann::json;

namespace {

json mute_list(GameService& s, storage::Id account) {
  return {{"muted", s.messages.muted(account)}};
}

// The message text of a request body: 400 naming the limit unless it is 1-2,000 code points of
// valid UTF-8 without NUL and not only white space.
std::string message_text(const json& body) {
  // A present string is judged by the message rules alone (string_field refuses a NUL on its
  // own, without naming the limit); string_field answers for a missing or non-string text.
  const json* value = body.contains("text") ? &body.at("text") : nullptr;
  const std::string text =
      value && value->is_string() ? value->get<std::string>() : string_field(body, "text", true);
  if (const auto problem = domain::message_text_problem(text)) {
    throw GameError(400, "invalid_field", "The field 'text' is not a message: " + *problem,
                    {{"field", "text"}, {"max_characters", domain::kMaxMessageChars}});
  }
  return text;
}

// The game, when the caller may read its messages: 404 without the game, 403 while it runs and
// the caller has no seat in it.
storage::LoadedGame readable_game(GameService& s, storage::Id id, storage::Id caller) {
  auto loaded = s.play.load(id, false);
  if (!loaded) throw game_not_found(id);
  if (!domain::may_read_messages(loaded->game, caller)) {
    throw GameError(403, "messages_private",
                    "The messages of a running game are for its players; everyone can read "
                    "them once the game is over.");
  }
  return std::move(*loaded);
}

void post_message(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "game");
  const std::string text = message_text(json_object_body(req));
  const storage::PostedMessage posted = s.messages.post(id, me.account_id, text, s.now_text());
  using Outcome = storage::PostedMessage::Outcome;
  switch (posted.outcome) {
    case Outcome::kNoGame:
      throw game_not_found(id);
    case Outcome::kNotSeated:
      throw GameError(403, "not_your_game", "Only the players of a game send messages in it.");
    case Outcome::kGameOver:
      throw GameError(409, "game_over", "The game is over; its messages are closed.");
    case Outcome::kPosted:
      break;
  }
  res.set_header("Location", "/v1/games/" + std::to_string(id) + "/messages/" +
                                 std::to_string(posted.message.id));
  send_json(res, 201, message_view(posted.message));
}

storage::Id after_cursor(const Request& req) {
  const std::string cursor = query(req, "cursor");
  if (cursor.empty()) return 0;
  const auto text = from_base64url(cursor);
  long long id = 0;
  if (!text || std::sscanf(text->c_str(), "after:%lld", &id) != 1 || id <= 0) throw bad_cursor();
  return id;
}

void get_messages(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  const storage::Id id = path_id(req, 1, "game");
  const int limit = limit_param(req);
  const storage::Id after = after_cursor(req);
  readable_game(s, id, me.account_id);
  const auto rows = s.messages.list(id, me.account_id, after, limit);
  json messages = json::array();
  for (const auto& m : rows) messages.push_back(message_view(m));
  json out = {{"messages", messages}, {"next_cursor", nullptr}};
  if (static_cast<int>(rows.size()) == limit) {
    out["next_cursor"] = base64url("after:" + std::to_string(rows.back().id));
    set_next_link(req, res, out["next_cursor"]);
  }
  send_json(res, 200, out);
}

void post_report(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "game");
  const storage::Id message_id = path_id(req, 2, "message");
  const std::string reason = string_field(optional_json_object_body(req), "reason", false, 500);
  readable_game(s, id, me.account_id);
  const auto message = s.messages.find(id, message_id);
  if (!message) {
    throw GameError(
        404, "message_not_found",
        "No message " + std::to_string(message_id) + " in game " + std::to_string(id) + ".");
  }
  const storage::MessageReport report =
      s.messages.report(*message, me.account_id, reason, s.now_text());
  if (report.id == 0) {
    throw GameError(409, "already_reported", "You have reported this message already.");
  }
  send_json(res, 201,
            {{"report_id", std::to_string(report.id)},
             {"message_id", std::to_string(message_id)},
             {"game_id", std::to_string(id)}});
}

void get_mutes(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  send_json(res, 200, mute_list(s, me.account_id));
}

void put_mute(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const std::string username = req.matches[1];
  if (username == me.username) {
    throw GameError(400, "invalid_username", "You cannot mute yourself.");
  }
  if (!s.messages.mute(me.account_id, username, s.now_text())) {
    throw GameError(404, "unknown_user", "No user named " + username + ".");
  }
  send_json(res, 200, mute_list(s, me.account_id));
}

void delete_mute(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const std::string username = req.matches[1];
  if (!s.messages.unmute(me.account_id, username)) {
    throw GameError(404, "not_muted", "You have not muted " + username + ".");
  }
  send_json(res, 200, mute_list(s, me.account_id));
}

}  // namespace

json message_view(const storage::MessageRecord& m) {
  return {{"id", std::to_string(m.id)},
          {"game_id", std::to_string(m.game_id)},
          {"ply", m.ply},
          {"seat", m.seat},
          {"author", m.username},
          {"text", m.text},
          {"created_at", m.created_at}};
}

void add_message_routes(Server& server, GameService& s) {
  auto route = [&s](void (*fn)(GameService&, const Request&, Response&)) {
    return guarded([&s, fn](const Request& q, Response& r) { fn(s, q, r); });
  };
  server.post(R"(/v1/games/([^/]+)/messages)", route(post_message));
  server.get(R"(/v1/games/([^/]+)/messages)", route(get_messages));
  server.post(R"(/v1/games/([^/]+)/messages/([^/]+)/report)", route(post_report));
  server.get("/v1/me/mutes", route(get_mutes));
  server.put(R"(/v1/me/mutes/([^/]+))", route(put_mute));
  server.del(R"(/v1/me/mutes/([^/]+))", route(delete_mute));
}

}  // namespace api
