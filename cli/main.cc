// hexpost: the companion client. Composition only; the commands live in cli/commands.

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands/account_commands.h"
#include "cli/commands/bot_command.h"
#include "cli/commands/challenge_commands.h"
#include "cli/commands/community_commands.h"
#include "cli/commands/conditional_commands.h"
#include "cli/commands/exit_codes.h"
#include "cli/commands/game_commands.h"
#include "cli/commands/inbox_command.h"
#include "cli/commands/message_commands.h"
#include "cli/commands/move_commands.h"
#include "cli/commands/remote.h"
#include "cli/commands/rules_command.h"
#include "cli/commands/tournament_commands.h"
#include "cli/commands/verify_command.h"

int main(int argc, char** argv) {
  CLI::App app{"hexpost: play Hexpost correspondence games from the terminal", "hexpost"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "hexpost 0.1.0");
  app.footer(
      "Server: `hexpost server set URL` or HEXPOST_SERVER; token: `hexpost login` or "
      "HEXPOST_TOKEN.\nExit codes: `hexpost help exit-codes`.");
  int exit_code = cli::kExitOk;
  cli::set_json_errors(cli::json_requested(argc, argv));
  cli::add_rules_commands(app, exit_code);
  cli::add_account_commands(app, exit_code);
  cli::add_game_commands(app, exit_code);
  cli::add_move_commands(app, exit_code);
  cli::add_conditional_commands(app, exit_code);
  cli::add_challenge_commands(app, exit_code);
  cli::add_verify_command(app, exit_code);
  cli::add_community_commands(app, exit_code);
  cli::add_tournament_commands(app, exit_code);
  cli::add_inbox_command(app, exit_code);
  cli::add_message_commands(app, exit_code);
  cli::add_bot_commands(app, exit_code);
  cli::add_help_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 uses its own 1xx codes; a usage error is always 2 here.
    if (e.get_exit_code() != 0 && cli::json_errors()) {
      return cli::report_problem("usage", e.what(), cli::kExitUsage);
    }
    return app.exit(e) == 0 ? cli::kExitOk : cli::kExitUsage;
  }
  return exit_code;
}
