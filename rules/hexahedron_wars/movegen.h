#pragma once
// Moves of Hexahedron Wars: the opaque code, generation of every legal move, and the walk that
// validates a move and tells apply() what it does. The notation is in notation.h.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/game.h"
#include "rules/hexahedron_wars/position.h"

namespace rules::hexahedron_wars {

// I-HW-27: no legal submission has more tokens: at most 3 steps, and at most 2 jumps over each
// opponent die (a second jump on the same line would land on a visited square), so 3 + 2 x 9
// with 4 players. The move code holds exactly this many.
inline constexpr int kMaxTokens = 21;

enum class MoveKind : std::uint8_t {
  kPlaceBlocker = 0,  // setup: "@c4"
  kMove = 1,          // "c1:N,jN,wE"
  kContinue = 2,      // after a won war: "+:W" or "+:end"
};

struct Token {
  bool jump = false;  // false: a step
  Dir dir = Dir::kNorth;

  bool operator==(const Token&) const = default;
};

struct MoveSpec {
  MoveKind kind = MoveKind::kMove;
  int square = 0;  // kMove: the die; kPlaceBlocker: the tile's square; kContinue: 0
  int count = 0;   // tokens used
  std::array<Token, kMaxTokens> tokens{};
  bool war = false;       // the last token is a war jump
  int place = kNoSquare;  // "@square" after a claiming step

  bool operator==(const MoveSpec&) const = default;
};

// True when the code can hold the move: at most kMaxTokens tokens, at most 3 steps, and no token
// reversing the one before it. Moves failing this are all illegal (see walk_move for why).
bool encodable(const MoveSpec& spec);
// Precondition: encodable(spec). The layout is described in movegen.cc.
Move encode(const MoveSpec& spec);
MoveSpec decode(Move move);

// Every legal move of the position, sorted; empty when the game is over.
std::vector<Move> generate_moves(const Game& g);

// What a legal move does, found by walking it.
struct Walk {
  int origin = kNoSquare;  // where the die stood before this submission
  int square = kNoSquare;  // where it stands before any war (the end of the walk otherwise)
  dice::Orientation die{};
  int steps_used = 0;
  int start_top = 0;
  Bits visited = 0;
  int claim = kNoSquare;       // square of the claimed blocker
  int war_target = kNoSquare;  // square of the defender
  int war_landing = kNoSquare;
};

// Walks the move and checks every rule; the error names the broken rule.
Result<Walk> walk_move(const Game& g, const MoveSpec& spec);

}  // namespace rules::hexahedron_wars
