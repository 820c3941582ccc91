#pragma once
// A per-instance copy of each active game as GET /v1/games/{id} shows it: the row, every move and
// the open leave request, all of one version (docs/game-service.md, "Reads from memory").
//
// Contract: a held snapshot is current as far as this instance knows. It is replaced by this
// instance's own writes (the snapshot after the write, derived in memory) and forgotten by every
// event the event hub reads that shows it to be old, so once another instance's change has been
// read by the hub, no read here returns the version before it. A missing snapshot is loaded by
// one caller while every concurrent caller of the same game waits for that load (single-flight).
// A load that overlapped an event or write of its game (or the cache being emptied) is handed
// to the callers that waited for it but not kept: it may predate what the event announced.
// Events and writes are recorded per game (also of games with no snapshot); a cache that holds
// `max_games` games is emptied and fills again.

#include <cstdint>
#include <memory>
#include <optional>

#include "services/domain/seat_change.h"
#include "services/play/flight_cache.h"
#include "services/play/move_cache.h"

namespace play {

struct GameSnapshot {
  storage::GameRecord game;
  MoveCache::Moves moves;  // every move up to game.ply (never null)
  std::optional<domain::LeaveRequest> leave;
};
using Snapshot = std::shared_ptr<const GameSnapshot>;

class SnapshotCache {
 public:
  // Loads the game's snapshot from the database (null: no such game).
  using Loader = std::function<Snapshot()>;
  // A mark taken before a load outside get(); keep() compares it with later events.
  using Tick = FlightCache<Snapshot>::Tick;

  explicit SnapshotCache(std::size_t max_games = 4096) : games_(max_games) {}

  // The held snapshot, else the result of `load` (run once for all concurrent callers).
  Snapshot get(Id game_id, const Loader& load);
  Snapshot held(Id game_id) const { return games_.held(game_id); }

  Tick begin_load() { return games_.begin_load(); }
  // Keeps `snapshot` (an active game) unless an event or write of the game came after `since`,
  // or an equal or newer version is held.
  void keep(const Snapshot& snapshot, Tick since);
  // Replaces the held snapshot with `next` when the held one is at `expected_version` (the
  // version a write was decided on); forgets it otherwise. Either way, loads in flight are not
  // kept.
  void replace(const Snapshot& next, std::int64_t expected_version);
  // Forgets the game's snapshot (with `kept_from_ply`: only one before that ply); loads in
  // flight are not kept.
  void forget(Id game_id, std::optional<int> kept_from_ply = std::nullopt);
  void forget_all() { games_.clear(); }

  // Loads run by get() (for tests and metrics).
  std::uint64_t loads() const { return games_.loads(); }

 private:
  FlightCache<Snapshot> games_;
};

}  // namespace play
