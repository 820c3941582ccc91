#pragma once
// Move generation for HexiMeros, in three layers:
//   1. board effects: play_on_board()/take_back() move pieces, capture, promote, hat and set the
//      first-move and Ground Zero flags; the same code serves apply() and look-ahead;
//   2. pseudo-legal moves: what the pieces can do by their movement rules alone, and attack
//      queries ("under attack" = some other player could capture it on his next move, §5.4);
//   3. legal moves: pseudo-legal moves filtered by declared check (I-HM-12, I-HM-28) and by
//      the self-check objection (I-HM-13), each expanded by the check declarations it allows.
// Hot paths use only the precomputed tables of geometry.h; no strings are built.

#include <optional>
#include <string>
#include <vector>

#include "rules/core/result.h"
#include "rules/heximeros/position.h"

namespace rules::heximeros {

// ---- 1. Board effects -------------------------------------------------------------------------
// The cells a move changed, with their previous contents, in order.
struct Undo {
  int count = 0;
  std::array<std::int16_t, 12> cell{};
  std::array<Piece, 12> before{};
};

// Precondition: `move` is a pseudo-legal kStep, kStepCapture or kShot in `board`.
void play_on_board(Board& board, Move move, Undo& undo);
void take_back(Board& board, const Undo& undo);

// Promotion rules (§5.3, I-HM-23, I-HM-24): may the piece moving from `from` to `to` be
// promoted, and is an unpromoted Militant hatted by that move?
bool may_promote(Piece piece, int from, int to);
bool gets_hat(Piece piece, int from, int to);

// ---- 2. Pseudo-legal moves and attacks ------------------------------------------------------
// Appends the moves of the piece on `from` (promotions expanded, no declarations).
void piece_moves(const Board& board, int from, std::vector<Move>& out);
void colour_moves(const Board& board, int colour, std::vector<Move>& out);

// Which colours may own the pieces that attack without a clear path; a superset is always
// correct, a tighter one saves work.
struct AttackScope {
  std::uint8_t sweepers = 0x3F;  // Dreadnaughts
  std::uint8_t leapers = 0x3F;   // Cavaliers
  std::uint8_t two_part = 0x3F;  // Militants with a first move or a Ground Zero bonus to come
};

// The colours in `colours` with a piece that could capture the piece on `target` on their next
// move (never the target's own colour). With `first_only`, stops at the first one found.
std::uint8_t attackers(const Board& board, int target, std::uint8_t colours,
                       bool first_only = false, const AttackScope& scope = {});

// ---- 3. Legal moves ---------------------------------------------------------------------------
// What the check rules say about one pseudo-legal move of the colour holding the Token.
struct Verdict {
  bool relieves = true;         // leaves no pending declared check unrelieved
  int objector = -1;            // an objecting colour the move newly exposes the Sovereign to
  std::uint8_t declarable = 0;  // other Sovereigns the mover attacks after the move
};

// Sorted and unique; empty when the game is over.
std::vector<Move> legal_moves(const Position& pos);

// Empty when `move` is legal; otherwise the rule it breaks, in the game's own words.
std::optional<RuleError> check_move(const Position& pos, Move move);

// Recomputes Position::sovereign_cell and Position::threats.
void refresh_derived(Position& pos);

// The colours whose declared check on `colour` is still binding: declared and still attacking.
std::uint8_t binding_checks(const Position& pos, int colour);

}  // namespace rules::heximeros
