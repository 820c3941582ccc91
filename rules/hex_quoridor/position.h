#pragma once
// The rules of Hex Quoridor on a position value: pawn moves and jumps (rules-spec §4.6), fence
// placement with path checks, elimination and fence transfer (§4.3, §4.7), turn order and the
// end of the game. No text here except the reasons a move is illegal (move_errors.cc);
// notation.cc and state.cc turn positions and moves into text.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/hex_quoridor/geometry.h"

namespace rules::hex_quoridor {

inline constexpr int kMaxSeats = 6;
// I-HQ-9: a game with no winner after this many plies (passes included) is drawn.
inline constexpr int kPlyLimit = 1000;

// Seats sit on sides in increasing side order (rules-spec §4.4); seat i is on seat_sides(n)[i].
const std::vector<int>& seat_sides(int players);
// Fences each player starts with (rules-spec §4.3 [SRC]); the same on every board size (I-HQ-7).
int fence_supply(int players);

enum class SeatStatus : std::uint8_t { kPlaying, kEliminated, kResigned };

struct Seat {
  int side = 0;
  int cell = -1;  // -1 once the pawn has left the board
  int fences = 0;
  SeatStatus status = SeatStatus::kPlaying;
  int exit_order = 0;  // 1 for the first exit event, 2 for the next...; 0 while playing
};

// Moves are codes kind << 16 | cell << 4 | dir << 1 | sign, so that legal_moves() sorts pawn
// moves (by destination name order) before fences (by canonical name) before the pass.
enum MoveKind : int { kPawnMove = 0, kFenceMove = 1, kPassMove = 2 };
constexpr std::uint64_t pawn_move(int cell) { return static_cast<std::uint64_t>(cell) << 4; }
constexpr std::uint64_t fence_move(int cell, int dir, int sign) {
  return (std::uint64_t{kFenceMove} << 16) | (static_cast<std::uint64_t>(cell) << 4) |
         (static_cast<std::uint64_t>(dir) << 1) | static_cast<std::uint64_t>(sign);
}
inline constexpr std::uint64_t kPass = std::uint64_t{kPassMove} << 16;
constexpr int move_kind(std::uint64_t m) { return static_cast<int>(m >> 16); }
constexpr int move_cell(std::uint64_t m) { return static_cast<int>((m >> 4) & 0xfff); }
constexpr int move_dir(std::uint64_t m) { return static_cast<int>((m >> 1) & 7); }
constexpr int move_sign(std::uint64_t m) { return static_cast<int>(m & 1); }

struct Position {
  const Geometry* geo = nullptr;
  int players = 2;
  bool teams = false;  // the "teams" option; effective only with 4 or 6 players (I-HQ-12)
  int ply = 0;
  int turn = 0;
  std::array<Seat, kMaxSeats> seats{};
  std::vector<int> placed;  // fence ids, in the order they were placed
  EdgeSet blocked;          // the edges covered by placed fences

  // Free-for-all games are played by teams of one.
  int team_of(int seat) const { return teams && players >= 4 ? seat / 2 : seat; }
  bool team_play() const { return teams && players >= 4; }
  bool playing(int seat) const { return seats[seat].status == SeatStatus::kPlaying; }
  int playing_count() const;
  // The seat whose pawn is on a cell, or -1.
  int pawn_at(int cell) const;
  // The seat whose pawn stands on its goal side, or -1.
  int seat_at_goal() const;
  bool finished() const;
  // The winning team, or -1 while the game goes on or after a draw.
  int winning_team() const;
};

// A new game: pawns on the middle of their sides, fences handed out, `first` to move.
Position initial_position(int side, int players, bool teams, int first);

// Destinations of the pawn of the seat to move, by step or jump, as a cell set.
CellSet pawn_destinations(const Position& pos);

// Seats (bit i = seat i) still playing that would have no path to their goal side if `extra`
// edges were blocked as well. Pawns are ignored, as in standard Quoridor (rules-spec §4.7).
unsigned cut_off_seats(const Position& pos, const EdgeSet& blocked);
bool has_path(const Geometry& geo, const EdgeSet& blocked, int from, const CellSet& goal);

// Whether placing the fence with that cut-off set is allowed to the seat to move (I-HQ-6):
// the placer keeps a path; at least two players stay in; in team play nobody is cut off.
bool cut_allowed(const Position& pos, unsigned cut);

// The legal moves, sorted; the pass only when nothing else is legal (I-HQ-4). Empty when the
// game is over.
std::vector<std::uint64_t> legal_moves(const Position& pos);

// Empty when the move is legal, else the rule it breaks, in the game's own words.
std::optional<std::string> move_error(const Position& pos, std::uint64_t move);

// Applies a legal move (precondition: move_error is empty).
void apply_move(Position& pos, std::uint64_t move);

// The seat leaves the game (I-HQ-11). Precondition: the seat is playing and the game is on.
void resign_seat(Position& pos, int seat);

// Canonical fence name, "Fe5E+"; the pieces may describe a fence that does not fit.
std::string fence_name(const Geometry& geo, int cell, int dir, int sign);
std::string fence_name(const Geometry& geo, const Fence& fence);

}  // namespace rules::hex_quoridor
