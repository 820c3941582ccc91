// POST /v1/accounts, POST/GET /v1/tokens, DELETE /v1/tokens/{id}, GET /v1/me, GET /v1/catalog.
#include "services/api/login_guard.h"
#include "services/api/routes.h"
#include "services/storage/mail_repository.h"

#include <algorithm>

namespace api {

using nlohmann::json;

namespace {

std::vector<std::string> account_scopes(bool is_bot, bool is_admin) {
  std::vector<std::string> scopes = {"play", "organise"};
  if (is_bot) scopes = {"play", "bot"};
  if (is_admin) scopes.push_back("admin");
  return scopes;
}

storage::NewToken new_token_record(const std::string& token, const std::string& name,
                                   const std::vector<std::string>& scopes) {
  return {name, scopes, domain::token_hash(token), token.substr(0, 8)};
}

void no_store(Response& res) { res.set_header("Cache-Control", "no-store"); }

void post_account(GameService& s, const Request& req, Response& res) {
  const json body = json_object_body(req);
  const std::string username = string_field(body, "username", true, 64);
  const std::string email = string_field(body, "email", true, 254);
  const std::string password = string_field(body, "password", true, 1024);
  const bool bot = bool_field(body, "bot", false);
  if (!domain::valid_username(username)) {
    throw GameError(400, "invalid_username",
                    "Usernames are 3-24 characters: a letter, then letters, digits, '_' or '-'.",
                    {{"field", "username"}, {"pattern", "^[A-Za-z][A-Za-z0-9_-]{2,23}$"}});
  }
  if (!domain::valid_email(email)) {
    throw GameError(400, "invalid_email", "The e-mail address is not valid.", {{"field", "email"}});
  }
  if (password.size() < 8) {
    throw GameError(400, "weak_password", "Passwords need at least 8 characters.",
                    {{"field", "password"}});
  }
  admit_login(s, req, username, LoginKind::account);
  const CreatedAccount created = create_account(s, username, email, password, bot, false);
  if (!created.token) {
    throw GameError(409, "username_taken", "The username " + username + " is taken.",
                    {{"field", "username"}});
  }
  no_store(res);
  res.set_header("Location", "/v1/me");  // the account, as its token sees it
  send_json(res, 201, {{"username", username}, {"token", *created.token}});
}

void post_token(GameService& s, const Request& req, Response& res) {
  const json body = json_object_body(req);
  const std::string username = string_field(body, "username", true, 64);
  const std::string password = string_field(body, "password", true, 1024);
  const std::string name = name_field(body, "name", false, 100);
  const storage::AccountRecord account = verified_login(s, req, username, password);
  std::vector<std::string> scopes = account.scopes;
  if (body.contains("scopes")) {
    const json& wanted = body.at("scopes");
    if (!wanted.is_array()) {
      throw GameError(400, "invalid_field", "scopes must be an array of strings.",
                      {{"field", "scopes"}});
    }
    scopes.clear();
    for (const json& scope : wanted) {
      if (!scope.is_string() || std::find(account.scopes.begin(), account.scopes.end(),
                                          scope.get<std::string>()) == account.scopes.end()) {
        throw GameError(
            400, "invalid_scope",
            "A token can only carry scopes its account has: " + json(account.scopes).dump() + ".",
            {{"field", "scopes"}});
      }
      if (std::find(scopes.begin(), scopes.end(), scope.get<std::string>()) == scopes.end()) {
        scopes.push_back(scope.get<std::string>());
      }
    }
  }
  const std::string token = domain::new_token();
  const storage::Id id = s.accounts.create_token(account.id, new_token_record(token, name, scopes));
  no_store(res);
  res.set_header("Location", "/v1/tokens/" + std::to_string(id));
  send_json(res, 201,
            {{"id", std::to_string(id)}, {"token", token}, {"scopes", scopes}, {"name", name}});
}

void get_tokens(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  json tokens = json::array();
  for (const auto& t : s.accounts.list_tokens(me.account_id)) {
    tokens.push_back({{"id", std::to_string(t.id)},
                      {"name", t.name},
                      {"prefix", t.prefix},
                      {"scopes", t.scopes},
                      {"created_at", t.created_at},
                      {"current", t.id == me.token_id}});
  }
  no_store(res);
  send_json(res, 200, {{"tokens", tokens}});
}

void delete_token(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  const storage::Id id = path_id(req, 1, "token");
  if (!s.accounts.revoke_token(me.account_id, id)) {
    throw GameError(404, "token_not_found",
                    "You have no live token with id " + std::to_string(id) + ".");
  }
  s.play.forget_token(id);  // refused by this instance's next request, reads included
  res.status = 204;
}

void get_me(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  auto account = s.accounts.find_by_id(me.account_id);
  if (!account) throw GameError(401, "invalid_token", "The account no longer exists.");
  const auto mail = storage::MailRepository(s.pool).account(me.account_id);
  send_json(res, 200,
            {{"username", account->username},
             {"email", account->email},
             {"bot", account->is_bot},
             {"admin", account->is_admin},
             {"scopes", account->scopes},
             {"token_scopes", me.scopes},
             {"created_at", account->created_at},
             {"time_zone", s.clocks.time_zone(me.account_id)},
             {"email_suppressed", mail && mail->suppressed}});
}

void get_catalog(GameService& s, const Request&, Response& res) {
  json games = json::array();
  for (const rules::GameDef* def : s.catalog.games()) {
    json options = json::array();
    for (const auto& o : def->info.options) {
      options.push_back({{"name", o.name},
                         {"description", o.description},
                         {"default", o.default_value},
                         {"allowed", o.allowed}});
    }
    games.push_back({{"id", def->info.id},
                     {"name", def->info.name},
                     {"player_counts", def->info.player_counts},
                     {"options", options},
                     {"provisional", def->info.provisional},
                     {"ruleset_version", def->info.ruleset_version},
                     {"max_plies", def->info.max_plies}});
  }
  send_json(res, 200, {{"games", games}});
}

}  // namespace

CreatedAccount create_account(GameService& s, const std::string& username, const std::string& email,
                              const std::string& password, bool bot, bool admin) {
  storage::NewAccount account{username, email, s.hasher.hash(password),
                              bot,      admin, account_scopes(bot, admin)};
  const std::string token = domain::new_token();
  auto id = s.accounts.create_account(account, new_token_record(token, "initial", account.scopes));
  if (!id) return {};
  return {*id, token};
}

void add_account_routes(Server& server, GameService& s) {
  server.post("/v1/accounts",
              guarded([&s](const Request& q, Response& r) { post_account(s, q, r); }));
  server.post("/v1/tokens", guarded([&s](const Request& q, Response& r) { post_token(s, q, r); }));
  server.get("/v1/tokens", guarded([&s](const Request& q, Response& r) { get_tokens(s, q, r); }));
  server.del(R"(/v1/tokens/([^/]+))",
             guarded([&s](const Request& q, Response& r) { delete_token(s, q, r); }));
  server.get("/v1/me", guarded([&s](const Request& q, Response& r) { get_me(s, q, r); }));
  server.get("/v1/catalog", guarded([&s](const Request& q, Response& r) { get_catalog(s, q, r); }));
}

}  // namespace api
