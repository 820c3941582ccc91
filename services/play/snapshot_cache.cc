#include "services/play/snapshot_cache.h"

namespace play {

namespace {

// Only an active game is kept (a finished one gets its rating changes later), and never over an
// equal or newer version.
bool keepable(const Snapshot& loaded, const Snapshot& held) {
  return loaded->game.status == "active" && (!held || held->game.version < loaded->game.version);
}

}  // namespace

Snapshot SnapshotCache::get(Id game_id, const Loader& load) {
  return games_.get(game_id, load, keepable);
}

void SnapshotCache::keep(const Snapshot& snapshot, Tick since) {
  if (snapshot) games_.keep(snapshot->game.id, snapshot, since, keepable);
}

void SnapshotCache::replace(const Snapshot& next, std::int64_t expected_version) {
  games_.touch(next->game.id, [&](const Snapshot& held) {
    const bool follows = held->game.version == expected_version;
    return follows && next->game.status == "active" ? next : nullptr;
  });
}

void SnapshotCache::forget(Id game_id, std::optional<int> kept_from_ply) {
  games_.touch(game_id, [&](const Snapshot& held) {
    return kept_from_ply && held->game.ply >= *kept_from_ply ? held : nullptr;
  });
}

}  // namespace play
