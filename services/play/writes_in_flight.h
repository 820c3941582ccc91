#pragma once
// The games whose entries this instance is storing, from before the batch statement until the
// instance's copies have followed it (PlayService::flush_entries). The event hub waits for a
// game to leave before it judges the game's copies by an event: the event may be that very
// write, committed and read by the hub a moment before the copies follow it, and forgetting
// them then would cost a load for the next read of the game.

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <vector>

#include "services/storage/records.h"

namespace play {

class WritesInFlight {
 public:
  // Every enter() is matched by one leave() of the same games.
  void enter(const std::vector<storage::Id>& games) {
    std::lock_guard lock(mutex_);
    games_.insert(games.begin(), games.end());
  }
  void leave(const std::vector<storage::Id>& games) {
    {
      std::lock_guard lock(mutex_);
      for (storage::Id game : games) games_.erase(games_.find(game));
    }
    left_.notify_all();
  }

  // Returns once `game` is not in flight, or after `limit` (a statement stuck on a lock: the
  // caller then goes on as if the game had left).
  void wait_until_left(storage::Id game, std::chrono::milliseconds limit) const {
    std::unique_lock lock(mutex_);
    left_.wait_for(lock, limit, [&] { return games_.count(game) == 0; });
  }

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable left_;
  std::multiset<storage::Id> games_;
};

}  // namespace play
