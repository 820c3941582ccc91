#pragma once
// The explicit list of games (no static self-registration). A game joins the service, the CLI
// and the contract suite by being added in registry.cc.

#include <string_view>
#include <vector>

#include "rules/core/game.h"

namespace rules {

const std::vector<GameDef>& all_games();
// nullptr when no game has that id.
const GameDef* find_game(std::string_view id);

}  // namespace rules
