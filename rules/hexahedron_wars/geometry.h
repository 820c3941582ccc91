#pragma once
// The board of Hexahedron Wars as data (I-HW-2, I-HW-3): its size, its home bases, which seat
// starts where and where its dice finish. Everything else in the game reads these tables, so a
// confirmed official board only changes layout_specs() in geometry.cc.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/dice/cube_die.h"

namespace rules::hexahedron_wars {

// Squares are numbered rank-major from a1: index = (rank - 1) * width + file. Bitboards are
// std::uint64_t, so a board has at most 64 squares.
inline constexpr int kMaxSquares = 64;
inline constexpr int kMaxSeats = 4;
inline constexpr int kNoSquare = -1;

using Bits = std::uint64_t;
inline constexpr Bits bit(int square) { return Bits{1} << square; }

// Directions in notation order; the values index Geometry::neighbour and match dice::Tip.
enum class Dir : std::uint8_t { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };
inline constexpr std::array<Dir, 4> kAllDirs = {Dir::kNorth, Dir::kEast, Dir::kSouth, Dir::kWest};
inline dice::Tip to_tip(Dir d) { return static_cast<dice::Tip>(d); }
char dir_letter(Dir d);

// One home base as drawn on the board.
struct BaseSpec {
  std::string name;                  // "south", "SW"
  std::vector<std::string> squares;  // in placement order (I-HW-15: file, then rank)
  dice::Orientation start;           // orientation of its dice at setup (I-HW-5)
  int finish = -1;                   // index of the base where these dice finish
  Dir forward = Dir::kNorth;         // towards the finishing base; up in render()
};

// A board and the bases a player count uses.
struct LayoutSpec {
  int width = 7;
  int height = 7;
  std::vector<BaseSpec> bases;  // every marked base, in clockwise turn order
  std::vector<int> seat_base;   // seat -> base index, seats in turn order
  int blocker_base = -1;        // base filled with random victory blockers (3 players), or -1
};

// A LayoutSpec compiled into lookup tables for move generation.
class Geometry {
 public:
  explicit Geometry(const LayoutSpec& spec);

  int width() const { return width_; }
  int height() const { return height_; }
  int squares() const { return width_ * height_; }
  int seats() const { return static_cast<int>(start_.size()); }

  // The square one step away in `d`, or kNoSquare off the board.
  int neighbour(int square, Dir d) const { return neighbour_[square][static_cast<int>(d)]; }
  Bits start_base(int seat) const { return start_[seat]; }
  Bits finish_base(int seat) const { return finish_[seat]; }
  Bits any_base() const { return any_base_; }
  Bits blocker_base() const { return blocker_base_; }
  // Squares this seat's dice may stand on: outside every base, or in its own two bases.
  Bits allowed(int seat) const { return allowed_[seat]; }
  // Start-base squares of `seat` in the order a returning die fills them (I-HW-15).
  const std::vector<int>& start_order(int seat) const { return start_order_[seat]; }
  const std::vector<int>& blocker_squares() const { return blocker_squares_; }
  dice::Orientation start_orientation(int seat) const { return start_orientation_[seat]; }
  const std::string& base_name(int seat) const { return base_name_[seat]; }
  Dir forward(int seat) const { return forward_[seat]; }

  std::string square_name(int square) const;
  // kNoSquare when the text is not a square of this board.
  int parse_square(std::string_view text) const;
  // "a1-g1" or "a1 b1 a2": a readable list of a base.
  std::string describe(Bits squares) const;

 private:
  int width_, height_;
  std::array<std::array<int, 4>, kMaxSquares> neighbour_{};
  std::vector<Bits> start_, finish_, allowed_;
  std::vector<std::vector<int>> start_order_;
  std::vector<dice::Orientation> start_orientation_;
  std::vector<std::string> base_name_;
  std::vector<Dir> forward_;
  std::vector<int> blocker_squares_;
  Bits any_base_ = 0, blocker_base_ = 0;
};

// The compiled board for 2, 3 or 4 players; nullptr for other counts. A new layout must keep
// at most 64 squares and at most 9 opponent dice per seat (the move code, movegen.h).
const Geometry* geometry_for(int players);
// The data behind geometry_for (exposed for tests and documentation).
LayoutSpec layout_spec(int players);

}  // namespace rules::hexahedron_wars
