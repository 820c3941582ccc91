#pragma once
// Mojave board geometry and dice storage (rules-spec §3.2, §3.3).
// 15 files a-o across the short side, 18 ranks 1-18 along the long side. Red (seat 0) starts at
// rank 1, Black (seat 1) at rank 18. Directions are absolute and share their numbering with
// dice::Tip: 0 = N (towards rank 18), 1 = E (towards file o), 2 = S, 3 = W.
// A die's orientation is stored as its index in dice::all_orientations() (0..23).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rules::mojave {

inline constexpr int kFiles = 15;
inline constexpr int kRanks = 18;
inline constexpr int kSquares = kFiles * kRanks;
inline constexpr int kNoSquare = -1;
inline constexpr int kRed = 0;
inline constexpr int kBlack = 1;
inline constexpr int kDirections = 4;
inline constexpr int kOrientations = 24;
inline constexpr int kDicePerSide = 15;  // I-MJ-1: the spare "+1" die never enters play

constexpr int file_of(int square) { return square % kFiles; }
constexpr int rank_of(int square) { return square / kFiles; }  // 0-based: rank 1 is 0
constexpr int square_at(int file, int rank) { return rank * kFiles + file; }
constexpr int opposite(int direction) { return (direction + 2) % kDirections; }
constexpr int other_side(int side) { return 1 - side; }

// "e9" for square_at(4, 8).
std::string square_name(int square);
// Reads a square ("a1".."o18", lower case) at text[pos]; advances pos past it on success and
// leaves it unchanged on failure. The rank takes at most two digits.
std::optional<int> parse_square(std::string_view text, std::size_t& pos);
// Orders squares the way notation lists them: by file, then rank ("e9" before "f8").
bool notation_order(int a, int b);

// The square one step from `square` in `direction`, or kNoSquare off the board.
int neighbour(int square, int direction);
bool adjacent(int a, int b);

// Orientation tables built once from the shared cube-die model (rules/dice/cube_die.h).
int top_face(int orientation);
int tipped(int orientation, int direction);
// Index of the orientation (top, north); precondition: the faces are adjacent.
int orientation_of(int top, int north);

// Which die, if any, stands on each square. Copying a Board is a 272-byte memcpy.
class Board {
 public:
  bool empty(int square) const { return cells_[square] == 0; }
  // Preconditions for the three accessors: !empty(square).
  int owner(int square) const { return (cells_[square] - 1) / kOrientations; }
  int orientation(int square) const { return (cells_[square] - 1) % kOrientations; }
  int top(int square) const { return top_face(orientation(square)); }
  bool holds(int square, int side) const { return !empty(square) && owner(square) == side; }
  int count(int side) const { return counts_[side]; }

  // Preconditions: place() onto an empty square, remove() from an occupied one.
  void place(int square, int side, int orientation);
  void remove(int square);

  // The starting position of §3.3: 15 dice per side on its 3rd and 4th ranks, 1 on top, the 3
  // (3rd rank) or the 2 (4th rank) facing the centre of the board.
  static Board opening();

 private:
  std::array<std::uint8_t, kSquares> cells_{};  // 0 empty, else 1 + owner * 24 + orientation
  std::array<std::uint8_t, 2> counts_{};
};

}  // namespace rules::mojave
