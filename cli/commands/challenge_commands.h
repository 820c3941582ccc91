#pragma once
// `hexpost challenge USER... --game G ...`, `seek`, `challenges`, `accept ID`, `decline ID`,
// `cancel ID`.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace cli {

void add_challenge_commands(CLI::App& app, int& exit_code);

// "--bank I[+C][/M]" (days) -> {"bank":{"initial_days":I,"increment_days":C,"max_days":M}};
// nullopt when the text is malformed. C defaults to 0 and M to the server's default.
std::optional<nlohmann::json> parse_bank(const std::string& text);

}  // namespace cli
