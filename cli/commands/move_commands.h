#pragma once
// `hexpost move`, `resign`, `draw offer|accept|decline`, `abort`, `leave`, `vote`,
// `accept-seat`, `record`, `watch`.
//
// `move GAME_ID MOVE` fetches the game, then posts {"move", "ply"} with the ply the board was
// fetched at and one Idempotency-Key generated for this invocation. A request that got no answer
// (connection refused, reset, timeout) is retried with the same key and body, so the server
// stores the move at most once and replays its first answer.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/client/client.h"

namespace cli {

void add_move_commands(CLI::App& app, int& exit_code);

// Posts a move with retries on network errors (same key each time); returns the 201 body.
// `attempts` counts tries in total; waits 0.2 s, 0.4 s, ... between them.
Response post_move(Client& client, const std::string& game_id, const std::string& move, int ply,
                   const std::string& idempotency_key, int attempts = 4);

}  // namespace cli
