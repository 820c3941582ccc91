#pragma once
// Hex Quoridor (rule sheet seeds/003; rules-spec §4; rules and interpretation IDs in
// rules/hex_quoridor/README.md). Quoridor on a hexagonal board with 3-segment zig-zag fences,
// for 2, 3, 4 or 6 players, with team play for 4 and 6.
//
// Notation (rules-spec §4.8; case-insensitive, spaces ignored, "{...}" and "//..." ignored):
//   move  := cell | fence | "pass"
//   cell  := row number        row a..i from the south (a..q on the largest board), number
//                              from the west starting at 1: "e5" is the centre of 61 cells
//   fence := "F" cell dir sign dir in E NE NW W SW SE, sign + or -: "Fe5E+", "Fc3NW-"
// A pawn move names the destination, for steps and jumps alike. A fence is named by the cell
// Y and direction d of its middle segment and the turn s of its ends; Y d s and (Y+d) (-d) s
// name the same fence, and the canonical name has d in {E, NE, NW}. "pass" is legal only
// when no other move is (I-HQ-4). Canonical output: "e5", "Fe5E+", "pass".
//
// Serialized position (one line, fields separated by single spaces):
//   hex-quoridor size=5 teams=off ply=3 turn=1 seats=a3:8,h3:9 fences=Fe5E+
//   size    cells per side (5, 7, 9)        teams  on | off (the option)
//   ply     plies played (passes included)  turn   seat to move (0-based)
//   seats   per seat, comma-separated: <cell>:<fences in hand>, or eliminated@<k>:<n> /
//           resigned@<k>:<n> where k orders exits (1 = first out; equal k = same fence)
//   fences  placed fences in placement order, canonical names, or "-"
//
// Sample render() of "hex-quoridor size=5 teams=off ply=3 turn=1 seats=a3:8,h3:8
// fences=Fe5E+,Fc3NW-" (perspective -1: north at the top). Pawns show their seat number; a
// fence is drawn as the three edges it covers: '|' between east-west neighbours, '\' and '/'
// on the spacer lines between rows. Fe5E+ is the '\ | \' to the right of e5; Fc3NW- is the
// '\ / \' above c3 (in a block comment, because a line comment must not end in '\'):
/*
   Hex Quoridor, 61 cells, ply 3: seat 1 to move
     i          .   .   .   .   .

     h        .   .   1   .   .   .

     g      .   .   .   .   .   .   .

     f    .   .   .   .   .   .   .   .
                         \
     e  .   .   .   .   . | .   .   .   .
                           \
     d    .   .   .   .   .   .   .   .
                 \ / \
     c      .   .   .   .   .   .   .

     b        .   .   .   .   .   .

     a          .   .   0   .   .
   seat 0 (S, goal N): pawn a3, 8 fences
   seat 1 (N, goal S): pawn h3, 8 fences, to move
   fences placed: Fe5E+ Fc3NW-
*/

#include "rules/core/game.h"

namespace rules::hex_quoridor {

GameDef definition();

}  // namespace rules::hex_quoridor
