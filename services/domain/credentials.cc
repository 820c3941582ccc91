#include "services/domain/credentials.h"

#include <argon2.h>

#include <stdexcept>

#include "lib/fairness/fairness.h"

namespace domain {

void PasswordHasher::acquire() {
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [&] { return slots_ > 0; });
  --slots_;
}

void PasswordHasher::release() {
  {
    std::lock_guard lock(mutex_);
    ++slots_;
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
  acquire();
  const int rc = argon2id_hash_encoded(params_.iterations, params_.memory_kib, params_.parallelism,
                                       password.data(), password.size(), salt.data(), salt.size(),
                                       kHashLength, encoded.data(), encoded.size());
  release();
  if (rc != ARGON2_OK) throw std::runtime_error(argon2_error_message(rc));
  encoded.resize(encoded.find('\0'));
  return encoded;
}

bool PasswordHasher::verify(std::string_view password, const std::string& encoded) {
  if (encoded.rfind("$argon2id$", 0) != 0) return false;
  acquire();
  const int rc = argon2id_verify(encoded.c_str(), password.data(), password.size());
  release();
  return rc == ARGON2_OK;
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
