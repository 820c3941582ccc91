#include "rules/heximeros/geometry.h"

#include <algorithm>

namespace rules::heximeros {

namespace {

// Twice the projection of cell (q, r) on the unit vector of flat axis (fq, fr), in the picture
// where flats have length 1: an integer, +2 per step along the axis.
int projection(Coord c, Coord axis) {
  return 2 * c.q * axis.q + c.q * axis.r + c.r * axis.q + 2 * c.r * axis.r;
}

Coord axis_vector(int axis) { return {kAxisVectors[axis][0], kAxisVectors[axis][1]}; }

}  // namespace

AxisStep axis_between(Coord from, Coord to) {
  const int dq = to.q - from.q, dr = to.r - from.r;
  for (int axis = 0; axis < kAxes; ++axis) {
    const Coord v = axis_vector(axis);
    const int steps = v.q != 0 ? dq / v.q : dr / v.r;
    if (steps > 0 && steps * v.q == dq && steps * v.r == dr) return {axis, steps};
  }
  return {};
}

const Geometry& Geometry::get() {
  static const Geometry geometry;
  return geometry;
}

Geometry::Geometry() {
  build_cells();
  build_leaps();
  build_regions();
}

int Geometry::cell_at(Coord c) const {
  const int first_q = kBoardColumns.front().q;
  const int index = c.q - first_q;
  if (index < 0 || index >= static_cast<int>(kBoardColumns.size())) return -1;
  const BoardColumn& column = kBoardColumns[index];
  if (c.r < column.r_min || c.r > column.r_max) return -1;
  return column_start_[index] + (c.r - column.r_min);
}

void Geometry::build_cells() {
  int cell = 0;
  for (std::size_t i = 0; i < kBoardColumns.size(); ++i) {
    column_start_[i] = cell;
    for (int r = kBoardColumns[i].r_min; r <= kBoardColumns[i].r_max; ++r) {
      coords_[cell++] = {kBoardColumns[i].q, r};
    }
  }
  coords_[kWall] = {1000, 1000};
  for (int c = 0; c <= kCells; ++c) {
    for (int axis = 0; axis < kAxes; ++axis) {
      const Coord v = axis_vector(axis);
      const int next = c == kWall ? -1 : cell_at({coords_[c].q + v.q, coords_[c].r + v.r});
      neighbours_[c][axis] = static_cast<std::int16_t>(next < 0 ? kWall : next);
    }
  }
  ground_zero_ = cell_at({0, 0});
  min_x_ = max_x_ = min_y_ = max_y_ = 0;
  for (int c = 0; c < kCells; ++c) {
    const int x = coords_[c].q, y = coords_[c].q + 2 * coords_[c].r;
    min_x_ = std::min(min_x_, x);
    max_x_ = std::max(max_x_, x);
    min_y_ = std::min(min_y_, y);
    max_y_ = std::max(max_y_, y);
  }
}

void Geometry::build_leaps() {
  for (int bonus = 0; bonus < 2; ++bonus) {
    leaps_[bonus].assign(kCells + 1, {});
    leap_sources_[bonus].assign(kCells + 1, {});
    const auto& shapes = bonus ? kCavalierBonusLeaps : kCavalierLeaps;
    for (int from = 0; from < kCells; ++from) {
      auto& targets = leaps_[bonus][from];
      for (int axis = 1; axis < kAxes; axis += 2) {
        for (int turn : {-1, 1}) {
          for (const Leap& leap : shapes) {
            // Every cell of the route must be on the board (I-HM-7).
            int c = from;
            for (int i = 0; i < leap.straight && c != kWall; ++i) c = step(c, axis);
            for (int i = 0; i < leap.turned && c != kWall; ++i) c = step(c, turn_axis(axis, turn));
            if (c != kWall) targets.push_back(static_cast<std::int16_t>(c));
          }
        }
      }
      std::sort(targets.begin(), targets.end());
      targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
      for (int to : targets) leap_sources_[bonus][to].push_back(static_cast<std::int16_t>(from));
    }
  }
}

void Geometry::build_regions() {
  std::array<int, kColours> lowest{};
  for (int colour = 0; colour < kColours; ++colour) {
    const Coord forward = axis_vector(kForward[colour]);
    const int first = turn_axis(kForward[colour], 1), second = turn_axis(kForward[colour], -1);
    capture_axes_[colour] = static_cast<std::uint16_t>(
        (1u << first) | (1u << second) | (1u << (kForward[colour] + 1) % kAxes) |
        (1u << (kForward[colour] + kAxes - 1) % kAxes));
    for (int c = 0; c < kCells; ++c) {
      progress_[c][colour] = static_cast<std::int8_t>(projection(coords_[c], forward));
      lowest[colour] = std::min(lowest[colour], static_cast<int>(progress_[c][colour]));
    }
  }
  for (int c = 0; c < kCells; ++c) {
    const int nearest = *std::min_element(progress_[c].begin(), progress_[c].end());
    for (int colour = 0; colour < kColours; ++colour) {
      if (progress_[c][colour] != nearest) continue;
      hextants_[c] |= static_cast<std::uint8_t>(1u << colour);
      if ((progress_[c][colour] - lowest[colour]) / 2 < kBaseLineRows) {
        base_lines_[c] |= static_cast<std::uint8_t>(1u << colour);
      }
    }
    if (base_lines_[c] == 0) flags_[c] |= kShootingPost;
  }
  for (int axis = 1; axis < kAxes; axis += 2) {
    const int c = step(ground_zero_, axis);
    if (c != kWall) flags_[c] |= kNextToGroundZero;
  }
}

int Geometry::rotate_clockwise(int cell, int steps) const {
  Coord c = coords_[cell];
  for (int i = 0; i < ((steps % 6) + 6) % 6; ++i) c = {c.q + c.r, -c.q};
  return cell_at(c);
}

const std::string& cell_name(int cell) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all(kCells + 1);
    for (int c = 0; c < kCells; ++c) {
      const Coord at = Geometry::get().coord(c);
      all[c] = "[" + std::to_string(at.q) + "," + std::to_string(at.r) + "]";
    }
    all[kWall] = "[off the board]";
    return all;
  }();
  return names[cell];
}

std::string map_reference(int cell) {
  const Coord c = Geometry::get().coord(cell);
  const int x = c.q, y = c.q + 2 * c.r;
  if (x == 0 && y == 0) return "gz";
  std::string name;
  if (x != 0) name += (x > 0 ? "e" : "w") + std::to_string(x > 0 ? x : -x);
  if (y != 0) name += (y > 0 ? "n" : "s") + std::to_string(y > 0 ? y : -y);
  return name;
}

}  // namespace rules::heximeros
