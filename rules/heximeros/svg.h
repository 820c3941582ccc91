#pragma once
// The SVG picture of a HexiMeros position and the cells of its moves (rules/core/game.h).

#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/heximeros/position.h"

namespace rules::heximeros {

// `summary` is the outcome's summary once the game is over. options.perspective turns the
// board by sixths so that the seat's side is at the bottom.
std::string render_svg_position(const Position& pos, const SvgOptions& options,
                                const std::string& summary);

// A step or capture: from, to. A Militant's step and capture: from, the step cell, the capture
// cell. An Archer's shot: the Archer, the target. Promotions and check declarations do not add
// cells (the page offers the choice). Pass and commands: the mover's Sovereign (README).
std::vector<std::string> move_cell_names(const Position& pos, Move move);

}  // namespace rules::heximeros
