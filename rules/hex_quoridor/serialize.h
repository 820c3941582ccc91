#pragma once
// The one-line serialized form of a Hex Quoridor position (format in hex_quoridor.h).

#include <string>
#include <string_view>

#include "rules/core/result.h"
#include "rules/hex_quoridor/position.h"

namespace rules::hex_quoridor {

std::string serialize_position(const Position& pos);
// Inverse of serialize_position; kBadPosition (naming the bad field) on anything malformed or
// inconsistent.
Result<Position> load_position(std::string_view text);

}  // namespace rules::hex_quoridor
