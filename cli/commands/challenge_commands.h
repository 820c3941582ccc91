#pragma once
// `hexpost challenge USER... --game G ...`, `seek`, `challenges`, `accept ID`, `decline ID`,
// `cancel ID`.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cli {

void add_challenge_commands(CLI::App& app, int& exit_code);

// "--bank I[+C][/M]" (days) -> {"bank":{"initial_days":I,"increment_days":C,"max_days":M}};
// nullopt when the text is malformed. C defaults to 0 and M to the server's default.
std::optional<nlohmann::json> parse_bank(const std::string& text);

// The game setup flags shared by challenges and tournaments: --days, --bank, --unclocked and
// --option key=value (repeatable).
struct GameSetupFlags {
  int days = 0;
  std::string bank;
  std::vector<std::string> options;
  bool unclocked = false;
};
void add_game_setup_options(CLI::App* cmd, GameSetupFlags& flags);
// {"options": {...}} plus "clock" when a flag chose one; throws CLI::ValidationError on a bad
// --option or --bank.
nlohmann::json game_setup_json(const GameSetupFlags& flags);

}  // namespace cli
