#pragma once
// Hexahedron Wars: Mobile Strike (Clockwork Contraptions), for 2, 3 or 4 players.
// Rules: rules/hexahedron_wars/README.md (rules-spec §1 with every interpretation ID).
//
// Notation (rules-spec §1.11; case-insensitive, tokens separated by commas or spaces):
//   move          <square>:<token>[,<token>...][@<square>]     "c1:N,N"  "d2:N,jN,E"  "e3:wN"
//   token         N | E | S | W        step: tip the die one square
//                 jN | jE | jS | jW    regular jump over an adjacent opponent die
//                 wN | wE | wS | wW    war jump; must be the last token
//   claim         "b4:E@f5": the step onto a face-up blocker claims it, @f5 re-places it face down
//   continuation  "+:<token>[,...]" or "+:end", the next ply after a won war (same player)
//   setup         "@c4": place the pending victory blocker on c4 (escalation option)
// A trailing "{...}" annotation is ignored. apply() returns the canonical text plus the effects:
//   "e3:wN {war 5-3 win; e4 -> d7 top 2}"   rolls (attacker-defender, ties listed), defender home
//   "e3:wN {war 4-4, 2-6 loss; e3 -> a1 top 5}"   attacker home
//   "c4:wE {war 1-3 loss; c4 removed (war monger)}"   starting base full
//   "b4:E@f5 {claimed c4 +1}"  "@c4 {next blocker 5}"  "d6:E {captured d7}"  "... {game over}"
//
// Serialized (one line, space-separated key=value fields, in this order):
//   hexahedron-wars players=2 blockers=0 ply=0 first=0 turn=0 phase=play end=-
//     setup=- dice=a1:A654,b1:A654,... tiles=- claims=0,0 resigned=- cont=-
//   phase: setup | play | cont | over; end: - | home | lastarmy | stuck | limit | resigned
//   setup: <blockers left>:<value to place> or -; dice: <square>:<seat letter><top north east>
//   tiles: <square>:<value 1-6> face up, <square>:x face down; resigned: seats as 2.0
//   cont: <square>:<steps used>:<start top>:<visited squares joined by .> after a won war
//
// render() (2 players, default perspective; "::" empty home-base square, "#3" face-up blocker
// showing 3, "##" face-down blocker, "A6" seat A's die with 6 on top; perspective turns the
// board so that the seat's forward direction points up; detailed adds every die's orientation):
//   Hexahedron Wars: Mobile Strike - 2 players, ply 0, A to move
//         a  b  c  d  e  f  g
//     7  B6 B6 B6 B6 B6 B6 B6   7
//     6   .  .  .  .  .  .  .   6
//   ...
//     1  A6 A6 A6 A6 A6 A6 A6   1
//         a  b  c  d  e  f  g
//   A (south, seat 0): 7 dice, finishes on a7 b7 c7 d7 e7 f7 g7, score 0
//   B (north, seat 1): 7 dice, finishes on a1 b1 c1 d1 e1 f1 g1, score 0

#include "rules/core/game.h"

namespace rules::hexahedron_wars {

GameDef definition();

}  // namespace rules::hexahedron_wars
