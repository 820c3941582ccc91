#pragma once
// `hexpost games`, `next`, `show` (read-only views of my games).

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace cli {

void add_game_commands(CLI::App& app, int& exit_code);

// The order of `hexpost games`: my turn first, then the most urgent deadline (the deadline of
// the seat to move; no deadline last), then the server's order. Pure; tested directly.
void sort_games_for_list(nlohmann::json& games);

}  // namespace cli
