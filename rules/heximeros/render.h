#pragma once
// Text rendering of a HexiMeros position; a sample is in heximeros.h.

#include <string>

#include "rules/core/game.h"
#include "rules/heximeros/position.h"

namespace rules::heximeros {

std::string render_position(const Position& pos, const RenderOptions& options);

}  // namespace rules::heximeros
