// Multi-player tables: grouping with byes, and fair seat rotation.
#include <gtest/gtest.h>

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
