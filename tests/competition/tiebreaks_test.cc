// Tie-breaks on worked examples (FIDE Handbook C.02 §13).
#include <gtest/gtest.h>

#include "lib/competition/pairing.h"
#include "lib/competition/tiebreaks.h"

namespace competition {
namespace {

// A 4-player round robin. Scores: p1 2, p0 1.5, p2 1.5, p3 1; p2 beat p0.
const std::vector<GameResult> kRoundRobin{{1, 0, 3, 1.0}, {1, 1, 2, 0.5}, {2, 3, 2, 1.0},
                                          {2, 0, 1, 0.5}, {3, 1, 3, 1.0}, {3, 2, 0, 1.0}};

TEST(TieBreaks, RoundRobinWorkedExample) {
  const auto table = standings(4, 3, kRoundRobin, TieBreakOrder::kRoundRobin);
  ASSERT_EQ(table.size(), 4u);
  EXPECT_EQ(table[0].player, 1);
  EXPECT_EQ(table[1].player, 2);  // level with p0 on 1.5; won the direct encounter
  EXPECT_EQ(table[2].player, 0);
  EXPECT_EQ(table[3].player, 3);
  EXPECT_DOUBLE_EQ(table[0].sonneborn_berger, 2.5);  // 0.5*1.5 + 0.5*1.5 + 1*1
  EXPECT_DOUBLE_EQ(table[1].sonneborn_berger, 2.5);  // 0.5*2 + 1*1.5
  EXPECT_DOUBLE_EQ(table[2].sonneborn_berger, 2.0);  // 1*1 + 0.5*2
  EXPECT_DOUBLE_EQ(table[3].sonneborn_berger, 1.5);  // 1*1.5
  EXPECT_DOUBLE_EQ(table[1].direct_encounter, 1.0);
  EXPECT_DOUBLE_EQ(table[2].direct_encounter, 0.0);
  EXPECT_DOUBLE_EQ(table[0].direct_encounter, 0.0);  // alone on 2 points
}

TEST(TieBreaks, BuchholzCutAndMedian) {
  const auto table = standings(4, 3, kRoundRobin, TieBreakOrder::kSwiss);
  const auto& p0 = table[2];
  ASSERT_EQ(p0.player, 0);
  EXPECT_DOUBLE_EQ(p0.buchholz, 4.5);         // 1 + 2 + 1.5
  EXPECT_DOUBLE_EQ(p0.buchholz_cut1, 3.5);    // without p3's 1
  EXPECT_DOUBLE_EQ(p0.median_buchholz, 1.5);  // without p1's 2 as well
  EXPECT_EQ(table[1].player, 2);  // p2's Buchholz cut-1: 2 + 1.5 = 3.5 ties; Buchholz 4.5 ties
}

TEST(TieBreaks, ByeCountsAsAVirtualOpponent) {
  // p0 beats p1 in round 1 while p2 has the bye; round 2: p2 draws p0, p1 has the bye.
  const std::vector<GameResult> results{
      {1, 0, 1, 1.0}, {1, 2, kBye, 1.0}, {2, 2, 0, 0.5}, {2, 1, kBye, 1.0}};
  const auto table = standings(3, 2, results, TieBreakOrder::kSwiss);
  EXPECT_EQ(table[0].player, 0);
  EXPECT_DOUBLE_EQ(table[0].buchholz, 2.5);  // p1 1 (its bye) + p2 1.5
  EXPECT_EQ(table[1].player, 2);
  EXPECT_DOUBLE_EQ(table[1].buchholz, 2.0);  // virtual 0 + (1 - 1) + 0.5 * 1 = 0.5, plus p0 1.5
  EXPECT_EQ(table[2].player, 1);
  EXPECT_DOUBLE_EQ(table[2].buchholz, 1.5);           // p0 1.5, virtual 0 + 0 + 0 = 0
  EXPECT_DOUBLE_EQ(table[1].sonneborn_berger, 0.75);  // the bye adds nothing
}

}  // namespace
}  // namespace competition
