#pragma once
// A per-instance cache of games' move lists, for GET /v1/games/{id} (which shows every move).
// A committed entry never changes: entries are only appended, at the game's next ply, and
// usernames never change. So a cached list is a true prefix of the game's list for ever, and a
// load asks PostgreSQL only for the moves after its last ply. No invalidation is needed, also
// with several instances; a cache that grows past `max_games` is emptied and fills again.

#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "services/storage/records.h"

namespace play {

using storage::Id;
using storage::MoveRecord;

class MoveCache {
 public:
  using Moves = std::shared_ptr<const std::vector<MoveRecord>>;

  explicit MoveCache(std::size_t max_games = 4096) : max_games_(max_games) {}

  // The cached moves of the game (null when none), and the ply of the last one (0 when none).
  Moves get(Id game_id) const;
  static int last_ply(const Moves& moves);
  // Remembers `moves` unless a longer list is already cached.
  void put(Id game_id, std::vector<MoveRecord> moves);

 private:
  mutable std::mutex mutex_;
  std::size_t max_games_;
  std::unordered_map<Id, Moves> games_;
};

}  // namespace play
