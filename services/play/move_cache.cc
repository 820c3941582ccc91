#include "services/play/move_cache.h"

namespace play {

MoveCache::Moves MoveCache::get(Id game_id) const {
  std::lock_guard lock(mutex_);
  auto it = games_.find(game_id);
  return it == games_.end() ? nullptr : it->second;
}

int MoveCache::last_ply(const Moves& moves) {
  return moves && !moves->empty() ? moves->back().ply : 0;
}

void MoveCache::put(Id game_id, std::vector<MoveRecord> moves) {
  auto fresh = std::make_shared<const std::vector<MoveRecord>>(std::move(moves));
  std::lock_guard lock(mutex_);
  if (games_.size() >= max_games_) games_.clear();
  Moves& slot = games_[game_id];
  if (!slot || slot->size() < fresh->size()) slot = std::move(fresh);
}

}  // namespace play
