#pragma once
// One-line text form of a Position; the format is documented in heximeros.h.

#include <string>
#include <string_view>

#include "rules/core/result.h"
#include "rules/heximeros/position.h"

namespace rules::heximeros {

std::string serialize_position(const Position& pos);
// kBadPosition with the reason on anything malformed or inconsistent.
Result<Position> parse_position(std::string_view text);

}  // namespace rules::heximeros
