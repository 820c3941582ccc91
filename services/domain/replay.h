#pragma once
// Earlier positions of a game, replayed from its record (GET /v1/games/{id}/board.svg?ply=N):
// the game's options and setup draws make the start, then each entry applies with its own draws.

#include <memory>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "services/domain/game_logic.h"
#include "services/domain/model.h"

namespace domain {

struct ReplayedPosition {
  std::unique_ptr<rules::State> state;  // after the first `ply` entries
  // The cells the entry that made this position touched (rules::State::move_cells, asked in the
  // position before it); empty at ply 0 and after a resignation or a handover.
  std::vector<std::string> last_move_cells;
};

// The position after the first `ply` entries of `moves` (0: the start). Precondition: 0 <= ply
// <= moves.size(). Throws std::runtime_error when the stored record does not replay (a broken
// invariant of the store, not a client error).
ReplayedPosition replay_to(const Catalog& catalog, const GameRecord& game,
                           const std::vector<MoveRecord>& moves, int ply);

}  // namespace domain
