#pragma once
// Conditional moves ("if you play X, I reply Y"): the checks of a seat's lines against the
// position they would be played in, and how stored lines follow the moves actually made. Pure:
// the play pipeline (services/play) loads, stores and plays the replies.
//
// A line is a sequence of moves in play order from the ply the lines are stored at. The moves
// of the other seats are its conditions, the owner's moves its replies: in a two-player game an
// alternation "X Y X2 Y2"; with more players, the moves of every seat that plays between the
// owner's turns come before each reply.

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

#include "services/domain/game_logic.h"

namespace domain {

using Line = std::vector<std::string>;

inline constexpr std::size_t kMaxLines = 32;      // lines per seat and game
inline constexpr std::size_t kMaxLineMoves = 40;  // moves per line

// Why a set of lines cannot be stored. `line` and `move` (0-based) name the move at fault, -1
// when the refusal is not about one move (the game, the seat, the turn, the list itself). kRules:
// the rules refused the move (rule_code); kBadRequest with a line: the line's shape (too long,
// past the game's end, after a move that draws at random, not ending with a reply, a reply
// another line contradicts).
struct LineRefusal {
  int line = -1;
  int move = -1;
  std::string text;  // that move as sent
  Refusal refusal;
};

// The lines of `account` checked on `game`: the game is active, the account seated and not to
// move. Each line is played forward with the rules: every move must be legal where it would be
// played, none may draw at random (the draws of later plies are secret), one seat is to move at
// each step, and the line ends with one of the owner's replies. Two lines that agree up to one
// of the owner's moves must make the same move there. Returns the lines in canonical notation.
std::variant<std::vector<Line>, LineRefusal> check_lines(const Catalog& catalog,
                                                         const GameRecord& game, Id account_id,
                                                         const std::vector<Line>& lines);

// The lines stored at some ply once `played` (the canonical moves made since) are on the board:
// those that begin with `played`, cut after it; a line played to its end is gone. A move that
// matches no line leaves none.
std::vector<Line> follow_lines(const std::vector<Line>& lines,
                               const std::vector<std::string>& played);

}  // namespace domain
