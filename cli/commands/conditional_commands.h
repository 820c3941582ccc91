#pragma once
// Conditional moves: `hexpost move GAME_ID --if "X Y X2 Y2"` stores a line (X the opponent's
// move, Y my reply, ...; with more players, the moves of every seat before mine, then my reply),
// `hexpost conditional list GAME_ID` shows my lines and `hexpost conditional clear GAME_ID`
// deletes them (GET, PUT, DELETE /v1/games/{id}/conditional).

#include <CLI/CLI.hpp>
#include <string>

#include "cli/client/client.h"

namespace cli {

void add_conditional_commands(CLI::App& app, int& exit_code);

// Adds the line `moves` (moves separated by white space, or by commas when the notation holds
// spaces: "Tb1-b2 a1-b2, Tc1-c2 a2-b3") to my stored lines: it replaces a
// stored line it extends, and is not added again when a stored line already begins with it.
// Prints the lines as stored (or the answer with `raw`). Returns the exit code.
int store_conditional_line(Client& client, const std::string& game_id, const std::string& moves,
                           bool raw);

}  // namespace cli
