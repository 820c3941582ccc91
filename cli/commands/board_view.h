#pragma once
// Draws a game as the server describes it (GET /v1/games/{id}): the board (rendered by the
// server from the caller's seat, so from my side where the game has sides), then the players,
// the last moves, the clocks and whose turn it is. Pure text in, text out (tested directly).
//
// With Style::unicode, empty cells ("." or ".." standing alone) become '·' and the title uses '·'
// as separator; with Style::color, each player's name takes its seat's colour, empty cells are dim
// and "Your turn" is bold green. Plain style is ASCII exactly as the server rendered it.

#include <nlohmann/json.hpp>
#include <string>

#include "cli/commands/remote.h"

namespace cli {

struct ViewOptions {
  Style style;
  bool legal = false;  // list my legal moves
  int last_moves = 6;  // how many recent moves to show
};

std::string render_game(const nlohmann::json& game, const ViewOptions& options);

// The board text alone, styled.
std::string style_board(const std::string& board, const Style& style);

// A player's name in their seat colour.
std::string seat_name(const Style& style, int seat, const std::string& name);

}  // namespace cli
