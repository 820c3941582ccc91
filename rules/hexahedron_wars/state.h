#pragma once
// The whole-game operations behind the State adapter (state.cc): applying moves, resigning and
// the outcome. Each works on the plain Game value; serialize.h and render.h hold the text forms.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/game.h"
#include "rules/hexahedron_wars/movegen.h"
#include "rules/hexahedron_wars/position.h"

namespace rules::hexahedron_wars {

// Precondition: walk_move(g, spec) succeeded (or spec is a legal setup placement). Returns the
// effects for the record annotation ("war 5-3 win", "c5 -> a7 top 2", "captured d7"...).
std::vector<std::string> apply_move(Game& g, const MoveSpec& spec, RandomSource& rng);

// 2 players: the opponent wins. 3-4 players: the seat's dice leave the board and play goes on
// (I-HW-25); resigned seats rank below everyone else, later resignations higher.
std::optional<RuleError> resign_seat(Game& g, int seat);

Outcome game_outcome(const Game& g);

// Option value -> number of setup victory blockers; -1 when unknown.
int blocker_count(std::string_view option_value);

}  // namespace rules::hexahedron_wars
