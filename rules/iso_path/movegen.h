#pragma once
// Iso-Path actions and complete turns (rules-spec §2.4-2.6): the move code, applying turns,
// the fast legal-turn generator, and the rule checks that explain an illegal turn.
//
// Move code (opaque outside this folder; never stored):
//   bits 14..27  first action      bits 0..13  second action (0: a single, winning action)
//   action = kind << 12 | from << 6 | to; a capture keeps its cell in `from` and to = 0
//   bit 28       set only by parse_move: the text ended in '#' but the turn does not win
// Kinds are ordered build < move < capture, so the numeric order of codes is the order the
// generator produces them in: first-action kind, its cells, then the second action.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/iso_path/position.h"

namespace rules::iso_path {

enum class ActionKind : std::uint8_t { kNone = 0, kBuild = 1, kMove = 2, kCapture = 3 };

struct Action {
  ActionKind kind = ActionKind::kNone;
  int from = 0;  // a build's source, a move's origin, a capture's cell
  int to = 0;    // a build's destination, a move's target; 0 for a capture

  bool operator==(const Action&) const = default;
};

inline constexpr Move kFalseWinClaim = Move{1} << 28;

constexpr Move encode_action(const Action& action) {
  return static_cast<Move>(action.kind) << 12 | static_cast<Move>(action.from) << 6 |
         static_cast<Move>(action.to);
}
constexpr Move encode_turn(const Action& first, const Action& second = {}) {
  return encode_action(first) << 14 | encode_action(second);
}
constexpr Action decode_action(Move bits) {
  return Action{static_cast<ActionKind>(bits >> 12 & 3), static_cast<int>(bits >> 6 & 63),
                static_cast<int>(bits & 63)};
}

struct Turn {
  Action first;
  Action second;  // kind kNone for a single winning action
  bool false_win_claim = false;
};
constexpr Turn decode_turn(Move move) {
  return Turn{decode_action(move >> 14 & 0x3fff), decode_action(move & 0x3fff),
              (move & kFalseWinClaim) != 0};
}

// Whether a code has the layout above with cells on this board. Codes come from parse_turn
// or the generator; anything else (a stale or foreign code) is refused before cells are read.
bool well_formed(const Geometry& geo, Move move);

// Applies one action of the side to move, which keeps the move. Precondition: legal here.
// Returns true when the action wins: a piece enters the opponent's home row, or the
// opponent's last piece is captured.
bool apply_action(Position& position, const Action& action);

struct TurnEffect {
  bool won = false;
  bool captured = false;
};
// Applies a legal turn and passes the move to the opponent.
TurnEffect apply_turn(Position& position, Move move);

// Every legal complete turn of the side to move, in increasing code order (so sorted and
// unique). Appends to `out`. The position is not checked for a finished game.
void list_turns(const Position& position, std::vector<Move>& out);
// The number of legal complete turns, without listing them.
std::uint64_t count_turns(const Position& position);
// Whether the side to move has any legal complete turn (I-IP-3).
bool has_turn(const Position& position);
// Whether, after a first action of kind `used` left `after`, an action of another kind exists.
bool has_second_action(const Position& after, ActionKind used, CellSet capturable);

// The rules one action can break, checked in this order per kind:
//   build:   kSameCell, kOwnHomeRow, kPieceOnSource, kNoTileToTake, kPieceOnTarget, kTargetFull
//   move:    kNoPiece, kNotYourPiece, kStays, kNotAdjacent, kOccupied, kHeightOne, kWrongHeight
//   capture: kNoEnemyPiece, kNotThreatened
enum class Violation : std::uint8_t {
  kNone,
  kEmpty,
  kSameCell,
  kOwnHomeRow,
  kPieceOnSource,
  kNoTileToTake,
  kPieceOnTarget,
  kTargetFull,
  kNoPiece,
  kNotYourPiece,
  kStays,
  kNotAdjacent,
  kOccupied,
  kHeightOne,
  kWrongHeight,
  kNoEnemyPiece,
  kNotThreatened,
};

struct ActionCheck {
  Violation violation = Violation::kNone;
  int cell = 0;  // the cell the broken rule is about
};

// Whether `action` is legal on its own for the side to move. `capturable` is the threat set from
// the start of the turn. No strings: fast enough for brute-force enumeration.
ActionCheck check_action(const Position& position, const Action& action, CellSet capturable);
// The broken rule in words: "b2 is in your home row".
std::string describe(const Position& position, const Action& action, const ActionCheck& check);
// check_action() and describe() together: nullopt when legal.
std::optional<std::string> action_error(const Position& position, const Action& action,
                                        CellSet capturable);
// Why the turn is illegal ("second action: b2 is in your home row"), or nullopt.
std::optional<std::string> turn_error(const Position& position, Move move);
// Whether a legal turn wins the game.
bool turn_wins(const Position& position, Move move);

}  // namespace rules::iso_path
