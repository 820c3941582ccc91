// Elo (FIDE), Glicko-2 (Glickman's worked example) and multi-player placements.
#include <gtest/gtest.h>

#include "lib/competition/elo.h"
#include "lib/competition/glicko2.h"
#include "lib/competition/placement.h"

namespace competition {
namespace {

TEST(Elo, ExpectedScoreFollowsTheFideFormula) {
  EXPECT_DOUBLE_EQ(elo_expected_score(1500, 1500), 0.5);
  EXPECT_NEAR(elo_expected_score(2200, 2000), 0.759747, 1e-6);  // FIDE table: 0.76 at D = 200
  EXPECT_NEAR(elo_expected_score(2000, 2200), 0.240253, 1e-6);
  EXPECT_NEAR(elo_expected_score(2400, 2000), 0.909091, 1e-6);  // FIDE table: 0.92 from D = 392
}

TEST(Elo, FourHundredPointRuleIsOptional) {
  EXPECT_DOUBLE_EQ(elo_expected_score(2600, 2000, true), elo_expected_score(2400, 2000, true));
  EXPECT_NEAR(elo_expected_score(2500, 2000, false), 0.946760, 1e-6);
}

TEST(Elo, FideKRules) {
  EXPECT_EQ(fide_k({1500, 0, false}), 40);
  EXPECT_EQ(fide_k({2450, 29, false}), 40);  // the first 30 games beat the 2400 rule
  EXPECT_EQ(fide_k({2300, 30, false}), 20);
  EXPECT_EQ(fide_k({2400, 30, false}), 10);
  EXPECT_EQ(fide_k({2350, 80, true}), 10);  // once 2400, K stays 10
}

TEST(Elo, WorkedExample) {
  // A 2000 player with 35 games (K 20) beats a 2100: 20 * (1 - 0.359935) = +12.80.
  EXPECT_NEAR(elo_change({2000, 35, false}, 2100, 1.0, {}), 12.8013, 1e-4);
  // A newcomer (K 40) draws with an equal opponent: no change; loses: -20.
  EXPECT_DOUBLE_EQ(elo_change({1500, 0, false}, 1500, 0.5, {}), 0.0);
  EXPECT_DOUBLE_EQ(elo_change({1500, 0, false}, 1500, 0.0, {}), -20.0);
  // A configured K overrides the FIDE rules.
  EXPECT_DOUBLE_EQ(elo_change({1500, 0, false}, 1500, 1.0, {true, 32.0}), 16.0);
}

TEST(Glicko2, GlickmansExample) {
  const Glicko2Rating player{1500, 200, 0.06};
  const std::vector<Glicko2Game> games{
      {{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}};
  const auto after = glicko2_update(player, games, {});
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, IdlePeriodsOnlyGrowTheDeviation) {
  const Glicko2Rating player{1600, 200, 0.06};
  const auto one = glicko2_update(player, {}, {});
  EXPECT_DOUBLE_EQ(one.rating, 1600);
  EXPECT_NEAR(one.deviation, 200.2714, 1e-4);  // sqrt(200^2 + (0.06 * 173.7178)^2)
  EXPECT_NEAR(glicko2_idle(player, 2, {}).deviation, 200.5425, 1e-4);
  EXPECT_DOUBLE_EQ(glicko2_idle({1600, 349, 0.06}, 50, {}).deviation, 350);
}

TEST(Glicko2, ProvisionalUntilDeviationFallsBelowThreshold) {
  EXPECT_TRUE(glicko2_provisional({1500, 350, 0.06}));
  EXPECT_TRUE(glicko2_provisional({1500, 110, 0.06}));
  EXPECT_FALSE(glicko2_provisional({1500, 109.9, 0.06}));
  Glicko2Config strict;
  strict.provisional_deviation = 60;
  EXPECT_TRUE(glicko2_provisional({1500, 80, 0.06}, strict));
}

TEST(Glicko2, WeeklyPeriodsStartOnMonday) {
  constexpr std::int64_t kDay = 24 * 3600;
  EXPECT_EQ(glicko2_period_index(4 * kDay), 0);       // Monday 1970-01-05 00:00 UTC
  EXPECT_EQ(glicko2_period_index(11 * kDay - 1), 0);  // the Sunday after, 23:59:59
  EXPECT_EQ(glicko2_period_index(11 * kDay), 1);
  EXPECT_EQ(glicko2_period_index(4 * kDay - 1), -1);
  EXPECT_EQ(glicko2_period_index(1764028800), 2916);  // 2025-11-25 (a Tuesday)
  Glicko2Config daily;
  daily.period_seconds = kDay;
  EXPECT_EQ(glicko2_period_index(5 * kDay, daily), 1);
}

TEST(Placement, PairwiseOutcomesByPlacement) {
  const auto outcomes = pairwise_outcomes({2, 1, 2});  // seat 1 won, seats 0 and 2 share second
  ASSERT_EQ(outcomes.size(), 6u);
  auto score = [&](int seat, int other) {
    for (const auto& o : outcomes)
      if (o.seat == seat && o.opponent_seat == other) return o.score;
    return -1.0;
  };
  EXPECT_EQ(score(0, 1), 0.0);
  EXPECT_EQ(score(1, 0), 1.0);
  EXPECT_EQ(score(0, 2), 0.5);
  EXPECT_EQ(score(2, 1), 0.0);
  EXPECT_EQ(score(1, 2), 1.0);
  EXPECT_DOUBLE_EQ(pairwise_weight(4), 1.0 / 3);
  EXPECT_DOUBLE_EQ(pairwise_weight(2), 1.0);
}

}  // namespace
}  // namespace competition
