#pragma once
// Iso-Path turn notation (rules-spec §2.7). Grammar, case-insensitive:
//   turn    := action [ " " action ] [ "#" ]      two actions in execution order, separated by
//                                                  whitespace; '#' ends a winning turn
//   action  := "T" cell "-" cell                   build: move the top tile of a cell
//            | cell "-" cell                       piece move
//            | "x" cell                            capture
//   cell    := row-letter index                    algebraic: a1..g4 (h5: a1..i5)
//            | number                              pocket83's numbering: 1..37 (h5: 1..61)
// Whitespace around '-' is tolerated. A trailing "{...}" annotation, "//" comment or ";" is
// ignored. Canonical output is algebraic, 'T' and 'x' as written above, '#' on the action that
// wins: "Tf3-b2 a2-b2", "xd1 e2-e1", "b2-a1#".

#include <string>
#include <string_view>

#include "rules/core/result.h"
#include "rules/iso_path/movegen.h"

namespace rules::iso_path {

// The cell a text names on this board (algebraic or number, any case), or -1.
int parse_cell(const Geometry& geo, std::string_view text);

// "Tf3-b2", "a2-b2", "xd1". No '#'.
std::string format_action(const Geometry& geo, const Action& action);
// Canonical text of a turn as played from `position`; '#' marks a legal winning turn.
std::string format_turn(const Position& position, Move move);

// Reads a turn. kBadNotation names the offending token. A '#' on a turn that is not a legal
// win here yields a code with kFalseWinClaim, which turn_error() rejects.
Result<Move> parse_turn(const Position& position, std::string_view text);

}  // namespace rules::iso_path
