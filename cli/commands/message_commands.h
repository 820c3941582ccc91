#pragma once
// `hexpost say GAME TEXT...` (also `hexpost message`): a message to the other players of a game
// (POST /v1/games/{id}/messages); `hexpost messages GAME`: a game's messages, oldest first
// (GET /v1/games/{id}/messages, every page).

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace cli {

void add_message_commands(CLI::App& app, int& exit_code);

// A message as the CLI prints it, e.g. "[ply 3] ann 2026-11-26T21:13:04Z: good luck", each
// further line of the text indented by two spaces; ends in a newline.
std::string message_text(const nlohmann::json& message);

}  // namespace cli
