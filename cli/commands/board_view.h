#pragma once
// Draws a game as the server describes it (GET /v1/games/{id}): the board, then the players,
// the last moves, the clocks and whose turn it is. Pure text in, text out (tested directly).
//
// The board is drawn here, with the rules library, from the game's `position`: with coordinates
// on every side, turned to the caller's seat (my side at the bottom where the game has sides),
// or to `from_seat`, or not turned at all with `no_rotate`. A game this client does not know
// shows the server's own drawing (`board`, from the caller's seat).
//
// With Style::unicode, empty cells ("." or ".." standing alone) become '·' and the title uses '·'
// as separator; with Style::color, each player's name takes its seat's colour, empty cells are dim
// and "Your turn" is bold green. Plain style is ASCII exactly as the server rendered it.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "cli/commands/remote.h"

namespace cli {

struct ViewOptions {
  Style style;
  bool legal = false;                           // list my legal moves
  int last_moves = 6;                           // how many recent moves to show
  std::optional<int> from_seat = std::nullopt;  // draw the board from this seat's side
  bool no_rotate = false;                       // draw the board in the game's default orientation
};

std::string render_game(const nlohmann::json& game, const ViewOptions& options);

// The board text alone, styled.
std::string style_board(const std::string& board, const Style& style);

// The usernames of every seat but the caller's, joined by `separator`; "-" when none.
std::string opponents_of(const nlohmann::json& game, const char* separator);

// A player's name in their seat colour.
std::string seat_name(const Style& style, int seat, const std::string& name);

}  // namespace cli
