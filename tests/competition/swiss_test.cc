// Swiss pairings: Dutch round 1, colour allocation, and invariants over many random tournaments.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

#include "lib/competition/swiss.h"
#include "tests/competition/swiss_players.h"

namespace competition {
namespace {

TEST(Swiss, RoundOnePairsTopHalfAgainstBottomHalfWithAlternatingColours) {
  const auto round = swiss_round(fresh(8));
  ASSERT_TRUE(round);
  EXPECT_EQ(*round, (Round{{0, 4}, {5, 1}, {2, 6}, {7, 3}}));
}

// Dutch within a score group: S1 meets S2 in order (1 v 4, 2 v 5, 3 v 6 for six players).
TEST(Swiss, ScoreGroupPairsTopHalfAgainstBottomHalf) {
  auto players = fresh(8);
  for (int p : {0, 1, 2, 3, 4, 5}) players[static_cast<std::size_t>(p)].score = 1;
  const auto round = swiss_round(players);
  ASSERT_TRUE(round);
  ASSERT_EQ(round->size(), 4u);
  auto has = [&](int a, int b) {
    for (const auto& p : *round)
      if ((p.first == a && p.second == b) || (p.first == b && p.second == a)) return true;
    return false;
  };
  EXPECT_TRUE(has(0, 3));
  EXPECT_TRUE(has(1, 4));
  EXPECT_TRUE(has(2, 5));
  EXPECT_TRUE(has(6, 7));
}

TEST(Swiss, OddFieldGivesTheByeToTheLowestRanked) {
  const auto round = swiss_round(fresh(5));
  ASSERT_TRUE(round);
  EXPECT_EQ(round->back(), (Pairing{4, kBye}));
  EXPECT_EQ(round->front(), (Pairing{0, 2}));
}

TEST(Swiss, ColourAllocation) {
  std::vector<SwissPlayer> p(8);
  p[0].colours = {1, 1};                    // last two first: absolute, moves second
  p[1].colours = {1, -1, -1, 1, -1};        // difference -1: strong preference to move first
  p[2].colours = {-1, 1};                   // difference 0: mild preference to move second
  p[3].colours = {1, 1, -1, -1, 1, -1, 1};  // difference +1: strong, wants second
  p[4].colours = {1, -1, 1, -1};            // both mildly want first; they last differed in
  p[5].colours = {-1, 1, 1, -1};            // their second round, where 4 moved second
  EXPECT_EQ(swiss_colour(p, 0, 1, true, true), -1);
  EXPECT_EQ(swiss_colour(p, 1, 0, false, true), 1);
  EXPECT_EQ(swiss_colour(p, 2, 1, true, true), -1);  // both granted
  EXPECT_EQ(swiss_colour(p, 2, 3, true, true), 1);   // the stronger preference wins
  EXPECT_EQ(swiss_colour(p, 4, 5, true, true), 1);   // E.3, whoever ranks higher
  EXPECT_EQ(swiss_colour(p, 5, 4, true, true), -1);
  // E.5: no preferences: the higher ranked gets the initial colour when its pairing number is
  // odd (index even), the other colour otherwise.
  EXPECT_EQ(swiss_colour(p, 6, 7, true, true), 1);
  EXPECT_EQ(swiss_colour(p, 7, 6, false, true), -1);
  EXPECT_EQ(swiss_colour(p, 7, 6, true, true), -1);
}

struct Outcome {
  std::vector<SwissPlayer> players;
  std::vector<Round> rounds;
};

// Plays `rounds` rounds with random results (draws only when `draws`); fails the test if a round
// cannot be paired.
Outcome play(int n, int rounds, std::mt19937& rng, bool draws) {
  Outcome o{fresh(n), {}};
  std::uniform_int_distribution<int> result(0, draws ? 2 : 1);
  for (int r = 0; r < rounds; ++r) {
    auto round = swiss_round(o.players);
    EXPECT_TRUE(round) << n << " players, round " << r + 1;
    if (!round) break;
    for (const auto& p : *round) {
      const double first = p.second == kBye ? 1.0 : result(rng) / 2.0 * (draws ? 1.0 : 2.0);
      swiss_record(o.players, r, p, first);
    }
    o.rounds.push_back(*round);
  }
  return o;
}

TEST(Swiss, InvariantsOverManyRandomTournaments) {
  std::mt19937 rng(20261125);
  int three_in_a_row = 0;  // allowed only when no pairing avoids it; never needed here
  for (int t = 0; t < 2000; ++t) {
    const int n = 4 + static_cast<int>(rng() % 37);
    const int max_rounds = static_cast<int>(std::ceil(std::log2(n))) + 2;
    const int rounds =
        1 + static_cast<int>(rng() % static_cast<unsigned>(std::min(n / 2, max_rounds)));
    const auto o = play(n, rounds, rng, true);
    ASSERT_EQ(static_cast<int>(o.rounds.size()), rounds);
    std::map<int, int> byes;
    std::set<std::pair<int, int>> met;
    for (const auto& round : o.rounds) {
      std::set<int> seen;
      for (const auto& p : round) {
        EXPECT_TRUE(seen.insert(p.first).second);
        if (p.second == kBye) {
          EXPECT_EQ(++byes[p.first], 1) << "second bye";
          continue;
        }
        EXPECT_TRUE(seen.insert(p.second).second);
        EXPECT_TRUE(met.insert({std::min(p.first, p.second), std::max(p.first, p.second)}).second)
            << "repeat pairing";
      }
      EXPECT_EQ(static_cast<int>(seen.size()), n);
    }
    for (const auto& p : o.players) {
      int difference = 0;
      for (std::size_t i = 0; i < p.colours.size(); ++i) {
        difference += p.colours[i];
        EXPECT_LE(std::abs(difference), 2) << "colour difference";
        if (i >= 2 && p.colours[i] == p.colours[i - 1] && p.colours[i] == p.colours[i - 2])
          ++three_in_a_row;
      }
    }
  }
  EXPECT_EQ(three_in_a_row, 0);
}

TEST(Swiss, LargeFieldsPairEveryRound) {
  std::mt19937 rng(99);
  for (int n : {64, 101, 150}) {
    const auto o = play(n, 11, rng, true);
    EXPECT_EQ(o.rounds.size(), 11u) << n;
  }
}

// Round 2 without draws: no two players of a score group have met, so every group pairs inside
// itself and only an odd group floats one player down.
TEST(Swiss, RoundTwoPairsWithinScoreGroups) {
  std::mt19937 rng(7);
  for (int t = 0; t < 200; ++t) {
    const int n = 4 + static_cast<int>(rng() % 40);
    auto o = play(n, 1, rng, false);
    const auto round = swiss_round(o.players);
    ASSERT_TRUE(round);
    std::map<double, int, std::greater<>> group_sizes;
    for (std::size_t p = 0; p < o.players.size(); ++p) ++group_sizes[o.players[p].score];
    if (round->back().second == kBye)
      --group_sizes[o.players[static_cast<std::size_t>(round->back().first)].score];
    int carry = 0;
    int expected_floats = 0;
    for (auto [score, size] : group_sizes) {
      carry = (size + carry) % 2;
      expected_floats += carry;
    }
    int floats = 0;
    for (const auto& p : *round)
      if (p.second != kBye && o.players[static_cast<std::size_t>(p.first)].score !=
                                  o.players[static_cast<std::size_t>(p.second)].score)
        ++floats;
    EXPECT_EQ(floats, expected_floats) << n << " players";
  }
}

TEST(Swiss, ByeGoesToTheLowestScoreGroupAndNeverTwice) {
  auto players = fresh(5);
  players[4].had_bye = true;
  players[4].score = 1;
  players[3].score = 0;
  players[2].score = 0;
  const auto round = swiss_round(players);
  ASSERT_TRUE(round);
  EXPECT_EQ(round->back(), (Pairing{3, kBye}));
}

TEST(Swiss, ReportsWhenNoPairingIsLeft) {
  auto players = fresh(2);
  players[0].opponents = {1};
  players[1].opponents = {0};
  EXPECT_FALSE(swiss_round(players));
}

}  // namespace
}  // namespace competition
