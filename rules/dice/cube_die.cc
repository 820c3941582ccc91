#include "rules/dice/cube_die.h"

namespace rules::dice {

namespace {

// rules-spec §0.2: the east face of a right-handed die, by [top][north]; 0 = impossible pair.
constexpr std::uint8_t kEast[7][7] = {
    {0, 0, 0, 0, 0, 0, 0}, {0, 0, 4, 2, 5, 3, 0}, {0, 3, 0, 6, 1, 0, 4}, {0, 5, 1, 0, 0, 6, 2},
    {0, 2, 6, 0, 0, 1, 5}, {0, 4, 0, 1, 6, 0, 3}, {0, 0, 3, 5, 2, 4, 0},
};

std::array<Orientation, 24> build_all() {
  std::array<Orientation, 24> all{};
  int i = 0;
  for (int top = 1; top <= 6; ++top) {
    for (int north = 1; north <= 6; ++north) {
      if (kEast[top][north] != 0) {
        all[i++] = {static_cast<std::uint8_t>(top), static_cast<std::uint8_t>(north),
                    kEast[top][north]};
      }
    }
  }
  return all;
}

}  // namespace

std::optional<std::uint8_t> east_face(int top, int north) {
  if (top < 1 || top > 6 || north < 1 || north > 6 || kEast[top][north] == 0) return std::nullopt;
  return kEast[top][north];
}

std::optional<Orientation> make_orientation(int top, int north) {
  auto east = east_face(top, north);
  if (!east) return std::nullopt;
  return Orientation{static_cast<std::uint8_t>(top), static_cast<std::uint8_t>(north), *east};
}

const std::array<Orientation, 24>& all_orientations() {
  static const std::array<Orientation, 24> all = build_all();
  return all;
}

int orientation_index(Orientation o) {
  const auto& all = all_orientations();
  for (int i = 0; i < 24; ++i) {
    if (all[i] == o) return i;
  }
  return -1;
}

bool is_valid(Orientation o) {
  auto east = east_face(o.top, o.north);
  return east && *east == o.east;
}

Orientation tip(Orientation o, Tip direction) {
  const std::uint8_t t = o.top, n = o.north, e = o.east;
  switch (direction) {
    case Tip::kNorth:
      return {static_cast<std::uint8_t>(7 - n), t, e};
    case Tip::kSouth:
      return {n, static_cast<std::uint8_t>(7 - t), e};
    case Tip::kEast:
      return {static_cast<std::uint8_t>(7 - e), n, t};
    case Tip::kWest:
      return {e, n, static_cast<std::uint8_t>(7 - t)};
  }
  return o;
}

std::string format_orientation(Orientation o) {
  return {static_cast<char>('0' + o.top), static_cast<char>('0' + o.north),
          static_cast<char>('0' + o.east)};
}

std::optional<Orientation> parse_orientation(std::string_view text) {
  if (text.size() != 3) return std::nullopt;
  for (char c : text) {
    if (c < '1' || c > '6') return std::nullopt;
  }
  Orientation o{static_cast<std::uint8_t>(text[0] - '0'), static_cast<std::uint8_t>(text[1] - '0'),
                static_cast<std::uint8_t>(text[2] - '0')};
  if (!is_valid(o)) return std::nullopt;
  return o;
}

}  // namespace rules::dice
