// hexpost: the companion client. Composition only; the commands live in cli/commands.

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands/exit_codes.h"
#include "cli/commands/rules_command.h"

int main(int argc, char** argv) {
  CLI::App app{"hexpost: play Hexpost correspondence games from the terminal", "hexpost"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "hexpost 0.1.0");
  int exit_code = cli::kExitOk;
  cli::add_rules_commands(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 uses its own 1xx codes; a usage error is always 2 here.
    return app.exit(e) == 0 ? cli::kExitOk : cli::kExitUsage;
  }
  return exit_code;
}
