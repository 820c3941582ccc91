// Web sessions: POST /v1/session (sign in: the cookie), GET /v1/session (who is signed in),
// DELETE /v1/session (sign out: the token revoked, the cookie cleared). web_session.h has the
// cookie and the cross-origin check every route is under.
#include "services/api/login_guard.h"
#include "services/api/routes.h"
#include "services/api/web_session.h"

namespace api {

using nlohmann::json;

namespace {

// A session's token carries the play scope only: enough to play and to manage the account's
// games from a page, never to organise tournaments or administer.
const std::vector<std::string> kSessionScopes = {"play"};

json session_view(const storage::Principal& me, bool cookie) {
  return {{"signed_in", true},
          {"username", me.username},
          {"scopes", me.scopes},
          {"token_id", std::to_string(me.token_id)},
          {"via", cookie ? "cookie" : "bearer"}};
}

void post_session(GameService& s, const Request& req, Response& res) {
  const json body = json_object_body(req);
  const std::string username = string_field(body, "username", true, 64);
  const std::string password = string_field(body, "password", true, 1024);
  const storage::AccountRecord account = verified_login(s, req, username, password);
  const std::string token = domain::new_token();
  const storage::Id id = s.accounts.create_token(
      account.id, {"web session", kSessionScopes, domain::token_hash(token), token.substr(0, 8)});
  res.set_header("Cache-Control", "no-store");
  res.set_header("Set-Cookie", session_set_cookie(token, s.options.public_url));
  res.set_header("Location", "/v1/session");
  send_json(res, 201,
            {{"signed_in", true},
             {"username", account.username},
             {"scopes", kSessionScopes},
             {"token_id", std::to_string(id)},
             {"via", "cookie"}});
}

// Anonymous callers are told so (200, signed_in false), so a page can ask without a 401; a
// credential that is no longer live is 401 like anywhere else.
void get_session(GameService& s, const Request& req, Response& res) {
  res.set_header("Cache-Control", "no-store");
  if (!has_credential(req)) {
    send_json(res, 200, {{"signed_in", false}, {"username", nullptr}});
    return;
  }
  const storage::Principal me = authenticate(s, req, res);
  send_json(res, 200, session_view(me, !req.has_header("Authorization")));
}

// Revokes the token the request was authenticated with (the cookie's, for a page) and clears
// the cookie.
void delete_session(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  s.accounts.revoke_token(me.account_id, me.token_id);
  res.set_header("Set-Cookie", session_clear_cookie(s.options.public_url));
  res.status = 204;
}

}  // namespace

void add_session_routes(Server& server, GameService& s) {
  server.add_request_check(
      [&s](const Request& req) { return check_session_origin(s.options.public_url, req); });
  server.post("/v1/session",
              guarded([&s](const Request& q, Response& r) { post_session(s, q, r); }));
  server.get("/v1/session", guarded([&s](const Request& q, Response& r) { get_session(s, q, r); }));
  server.del("/v1/session",
             guarded([&s](const Request& q, Response& r) { delete_session(s, q, r); }));
}

}  // namespace api
