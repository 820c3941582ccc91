#pragma once
// Passwords and API tokens. Passwords: argon2id at the OWASP parameters (m=19 MiB, t=2, p=1) in
// PHC string form, with at most `slots` hashes at once and a small bounded queue in front of them
// (HashQueue), so hashing can neither starve the request workers nor hold them waiting. Tokens:
// "hxp_" + 43 base62 characters carrying 256 random bits from OpenSSL; only SHA-256(token) is
// stored.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace domain {

struct Argon2Params {
  std::uint32_t memory_kib = 19456;
  std::uint32_t iterations = 2;
  std::uint32_t parallelism = 1;
};

// At most `slots` hashes run at once; at most `max_waiting` callers wait for a slot, each for at
// most `max_wait`. A caller past either limit gets HasherBusy at once (or when its wait ends).
struct HashQueue {
  int slots = 2;
  int max_waiting = 8;
  std::chrono::milliseconds max_wait{2000};
};

// Thrown by PasswordHasher when the queue is full or the wait ran out (the API answers 503).
class HasherBusy : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class PasswordHasher {
 public:
  explicit PasswordHasher(HashQueue queue = {}, Argon2Params params = {})
      : queue_(queue), free_slots_(queue.slots), params_(params) {}

  // A PHC string "$argon2id$v=19$m=19456,t=2,p=1$salt$hash". Throws HasherBusy (see HashQueue),
  // otherwise only on allocation failure.
  std::string hash(std::string_view password);
  // Constant-time inside libargon2. False for a malformed stored hash too. Throws HasherBusy.
  bool verify(std::string_view password, const std::string& encoded);
  // Throws HasherBusy when a hash asked for now would be refused at once (every slot busy and
  // the queue full), so a caller can refuse before doing other work; hash() and verify() still
  // decide for themselves.
  void check_room();

 private:
  class Slot;
  void acquire();
  void release();

  HashQueue queue_;
  std::mutex mutex_;
  std::condition_variable cv_;
  int free_slots_;
  int waiting_ = 0;
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
