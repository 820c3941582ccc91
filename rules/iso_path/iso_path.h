#pragma once
// Hexagonal Iso-Path (pocket83, 2017), two players. Rules: rules/iso_path/README.md, from the
// rule sheets (shared/seeds/001_f43f56476ff64d3f.txt) and rules-spec §2.
//
// Options:
//   board   h4 | h5   default h4   h4: 37 cells, 4 pieces each; h5: 61 cells, 5 pieces (I-IP-5)
// Seats: seat `white-seat` (drawn at creation, purpose "first-player") plays White and moves
// first (I-IP-1). GameInfo::max_plies = 300 turns (I-IP-4).
//
// Notation (one turn per line, case-insensitive; see notation.h for the grammar):
//   Tf3-b2 a2-b2     build (move the top tile of f3 onto b2), then move the piece a2 to b2
//   xd1 e2-e1        capture on d1, then a piece move;  x16 24-23 is the same in numbers
//   b2-a1#           a single winning action ends the turn; '#' marks the winning action
// Cells: algebraic a1..g4 (rows a..g from White's home, cells from the west) or pocket83's
// numbers 1..37 (h5: a1..i5, 1..61). Canonical output is algebraic.
//
// Serialized position (one line, space-separated key=value fields, always in this order):
//   iso-path board=h4 white-seat=0 turns=0 to-move=white
//     cells=WWWW/11111/111111/1111111/111111/11111/BBBB result=none history=-
//   cells: rows a.. from the top, '/' between rows; a cell is W (White piece, height 2),
//          B (Black piece, height 0) or its tile count 0/1/2 when empty.
//   result: none | <white|black>:<home-row|last-piece|no-turn|resignation>
//           | draw:<repetition|turn-limit>   (the colour is the winner)
//   history: '-' or the 16-hex-digit hashes of the earlier positions since the last capture,
//            oldest first, comma-separated (repetition, I-IP-4).
//
// render() with default options (White's home row on top; rotated 180 degrees when the
// perspective seat plays White):
//   Iso-Path h4, turn 1: white (seat 0) to move
//   a       W   W   W   W           1-4   white home
//   b     1   1   1   1   1         5-9
//   c   1   1   1   1   1   1       10-15
//   d 1   1   1   1   1   1   1     16-22
//   e   1   1   1   1   1   1       23-28
//   f     1   1   1   1   1         29-33
//   g       B   B   B   B           34-37 black home
//   W white piece (on 2 tiles), B black piece (on the board), digits: tiles on an empty cell

#include "rules/core/game.h"

namespace rules::iso_path {

GameDef definition();

}  // namespace rules::iso_path
