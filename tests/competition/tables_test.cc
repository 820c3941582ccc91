// Multi-player tables: grouping with byes, and fair seat rotation.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>

#include "lib/competition/tables.h"

namespace competition {
namespace {

TEST(Tables, GroupsConsecutivelyAndByesTheBottom) {
  const std::vector<int> ranked{0, 1, 2, 3, 4, 5, 6, 7};
  auto round = group_tables(ranked, 3, {});
  EXPECT_EQ(round.tables, (std::vector<std::vector<int>>{{0, 1, 2}, {3, 4, 5}}));
  EXPECT_EQ(round.byes, (std::vector<int>{7, 6}));
  std::vector<bool> had_bye(8, false);
  had_bye[7] = true;
  round = group_tables(ranked, 3, had_bye);
  EXPECT_EQ(round.byes, (std::vector<int>{6, 5}));
  EXPECT_EQ(round.tables, (std::vector<std::vector<int>>{{0, 1, 2}, {3, 4, 7}}));
  EXPECT_TRUE(group_tables(ranked, 4, {}).byes.empty());
}

TEST(Tables, EveryPlayerTakesEverySeatOnceOverAsManyRounds) {
  for (int seats : {3, 4, 6}) {
    std::vector<int> table;
    for (int p = 0; p < seats; ++p) table.push_back(10 - p);  // any numbers, any order
    std::vector<std::vector<int>> counts(11, std::vector<int>(static_cast<std::size_t>(seats)));
    for (int round = 0; round < seats; ++round) {
      const auto order = assign_seats(table, counts);
      ASSERT_EQ(order.size(), table.size());
      for (std::size_t seat = 0; seat < order.size(); ++seat)
        ++counts[static_cast<std::size_t>(order[seat])][seat];
    }
    for (int p : table)
      for (int c : counts[static_cast<std::size_t>(p)]) EXPECT_EQ(c, 1) << seats << " seats";
  }
}

}  // namespace
}  // namespace competition

namespace competition {
namespace {

// How often each pair met (histogram meetings -> pairs), seat counts per player, byes per player.
struct DesignStats {
  std::map<int, int> meetings;
  std::vector<std::vector<int>> seats;
  std::vector<int> byes;
};

DesignStats stats_of(const std::vector<TableRound>& rounds, int players, int seats) {
  const auto n = static_cast<std::size_t>(players);
  std::vector<std::vector<int>> met(n, std::vector<int>(n, 0));
  DesignStats out{
      {}, std::vector<std::vector<int>>(n, std::vector<int>(seats, 0)), std::vector<int>(n, 0)};
  for (const auto& round : rounds) {
    std::vector<int> seen;
    for (const auto& table : round.tables) {
      EXPECT_EQ(static_cast<int>(table.size()), seats);
      for (std::size_t s = 0; s < table.size(); ++s) {
        ++out.seats[static_cast<std::size_t>(table[s])][s];
        seen.push_back(table[s]);
        for (int other : table)
          if (other > table[s])
            ++met[static_cast<std::size_t>(table[s])][static_cast<std::size_t>(other)];
      }
    }
    for (int p : round.byes) {
      ++out.byes[static_cast<std::size_t>(p)];
      seen.push_back(p);
    }
    std::sort(seen.begin(), seen.end());
    std::vector<int> everyone(n);
    std::iota(everyone.begin(), everyone.end(), 0);
    EXPECT_EQ(seen, everyone);  // everyone at one table or on the bye, once a round
  }
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) ++out.meetings[met[a][b]];
  return out;
}

// The most minus the fewest times any player took one seat.
int seat_spread(const DesignStats& s) {
  int spread = 0;
  for (const auto& counts : s.seats)
    spread = std::max(spread, *std::max_element(counts.begin(), counts.end()) -
                                  *std::min_element(counts.begin(), counts.end()));
  return spread;
}

// One table: every player takes every seat once.
TEST(TableRoundRobin, OneTableRotatesEverySeat) {
  for (int seats : {3, 4, 6}) {
    const auto rounds = table_round_robin(seats, seats);
    ASSERT_EQ(static_cast<int>(rounds.size()), seats);
    const DesignStats s = stats_of(rounds, seats, seats);
    EXPECT_EQ(s.meetings, (std::map<int, int>{{seats, seats * (seats - 1) / 2}}));
    for (const auto& counts : s.seats) EXPECT_EQ(counts, std::vector<int>(seats, 1));
  }
  EXPECT_TRUE(table_round_robin(2, 3).empty());
}

// Where a perfect design exists (9 at 3-seat tables: the affine plane of order 3; 16 at 4-seat
// tables) every pair meets exactly once, and seats differ by at most one per player.
TEST(TableRoundRobin, EveryPairMeetsOnceWhereTheNumbersAllow) {
  const DesignStats nine = stats_of(table_round_robin(9, 3), 9, 3);
  EXPECT_EQ(nine.meetings, (std::map<int, int>{{1, 36}}));
  EXPECT_EQ(seat_spread(nine), 1);  // 4 games at 3 seats: one seat twice
  const DesignStats sixteen = stats_of(table_round_robin(16, 4), 16, 4);
  EXPECT_EQ(sixteen.meetings, (std::map<int, int>{{1, 120}}));
  EXPECT_EQ(seat_spread(sixteen), 1);
  EXPECT_EQ(table_round_robin(9, 3).size(), 4u);
  EXPECT_EQ(table_round_robin(16, 4).size(), 5u);
}

// Elsewhere the meetings are as even as the search finds, exactly these (6 at 3 seats: after
// {012}{345} no two rounds can cover all nine cross pairs, so two pairs never meet), byes at most
// one apart, and seats balanced.
TEST(TableRoundRobin, ExactMeetingsAndSeatsForUnevenFields) {
  const DesignStats six = stats_of(table_round_robin(6, 3), 6, 3);
  EXPECT_EQ(six.meetings, (std::map<int, int>{{0, 2}, {1, 9}, {2, 3}, {3, 1}}));
  for (const auto& counts : six.seats) EXPECT_EQ(counts, (std::vector<int>{1, 1, 1}));
  const DesignStats seven = stats_of(table_round_robin(7, 3), 7, 3);
  EXPECT_EQ(seven.meetings, (std::map<int, int>{{0, 3}, {1, 12}, {2, 6}}));
  EXPECT_EQ(seven.byes, (std::vector<int>{0, 0, 0, 1, 1, 1, 1}));  // the highest numbers first
  EXPECT_EQ(seat_spread(seven), 1);
  const DesignStats eight = stats_of(table_round_robin(8, 4), 8, 4);
  EXPECT_EQ(eight.meetings, (std::map<int, int>{{1, 24}, {3, 4}}));
  EXPECT_EQ(seat_spread(eight), 1);
  const DesignStats twelve = stats_of(table_round_robin(12, 6), 12, 6);
  EXPECT_EQ(twelve.meetings, (std::map<int, int>{{1, 54}, {3, 12}}));
  EXPECT_EQ(seat_spread(twelve), 1);
}

// Knockout at tables: the bracket must end in one final table; top seeds take the byes, the
// rest are dealt to the tables in serpentine order.
TEST(TableKnockout, BracketsEndInOneFinalTable) {
  EXPECT_TRUE(table_knockout_feasible(9, 3, 1));
  EXPECT_FALSE(table_knockout_feasible(8, 3, 1));  // 8 - 3 is not a multiple of 3 - 1
  EXPECT_FALSE(table_knockout_feasible(2, 3, 1));
  EXPECT_FALSE(table_knockout_feasible(9, 3, 3));
  EXPECT_EQ(table_knockout_rounds(9, 3, 1), 2);
  EXPECT_EQ(table_knockout_rounds(8, 3, 1), 0);
  EXPECT_EQ(table_knockout_rounds(7, 3, 2), 4);  // 7 -> 5 -> 4 -> 3 -> the final
  const auto nine = table_knockout_round({0, 1, 2, 3, 4, 5, 6, 7, 8}, 3, 1);
  EXPECT_EQ(nine.tables, (std::vector<std::vector<int>>{{0, 5, 6}, {1, 4, 7}, {2, 3, 8}}));
  EXPECT_TRUE(nine.byes.empty());
  const auto seven = table_knockout_round({0, 1, 2, 3, 4, 5, 6}, 3, 2);
  EXPECT_EQ(seven.byes, std::vector<int>{0});
  EXPECT_EQ(seven.tables, (std::vector<std::vector<int>>{{1, 4, 5}, {2, 3, 6}}));
  const auto final_table = table_knockout_round({0, 3, 5}, 3, 1);
  EXPECT_EQ(final_table.tables, (std::vector<std::vector<int>>{{0, 3, 5}}));
}

}  // namespace
}  // namespace competition
