#pragma once
// Move notation of Hex Quoridor (rules-spec §4.8, grammar in hex_quoridor.h).

#include <cstdint>
#include <string>
#include <string_view>

#include "rules/core/result.h"
#include "rules/hex_quoridor/position.h"

namespace rules::hex_quoridor {

// A cell name such as "e5" or "E5"; -1 when the text is not a cell of this board.
int parse_cell(const Geometry& geo, std::string_view text);

// Reads a move in any accepted spelling (case-insensitive, whitespace-tolerant, trailing
// "{...}" annotation and "//" comment ignored). Fences are normalised to their canonical name
// when they fit on the board. kBadNotation names the offending token.
Result<std::uint64_t> parse_move(const Geometry& geo, std::string_view text);

// Canonical text: "e5", "Fe5E+", "pass".
std::string format_move(const Geometry& geo, std::uint64_t move);

}  // namespace rules::hex_quoridor
