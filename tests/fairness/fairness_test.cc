// The fairness scheme of lib/fairness/fairness.h. Expected values were computed
// independently with Python's hashlib and hmac modules, so these pin the scheme itself.

#include "lib/fairness/fairness.h"

#include <gtest/gtest.h>

#include <array>

namespace fairness {
namespace {

const Bytes kZeroSeed(32, 0);

TEST(Fairness, CommitmentIsSha256OfTheServerSeed) {
  EXPECT_EQ(commitment(kZeroSeed),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
}

TEST(Fairness, DrawsFollowTheHmacSchemeWithRejection) {
  HmacRandom rng(game_seed(kZeroSeed, "g1", {"alice", ""}), "g1", 3);
  std::vector<std::uint32_t> values;
  for (int k = 0; k < 5; ++k) values.push_back(rng.draw("war-attacker", 6));
  EXPECT_EQ(values, (std::vector<std::uint32_t>{5, 5, 5, 4, 3}));
  ASSERT_EQ(rng.draws().size(), 5u);
  EXPECT_EQ(rng.draws()[0], (rules::Draw{"war-attacker", 6, 5}));
}

TEST(Fairness, LargeBoundsUseRejectedWords) {
  HmacRandom rng(game_seed(kZeroSeed, "g1", {"alice", ""}), "g1", 0);
  EXPECT_EQ(rng.draw("seat-order", 1000), 329u);
}

TEST(Fairness, DrawsAreRoughlyUniform) {
  HmacRandom rng(game_seed(random_bytes(32), "g2", {}), "g2", 1);
  std::array<int, 6> counts{};
  for (int i = 0; i < 6000; ++i) ++counts[rng.draw("die", 6)];
  for (int c : counts) {
    EXPECT_GT(c, 850);
    EXPECT_LT(c, 1150);
  }
}

TEST(Fairness, MoveHashChainsRecordAndDraws) {
  EXPECT_EQ(move_hash("abc", 1, "Fe5E+", ""),
            "dc39b1817746e159ac2113cc3df432de4d05bfa0c58555471e0950ce0451c4d8");
  EXPECT_NE(move_hash("abc", 1, "Fe5E+", "die:1/6"), move_hash("abc", 1, "Fe5E+", ""));
}

TEST(Fairness, HexRoundTripsAndRejectsGarbage) {
  const Bytes bytes = random_bytes(16);
  EXPECT_EQ(from_hex(to_hex(bytes)), bytes);
  EXPECT_FALSE(from_hex("abc").has_value());
  EXPECT_FALSE(from_hex("zz").has_value());
}

TEST(Fairness, ConstantTimeCompare) {
  EXPECT_TRUE(equal_constant_time("token", "token"));
  EXPECT_FALSE(equal_constant_time("token", "tokex"));
  EXPECT_FALSE(equal_constant_time("token", "tok"));
}

}  // namespace
}  // namespace fairness
