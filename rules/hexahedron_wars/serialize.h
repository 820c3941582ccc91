#pragma once
// The one-line serialized form of a Hexahedron Wars position (format in hexahedron_wars.h).

#include <string>
#include <string_view>

#include "rules/core/result.h"
#include "rules/hexahedron_wars/position.h"

namespace rules::hexahedron_wars {

std::string serialize_game(const Game& g);
// Validates everything; the text must be exactly what serialize_game would write.
Result<Game> load_game(std::string_view text);

}  // namespace rules::hexahedron_wars
