#pragma once
// Text rendering of a Mojave position (sample in mojave.h).

#include <string>

#include "rules/core/game.h"
#include "rules/mojave/position.h"

namespace rules::mojave {

// Board with each die's owner (R red, B black) and top face, or its full orientation
// "R132" (top, north, east) when options.detailed; then dice counts, the player to move, a
// pending zugzwang and the draw counters, or `summary` once the game is over.
// options.perspective 1 puts Black at the bottom; options.focus ("e9") crops to the squares
// within 4 files and ranks of that square (ignored when it is not a square).
// The lines under the board: dice counts, then the player to move, a pending zugzwang and the
// draw counter, or "game over: <summary>"; each line ends in '\n'.
std::string status_text(const Position& position, const std::string& summary);

std::string render_position(const Position& position, const RenderOptions& options,
                            const std::string& summary);

}  // namespace rules::mojave
