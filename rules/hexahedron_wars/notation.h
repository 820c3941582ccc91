#pragma once
// Hexahedron Wars move notation (rules-spec §1.11, the setup placement "@c4"); the grammar is in
// hexahedron_wars.h and README.md.

#include <string>
#include <string_view>

#include "rules/core/result.h"
#include "rules/hexahedron_wars/movegen.h"

namespace rules::hexahedron_wars {

// Parses relative to the position; kBadNotation names the offending token.
Result<MoveSpec> parse_notation(const Game& g, std::string_view text);
// Canonical text of the move.
std::string format_notation(const Game& g, const MoveSpec& spec);

}  // namespace rules::hexahedron_wars
