#pragma once
// `hexpost tournament create|start|withdraw|join|show|pairings`: the organiser's and the
// entrant's commands (POST /v1/tournaments, POST /v1/tournaments/{id}/start|withdraw|join,
// GET /v1/tournaments/{id}?format=text[&round=N]). `show` and `pairings` print the server's text
// form unchanged, so the CLI and `?format=text` always agree.

#include <CLI/CLI.hpp>

namespace cli {

void add_tournament_commands(CLI::App& app, int& exit_code);

}  // namespace cli
