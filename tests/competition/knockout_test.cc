// Knockout brackets: standard seeding for 8 and 16, byes, and k-game matches with tie-breaks.
#include <gtest/gtest.h>

#include "lib/competition/knockout.h"

namespace competition {
namespace {

TEST(Knockout, StandardBracketOrderFor8And16) {
  EXPECT_EQ(bracket_order(8), (std::vector<int>{0, 7, 3, 4, 1, 6, 2, 5}));  // 1v8 4v5 2v7 3v6
  EXPECT_EQ(bracket_order(16),
            (std::vector<int>{0, 15, 7, 8, 3, 12, 4, 11, 1, 14, 6, 9, 2, 13, 5, 10}));
  EXPECT_EQ(knockout_first_round(8), (Round{{0, 7}, {3, 4}, {1, 6}, {2, 5}}));
}

TEST(Knockout, TopSeedsGetTheByes) {
  EXPECT_EQ(bracket_size(6), 8);
  EXPECT_EQ(knockout_first_round(6), (Round{{0, kBye}, {3, 4}, {1, kBye}, {2, 5}}));
  const auto sixteen = knockout_first_round(13);
  int byes = 0;
  for (const auto& p : sixteen)
    if (p.second == kBye) {
      ++byes;
      EXPECT_LT(p.first, 3);
    }
  EXPECT_EQ(byes, 3);
}

TEST(Knockout, FavouritesMeetOnlyInTheFinal) {
  // Seeds always win: the semi-finals are 1v4 and 2v3, the final 1v2.
  std::vector<int> winners;
  for (const auto& p : knockout_first_round(16)) winners.push_back(std::min(p.first, p.second));
  auto quarter = knockout_next_round(winners);
  EXPECT_EQ(quarter, (Round{{0, 7}, {3, 4}, {1, 6}, {2, 5}}));
  winners.clear();
  for (const auto& p : quarter) winners.push_back(p.first);
  EXPECT_EQ(knockout_next_round(winners), (Round{{0, 3}, {1, 2}}));
  EXPECT_EQ(knockout_next_round({0, 1}), (Round{{0, 1}}));
}

TEST(Knockout, MatchOfTwoGamesWithATieBreak) {
  const MatchConfig config{2, 1};
  auto s = match_status(3, 4, {}, config);
  EXPECT_FALSE(s.decided);
  EXPECT_EQ(s.next_first, 3);
  s = match_status(3, 4, {1.0}, config);
  EXPECT_EQ(s.next_first, 4);  // colours alternate
  EXPECT_FALSE(s.next_is_tiebreak);
  s = match_status(3, 4, {1.0, 1.0}, config);
  EXPECT_TRUE(s.decided);
  EXPECT_EQ(s.winner, 3);
  s = match_status(3, 4, {1.0, 0.0}, config);  // level: tie-break game, seed 3 moves first
  EXPECT_FALSE(s.decided);
  EXPECT_TRUE(s.next_is_tiebreak);
  EXPECT_EQ(s.next_first, 3);
  s = match_status(3, 4, {1.0, 0.0, 0.0}, config);
  EXPECT_TRUE(s.decided);
  EXPECT_EQ(s.winner, 4);
  s = match_status(3, 4, {0.5, 0.5, 0.5}, config);  // the tie-break drawn too: higher seed
  EXPECT_TRUE(s.decided);
  EXPECT_EQ(s.winner, 3);
}

TEST(Knockout, ThreeGameMatchEndsWhenDecided) {
  const MatchConfig config{3, 1};
  EXPECT_FALSE(match_status(0, 1, {0.0}, config).decided);
  const auto s = match_status(0, 1, {0.0, 0.0}, config);
  EXPECT_TRUE(s.decided);
  EXPECT_EQ(s.winner, 1);
}

}  // namespace
}  // namespace competition
