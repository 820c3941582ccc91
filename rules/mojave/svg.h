#pragma once
// The SVG picture of a Mojave position and the cells of its moves (rules/core/game.h).

#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/mojave/position.h"

namespace rules::mojave {

// `summary` is the outcome's summary once the game is over. options.perspective 1 turns the
// board half a turn, so that Black's ranks are at the bottom.
std::string render_svg_position(const Position& position, const SvgOptions& options,
                                const std::string& summary);

// A die move: its square, the destination, then the corner square where a two-leg path turns
// (which tells apart the two paths between the same squares). Pass: every square holding a die
// of the side to move, in notation order (README).
std::vector<std::string> move_cell_names(const Position& position, Move move);

}  // namespace rules::mojave
