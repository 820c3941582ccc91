#pragma once
// The one-line serialized form of a Mojave position (format in mojave.h).

#include <string>
#include <string_view>

#include "rules/core/result.h"
#include "rules/mojave/position.h"

namespace rules::mojave {

std::string serialize_position(const Position& position);
// Inverse of serialize_position; kBadPosition names the first field that is wrong.
Result<Position> load_position(std::string_view text);

}  // namespace rules::mojave
