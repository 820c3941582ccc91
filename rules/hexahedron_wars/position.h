#pragma once
// The position of a Hexahedron Wars game as plain data, and the rule primitives that move
// generation, validation and apply() share (rules-spec §1 with the IDs in README.md).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/random.h"
#include "rules/dice/cube_die.h"
#include "rules/hexahedron_wars/geometry.h"

namespace rules::hexahedron_wars {

inline constexpr int kNoSeat = -1;
inline constexpr std::uint8_t kNoTile = 0;    // tile values 1..6 are face-up victory blockers
inline constexpr std::uint8_t kFaceDown = 7;  // a claimed tile, re-placed face down
// I-HW-26: every game ends by this many plies (placements and continuations included).
inline constexpr int kPlyLimit = 400;

// Seat letters used in notation-free text (render, messages): A, B, C, D in turn order.
inline char seat_letter(int seat) { return static_cast<char>('A' + seat); }

struct Square {
  std::int8_t owner = kNoSeat;  // seat of the die standing here, or kNoSeat
  dice::Orientation die{};      // meaningful only when owner != kNoSeat
  std::uint8_t tile = kNoTile;
};

enum class Phase : std::uint8_t {
  kSetup,         // players place the victory blockers of the escalation option (I-HW-6)
  kPlay,          // `turn` moves one die
  kContinuation,  // `turn` won a war and may go on with the same die (I-HW-14)
  kOver,
};

enum class EndReason : std::uint8_t {
  kNone,
  kHome,      // a player has all its remaining dice in its finishing base (§1.10)
  kLastArmy,  // fewer than two players have dice left (I-HW-22)
  kStuck,     // nobody has a legal move (I-HW-22)
  kLimit,     // I-HW-26
  kResigned,  // a 2-player resignation, or all but one player resigned
};

// What a won war leaves for the continuation ply.
struct Continuation {
  int square = kNoSquare;  // the attacking die, now beyond the defeated one
  int steps_used = 0;      // steps taken before the war (I-HW-14: the rest stay usable)
  int start_top = 6;       // top face at the start of the turn, which fixed the allowance
  Bits visited = 0;        // squares the die stood on this turn (I-HW-9)
};

struct Game {
  const Geometry* geo = nullptr;
  int players = 2;
  int blocker_option = 0;  // victory blockers placed before play: 0, 2, 3 or 4
  std::array<Square, kMaxSquares> board{};
  std::array<Bits, kMaxSeats> dice{};  // squares of each seat's dice
  Bits tiles = 0;                      // squares holding a tile, either side up
  Phase phase = Phase::kPlay;
  EndReason end = EndReason::kNone;
  int first = 0;  // first player, drawn at creation (I-HW-4)
  int turn = 0;   // seat to move; after the end, the seat that moved last
  int ply = 0;
  int placements_left = 0;  // setup: blockers still to place, including the pending one
  int pending_value = 0;    // setup: value of the blocker to place now
  Continuation cont;
  std::array<int, kMaxSeats> claims{};  // victory blockers claimed (+1 point each)
  std::vector<int> resigned;            // seats in the order they resigned

  Bits occupied() const { return dice[0] | dice[1] | dice[2] | dice[3]; }
  Bits face_down() const;
  bool has_resigned(int seat) const;
  int die_count(int seat) const;
  void put_die(int square, int seat, dice::Orientation die);
  void remove_die(int square);
};

// Steps a die may take in a turn, fixed by its top face at the start (§1.5, I-HW-8).
inline int step_allowance(int top) { return top >= 5 ? 3 : top >= 3 ? 2 : 1; }

enum class StepCheck : std::uint8_t {
  kOk,
  kClaim,  // onto a face-up blocker with the matching top face: claims it
  kOffBoard,
  kOccupied,       // a die stands there
  kBlocked,        // a claimed tile blocks the square for the rest of the game
  kWrongFace,      // a face-up blocker whose number differs from the arriving top face
  kForbiddenBase,  // a base other than the die's own start and finishing bases
  kVisited,        // I-HW-9
};

// Checks a step of `seat`'s die from `from` towards `d`, arriving with top face `top_after`.
StepCheck check_step(const Game& g, int seat, int from, Dir d, int top_after, Bits visited,
                     int& to);

enum class JumpCheck : std::uint8_t {
  kOk,       // the landing is legal; the caller compares top faces (regular or war)
  kNoEnemy,  // no opponent die on the adjacent square (I-HW-10)
  kOffBoard,
  kLandingTaken,   // a die or a tile on the landing square
  kForbiddenBase,  // landing in a base other than the die's own two
  kVisited,        // I-HW-9
  kOutOfStart,     // a die in its starting base may not jump out of it [SRC]
};

JumpCheck check_jump(const Game& g, int seat, int from, Dir d, Bits visited, int& over, int& to);

// A die on any base square is safe from war jumps (I-HW-13).
inline bool war_target_safe(const Game& g, int square) { return g.geo->any_base() & bit(square); }

// Squares where a claimed tile may be re-placed face down (I-HW-18), given where the moving
// die started (`vacated`) and stands now (`standing`).
Bits tile_placement_squares(const Game& g, int vacated, int standing);
// Squares where a setup victory blocker may go (§1.4 step 4).
Bits setup_placement_squares(const Game& g);

// Score of a seat: top faces in its finishing base plus claimed blockers (§1.10).
int score(const Game& g, int seat);
// True when the seat has at least one legal move in the play phase.
bool has_any_move(const Game& g, int seat);

// Removes the surrounded dice of every seat but `mover` (I-HW-21); returns their squares.
std::vector<int> capture_surrounded(Game& g, int mover);
// Ends the game if §1.10 / I-HW-22 / I-HW-26 say so (not the "nobody can move" check).
void check_end(Game& g);
// Passes the turn after `mover`: next seat in turn order that has dice and a legal move
// (I-HW-7), or ends the game when nobody can move.
void advance_turn(Game& g, int mover);

// Sends a defeated die home (§1.7): rolled and put on the first empty square of its starting
// base (I-HW-15), or removed by the War Monger rule. Returns the record text of the effect.
std::string send_home(Game& g, int seat, int from_square, RandomSource& rng);

// A new game: dice in their bases (I-HW-5), 3-player corner blockers (I-HW-1, I-HW-24), first
// player (I-HW-4) and the first setup blocker value, all drawn from rng.
Game new_game(int players, int blocker_option, RandomSource& rng);

}  // namespace rules::hexahedron_wars
