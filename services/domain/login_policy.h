#pragma once
// Login throttling decisions (POST /v1/tokens, POST /v1/accounts); the state they read lives in
// PostgreSQL (storage::LoginLimits), so every instance decides alike.
//
//   - Every attempt takes one token from the bucket of its client address and, unless the
//     (username, address) pair logged in successfully within `trusted_for`, from the bucket of
//     the username. An empty bucket: 429 naming the limit.
//   - Failed logins are counted per (username, address). After k >= free_failures failures the
//     next attempt from that pair waits backoff_base * 2^(k - free_failures), at most
//     backoff_max, counted from the last failure. A success resets the count.
//
// No lockout: the backoff only slows the pair that fails, so a third party failing on purpose
// from elsewhere does not slow the real user's address; the per-username bucket, which a third
// party can drain, is generous and is skipped for a pair that has logged in before.

#include <chrono>

namespace domain {

struct LoginBucket {
  double burst = 20;
  double per_minute = 10;
};

struct LoginPolicy {
  LoginBucket per_address{20, 10};
  LoginBucket per_username{50, 5};
  int free_failures = 5;
  std::chrono::milliseconds backoff_base{1000};
  std::chrono::seconds backoff_max{900};
  std::chrono::hours trusted_for{30 * 24};
};

// How long after the last failure the next attempt must wait, after `failures` failures in a
// row: zero below free_failures, else backoff_base * 2^(failures - free_failures), capped.
std::chrono::milliseconds login_backoff(const LoginPolicy& policy, int failures);

}  // namespace domain
