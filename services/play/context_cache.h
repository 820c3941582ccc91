#pragma once
// A per-instance copy of what a move is decided on: each token's principal and each active
// game's row with its seats, as this instance last read or wrote them. The move path decides a
// move on these copies without reading the database (docs/game-service.md, "Moves decided on
// cached state").
//
// Contract: a copy may be stale (another instance wrote the game, the token was revoked
// meanwhile), so it may only back a write that checks both again: the game's UPDATE is
// conditional on the version the decision was made against, and the write names the token,
// which must still be live (EntryWrite::token_id). A stale copy then costs a refused write and
// a fresh read, never a wrong answer. Refusals are never answered from a copy. A cache that
// holds `max_entries` of either kind is emptied of that kind and fills again.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "services/storage/records.h"

namespace play {

using storage::GameRecord;
using storage::Id;
using storage::Principal;

class ContextCache {
 public:
  explicit ContextCache(std::size_t max_entries = 4096) : max_entries_(max_entries) {}

  std::optional<Principal> principal(const std::string& token_hash) const;
  // The principal only when it was looked up in the database at most `max_age` ago (reads
  // trust a copy that long: no write checks the token after them).
  std::optional<Principal> principal(const std::string& token_hash,
                                     std::chrono::steady_clock::duration max_age) const;
  std::optional<GameRecord> game(Id game_id) const;

  void remember(const Principal& principal);
  // Forgets the token's principal (revoked on this instance).
  void forget_token(Id token_id);
  // Keeps `game` unless it has ended or an equal or newer version is held.
  void remember(const GameRecord& game);
  // Forgets the game's copy; with `kept_from_ply`, only a copy before that ply.
  void forget_game(Id game_id, std::optional<int> kept_from_ply = std::nullopt);

 private:
  mutable std::mutex mutex_;
  std::size_t max_entries_;
  struct HeldPrincipal {
    Principal principal;
    std::chrono::steady_clock::time_point looked_up;
  };
  std::unordered_map<std::string, HeldPrincipal> principals_;
  std::unordered_map<Id, GameRecord> games_;
};

}  // namespace play
