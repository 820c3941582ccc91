#pragma once
// GET /v1/games/{id}/board.svg's images of the current position, rendered once per held
// snapshot (that is, once per version of the game on this instance) and seat orientation, and
// reused by every reader; the sibling of GameDocuments, with the same bound. Only active games
// are kept: a finished game's snapshot is not held, so each read brings a new one.

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "services/domain/game_logic.h"
#include "services/play/snapshot_cache.h"

namespace api {

// The SVG of `snapshot`'s position at `ply` (0 to its ply), turned to `seat` (-1: the game's
// default orientation), with the cells of the move that made it highlighted.
std::string render_board(const domain::Catalog& catalog, const play::Snapshot& snapshot, int ply,
                         int seat);

class BoardImages {
 public:
  explicit BoardImages(std::size_t max_games = 4096) : max_games_(max_games) {}

  // The image of `snapshot`'s current position turned to `seat`, rendered now when this
  // (snapshot, seat) was not rendered yet.
  std::shared_ptr<const std::string> current(const domain::Catalog& catalog,
                                             const play::Snapshot& snapshot, int seat);

  // Images rendered by current() (for tests and metrics).
  std::uint64_t renders() const { return renders_.load(); }

 private:
  struct Images {
    play::Snapshot snapshot;  // what was rendered (identity: a held snapshot is one version)
    std::map<int, std::shared_ptr<const std::string>> seats;  // seat (-1: default) -> image
  };
  std::shared_ptr<const std::string> held(const play::Snapshot& snapshot, int seat);
  void keep(const play::Snapshot& snapshot, int seat, std::shared_ptr<const std::string> image);

  std::mutex mutex_;
  std::size_t max_games_;
  std::unordered_map<storage::Id, Images> games_;
  std::atomic<std::uint64_t> renders_{0};
};

}  // namespace api
