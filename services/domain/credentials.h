#pragma once
// Passwords and API tokens. Passwords: argon2id at the OWASP parameters (m=19 MiB, t=2, p=1) in
// PHC string form, with at most `max_concurrent` hashes at once so hashing cannot starve the
// request workers or the connection pool. Tokens: "hxp_" + 43 base62 characters carrying 256
// random bits from OpenSSL; only SHA-256(token) is stored.

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace domain {

struct Argon2Params {
  std::uint32_t memory_kib = 19456;
  std::uint32_t iterations = 2;
  std::uint32_t parallelism = 1;
};

class PasswordHasher {
 public:
  explicit PasswordHasher(int max_concurrent = 2, Argon2Params params = {})
      : slots_(max_concurrent), params_(params) {}

  // A PHC string "$argon2id$v=19$m=19456,t=2,p=1$salt$hash". Throws only on allocation failure.
  std::string hash(std::string_view password);
  // Constant-time inside libargon2. False for a malformed stored hash too.
  bool verify(std::string_view password, const std::string& encoded);

 private:
  void acquire();
  void release();

  std::mutex mutex_;
  std::condition_variable cv_;
  int slots_;
  Argon2Params params_;
};

inline constexpr std::string_view kTokenPrefix = "hxp_";

// A new token: "hxp_" + base62(32 random bytes).
std::string new_token();
// SHA-256 of the token text, lower-case hex (stored as bytea).
std::string token_hash(std::string_view token);
// True when the text looks like one of our tokens (prefix, length, alphabet).
bool plausible_token(std::string_view token);
// SHA-256 hex of arbitrary text (idempotency request hashes).
std::string sha256_hex(std::string_view text);

// Usernames: 3-24 characters, a letter first, then letters, digits, '_' or '-'.
bool valid_username(std::string_view name);
// A light check: something@something, 3-254 characters, no spaces or control characters.
bool valid_email(std::string_view email);

inline const std::vector<std::string>& all_scopes() {
  static const std::vector<std::string> scopes = {"play", "bot", "organise", "admin"};
  return scopes;
}

}  // namespace domain
