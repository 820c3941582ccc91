// The cube-die model of rules-spec §0.2.

#include <gtest/gtest.h>

#include <set>

#include "rules/dice/cube_die.h"

namespace rules::dice {
namespace {

Orientation walk(Orientation o, std::initializer_list<Tip> steps) {
  for (Tip t : steps) o = tip(o, t);
  return o;
}

TEST(CubeDie, HasExactly24RightHandedOrientations) {
  std::set<std::string> seen;
  for (const Orientation& o : all_orientations()) {
    EXPECT_TRUE(is_valid(o));
    seen.insert(format_orientation(o));
    EXPECT_EQ(orientation_index(o), static_cast<int>(seen.size()) - 1);
  }
  EXPECT_EQ(seen.size(), 24u);
}

TEST(CubeDie, OneUpTwoSouthPutsThreeEast) {
  // Right-handed: 1 on top and 2 facing you (south, so north is 5) puts 3 on your right (east).
  EXPECT_EQ(east_face(1, 5), 3);
  EXPECT_FALSE(east_face(1, 6).has_value());
  EXPECT_FALSE(east_face(2, 2).has_value());
}

TEST(CubeDie, CheckValuesFromTheSpec) {
  EXPECT_EQ(walk({1, 3, 2}, {Tip::kNorth}), (Orientation{4, 1, 2}));
  EXPECT_EQ(walk({3, 6, 2}, {Tip::kNorth, Tip::kNorth, Tip::kEast}).top, 5);
  EXPECT_EQ(walk({3, 6, 2}, {Tip::kEast, Tip::kNorth, Tip::kNorth}).top, 2);
  EXPECT_EQ(walk({6, 5, 4}, {Tip::kNorth, Tip::kEast}), (Orientation{3, 6, 2}));
  EXPECT_EQ(walk({6, 5, 4}, {Tip::kEast, Tip::kNorth}), (Orientation{2, 3, 6}));
}

TEST(CubeDie, TippingKeepsValidityAndOppositeTipsUndo) {
  for (const Orientation& o : all_orientations()) {
    EXPECT_EQ(walk(o, {Tip::kNorth, Tip::kSouth}), o);
    EXPECT_EQ(walk(o, {Tip::kEast, Tip::kWest}), o);
    EXPECT_EQ(walk(o, {Tip::kNorth, Tip::kNorth, Tip::kNorth, Tip::kNorth}), o);
    for (Tip t : {Tip::kNorth, Tip::kEast, Tip::kSouth, Tip::kWest}) {
      EXPECT_TRUE(is_valid(tip(o, t))) << format_orientation(o);
    }
  }
}

TEST(CubeDie, ParsesOnlyValidOrientations) {
  EXPECT_EQ(parse_orientation("132"), (Orientation{1, 3, 2}));
  EXPECT_FALSE(parse_orientation("123").has_value());  // left-handed
  EXPECT_FALSE(parse_orientation("16").has_value());
  EXPECT_FALSE(parse_orientation("1x2").has_value());
}

}  // namespace
}  // namespace rules::dice
