#pragma once
// Mojave (George Rönnau, 2004): two players, 15 tilting dice each on an 18x15 board; a die
// moves exactly its top value in squares with at most one 90-degree turn, and captures compare
// top faces or their sums. Rules as implemented, with every interpretation ID:
// rules/mojave/README.md (source: kreativzeitnetz.de/spiele/wuerfelstraegie.html, rules-spec §3).
//
// Seats: 0 = Red (starts on ranks 3-4), 1 = Black (ranks 15-16). Who moves first is drawn at
// create() with purpose "first-player", bound 2 (0 = red) [I-MJ-2].
//
// Notation (§3.8; case-insensitive, whitespace optional, trailing "{...}" or "// ..." ignored):
//   move    := square leg [leg] [result] | square "-" square [result] | "pass"
//   square  := file rank              file a-o (a = west), rank 1-18 (1 = Red's edge)
//   leg     := dir count              dir N E S W (N = towards rank 18), count 1-2 digits >= 1
//   result  := "=" top { "xx" square } { "x" square } [ "zz" square {"," square} ["trapped"] ]
// Examples: b3N1, d6N2E1, d6E1N2 (same square, other final top), b3-b4 (= b3N1, straight
// only), pass (only when no die can move). Canonical output is the path (straight moves as
// one leg) plus the result, e.g. "d6N2E1 =5 x e9 x f8": "=" the final top face, "xx" own dice
// removed (lost combat or left behind by a withdrawal), "x" opposing dice removed, "zz" the
// opposing dice put in zugzwang, "trapped" if they had no answer and were removed. On input
// the result is optional; if present it must match the move exactly (in any order) [I-MJ-9].
//
// Serialized (one line, space-separated, fields in this order):
//   mojave 1 to=red quiet=0 passes=0 resigned=none adjudication=none zugzwang=none
//     red=b3:132,d3:132,... black=a15:153,...
//   quiet = plies since a die was removed; passes = consecutive passes; zugzwang = none or
//   "d6>e9,f8" (attacking die > attacked dice of the side to move); each die is square:TNE
//   (top, north, east faces; §0.2), listed by rank then file.
//
// render() (default options; detailed shows "R132" per die, perspective 1 puts Black below):
//        a  b  c  d  e  f  g  h  i  j  k  l  m  n  o
//    18  .  .  .  .  .  .  .  .  .  .  .  .  .  .  . 18
//    17  .  .  .  .  .  .  .  .  .  .  .  .  .  .  . 17
//    16  . B1  . B1  . B1  . B1  . B1  . B1  . B1  . 16
//    15 B1  . B1  . B1  . B1  . B1  . B1  . B1  . B1 15
//   ...
//     4 R1  . R1  . R1  . R1  . R1  . R1  . R1  . R1  4
//     3  . R1  . R1  . R1  . R1  . R1  . R1  . R1  .  3
//   ...
//        a  b  c  d  e  f  g  h  i  j  k  l  m  n  o
//   red (R) 15 dice, black (B) 15 dice
//   red to move
//   plies without a removal: 0 of 100

#include "rules/core/game.h"

namespace rules::mojave {

GameDef definition();

}  // namespace rules::mojave
