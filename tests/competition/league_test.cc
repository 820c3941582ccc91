// League seasons: initial divisions, promotion, relegation, opt-outs and newcomers.
#include <gtest/gtest.h>

#include "lib/competition/league.h"

namespace competition {
namespace {

TEST(League, InitialDivisionsBySize) {
  const LeagueConfig config{4, 1, 1};
  EXPECT_EQ(league_initial({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, config),
            (Divisions{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10}}));
  EXPECT_EQ(league_initial({1, 2, 3, 4, 5}, config), (Divisions{{1, 2, 3, 4, 5}}));
}

TEST(League, RolloverPromotesAndRelegates) {
  const LeagueConfig config{4, 1, 1};
  const Divisions final_rankings{{11, 12, 13, 14}, {21, 22, 23, 24}, {31, 32, 33, 34}};
  EXPECT_EQ(league_rollover(final_rankings, {}, {}, config),
            (Divisions{{11, 12, 13, 21}, {14, 22, 23, 31}, {24, 32, 33, 34}}));
}

TEST(League, OptOutsLeaveAndNewcomersStartAtTheBottom) {
  const LeagueConfig config{4, 1, 1};
  const Divisions final_rankings{{11, 12, 13, 14}, {21, 22, 23, 24}, {31, 32, 33, 34}};
  // 12 leaves: 14 (relegated) is pulled back up, 24 moves up to fill division 2, and the
  // newcomers fill the bottom; 2 newcomers over size split off as a new division.
  EXPECT_EQ(league_rollover(final_rankings, {12}, {41, 42, 43}, config),
            (Divisions{{11, 13, 21, 14}, {22, 23, 31, 24}, {32, 33, 34, 41}, {42, 43}}));
  // One player over size stays in the lowest division rather than alone.
  EXPECT_EQ(league_rollover(final_rankings, {}, {41}, config).back(),
            (std::vector<EntrantId>{24, 32, 33, 34, 41}));
}

TEST(League, TwoUpTwoDownInDivisionsOfSix) {
  const LeagueConfig config{6, 2, 2};
  const Divisions final_rankings{{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12}};
  EXPECT_EQ(league_rollover(final_rankings, {}, {}, config),
            (Divisions{{1, 2, 3, 4, 7, 8}, {5, 6, 9, 10, 11, 12}}));
}

}  // namespace
}  // namespace competition
