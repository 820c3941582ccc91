#include "game_cases.h"

#include <algorithm>
#include <cctype>

namespace rules::testing {

namespace {

std::string identifier(std::string text) {
  for (char& c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return text;
}

}  // namespace

std::vector<GameCase> all_game_cases() {
  std::vector<GameCase> cases;
  for (const GameDef& game : all_games()) {
    const std::string base = identifier(game.info.id);
    for (int players : game.info.player_counts) {
      cases.push_back({&game, GameConfig{players, {}}, base + "_" + std::to_string(players) + "p"});
    }
    const int fewest =
        *std::min_element(game.info.player_counts.begin(), game.info.player_counts.end());
    for (const OptionSpec& option : game.info.options) {
      for (const std::string& value : option.allowed) {
        if (value == option.default_value) continue;
        cases.push_back({&game, GameConfig{fewest, {{option.name, value}}},
                         base + "_" + std::to_string(fewest) + "p_" + identifier(option.name) +
                             "_" + identifier(value)});
      }
    }
  }
  return cases;
}

}  // namespace rules::testing
