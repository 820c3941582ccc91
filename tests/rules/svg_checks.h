#pragma once
// What the rules contract promises about State::render_svg() and State::move_cells() (see
// rules/core/game.h), checked on one position. Used by the contract suite at sampled plies.

#include <cstddef>
#include <string>

#include "rules/core/game.h"

namespace rules::testing {

// The largest board document any game may produce (the 6-player HexiMeros start is the largest).
inline constexpr std::size_t kMaxSvgBytes = 60 * 1024;

// Deterministic bytes, well-formed, self-contained (no script, no foreign element, every href
// "#..."), under kMaxSvgBytes, a unique data-cell element with a leading <title> naming it for
// every cell, move_cells() non-empty and made of those cells for every legal move, and the
// highlight of a move's cells marking exactly those cells. With `all_perspectives`, every seat's
// perspective as well (same cells, well-formed).
void check_svg_contract(const State& state, bool all_perspectives);

}  // namespace rules::testing
