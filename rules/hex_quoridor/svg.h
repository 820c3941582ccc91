#pragma once
// The SVG picture of a Hex Quoridor position and the cells of its moves (rules/core/game.h).

#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/hex_quoridor/position.h"

namespace rules::hex_quoridor {

// `status` is the legend's last line ("seat 1 to move"). options.perspective turns the board
// by sixths so that the seat's starting side is at the bottom.
std::string render_svg_position(const Position& pos, const SvgOptions& options,
                                const std::string& status);

// Pawn move: the pawn's cell, then the destination. Fence Y d s: Y and Y+d (the cells either
// side of its middle segment), then the two cells beside its end segments (README). Pass: the
// pawn's cell.
std::vector<std::string> move_cell_names(const Position& pos, std::uint64_t move);

}  // namespace rules::hex_quoridor
