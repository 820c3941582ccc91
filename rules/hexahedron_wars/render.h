#pragma once
// Text rendering of a Hexahedron Wars position (sample in hexahedron_wars.h).

#include <string>

#include "rules/core/game.h"
#include "rules/hexahedron_wars/position.h"

namespace rules::hexahedron_wars {

std::string render_game(const Game& g, const RenderOptions& options);

}  // namespace rules::hexahedron_wars
