#pragma once
// The cube-die model of rules-spec §0.2, shared by Mojave and Hexahedron Wars.
// An orientation is (top, north, east); bottom = 7-top, south = 7-north, west = 7-east.
// Dice are right-handed: with 1 on top and 2 facing you (south), 3 is on your right (east).
// Tipping does not commute, so callers must apply steps in the order they were made.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rules::dice {

enum class Tip : std::uint8_t { kNorth, kEast, kSouth, kWest };

struct Orientation {
  std::uint8_t top = 1;
  std::uint8_t north = 2;
  std::uint8_t east = 3;

  constexpr std::uint8_t bottom() const { return 7 - top; }
  constexpr std::uint8_t south() const { return 7 - north; }
  constexpr std::uint8_t west() const { return 7 - east; }
  constexpr bool operator==(const Orientation&) const = default;
};

// The east face of a right-handed die with the given top and north faces, or nullopt when the
// two faces cannot be adjacent (equal or opposite).
std::optional<std::uint8_t> east_face(int top, int north);

// Builds an orientation from top and north faces; nullopt when they are not adjacent.
std::optional<Orientation> make_orientation(int top, int north);

// All 24 orientations, in a fixed order (by top, then north): index i of a uniformly drawn
// i in [0, 24) is a "rolled" die.
const std::array<Orientation, 24>& all_orientations();
int orientation_index(Orientation o);

// The orientation after tipping one square towards `direction` (north = higher rank).
Orientation tip(Orientation o, Tip direction);

// The face towards a direction: north, east, south (7 - north) or west (7 - east).
constexpr int face_towards(Orientation o, Tip direction) {
  switch (direction) {
    case Tip::kNorth:
      return o.north;
    case Tip::kEast:
      return o.east;
    case Tip::kSouth:
      return o.south();
    default:
      return o.west();
  }
}

// True for the 24 orientations that a right-handed die can have.
bool is_valid(Orientation o);

// Compact text "TNE", e.g. "132"; parse_orientation is its inverse and validates.
std::string format_orientation(Orientation o);
std::optional<Orientation> parse_orientation(std::string_view text);

}  // namespace rules::dice
