#include "services/api/login_guard.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "services/api/http_support.h"

namespace api {

namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

storage::RateLimit bucket_limit(const domain::LoginBucket& bucket) {
  return {bucket.burst, bucket.per_minute / 60.0};
}

[[noreturn]] void too_many(GameService& s, const std::string& code, const std::string& limit,
                           int retry, nlohmann::json extra) {
  extra["limit"] = limit;
  extra["retry_after"] = retry;
  extra["resets_at"] = hxclock::to_rfc3339(s.clock.now() + std::chrono::seconds(retry));
  throw GameError(
      429, code,
      "Too many login attempts (limit " + limit + "); retry after " + std::to_string(retry) + " s.",
      std::move(extra), {{"Retry-After", std::to_string(retry)}});
}

void take_bucket(GameService& s, const std::string& key, const domain::LoginBucket& bucket,
                 const std::string& limit_name, const std::string& now) {
  const storage::RateLimit limit = bucket_limit(bucket);
  const storage::BucketDecision decision = s.login_limits.take(key, limit, now);
  if (decision.allowed) return;
  const int retry =
      std::max(1, static_cast<int>(std::ceil((1 - decision.remaining) / limit.refill_per_s)));
  too_many(s, "rate_limited", limit_name, retry,
           {{"burst", bucket.burst}, {"per_minute", bucket.per_minute}});
}

}  // namespace

void admit_login(GameService& s, const Request& req, const std::string& username, LoginKind kind) {
  // A full hash queue refuses the attempt before any statement: under a flood most attempts end
  // here, at the cost of a mutex.
  s.hasher.check_room();
  const domain::LoginPolicy& policy = s.options.logins;
  const std::string& address = client_address(req);
  const std::string now = s.now_text();
  storage::LoginHistory history;
  if (kind == LoginKind::token) {
    history = s.login_limits.history(username, address, now, policy.trusted_for);
    const double wait_s = domain::login_backoff(policy, history.failures).count() / 1000.0;
    // wait_s > 0: with concurrent attempts, a failure stamped a moment after this attempt's `now`
    // gives a negative since_last_failure_s, which must not turn "no wait" into a wait.
    if (wait_s > 0 && history.since_last_failure_s < wait_s) {
      const int retry =
          std::max(1, static_cast<int>(std::ceil(wait_s - history.since_last_failure_s)));
      too_many(s, "login_backoff", "failed-logins", retry, {{"failures", history.failures}});
    }
  }
  take_bucket(s, "address:" + address, policy.per_address, "logins-per-address", now);
  if (!history.trusted) {
    take_bucket(s, "username:" + lower(username), policy.per_username, "logins-per-username", now);
  }
}

storage::AccountRecord verified_login(GameService& s, const Request& req,
                                      const std::string& username, const std::string& password) {
  admit_login(s, req, username, LoginKind::token);
  auto account = s.accounts.find_by_username(username);
  static const std::string kDummy = s.hasher.hash("not a password of anyone");
  const bool ok = s.hasher.verify(password, account ? account->password_hash : kDummy) && account;
  record_login(s, req, username, ok);
  if (!ok) {
    throw GameError(401, "bad_credentials", "Unknown username or wrong password.", {},
                    {{"WWW-Authenticate", "Bearer realm=\"hexpost\""}});
  }
  return std::move(*account);
}

void record_login(GameService& s, const Request& req, const std::string& username, bool ok) {
  if (ok) {
    s.login_limits.record_success(username, client_address(req), s.now_text());
  } else {
    s.login_limits.record_failure(username, client_address(req), s.now_text());
  }
}

}  // namespace api
