#pragma once
// The state behind login throttling (domain/login_policy.h): token buckets per client address and
// per username (login_buckets), and failed logins in a row per (username, address)
// (login_attempts). Every call is one statement on the shared tables, so two instances on one
// database see the same limits. Times are the caller's clock (`now`, RFC 3339), so tests can use
// a manual clock. Usernames are compared lower-cased, as accounts are.

#include <chrono>
#include <string>

#include "services/storage/rate_buckets.h"
#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct LoginHistory {
  int failures = 0;                 // failed logins in a row for the pair
  double since_last_failure_s = 0;  // from the last failure to `now` (0 without failures)
  bool trusted = false;             // the pair logged in successfully within `trusted_for`
};

class LoginLimits {
 public:
  explicit LoginLimits(ConnectionPool& pool) : pool_(pool) {}

  // Takes one token from the bucket `key` (exact: one write per call, no lease).
  BucketDecision take(const std::string& key, const RateLimit& limit, const std::string& now);
  LoginHistory history(const std::string& username, const std::string& address,
                       const std::string& now, std::chrono::seconds trusted_for);
  void record_failure(const std::string& username, const std::string& address,
                      const std::string& now);
  // Resets the pair's failures and records the success.
  void record_success(const std::string& username, const std::string& address,
                      const std::string& now);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
