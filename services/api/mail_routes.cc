// Play by email (docs/mail.md): notification preferences per kind, rotation of the
// secret behind move addresses, and the one-click unsubscribe link of every notification.
#include <charconv>

#include "services/api/routes.h"
#include "services/mail/addresses.h"
#include "services/storage/mail_repository.h"

namespace api {

using nlohmann::json;

namespace {

const std::vector<std::string> kKinds = {"your_turn", "game_over",        "challenge",
                                         "reminder",  "tournament_round", "tournament_standings",
                                         "message"};

bool known_kind(const std::string& kind) {
  return std::find(kKinds.begin(), kKinds.end(), kind) != kKinds.end();
}

json notifications_view(storage::MailRepository& repo, const storage::MailAccount& account,
                        bool is_bot) {
  const auto stored = repo.preferences(account.id);
  json kinds = json::object();
  for (const auto& kind : kKinds) {
    auto it = stored.find(kind);
    kinds[kind] = it != stored.end() ? it->second : (is_bot ? "off" : "every");
  }
  return {{"email", account.email},
          {"kinds", kinds},
          {"suppressed", account.suppressed},
          {"hard_bounces", account.hard_bounces}};
}

storage::MailAccount mail_account(storage::MailRepository& repo, storage::Id id) {
  auto account = repo.account(id);
  if (!account) throw GameError(401, "invalid_token", "The account no longer exists.");
  return *account;
}

void get_notifications(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  storage::MailRepository repo(s.pool);
  send_json(res, 200, notifications_view(repo, mail_account(repo, me.account_id), me.is_bot));
}

// Body: {"your_turn": "every"|"digest"|"off", ...}; kinds not named keep their mode.
void patch_notifications(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  const json body = json_object_body(req);
  std::map<std::string, std::string> modes;
  for (const auto& [kind, mode] : body.items()) {
    if (!known_kind(kind)) {
      throw GameError(400, "invalid_field", "Unknown notification kind '" + kind + "'.",
                      {{"field", kind}});
    }
    if (!mode.is_string() || (mode != "every" && mode != "digest" && mode != "off")) {
      throw GameError(400, "invalid_field", kind + " must be every, digest or off.",
                      {{"field", kind}});
    }
    modes[kind] = mode.get<std::string>();
  }
  storage::MailRepository repo(s.pool);
  repo.set_preferences(me.account_id, modes);
  send_json(res, 200, notifications_view(repo, mail_account(repo, me.account_id), me.is_bot));
}

void rotate_secret(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  optional_json_object_body(req);
  storage::MailRepository repo(s.pool);
  repo.rotate_secret(me.account_id);
  send_json(res, 200, {{"rotated", true}});
}

// RFC 8058 one-click: POST <url>; the link carries account, kind and an HMAC tag, no token.
void post_unsubscribe(GameService& s, const Request& req, Response& res) {
  const std::string account_text = query(req, "a");
  const std::string kind = query(req, "k");
  storage::Id account_id = 0;
  auto [end, ec] =
      std::from_chars(account_text.data(), account_text.data() + account_text.size(), account_id);
  storage::MailRepository repo(s.pool);
  const auto account = ec == std::errc() && known_kind(kind)
                           ? repo.account(account_id)
                           : std::optional<storage::MailAccount>();
  if (!account ||
      !mail::same_tag(mail::unsubscribe_tag(account->secret, account_id, kind), query(req, "t"))) {
    throw GameError(404, "unsubscribe_link_invalid",
                    "This unsubscribe link is not valid (or the mail secret was rotated).");
  }
  repo.unsubscribe(account_id, kind);
  send_json(res, 200, {{"unsubscribed", kind}});
}

}  // namespace

void add_mail_routes(Server& server, GameService& s) {
  auto route = [&s](void (*fn)(GameService&, const Request&, Response&)) {
    return guarded([&s, fn](const Request& q, Response& r) { fn(s, q, r); });
  };
  server.get("/v1/me/notifications", route(get_notifications));
  server.patch("/v1/me/notifications", route(patch_notifications));
  server.post("/v1/me/notifications/rotate-secret", route(rotate_secret));
  server.post("/v1/mail/unsubscribe", route(post_unsubscribe));
}

}  // namespace api
