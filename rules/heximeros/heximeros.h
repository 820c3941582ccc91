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
//   move     := L? cell ('-'|'x') cell                   step, or capture onto the target
//             | 'M'? cell ('-'|'x') cell ('x'|'-') cell  Militant: step, then capture
//             | 'B'? cell '*' cell                       Archer shot; the Archer stays
//   L        := S R P A C D B X M H (Sovereign, Regent, Prelate, Alcazar, Cavalier, Dreadnaught,
//               Archer, Assassin, Militant, Hatted Militant; M also names a Hatted Militant)
//   cell     := '[' q ',' r ']' | '(' q ',' r ')'        axial, N = (0,+1); canonical
//             | ('e'|'w')n? ('n'|'s')n? | 'gz'          map reference: x = q, y = q + 2r
//   promotion   := '=' (R P A C D B X)   ('=H' is accepted for the automatic hat)
//   declaration := '+' Colour            Silver Blue Yellow Orange Green Red, or s b y o g r
//   command  := 'pass' | 'offer draw' | 'accept draw' | 'set object-self-check' ('on'|'off')
// Canonical output: the letter, axial cells, 'x' exactly when something is captured (for the
// Dreadnaught: anything on its route), declarations in colour order, e.g.
//   C[-4,-10]-[-2,-7]   R[2,-1]x[2,11]+Orange   M[0,-10]-[0,-9]x[1,-9]   B[2,-6]*[2,-3]
//   M[2,-2]-[2,-1]=R    D[-4,-2]x[-4,2]
// 'offer draw' and 'set ...' are commands: they count as plies but keep the Token (I-HM-38).
//
// Serialized (one line, space-separated fields, all required):
//   heximeros <ruleset version> colours=<seat colours: SO|SYG|SBOG|SBYOG|SBYOGR>
//   mover=<colour letter|-> ply=<n> quiet=<turns since a capture> commands=<0-3>
//   scoring=<on|off> objecting=<colour letters|-> offer=<colour letter|->
//   end=<none|sovereign|concession|agreed|quiet|limit>
//   out=<colour, order, reason,...|->  e.g. b1c,y2r (c captured, r resigned, n conceded,
//                                      e expelled)
//   points=<capture and promotion points per seat> checks=<colour:declarers,...|->
//   pieces=<colour><Letter>[f][g]@q,r;...   (f: first move to come, g: Ground Zero bonus)
//
// Sample render (two players at the start; the middle rows are cut here):
//   HexiMeros, ruleset provisional-1 (provisional), ply 0
//   Silver (s): to move, objects to self-check
//   Orange (o): in, objects to self-check
//       w w w w w w w w w w w w w w w w 0 e e e e e e e e e e e e e e e e
//       1 1 1 1 1 1 1                                       1 1 1 1 1 1 1
//       6 5 4 3 2 1 0 9 8 7 6 5 4 3 2 1   1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6
//   n25                   ..  oB  oX  oA  oA  oX  oB  ..                   n25
//   n24                 ..  ..  oC  oP  oS  oP  oC  ..  ..                 n24
//   n23               ..  ..  ..  oD  ..  oR  oD  ..  ..  ..               n23
//   n22                 ..  ..  ..  ..  ..  ..  ..  ..  ..                 n22
//   n21               ..  ..  oM  oM  oM  oM  oM  oM  ..  ..               n21
//   n20             ..  ..  ..  oM  oM  oM  oM  oM  ..  ..  ..             n20
//   ...
//     0 ..  ..  ..  ..  ..  ..  ..  ..  ()  ..  ..  ..  ..  ..  ..  ..  ..   0
//   ...
//   s20             ..  ..  ..  sM  sM  sM  sM  sM  ..  ..  ..             s20
//   s21               ..  ..  sM  sM  sM  sM  sM  sM  ..  ..               s21
//   s22                 ..  ..  ..  ..  ..  ..  ..  ..  ..                 s22
//   s23               ..  ..  ..  sD  sR  ..  sD  ..  ..  ..               s23
//   s24                 ..  ..  sC  sP  sS  sP  sC  ..  ..                 s24
//   s25                   ..  sB  sX  sA  sA  sX  sB  ..                   s25
//       (rulers again, then a legend)
// RenderOptions: perspective turns the board so that seat's side is at the bottom; focus (a
// cell in either spelling) crops to 12 columns and lines around it and lists the pieces shown
// with both cell names; detailed lists every piece.

#include <optional>

#include "rules/core/game.h"

namespace rules::heximeros {

GameDef definition();

// Expulsion (§5.5, I-HM-33): the seat leaves as by resignation and scores -500 on top. A
// tournament-director action, not a move; the State must be a HexiMeros state.
std::optional<RuleError> expel(State& state, int seat);

}  // namespace rules::heximeros
