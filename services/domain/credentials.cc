#include "services/domain/credentials.h"

#include <argon2.h>

#include <stdexcept>

#include "lib/fairness/fairness.h"

namespace domain {

// Holds one hashing slot for its lifetime.
class PasswordHasher::Slot {
 public:
  explicit Slot(PasswordHasher& hasher) : hasher_(hasher) { hasher_.acquire(); }
  ~Slot() { hasher_.release(); }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;

 private:
  PasswordHasher& hasher_;
};

void PasswordHasher::acquire() {
  std::unique_lock lock(mutex_);
  if (free_slots_ > 0 && waiting_ == 0) {
    --free_slots_;
    return;
  }
  if (waiting_ >= queue_.max_waiting) throw HasherBusy("the password hashing queue is full");
  ++waiting_;
  const bool got = cv_.wait_for(lock, queue_.max_wait, [&] { return free_slots_ > 0; });
  --waiting_;
  if (!got) throw HasherBusy("no password hashing slot became free in time");
  --free_slots_;
}

void PasswordHasher::check_room() {
  std::lock_guard lock(mutex_);
  if (free_slots_ == 0 && waiting_ >= queue_.max_waiting) {
    throw HasherBusy("the password hashing queue is full");
  }
}

void PasswordHasher::release() {
  {
    std::lock_guard lock(mutex_);
    ++free_slots_;
  }
  cv_.notify_one();
}

std::string PasswordHasher::hash(std::string_view password) {
  const fairness::Bytes salt = fairness::random_bytes(16);
  constexpr std::size_t kHashLength = 32;
  const std::size_t length =
      argon2_encodedlen(params_.iterations, params_.memory_kib, params_.parallelism, salt.size(),
                        kHashLength, Argon2_id);
  std::string encoded(length, '\0');
  int rc = ARGON2_OK;
  {
    const Slot slot(*this);
    rc = argon2id_hash_encoded(params_.iterations, params_.memory_kib, params_.parallelism,
                               password.data(), password.size(), salt.data(), salt.size(),
                               kHashLength, encoded.data(), encoded.size());
  }
  if (rc != ARGON2_OK) throw std::runtime_error(argon2_error_message(rc));
  encoded.resize(encoded.find('\0'));
  return encoded;
}

bool PasswordHasher::verify(std::string_view password, const std::string& encoded) {
  if (encoded.rfind("$argon2id$", 0) != 0) return false;
  const Slot slot(*this);
  return argon2id_verify(encoded.c_str(), password.data(), password.size()) == ARGON2_OK;
}

std::string new_token() {
  static const char* alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const fairness::Bytes raw = fairness::random_bytes(32);
  // Base62 of a 256-bit big-endian number: repeated division, 43 digits always.
  std::vector<std::uint32_t> number(raw.begin(), raw.end());
  std::string digits;
  for (int i = 0; i < 43; ++i) {
    std::uint32_t remainder = 0;
    for (std::uint32_t& byte : number) {
      const std::uint32_t value = remainder * 256 + byte;
      byte = value / 62;
      remainder = value % 62;
    }
    digits += alphabet[remainder];
  }
  return std::string(kTokenPrefix) + std::string(digits.rbegin(), digits.rend());
}

std::string token_hash(std::string_view token) { return fairness::to_hex(fairness::sha256(token)); }

bool plausible_token(std::string_view token) {
  if (token.size() != kTokenPrefix.size() + 43 || token.substr(0, 4) != kTokenPrefix) return false;
  for (char c : token.substr(4)) {
    const bool ok = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    if (!ok) return false;
  }
  return true;
}

std::string sha256_hex(std::string_view text) { return fairness::to_hex(fairness::sha256(text)); }

bool valid_username(std::string_view name) {
  if (name.size() < 3 || name.size() > 24) return false;
  auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  if (!letter(name[0])) return false;
  for (char c : name) {
    if (!letter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-') return false;
  }
  return true;
}

bool valid_email(std::string_view email) {
  if (email.size() < 3 || email.size() > 254) return false;
  for (char c : email) {
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) return false;
  }
  const auto at = email.find('@');
  return at != std::string_view::npos && at > 0 && at + 1 < email.size() &&
         email.find('@', at + 1) == std::string_view::npos;
}

}  // namespace domain
