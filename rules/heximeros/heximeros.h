#pragma once
// HexiMeros (M. J. Bemel, HBOD Systems): up to six players on a hexagonal board of flat-top
// cells around Ground Zero. Rules: rules-spec §5, the seed sheet, and rules/heximeros/README.md,
// which lists every interpretation (I-HM-n). The ruleset is PROVISIONAL: the board, armies and
// several piece moves are decisions of this project, kept as data in ruleset.h.
//
// Seats: seat 0 is Silver and moves first; play passes to the left (clockwise). 2 players:
// Silver, Orange; 3: Silver, Yellow, Green; 4: Silver, Blue, Orange, Green; 5: all but Red.
//
// Notation (case-insensitive, whitespace ignored, a trailing {...} annotation ignored):
//   turn     := move promotion? declaration* | command
//   move     := L? cell ('-'|'x') cell                 step, or capture onto the target
//             | 'M'? cell ('-'|'x') cell ('x'|'-') cell  Militant: step, then capture
//             | 'B'? cell '*' cell                     Archer shot; the Archer stays
//   L        := S R P A C D B X M H (Sovereign Regent Prelate Alcazar Cavalier Dreadnaught
//               Archer Assassin Militant Hatted-Militant; M also names a Hatted Militant)
//   cell     := '[' q ',' r ']' | '(' q ',' r ')'       axial, N = (0,+1); canonical
//             | ('e'|'w')digits? ('n'|'s')digits? | 'gz'  map reference: x = q, y = q + 2r
//   promotion   := '=' (R P A C D B X)   ('=H' accepted for the automatic hat)
//   declaration := '+' Colour            Colour = Silver Blue Yellow Orange Green Red or s b y o g
//   r command  := 'pass' | 'offer draw' | 'accept draw' | 'set object-self-check' ('on'|'off')
// Canonical output: letter, axial cells, 'x' exactly when something is captured (for the
// Dreadnaught: anything on its route), declarations in seat-colour order, e.g.
//   C[-1,-12]-[1,-9]   R[0,-11]x[0,-1]+Orange   M[0,-10]-[0,-9]x[1,-9]   B[2,-6]*[2,-3]
// 'offer draw' and 'set ...' are commands: they count as plies but keep the Token (I-HM-38).
//
// Serialized (one line, space-separated fields, all required):
//   heximeros <ruleset version> colours=<seat colours, e.g. SBYOGR> mover=<colour letter|->
//   ply=<n> quiet=<turns since a capture> commands=<0-3> scoring=<on|off>
//   objecting=<colour letters|-> offer=<colour letter|-> end=<none|sovereign|concession|
//   agreed|quiet|limit> out=<colour order reason, e.g. b1c,y2r|-> (c captured, r resigned,
//   n conceded, e expelled) points=<per seat> checks=<colour:declarers,...|->
//   pieces=<colour><Letter>[f][g]@q,r;...   (f: first move to come, g: Ground Zero bonus)
//
// Sample render (2 players, start; the whole board is 74 columns wide, cut here):
//   HexiMeros, ruleset provisional-1 (provisional), ply 0
//   Silver (s): to move, objects to self-check
//   Orange (o): in, objects to self-check
//       w w w w w w w w w w w w w w w w 0 e e e e e e e e e e e e e e e e
//       1 1 1 1 1 1 1                       1 1 1 1 1 1 1
//       6 5 4 3 2 1 0 9 8 7 6 5 4 3 2 1   1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6
//   n25                   ..  ..  ..  ..  ..  ..  ..  ..                   n25
//   n24                 ..  ..  ..  ..  ..  ..  ..  ..  ..                 n24
//   n23               ..  ..  ..  ..  ..  ..  ..  ..  ..  ..               n23
//   ...
//   n24                 ..  oA  oB  oX  oC  oS  oC  oX  oB  oA  ..     (illustrative)

#include <optional>

#include "rules/core/game.h"

namespace rules::heximeros {

GameDef definition();

// Expulsion (§5.5, I-HM-33): the seat leaves as by resignation and scores -500 on top. A
// tournament-director action, not a move; the State must be a HexiMeros state.
std::optional<RuleError> expel(State& state, int seat);

}  // namespace rules::heximeros
