#include "rules/hexahedron_wars/geometry.h"

#include <algorithm>
#include <cassert>
#include <charconv>

namespace rules::hexahedron_wars {

char dir_letter(Dir d) { return "NESW"[static_cast<int>(d)]; }

namespace {

// I-HW-5: 6 on top, 5 towards the base's forward direction, 2 towards its own edge.
constexpr dice::Orientation kFacingNorth{6, 5, 4};  // south base / SW corner
constexpr dice::Orientation kFacingSouth{6, 2, 3};  // north base / NE corner
constexpr dice::Orientation kFacingEast{6, 3, 5};   // NW corner
constexpr dice::Orientation kFacingWest{6, 4, 2};   // SE corner

LayoutSpec two_player_layout() {
  // I-HW-2: 7x7; each side's home base is its whole back rank.
  LayoutSpec spec;
  spec.bases = {
      {"south", {"a1", "b1", "c1", "d1", "e1", "f1", "g1"}, kFacingNorth, 1, Dir::kNorth},
      {"north", {"a7", "b7", "c7", "d7", "e7", "f7", "g7"}, kFacingSouth, 0, Dir::kSouth},
  };
  spec.seat_base = {0, 1};
  return spec;
}

LayoutSpec corner_layout(int players) {
  // I-HW-3: a corner base is the corner and its two orthogonal neighbours, listed in file
  // order then rank (I-HW-15). Clockwise turn order SW, NW, NE, SE (I-HW-4); each finishes in
  // the diagonally opposite corner.
  LayoutSpec spec;
  spec.bases = {
      {"SW", {"a1", "a2", "b1"}, kFacingNorth, 2, Dir::kNorth},
      {"NW", {"a6", "a7", "b7"}, kFacingEast, 3, Dir::kEast},
      {"NE", {"f7", "g6", "g7"}, kFacingSouth, 0, Dir::kSouth},
      {"SE", {"f1", "g1", "g2"}, kFacingWest, 1, Dir::kWest},
  };
  if (players == 3) {
    spec.seat_base = {0, 1, 2};
    spec.blocker_base = 3;  // I-HW-24: the SE corner holds the blockers; NW must clear them
  } else {
    spec.seat_base = {0, 1, 2, 3};
  }
  return spec;
}

}  // namespace

LayoutSpec layout_spec(int players) {
  return players == 2 ? two_player_layout() : corner_layout(players);
}

Geometry::Geometry(const LayoutSpec& spec) : width_(spec.width), height_(spec.height) {
  assert(width_ * height_ <= kMaxSquares && width_ <= 26);
  for (int s = 0; s < squares(); ++s) {
    const int file = s % width_, rank = s / width_;
    neighbour_[s] = {rank + 1 < height_ ? s + width_ : kNoSquare,
                     file + 1 < width_ ? s + 1 : kNoSquare, rank > 0 ? s - width_ : kNoSquare,
                     file > 0 ? s - 1 : kNoSquare};
  }
  auto base_bits = [&](const BaseSpec& base, std::vector<int>* order) {
    Bits bits = 0;
    for (const std::string& name : base.squares) {
      const int square = parse_square(name);
      assert(square != kNoSquare);
      bits |= bit(square);
      if (order) order->push_back(square);
    }
    return bits;
  };
  for (const BaseSpec& base : spec.bases) any_base_ |= base_bits(base, nullptr);
  for (int base_index : spec.seat_base) {
    const BaseSpec& base = spec.bases[base_index];
    start_order_.emplace_back();
    start_.push_back(base_bits(base, &start_order_.back()));
    finish_.push_back(base_bits(spec.bases[base.finish], nullptr));
    allowed_.push_back((~any_base_ | start_.back() | finish_.back()) &
                       (squares() == 64 ? ~Bits{0} : bit(squares()) - 1));
    start_orientation_.push_back(base.start);
    base_name_.push_back(base.name);
    forward_.push_back(base.forward);
  }
  if (spec.blocker_base >= 0) {
    blocker_base_ = base_bits(spec.bases[spec.blocker_base], &blocker_squares_);
  }
}

std::string Geometry::square_name(int square) const {
  return static_cast<char>('a' + square % width_) + std::to_string(square / width_ + 1);
}

int Geometry::parse_square(std::string_view text) const {
  if (text.size() < 2) return kNoSquare;
  const char letter = static_cast<char>(text[0] | 0x20);  // case-insensitive (§0.1)
  const int file = letter - 'a';
  int rank = 0;
  auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), rank);
  if (ec != std::errc() || end != text.data() + text.size() || text[1] == '0') return kNoSquare;
  if (file < 0 || file >= width_ || rank < 1 || rank > height_) return kNoSquare;
  return (rank - 1) * width_ + file;
}

std::string Geometry::describe(Bits squares_bits) const {
  std::string out;
  for (int s = 0; s < squares(); ++s) {
    if (squares_bits & bit(s)) out += (out.empty() ? "" : " ") + square_name(s);
  }
  return out;
}

const Geometry* geometry_for(int players) {
  static const Geometry two(layout_spec(2)), three(layout_spec(3)), four(layout_spec(4));
  switch (players) {
    case 2:
      return &two;
    case 3:
      return &three;
    case 4:
      return &four;
    default:
      return nullptr;
  }
}

}  // namespace rules::hexahedron_wars
