#pragma once
// `hexpost server set|show`, `signup`, `login`, `logout`, `whoami`.

#include <CLI/CLI.hpp>

namespace cli {

void add_account_commands(CLI::App& app, int& exit_code);

}  // namespace cli
