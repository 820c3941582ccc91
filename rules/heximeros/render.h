#pragma once
// Text rendering of a HexiMeros position; a sample is in heximeros.h.

#include <string>

#include "rules/core/game.h"
#include "rules/heximeros/position.h"

namespace rules::heximeros {

// "HexiMeros, ruleset provisional-1 (provisional), ply 0".
std::string heading_text(const Position& pos);
// One colour's line: "Silver (s): to move, objects to self-check".
std::string standing_text(const Position& pos, int colour);

std::string render_position(const Position& pos, const RenderOptions& options);

}  // namespace rules::heximeros
