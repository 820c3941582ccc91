// Round robins against the FIDE Berger tables (FIDE Handbook C.05, Annex 1).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "lib/competition/berger.h"

namespace competition {
namespace {

// The published tables, 1-based, "white-black" per board, one string per round.
const std::map<int, std::vector<std::string>> kFideTables = {
    {4, {"1-4 2-3", "4-3 1-2", "2-4 3-1"}},
    {6, {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"}},
    {8,
     {"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7",
      "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"}},
    {10,
     {"1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7",
      "10-7 8-6 9-5 1-4 2-3", "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4",
      "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5", "5-10 6-4 7-3 8-2 9-1"}},
};

// Renders a round like the published table ("white-black" per board; a bye as "p-bye").
std::string render(const Round& round) {
  std::ostringstream out;
  for (std::size_t i = 0; i < round.size(); ++i) {
    const auto& p = round[i];
    out << (i ? " " : "") << p.first + 1 << '-';
    if (p.second == kBye) {
      out << "bye";
    } else {
      out << p.second + 1;
    }
  }
  return out.str();
}

TEST(Berger, MatchesThePublishedTablesForEvenFields) {
  for (const auto& [players, rounds] : kFideTables) {
    const auto schedule = berger_rounds(players);
    ASSERT_EQ(schedule.size(), rounds.size()) << players;
    for (std::size_t r = 0; r < rounds.size(); ++r)
      EXPECT_EQ(render(schedule[r]), rounds[r]) << players << " players, round " << r + 1;
  }
}

TEST(Berger, OddFieldsPlayTheNextTableWithByes) {
  for (int players : {3, 5, 7, 9}) {
    const auto odd = berger_rounds(players);
    const auto even = berger_rounds(players + 1);
    ASSERT_EQ(odd.size(), even.size());
    for (std::size_t r = 0; r < odd.size(); ++r) {
      ASSERT_EQ(odd[r].size(), even[r].size());
      for (std::size_t b = 0; b < odd[r].size(); ++b) {
        const auto& e = even[r][b];
        if (e.first == players) {
          EXPECT_EQ(odd[r][b], (Pairing{e.second, kBye}));
        } else if (e.second == players) {
          EXPECT_EQ(odd[r][b], (Pairing{e.first, kBye}));
        } else {
          EXPECT_EQ(odd[r][b], e);
        }
      }
    }
  }
}

// Every pair meets once, everyone plays (or has the bye) once a round, colours within one.
TEST(Berger, StructureForThreeToTwentyPlayers) {
  for (int players = 3; players <= 20; ++players) {
    std::set<std::pair<int, int>> met;
    std::vector<int> whites(static_cast<std::size_t>(players)), blacks(whites);
    std::vector<int> byes(whites);
    for (const auto& round : berger_rounds(players)) {
      std::set<int> seen;
      for (const auto& p : round) {
        EXPECT_TRUE(seen.insert(p.first).second);
        if (p.second == kBye) {
          ++byes[static_cast<std::size_t>(p.first)];
          continue;
        }
        EXPECT_TRUE(seen.insert(p.second).second);
        EXPECT_TRUE(met.insert({std::min(p.first, p.second), std::max(p.first, p.second)}).second);
        ++whites[static_cast<std::size_t>(p.first)];
        ++blacks[static_cast<std::size_t>(p.second)];
      }
      EXPECT_EQ(static_cast<int>(seen.size()), players);
    }
    EXPECT_EQ(static_cast<int>(met.size()), players * (players - 1) / 2) << players;
    for (int p = 0; p < players; ++p) {
      EXPECT_LE(std::abs(whites[static_cast<std::size_t>(p)] - blacks[static_cast<std::size_t>(p)]),
                1);
      EXPECT_EQ(byes[static_cast<std::size_t>(p)], players % 2);
    }
  }
}

// FIDE C.05 Annex 1: the first cycle's last two rounds change places; the second cycle is the
// table in its order with colours reversed. Nobody then has three equal colours in a row.
TEST(Berger, DoubleRoundRobinSwapsTheLastTwoRoundsOfTheFirstCycle) {
  const std::vector<std::string> expected = {
      "1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "3-6 4-2 5-1", "6-5 1-4 2-3",
      "6-1 5-2 4-3", "4-6 3-5 2-1", "6-2 1-3 5-4", "5-6 4-1 3-2", "6-3 2-4 1-5"};
  const auto rounds = double_berger_rounds(6);
  ASSERT_EQ(rounds.size(), expected.size());
  for (std::size_t r = 0; r < expected.size(); ++r)
    EXPECT_EQ(render(rounds[r]), expected[r]) << "round " << r + 1;
  for (int players = 4; players <= 16; players += 2) {
    std::vector<std::string> colours(static_cast<std::size_t>(players));
    for (const auto& round : double_berger_rounds(players)) {
      for (const auto& p : round) {
        if (p.second == kBye) continue;
        colours[static_cast<std::size_t>(p.first)] += 'W';
        colours[static_cast<std::size_t>(p.second)] += 'B';
      }
    }
    for (const auto& c : colours) {
      EXPECT_EQ(c.find("WWW"), std::string::npos) << players << ": " << c;
      EXPECT_EQ(c.find("BBB"), std::string::npos) << players << ": " << c;
    }
  }
}

TEST(Berger, DoubleRoundRobinReversesColours) {
  const auto rounds = double_berger_rounds(6);
  ASSERT_EQ(rounds.size(), 10u);
  EXPECT_EQ(render(rounds[5]), "6-1 5-2 4-3");
  EXPECT_EQ(render(rounds[6]), "4-6 3-5 2-1");
  const auto odd = double_berger_rounds(5);
  EXPECT_EQ(odd[5][0], (Pairing{0, kBye}));
}

}  // namespace
}  // namespace competition
