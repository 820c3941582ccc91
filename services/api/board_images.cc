#include "services/api/board_images.h"

#include "services/domain/replay.h"

namespace api {

std::string render_board(const domain::Catalog& catalog, const play::Snapshot& snapshot, int ply,
                         int seat) {
  const domain::ReplayedPosition position =
      domain::replay_to(catalog, snapshot->game, *snapshot->moves, ply);
  return position.state->render_svg(rules::SvgOptions{seat, position.last_move_cells});
}

std::shared_ptr<const std::string> BoardImages::current(const domain::Catalog& catalog,
                                                        const play::Snapshot& snapshot, int seat) {
  if (auto image = held(snapshot, seat)) return image;
  // Rendered outside the lock, so readers of other games go on; two readers racing on one
  // (snapshot, seat) may both render it, and either image is the same.
  auto image = std::make_shared<const std::string>(
      render_board(catalog, snapshot, snapshot->game.ply, seat));
  ++renders_;
  if (snapshot->game.status == "active") keep(snapshot, seat, image);
  return image;
}

std::shared_ptr<const std::string> BoardImages::held(const play::Snapshot& snapshot, int seat) {
  std::lock_guard lock(mutex_);
  auto game = games_.find(snapshot->game.id);
  if (game == games_.end() || game->second.snapshot != snapshot) return nullptr;
  auto image = game->second.seats.find(seat);
  return image == game->second.seats.end() ? nullptr : image->second;
}

// Keeps the image unless a newer version of the game is held already.
void BoardImages::keep(const play::Snapshot& snapshot, int seat,
                       std::shared_ptr<const std::string> image) {
  std::lock_guard lock(mutex_);
  auto found = games_.find(snapshot->game.id);
  if (found == games_.end() && games_.size() >= max_games_) games_.clear();
  Images& slot = games_[snapshot->game.id];
  if (slot.snapshot != snapshot) {
    if (slot.snapshot && slot.snapshot->game.version > snapshot->game.version) return;
    slot = Images{snapshot, {}};
  }
  slot.seats.emplace(seat, std::move(image));
}

}  // namespace api
