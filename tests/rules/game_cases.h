#pragma once
// The configurations the generic suites (contract, golden, benchmarks) run for each registered
// game: every offered player count with default options, plus each non-default allowed value of
// every option at the smallest player count. A game gets them by being registered.

#include <string>
#include <vector>

#include "rules/core/registry.h"

namespace rules::testing {

struct GameCase {
  const GameDef* game;
  GameConfig config;
  std::string label;  // "hex_quoridor_2p" or "iso_path_2p_board_h5": a valid gtest name
};

std::vector<GameCase> all_game_cases();

}  // namespace rules::testing
