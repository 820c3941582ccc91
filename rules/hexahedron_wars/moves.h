#pragma once
// Moves of Hexahedron Wars: the opaque code, generation of every legal move, the walk that
// validates a move and tells apply() what it does, and the notation (notation.cc).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/game.h"
#include "rules/hexahedron_wars/game.h"

namespace rules::hexahedron_wars {

// I-HW-27: a submission holds at most this many tokens (the 64-bit move code's capacity).
inline constexpr int kMaxTokens = 14;

enum class MoveKind : std::uint8_t {
  kPlaceBlocker = 0,  // setup: "@c4"
  kMove = 1,          // "c1:N,jN,wE"
  kContinue = 2,      // after a won war: "+:W" or "+:end"
};

struct Token {
  bool jump = false;  // false: a step
  Dir dir = Dir::kNorth;
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

// Bit layout, high to low: kind (2), square (6), tokens (14 x 3, first token highest), count
// (5), war (1), unused (1), place + 1 (7). A prefix therefore sorts before its extensions.
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

// Notation (§1.11 and README): parse relative to the position, format canonically.
Result<MoveSpec> parse_notation(const Game& g, std::string_view text);
std::string format_notation(const Game& g, const MoveSpec& spec);

}  // namespace rules::hexahedron_wars
