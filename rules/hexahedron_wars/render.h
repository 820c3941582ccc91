#pragma once
// Text rendering of a Hexahedron Wars position (sample in hexahedron_wars.h).

#include <string>

#include "rules/core/game.h"
#include "rules/hexahedron_wars/position.h"

namespace rules::hexahedron_wars {

// Quarter turns (counter-clockwise) that bring `forward` to the top of the picture.
int quarter_turns(Dir forward);
// "Hexahedron Wars: Mobile Strike - 2 players, ply 0, A to move" (or the phase, or the result).
std::string status_line(const Game& g);
// "A (south, seat 0): 7 dice, finishes on a7-g7, score 0", with every die's orientation when
// `detailed`.
std::string seat_line(const Game& g, int seat, bool detailed);

std::string render_game(const Game& g, const RenderOptions& options);

}  // namespace rules::hexahedron_wars
