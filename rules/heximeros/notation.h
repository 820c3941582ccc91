#pragma once
// HexiMeros move notation (rules-spec §5.7); the grammar is in heximeros.h.

#include <string>
#include <string_view>

#include "rules/core/result.h"
#include "rules/heximeros/position.h"

namespace rules::heximeros {

// Canonical text of `move` in `pos` (before it is played).
std::string format_move(const Position& pos, Move move);

// Reads a turn relative to `pos`: kBadNotation naming the offending token on bad syntax,
// kIllegalMove when the piece letter does not match the piece on the starting cell.
Result<Move> parse_move(const Position& pos, std::string_view text);

// A whole cell name in either spelling ("[0,-12]", "(0,-12)", "s24"); -1 if it is none.
int parse_cell(std::string_view text);

// The piece type for a letter (either case), kNone for anything else.
PieceType piece_type_from_letter(char letter);

}  // namespace rules::heximeros
