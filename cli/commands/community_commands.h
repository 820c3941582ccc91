#pragma once
// `hexpost vacation [DAYS]`, `tournaments`, `ratings [GAME]`, and `hexpost help exit-codes`.
// The first three follow the contracts of the clocks and tournament work (GET/POST
// /v1/me/vacation; GET /v1/tournaments, GET /v1/ratings/{game}). `tournament ...`:
// tournament_commands.h.

#include <CLI/CLI.hpp>
#include <iosfwd>

namespace cli {

void add_community_commands(CLI::App& app, int& exit_code);
void add_help_command(CLI::App& app, int& exit_code);

// The text of `hexpost help exit-codes`.
void print_exit_codes(std::ostream& out);

}  // namespace cli
