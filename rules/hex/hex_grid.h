#pragma once
// Axial hex coordinates shared by the hex games (rules-spec §0.3). Cube s = -q-r.
// Pointy-top direction order, counter-clockwise: E, NE, NW, W, SW, SE. Rotating a direction by
// +60 degrees takes the next one in that list.

#include <array>
#include <cstdlib>

namespace rules::hex {

struct Hex {
  int q = 0;
  int r = 0;

  constexpr int s() const { return -q - r; }
  constexpr Hex operator+(Hex o) const { return {q + o.q, r + o.r}; }
  constexpr Hex operator-(Hex o) const { return {q - o.q, r - o.r}; }
  constexpr bool operator==(const Hex&) const = default;
  constexpr auto operator<=>(const Hex&) const = default;
};

enum Direction : int { kE = 0, kNE = 1, kNW = 2, kW = 3, kSW = 4, kSE = 5 };

inline constexpr std::array<Hex, 6> kDirections = {Hex{1, 0},  Hex{0, 1},  Hex{-1, 1},
                                                   Hex{-1, 0}, Hex{0, -1}, Hex{1, -1}};
inline constexpr std::array<const char*, 6> kDirectionNames = {"E", "NE", "NW", "W", "SW", "SE"};

// Rotates by steps * 60 degrees counter-clockwise (negative steps: clockwise).
constexpr int rotate(int direction, int steps) { return ((direction + steps) % 6 + 6) % 6; }
constexpr int opposite(int direction) { return rotate(direction, 3); }
constexpr Hex neighbour(Hex h, int direction) { return h + kDirections[direction]; }

// Distance from the origin, and between two cells.
constexpr int length(Hex h) {
  int a = h.q < 0 ? -h.q : h.q, b = h.r < 0 ? -h.r : h.r, c = h.s() < 0 ? -h.s() : h.s();
  return a > b ? (a > c ? a : c) : (b > c ? b : c);
}
constexpr int distance(Hex a, Hex b) { return length(a - b); }

// The direction from a to an adjacent cell b, or -1 when they are not adjacent.
constexpr int direction_between(Hex a, Hex b) {
  for (int d = 0; d < 6; ++d) {
    if (neighbour(a, d) == b) return d;
  }
  return -1;
}

}  // namespace rules::hex
