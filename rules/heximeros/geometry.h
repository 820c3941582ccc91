#pragma once
// HexiMeros geometry (rules-spec §0.3, §5.2): flat-top cells in axial [q,r] with Ground Zero at
// [0,0], twelve movement axes, and the precomputed tables the move generator reads instead of
// scanning the board: neighbours per axis, Cavalier leaps in both directions, hextants, Base
// Lines, Center-Line progress and the Archer's shooting posts. Everything is derived from the
// data in ruleset.h.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/heximeros/ruleset.h"

namespace rules::heximeros {

constexpr int count_cells() {
  int cells = 0;
  for (const BoardColumn& column : kBoardColumns) cells += column.r_max - column.r_min + 1;
  return cells;
}

inline constexpr int kCells = count_cells();
// The off-board sentinel: stepping off the board lands here, and it holds a wall piece.
inline constexpr int kWall = kCells;
static_assert(kCells < 1024, "move codes keep cells in 10 bits");

// The twelve axes, counter-clockwise from east in 30-degree steps. Odd axes are flats (through
// a shared edge), even axes are lines (through a shared corner, to the cell two rows away,
// passing between the two flanking cells). Turning by 60 degrees adds 2; the opposite axis
// adds 6.
inline constexpr int kAxes = 12;
inline constexpr std::array<std::array<int, 2>, kAxes> kAxisVectors = {{
    {2, -1},
    {1, 0},
    {1, 1},
    {0, 1},
    {-1, 2},
    {-1, 1},
    {-2, 1},
    {-1, 0},
    {-1, -1},
    {0, -1},
    {1, -2},
    {1, -1},
}};
inline constexpr std::array<const char*, kAxes> kAxisNames = {"E", "NE", "ENE", "N", "WNW", "NW",
                                                              "W", "SW", "WSW", "S", "ESE", "SE"};

constexpr bool is_flat(int axis) { return (axis & 1) != 0; }
constexpr int opposite_axis(int axis) { return (axis + 6) % kAxes; }
constexpr int turn_axis(int axis, int sixty_degree_steps) {
  return ((axis + 2 * sixty_degree_steps) % kAxes + kAxes) % kAxes;
}

struct Coord {
  int q = 0;
  int r = 0;
  bool operator==(const Coord&) const = default;
};

// Where `to` lies from `from` along one axis: the axis and the number of steps, or axis -1.
struct AxisStep {
  int axis = -1;
  int steps = 0;
};
AxisStep axis_between(Coord from, Coord to);

class Geometry {
 public:
  static const Geometry& get();

  Coord coord(int cell) const { return coords_[cell]; }
  // The cell at `c`, or -1 when `c` is off the board.
  int cell_at(Coord c) const;
  // The next cell along `axis`, or kWall.
  int step(int cell, int axis) const { return neighbours_[cell][axis]; }
  int ground_zero() const { return ground_zero_; }
  bool next_to_ground_zero(int cell) const { return (flags_[cell] & kNextToGroundZero) != 0; }

  // Cavalier leap destinations from `cell`, and the cells whose leaps land on `cell`; `bonus`
  // selects the doubled leaps of a Cavalier that ended its last move on Ground Zero.
  const std::vector<std::int16_t>& leaps(int cell, bool bonus) const { return leaps_[bonus][cell]; }
  const std::vector<std::int16_t>& leap_sources(int cell, bool bonus) const {
    return leap_sources_[bonus][cell];
  }

  // Colour masks: the hextants containing `cell` (two on a boundary ray, six at Ground Zero)
  // and the Base Lines it belongs to (I-HM-23).
  std::uint8_t hextants(int cell) const { return hextants_[cell]; }
  std::uint8_t base_lines(int cell) const { return base_lines_[cell]; }
  // The Archer may shoot only from a shooting post: any cell off every Base Line (I-HM-21).
  bool shooting_post(int cell) const { return (flags_[cell] & kShootingPost) != 0; }
  // Twice the signed distance of the cell centre ahead of `colour`'s Center Line, measured
  // along its forward flat: negative on its own side, >= 0 on or beyond the line (I-HM-3).
  int progress(int cell, int colour) const { return progress_[cell][colour]; }
  // The axes along which a Militant of `colour` captures (I-HM-16), as a 12-bit mask.
  std::uint16_t militant_capture_axes(int colour) const { return capture_axes_[colour]; }

  // The cell turned clockwise about Ground Zero by 60 degrees per step (-1 if off the board).
  int rotate_clockwise(int cell, int steps) const;

  // Bounds of the doubled-height picture: x = q, y = q + 2r.
  int min_x() const { return min_x_; }
  int max_x() const { return max_x_; }
  int min_y() const { return min_y_; }
  int max_y() const { return max_y_; }

 private:
  Geometry();
  void build_cells();
  void build_leaps();
  void build_regions();

  static constexpr std::uint8_t kShootingPost = 1;
  static constexpr std::uint8_t kNextToGroundZero = 2;

  std::array<Coord, kCells + 1> coords_{};
  std::array<std::array<std::int16_t, kAxes>, kCells + 1> neighbours_{};
  std::array<int, kBoardColumns.size()> column_start_{};
  std::array<std::vector<std::vector<std::int16_t>>, 2> leaps_;
  std::array<std::vector<std::vector<std::int16_t>>, 2> leap_sources_;
  std::array<std::uint8_t, kCells + 1> hextants_{};
  std::array<std::uint8_t, kCells + 1> base_lines_{};
  std::array<std::uint8_t, kCells + 1> flags_{};
  std::array<std::array<std::int8_t, kColours>, kCells + 1> progress_{};
  std::array<std::uint16_t, kColours> capture_axes_{};
  int ground_zero_ = 0;
  int min_x_ = 0, max_x_ = 0, min_y_ = 0, max_y_ = 0;
};

// Cell names. Canonical: axial "[q,r]" (rules-spec §5.7). Alias, easier to type and printed on
// the rendering's rulers: the map reference "<e|w><|x|><n|s><|y|>" of the doubled-height
// picture (x = q, y = q + 2r), a zero part left out, "gz" for Ground Zero; "[0,-12]" is "s24",
// "[3,-14]" is "e3s25".
const std::string& cell_name(int cell);
std::string map_reference(int cell);

}  // namespace rules::heximeros
