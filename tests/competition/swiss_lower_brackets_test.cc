// The Dutch criteria of the 2025 text that look below the bracket being paired: C8 judges the
// next bracket with the players beyond it kept pairable (C4 is among the criteria C8 names), and
// C9 steers the bye in the bracket that floats its player, not only in the last one. Each case
// is one that an engine counting them the old way pairs differently (bbpPairings v6 pairs
// rounds of both kinds as these tests expect).
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "lib/competition/swiss.h"
#include "lib/competition/swiss_bracket.h"

namespace competition {
namespace {

// Players by pairing number (0 is the top seed) with their scores, and who has met whom.
struct Field {
  std::vector<SwissPlayer> players;

  explicit Field(const std::vector<double>& scores) : players(scores.size()) {
    for (std::size_t p = 0; p < scores.size(); ++p) players[p].score = scores[p];
  }
  SwissPlayer& operator[](int p) { return players[static_cast<std::size_t>(p)]; }
  void met(int a, std::initializer_list<int> others) {
    for (int b : others) {
      (*this)[a].opponents.push_back(b);
      (*this)[b].opponents.push_back(a);
    }
  }
};

// Player 0 (2.5) moves down to 1 and 2 (2.0); the one it does not meet floats to 3, 4 and 5
// (1.5); below them 6 and 7 have met and must each take a player of that bracket (C4), so it
// pairs one pair at most whoever floats into it. Counted without C4, floating 2 lets it pair
// everyone (2-5, 3-4) and floating 1 does not (1 has met 4 and 5; 3 has met 5, and 4 has met 5):
// then 0 meets 1, against both players' colour preference. Counted with C4 the two floaters tie
// on C8, and C12 pairs 0 with 2, who wants Black as 0 wants White.
TEST(SwissLowerBrackets, TheNextBracketIsJudgedWithThePlayersBeyondItPairable) {
  Field f({2.5, 2.0, 2.0, 1.5, 1.5, 1.5, 1.0, 0.5});
  f.met(1, {4, 5});
  f.met(2, {3});
  f.met(3, {5});
  f.met(4, {5});
  f.met(6, {7});
  f[0].colours = {1, -1};  // mild preferences: 0 and 1 for White, 2 for Black
  f[1].colours = {1, -1};
  f[2].colours = {-1, 1};
  std::vector<swiss_detail::BracketTrace> trace;
  const auto round = swiss_detail::paired_round(f.players, {}, &trace);
  ASSERT_TRUE(round);
  ASSERT_GE(trace.size(), 2u);
  EXPECT_EQ(trace[1].result.pairs, (std::vector<std::pair<int, int>>{{0, 2}}));
  EXPECT_EQ(trace[1].result.unpaired, std::vector<int>{1});
  EXPECT_EQ(round->front(), (Pairing{0, 2}));
}

// Five players: 3 and 4 on no points have had byes, so the bye goes to one of 0, 1 and 2 on a
// point (C5), and their bracket floats exactly that player, 3 and 4 meeting each other. C9 there:
// 2 has a round it did not play (a forfeit loss), 0 and 1 have none, so 2 is paired. Of 0-2 and
// 1-2, the Dutch order takes 0-2 (0's first possible partner); 1 has the bye.
TEST(SwissLowerBrackets, TheByeBracketGivesTheByeToAPlayerWithoutUnplayedRounds) {
  Field f({1.0, 1.0, 1.0, 0.0, 0.0});
  for (int p = 0; p < 5; ++p) f[p].floats = {0};
  f[0].colours = {1};
  f[1].colours = {-1};
  f[3].had_bye = true;
  f[4].had_bye = true;
  std::vector<swiss_detail::BracketTrace> trace;
  const auto round = swiss_detail::paired_round(f.players, {}, &trace);
  ASSERT_TRUE(round);
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_TRUE(trace[0].bracket.floats_the_bye);
  EXPECT_EQ(*round, (Round{{2, 0}, {4, 3}, {1, kBye}}));  // 3 has an even pairing number
}

}  // namespace
}  // namespace competition
