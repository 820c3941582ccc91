#pragma once
// The SVG picture of a Hexahedron Wars position and the cells of its moves (rules/core/game.h).

#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/hexahedron_wars/movegen.h"
#include "rules/hexahedron_wars/position.h"

namespace rules::hexahedron_wars {

// options.perspective turns the board so that the seat's forward direction points up.
std::string render_svg_game(const Game& g, const SvgOptions& options);

// A die move: the die's square, the square after each step or regular jump in order, the
// defender's square of a war jump, then the square where a claimed blocker is re-placed.
// A continuation: the same from the continuing die ("+:end": that square alone). A setup
// placement: the square (README).
std::vector<std::string> move_cell_names(const Game& g, const MoveSpec& spec);

}  // namespace rules::hexahedron_wars
