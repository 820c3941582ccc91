#include "lib/fairness/fairness.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <stdexcept>

namespace fairness {

Bytes random_bytes(std::size_t count) {
  Bytes out(count);
  if (RAND_bytes(out.data(), static_cast<int>(count)) != 1) {
    throw std::runtime_error("the OS random generator failed");
  }
  return out;
}

std::string to_hex(const Bytes& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

std::optional<Bytes> from_hex(std::string_view hex) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (hex.size() % 2 != 0) return std::nullopt;
  Bytes out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    int hi = nibble(hex[i]), lo = nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<std::uint8_t>(hi * 16 + lo));
  }
  return out;
}

Bytes sha256(std::string_view data) {
  Bytes out(SHA256_DIGEST_LENGTH);
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data());
  return out;
}

std::string commitment(const Bytes& server_seed) {
  return to_hex(sha256({reinterpret_cast<const char*>(server_seed.data()), server_seed.size()}));
}

Bytes game_seed(const Bytes& server_seed, std::string_view game_id,
                const std::vector<std::string>& player_seeds) {
  std::string material(server_seed.begin(), server_seed.end());
  material += game_id;
  for (const std::string& seed : player_seeds) material += seed;
  return sha256(material);
}

namespace {

Bytes hmac(const Bytes& key, std::string_view message) {
  Bytes out(EVP_MAX_MD_SIZE);
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data(), &length);
  out.resize(length);
  return out;
}

// One pass of rejection sampling over a MAC; nullopt when every unit was rejected.
std::optional<std::uint32_t> uniform_from(const Bytes& mac, std::uint32_t bound) {
  if (bound <= 256) {
    const std::uint32_t limit = 256 - (256 % bound);
    for (std::uint8_t b : mac) {
      if (b < limit) return b % bound;
    }
    return std::nullopt;
  }
  const std::uint64_t range = std::uint64_t{1} << 32;
  const std::uint64_t limit = range - (range % bound);
  for (std::size_t i = 0; i + 4 <= mac.size(); i += 4) {
    const std::uint64_t word = (std::uint64_t{mac[i]} << 24) | (std::uint64_t{mac[i + 1]} << 16) |
                               (std::uint64_t{mac[i + 2]} << 8) | mac[i + 3];
    if (word < limit) return static_cast<std::uint32_t>(word % bound);
  }
  return std::nullopt;
}

}  // namespace

std::uint32_t HmacRandom::next(std::string_view purpose, std::uint32_t bound) {
  const std::string message = game_id_ + "|" + std::to_string(ply_) + "|" + std::string(purpose) +
                              "|" + std::to_string(k_++);
  for (int extension = 0;; ++extension) {
    const std::string text = extension == 0 ? message : message + "|" + std::to_string(extension);
    if (auto value = uniform_from(hmac(seed_, text), bound)) return *value;
  }
}

std::string move_hash(std::string_view previous_hash, int ply, std::string_view record,
                      std::string_view draws_text) {
  std::string material(previous_hash);
  material += '\n';
  material += std::to_string(ply);
  material += '\n';
  material += record;
  material += '\n';
  material += draws_text;
  return to_hex(sha256(material));
}

bool equal_constant_time(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace fairness
