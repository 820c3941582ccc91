#pragma once
// Text rendering of a Hex Quoridor position (sample in hex_quoridor.h).

#include <string>

#include "rules/core/game.h"
#include "rules/hex_quoridor/position.h"

namespace rules::hex_quoridor {

// `status` is the header's last part ("seat 1 to move", "seat 0 reached the goal side").
// options.perspective turns the board half a turn when that seat starts on a northern side
// (NW, N, NE), so its side is at the bottom; options.detailed prints cell names in the grid.
// "seat 0 (S, goal N): pawn a3, 9 fences, to move": one seat's line of the listing.
std::string seat_line(const Position& pos, int s);

std::string render_position(const Position& pos, const RenderOptions& options,
                            const std::string& status);

}  // namespace rules::hex_quoridor
