#pragma once
// Verifiable randomness and the tamper-evident move log (rules-spec §0.4). One implementation,
// used by hexpostd to draw and by `hexpost verify` to check, so the two can never disagree.
//
// Scheme:
//   server_seed   32 bytes from the OS CSPRNG, drawn when the game is created
//   commitment    hex(SHA-256(server_seed)), published from creation on
//   game_seed     SHA-256(server_seed || game_id || player_seed_1 || ... || player_seed_n),
//                 player seeds in seat order (empty when a player gave none)
//   draw k of ply p for `purpose`:
//                 HMAC-SHA256(game_seed, "<game_id>|<p>|<purpose>|<k>"), k counting the draws of
//                 that ply from 0; ply 0 is the game's setup (first player, random setup).
//   uniform [0,m) for m <= 256: read the MAC's bytes in order, reject b >= 256 - (256 mod m),
//                 answer b mod m. For m > 256: big-endian 32-bit words, the same rejection.
//                 If every byte or word is rejected, extend the message with "|1", "|2", ...
//                 (I-FAIR-1: the spec's "extend with k+1" would collide with the next draw).
//   move hash     hex(SHA-256(previous_hash || "\n" || ply || "\n" || record || "\n" || draws))
//                 with previous_hash = commitment for ply 1, so the chain also binds the seed.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/random.h"

namespace fairness {

using Bytes = std::vector<std::uint8_t>;

Bytes random_bytes(std::size_t count);  // OS CSPRNG (OpenSSL RAND_bytes); throws on failure
std::string to_hex(const Bytes& bytes);
std::optional<Bytes> from_hex(std::string_view hex);

Bytes sha256(std::string_view data);
std::string commitment(const Bytes& server_seed);
Bytes game_seed(const Bytes& server_seed, std::string_view game_id,
                const std::vector<std::string>& player_seeds);

// Draws for one ply of one game, per the scheme above. Records every draw (RandomSource).
class HmacRandom final : public rules::RandomSource {
 public:
  HmacRandom(Bytes game_seed, std::string game_id, int ply)
      : seed_(std::move(game_seed)), game_id_(std::move(game_id)), ply_(ply) {}

 protected:
  std::uint32_t next(std::string_view purpose, std::uint32_t bound) override;

 private:
  Bytes seed_;
  std::string game_id_;
  int ply_;
  int k_ = 0;
};

std::string move_hash(std::string_view previous_hash, int ply, std::string_view record,
                      std::string_view draws_text);

// Constant-time comparison, for tokens and tags.
bool equal_constant_time(std::string_view a, std::string_view b);

}  // namespace fairness
