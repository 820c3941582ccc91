#include "services/play/snapshot_cache.h"

namespace play {

SnapshotCache::Slot& SnapshotCache::slot(Id game_id) {
  if (slots_.size() >= max_games_ && slots_.find(game_id) == slots_.end()) {
    slots_.clear();
    cleared_ = ++tick_;
  }
  return slots_[game_id];
}

Snapshot SnapshotCache::get(Id game_id, const Loader& load) {
  std::promise<Snapshot> promise;
  std::shared_ptr<std::shared_future<Snapshot>> flight;
  Tick since = 0;
  {
    std::lock_guard lock(mutex_);
    Slot& s = slot(game_id);
    if (s.snapshot) return s.snapshot;
    if (s.flight) {
      flight = s.flight;
    } else {
      since = ++tick_;
      flight = std::make_shared<std::shared_future<Snapshot>>(promise.get_future().share());
      s.flight = flight;
    }
  }
  if (since == 0) return flight->get();  // another caller's load
  return run_flight(game_id, load, since, flight, promise);
}

Snapshot SnapshotCache::run_flight(Id game_id, const Loader& load, Tick since,
                                   const std::shared_ptr<std::shared_future<Snapshot>>& flight,
                                   std::promise<Snapshot>& promise) {
  ++loads_;
  const auto land = [&] {
    std::lock_guard lock(mutex_);
    auto it = slots_.find(game_id);
    if (it != slots_.end() && it->second.flight == flight) it->second.flight.reset();
  };
  Snapshot loaded;
  try {
    loaded = load();
  } catch (...) {
    land();
    promise.set_exception(std::current_exception());
    throw;
  }
  land();
  keep(loaded, since);
  promise.set_value(loaded);
  return loaded;
}

Snapshot SnapshotCache::held(Id game_id) const {
  std::lock_guard lock(mutex_);
  auto it = slots_.find(game_id);
  return it == slots_.end() ? nullptr : it->second.snapshot;
}

SnapshotCache::Tick SnapshotCache::begin_load() {
  std::lock_guard lock(mutex_);
  return ++tick_;
}

void SnapshotCache::keep(const Snapshot& snapshot, Tick since) {
  if (!snapshot || snapshot->game.status != "active") return;
  std::lock_guard lock(mutex_);
  Slot& s = slot(snapshot->game.id);
  if (since <= cleared_ || s.touched > since) return;
  if (s.snapshot && s.snapshot->game.version >= snapshot->game.version) return;
  s.snapshot = snapshot;
}

void SnapshotCache::replace(const Snapshot& next, std::int64_t expected_version) {
  std::lock_guard lock(mutex_);
  Slot& s = slot(next->game.id);
  s.touched = ++tick_;
  s.flight.reset();
  const bool follows = s.snapshot && s.snapshot->game.version == expected_version;
  if (follows && next->game.status == "active") {
    s.snapshot = next;
  } else {
    s.snapshot.reset();
  }
}

void SnapshotCache::forget(Id game_id, std::optional<int> kept_from_ply) {
  std::lock_guard lock(mutex_);
  Slot& s = slot(game_id);
  s.touched = ++tick_;
  s.flight.reset();  // callers from now on must not get a load that began before the event
  if (s.snapshot && (!kept_from_ply || s.snapshot->game.ply < *kept_from_ply)) s.snapshot.reset();
}

void SnapshotCache::forget_all() {
  std::lock_guard lock(mutex_);
  slots_.clear();
  cleared_ = ++tick_;
}

}  // namespace play
