// FIDE Dutch pairings (C.04.3): worked examples, and random tournaments in which every round
// meets the absolute criteria and every small bracket is checked against all its pairings: none
// is better on the criteria, and among the best the Dutch order reaches this one first.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "lib/competition/swiss.h"
#include "lib/competition/swiss_bracket.h"
#include "tests/competition/swiss_players.h"

namespace competition {
namespace {

using swiss_detail::Quality;

SwissPlayer& at(std::vector<SwissPlayer>& players, int p) {
  return players[static_cast<std::size_t>(p)];
}

// Plays a round given as (first, second, first's score); players are numbered from 1 as in the
// Handbook's tables, second 0 for a bye.
void play(std::vector<SwissPlayer>& players, int round,
          std::initializer_list<std::tuple<int, int, double>> games) {
  for (auto [a, b, score] : games)
    swiss_record(players, round, {a - 1, b == 0 ? kBye : b - 1}, score);
}

Round numbered(std::initializer_list<std::pair<int, int>> pairs) {
  Round out;
  for (auto [a, b] : pairs) out.push_back({a - 1, b == 0 ? kBye : b - 1});
  return out;
}

// A bracket of `players` (moved-down ones first) on `score`, weighed for C7.
swiss_detail::Bracket bracket(const swiss_detail::Context& c, std::vector<int> players,
                              double score, bool last) {
  swiss_detail::Bracket b;
  b.players = std::move(players);
  b.score = score;
  b.last = last;
  swiss_detail::weigh_floaters(c, b);
  return b;
}

// Round 2 after 1-5 1-0, 6-2 1-0, 3-7 1/2, 8-4 0-1: every colour preference can be met.
TEST(SwissDutch, EightPlayersRoundTwoMeetsEveryColourPreference) {
  auto players = fresh(8);
  ASSERT_EQ(swiss_round(players), numbered({{1, 5}, {6, 2}, {3, 7}, {8, 4}}));
  play(players, 0, {{1, 5, 1.0}, {6, 2, 1.0}, {3, 7, 0.5}, {8, 4, 0.0}});
  EXPECT_EQ(swiss_round(players), numbered({{4, 1}, {7, 6}, {2, 3}, {5, 8}}));
}

// Player 5 had the round-1 bye (a downfloat): in round 2 player 2 floats down instead (and,
// having met 4, meets 3; 4 gets the bye).
TEST(SwissDutch, ByePlayerIsNotFloatedDownAgainWhileAnotherCanBe) {
  auto players = fresh(5);
  ASSERT_EQ(swiss_round(players), numbered({{1, 3}, {4, 2}, {5, 0}}));
  play(players, 0, {{1, 3, 1.0}, {4, 2, 0.0}, {5, 0, 1.0}});
  EXPECT_EQ(swiss_round(players), numbered({{5, 1}, {2, 3}, {4, 0}}));
}

// Ten players on 1/2 of whom 5 and 10 have met: the straight S1-S2 pairing fails on its last
// pair, the next transposition (4-10, 5-9) pairs the whole group.
TEST(SwissDutch, HalfPointGroupOfTenThatCanBePairedCompletelyIs) {
  auto players = fresh(14);
  for (int p = 0; p < 10; ++p) at(players, p).score = 0.5;
  at(players, 4).opponents = {9};
  at(players, 9).opponents = {4};
  at(players, 4).colours = {1};
  at(players, 9).colours = {-1};
  EXPECT_EQ(swiss_round(players),
            numbered({{1, 6}, {7, 2}, {3, 8}, {10, 4}, {9, 5}, {11, 13}, {14, 12}}));
}

// Four players on 2 points, three of whom must move second (absolute): only one pair can be
// made, S1 is the one who can move first, and the two lowest float down.
TEST(SwissDutch, TwoPointGroupWhereThreeNeedBlack) {
  auto players = fresh(8);
  for (int p = 0; p < 4; ++p) at(players, p).score = 2;
  for (int p = 4; p < 8; ++p) at(players, p).score = 1;
  at(players, 0).colours = {1, -1};
  for (int p = 1; p < 4; ++p) at(players, p).colours = {1, 1};
  for (int p = 4; p < 8; ++p) at(players, p).colours = {1, -1};
  EXPECT_EQ(swiss_round(players), numbered({{1, 2}, {5, 3}, {6, 4}, {7, 8}}));
}

// D.2 (2017 text): exchanges come in order of the fewest players exchanged, then the smallest
// difference between the BSN sums moved. Six players on one score, no colour history; player 1
// has met 4, 5 and 6, so S1 (1, 2, 3) must give up one player. Moving 3 for 4 (a difference of
// 1) gives S1 = 1, 2, 4 and S2 = 3, 5, 6: 1-3, 2-5, 4-6. (Taking each S1 player's first partner
// in turn would pair 1-3, 2-4 and 5-6: moving 3 for 5, a difference of 2.)
TEST(SwissDutch, ExchangeMovesTheFewestPlayersWithTheSmallestDifferenceOfNumbers) {
  auto players = fresh(6);
  for (int p = 0; p < 6; ++p) at(players, p).score = 1;
  at(players, 0).opponents = {3, 4, 5};
  for (int p = 3; p < 6; ++p) at(players, p).opponents = {0};
  const auto c = swiss_detail::make_context(players, {});
  const auto b = bracket(c, {0, 1, 2, 3, 4, 5}, 1.0, true);
  const auto result = swiss_detail::pair_bracket(c, b, {});
  ASSERT_TRUE(result);
  EXPECT_EQ(result->pairs, (std::vector<std::pair<int, int>>{{0, 2}, {1, 4}, {3, 5}}));
}

// D.2, its last rule: two exchanges that move the same players from S1 and the same BSN sum
// from S2; the one that moves the lower BSN from S2 comes first. Ten players on one score, no
// colour history; 4 and 5 have met everyone but 1, 2 and 3, so both leave S1 (1-5) for S2.
// 1, 2 and 3 have met 9 and 10, and 6 has met 9 and 10. The cheapest exchanges bring in 6 and 9,
// or 7 and 8 (both 15): 6 is the lower, so S1 = 1, 2, 3, 6, 9 and S2 = 4, 5, 7, 8, 10.
TEST(SwissDutch, ExchangeWithTheSameSumsMovesTheLowestPlayerOfS2) {
  auto players = fresh(10);
  for (int p = 0; p < 10; ++p) at(players, p).score = 1;
  const auto meet = [&](int a, int b) {
    at(players, a).opponents.push_back(b);
    at(players, b).opponents.push_back(a);
  };
  meet(3, 4);
  for (int p : {3, 4})
    for (int q = 5; q < 10; ++q) meet(p, q);
  for (int p : {0, 1, 2, 5})
    for (int q : {8, 9}) meet(p, q);
  const auto c = swiss_detail::make_context(players, {});
  const auto b = bracket(c, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 1.0, true);
  const auto result = swiss_detail::pair_bracket(c, b, {});
  ASSERT_TRUE(result);
  EXPECT_EQ(result->pairs,
            (std::vector<std::pair<int, int>>{{0, 3}, {1, 4}, {2, 6}, {5, 7}, {8, 9}}));
}

// D.3 (2017 text): of the moved-down players who can be paired, the lowest BSNs are. A, B and C
// (2 points) have all met, so they float into the 1-point bracket of R1 and R2, where only two
// of them can be paired; B has met R2. A-R2 and B-R1 pair A and B, and C floats on. (A taking
// its first resident, R1, would leave B unpaired and pair C-R2.)
TEST(SwissDutch, TheHighestMovedDownPlayersThatCanBePairedAre) {
  auto players = fresh(7);
  const std::vector<double> scores{2, 2, 2, 1, 1, 0, 0};
  for (int p = 0; p < 7; ++p) at(players, p).score = scores[static_cast<std::size_t>(p)];
  at(players, 0).opponents = {1, 2};
  at(players, 1).opponents = {0, 2, 4};
  at(players, 2).opponents = {0, 1};
  at(players, 4).opponents = {1};
  std::vector<swiss_detail::BracketTrace> trace;
  ASSERT_TRUE(swiss_detail::paired_round(players, {}, &trace));
  ASSERT_EQ(trace.size(), 3u);
  EXPECT_EQ(trace[1].result.pairs, (std::vector<std::pair<int, int>>{{0, 4}, {1, 3}}));
  EXPECT_EQ(trace[1].result.unpaired, std::vector<int>{2});
}

// C8: the downfloater is chosen for the next bracket. A, B and C have 1 point, Z1 and Z2 half a
// point, three more none; C has met Z1 and Z2. Floating C (A-B, the Dutch order's first) would
// leave it unpaired in the next bracket; floating B lets it meet Z1 there, so A-C.
TEST(SwissDutch, TheDownfloaterIsTheOneTheNextBracketCanPair) {
  auto players = fresh(8);
  const std::vector<double> scores{1, 1, 1, 0.5, 0.5, 0, 0, 0};
  for (int p = 0; p < 8; ++p) at(players, p).score = scores[static_cast<std::size_t>(p)];
  at(players, 2).opponents = {3, 4};
  at(players, 3).opponents = {2};
  at(players, 4).opponents = {2};
  std::vector<swiss_detail::BracketTrace> trace;
  ASSERT_TRUE(swiss_detail::paired_round(players, {}, &trace));
  ASSERT_GE(trace.size(), 2u);
  EXPECT_EQ(trace[0].bracket.next, (std::vector<int>{3, 4}));
  EXPECT_EQ(trace[0].result.pairs, (std::vector<std::pair<int, int>>{{0, 2}}));
  EXPECT_EQ(trace[0].result.unpaired, std::vector<int>{1});
  EXPECT_TRUE(trace[0].result.for_next);
  EXPECT_EQ(trace[1].result.pairs, (std::vector<std::pair<int, int>>{{1, 3}}));
}

// C7 compares the downfloaters' scores as a list in descending order, not as a sum: floating
// {2, 2} beats floating {3, 1} (the same sum), even when the latter grants one more colour
// preference (C10, a later criterion). A has 3 points, B and C 2, D, E and F 1; A and E both
// prefer to move second.
TEST(SwissDutch, FloaterScoresCompareAsAListInDescendingOrder) {
  auto players = fresh(6);
  const std::vector<double> scores{3, 2, 2, 1, 1, 1};
  for (int p = 0; p < 6; ++p) at(players, p).score = scores[static_cast<std::size_t>(p)];
  at(players, 0).colours = {1};
  at(players, 4).colours = {1};
  const auto c = swiss_detail::make_context(players, {});
  const auto b = bracket(c, {0, 1, 2, 3, 4, 5}, 1.0, false);
  const Quality float_b_c = swiss_detail::bracket_quality(c, b, {{0, 4}, {3, 5}});
  const Quality float_a_d = swiss_detail::bracket_quality(c, b, {{1, 4}, {2, 5}});
  EXPECT_EQ(float_b_c[swiss_detail::kFloaterScores], 4 + 4);  // 1 + three players of 1 point
  EXPECT_EQ(float_a_d[swiss_detail::kFloaterScores], 12 + 1);
  EXPECT_EQ(float_b_c[swiss_detail::kColourPreference], 1);
  EXPECT_EQ(float_a_d[swiss_detail::kColourPreference], 0);
  EXPECT_LT(float_b_c, float_a_d);
}

// C.04.3 (2025) 1.4: float history is per round. Player 1 upfloated in round 1 and was absent
// in round 2 (no float): for round 3 its previous round has no float and the upfloat is two
// rounds back. A forfeit is a downfloat for the winner (it scored without playing) only.
TEST(SwissDutch, FloatHistoryIsPerRoundAndAMissedRoundIsNoFloat) {
  auto players = fresh(4);
  at(players, 1).score = 1;
  swiss_record(players, 0, {1, 0}, 1.0);
  swiss_record(players, 0, {2, 3}, 0.5);
  swiss_record(players, 1, {1, 2}, 0.5);  // players 1 and 4 absent
  EXPECT_EQ(at(players, 0).floats, std::vector<int>{kUpfloat});
  const auto c = swiss_detail::make_context(players, {});
  EXPECT_EQ(swiss_detail::float_back(c, 0, 1), 0);
  EXPECT_EQ(swiss_detail::float_back(c, 0, 2), kUpfloat);
  const auto b = bracket(c, {1, 0}, 0.0, false);
  const Quality up = swiss_detail::pair_cost(c, b, 1, 0);  // player 1 upfloats again
  EXPECT_EQ(up[swiss_detail::kUpfloatAgain], 0);
  EXPECT_EQ(up[swiss_detail::kUpfloatTwoAgo], 1);

  swiss_record(players, 2, {0, 2}, 1.0);
  EXPECT_EQ(at(players, 0).floats, (std::vector<int>{kUpfloat, 0, kUpfloat}));
  auto forfeit = fresh(2);
  swiss_record_forfeit(forfeit, 0, 1, 0);
  EXPECT_EQ(at(forfeit, 0).floats, std::vector<int>{0});
  EXPECT_EQ(at(forfeit, 1).floats, std::vector<int>{kDownfloat});
}

// C14-C21 as the 2025 text words them, in a bracket of residents on 0 with MDPs on 2 and 1.
// C14 and C16 count resident downfloaters only (an MDP paired down, or floating on, is not
// one); C18 and C20 weigh the score difference of an MDP who downfloated before: paired, to its
// opponent; floating on, one point more than to the residents. The MDPs' possible differences
// (half points) are 2 (0 v 1, 1 v a resident), 4 (0 v a resident, 1 floating) and 6 (0
// floating), weighing 1, 3 and 9. C15 and C17 count an MDP's opponent who upfloated before, and
// C19 and C21 weigh its MDP's score (2 weighs 6 and 1 weighs 3 over the residents' 1).
TEST(SwissDutch, RepeatedFloatsCountResidentsAndWeighMdpScoreDifferences) {
  auto players = fresh(4);
  const std::vector<double> scores{2, 1, 0, 0};
  for (int p = 0; p < 4; ++p) at(players, p).score = scores[static_cast<std::size_t>(p)];
  at(players, 0).floats = {kDownfloat, kDownfloat};
  at(players, 1).floats = {0, kDownfloat};
  at(players, 2).floats = {kUpfloat, kUpfloat};
  at(players, 3).floats = {0, kDownfloat};
  const auto c = swiss_detail::make_context(players, {});
  const auto b = bracket(c, {0, 1, 2, 3}, 0.0, false);
  using swiss_detail::kDownfloatAgain;
  using swiss_detail::kDownfloatAgainScore;
  using swiss_detail::kDownfloatTwoAgoScore;
  const Quality top_floats = swiss_detail::unpaired_cost(c, b, 0);
  EXPECT_EQ(top_floats[kDownfloatAgain], 0);
  EXPECT_EQ(top_floats[kDownfloatAgainScore], 9);
  EXPECT_EQ(top_floats[kDownfloatTwoAgoScore], 9);
  const Quality middle_floats = swiss_detail::unpaired_cost(c, b, 1);
  EXPECT_EQ(middle_floats[kDownfloatAgainScore], 3);
  EXPECT_EQ(middle_floats[kDownfloatTwoAgoScore], 0);
  const Quality resident_floats = swiss_detail::unpaired_cost(c, b, 3);
  EXPECT_EQ(resident_floats[kDownfloatAgain], 1);
  EXPECT_EQ(resident_floats[kDownfloatAgainScore], 0);
  const Quality mdps = swiss_detail::pair_cost(c, b, 0, 1);
  EXPECT_EQ(mdps[kDownfloatAgain], 0);
  EXPECT_EQ(mdps[kDownfloatAgainScore], 1);
  const Quality top_down = swiss_detail::pair_cost(c, b, 0, 2);
  EXPECT_EQ(top_down[kDownfloatAgain], 0);
  EXPECT_EQ(top_down[kDownfloatAgainScore], 3);
  EXPECT_EQ(top_down[kDownfloatTwoAgoScore], 3);
  EXPECT_EQ(top_down[swiss_detail::kUpfloatAgain], 1);
  EXPECT_EQ(top_down[swiss_detail::kUpfloatTwoAgo], 1);
  EXPECT_EQ(top_down[swiss_detail::kUpfloatAgainScore], 6);
  EXPECT_EQ(top_down[swiss_detail::kUpfloatTwoAgoScore], 6);
  const Quality middle_down = swiss_detail::pair_cost(c, b, 1, 3);
  EXPECT_EQ(middle_down[kDownfloatAgainScore], 1);
  EXPECT_EQ(middle_down[kDownfloatAgain], 0);  // 3 is paired: no resident downfloater
  EXPECT_EQ(swiss_detail::pair_cost(c, b, 1, 2)[swiss_detail::kUpfloatAgainScore], 3);
}

// C9: the bye goes to the player with the fewest rounds not played. Three players on no points
// after two rounds; 3 was absent in one of them. The Dutch order's first pairing (1-2, 3 the
// bye) gives the bye to 3; 1-3 and the bye to 2 is better.
TEST(SwissDutch, TheByeGoesToThePlayerWhoMissedTheFewestRounds) {
  auto players = fresh(3);
  at(players, 0).colours = {1, -1};
  at(players, 1).colours = {-1, 1};
  at(players, 2).colours = {1};
  for (int p = 0; p < 3; ++p) at(players, p).floats = {0, 0};
  std::vector<swiss_detail::BracketTrace> trace;
  ASSERT_TRUE(swiss_detail::paired_round(players, {}, &trace));
  ASSERT_EQ(trace.size(), 1u);
  EXPECT_EQ(trace[0].result.pairs, (std::vector<std::pair<int, int>>{{0, 2}}));
  EXPECT_EQ(trace[0].result.unpaired, std::vector<int>{1});
}

// ---- random tournaments ----

bool met(const SwissPlayer& p, int q) {
  return std::find(p.opponents.begin(), p.opponents.end(), q) != p.opponents.end();
}

int difference(const SwissPlayer& p) {
  int d = 0;
  for (int c : p.colours) d += c;
  return d;
}

// C1-C3 for one round.
void check_absolute(const std::vector<SwissPlayer>& players, const Round& round, bool last) {
  std::set<int> seen;
  for (const auto& g : round) {
    ASSERT_TRUE(seen.insert(g.first).second);
    const auto& a = players[static_cast<std::size_t>(g.first)];
    ASSERT_TRUE(a.active);
    if (g.second == kBye) {
      EXPECT_FALSE(a.had_bye) << "C2: second bye";
      continue;
    }
    ASSERT_TRUE(seen.insert(g.second).second);
    const auto& b = players[static_cast<std::size_t>(g.second)];
    EXPECT_FALSE(met(a, g.second)) << "C1: repeat";
    const auto pa = swiss_detail::preference(a);
    const auto pb = swiss_detail::preference(b);
    EXPECT_FALSE(!last && pa.second == 3 && pb.second == 3 && pa.first == pb.first) << "C3";
    if (!last) {
      EXPECT_LE(std::abs(difference(a) + 1), 2);
      EXPECT_LE(std::abs(difference(b) - 1), 2);
    }
  }
  for (std::size_t p = 0; p < players.size(); ++p) {
    if (!players[p].active) continue;
    EXPECT_TRUE(seen.count(static_cast<int>(p))) << "active player unpaired";
  }
}

using Pairs = std::vector<std::pair<int, int>>;

// Every way to pair a bracket that keeps C1-C4: lowers `best` to the best quality; with
// `optimal`, collects the pairings of quality `best` instead.
void enumerate(const swiss_detail::Context& c, const swiss_detail::BracketTrace& t, Pairs& pairs,
               std::vector<int>& open, std::size_t from, std::vector<int>& unpaired, Quality& best,
               std::vector<Pairs>* optimal) {
  if (from == open.size()) {
    const Quality q = swiss_detail::bracket_quality(c, t.bracket, pairs);
    if (optimal ? q != best : !(q < best)) return;  // C4 matters only for these
    std::vector<int> lower = t.rest;
    lower.insert(lower.end(), unpaired.begin(), unpaired.end());
    const bool ok = t.bracket.last ? unpaired.size() <= 1 && swiss_detail::pairable(c, unpaired)
                                   : swiss_detail::pairable(c, lower);
    if (ok && optimal) optimal->push_back(pairs);
    if (ok && !optimal) best = q;
    return;
  }
  const int p = open[from];
  if (p < 0) return enumerate(c, t, pairs, open, from + 1, unpaired, best, optimal);
  unpaired.push_back(p);
  enumerate(c, t, pairs, open, from + 1, unpaired, best, optimal);
  unpaired.pop_back();
  for (std::size_t j = from + 1; j < open.size(); ++j) {
    const int q = open[j];
    if (q < 0 || !swiss_detail::compatible(c, p, q)) continue;
    open[j] = -1;
    pairs.emplace_back(p, q);
    enumerate(c, t, pairs, open, from + 1, unpaired, best, optimal);
    pairs.pop_back();
    open[j] = q;
  }
}

bool holds(const Pairs& pairs, int a, int b) {
  return std::any_of(pairs.begin(), pairs.end(), [&](const auto& p) {
    return (p.first == a && p.second == b) || (p.first == b && p.second == a);
  });
}

bool paired(const Pairs& pairs, int v) {
  return std::any_of(pairs.begin(), pairs.end(),
                     [&](const auto& p) { return p.first == v || p.second == v; });
}

// Keeps the pairings that `keep` accepts, if there are any.
template <typename Keep>
void keep_if_any(std::vector<Pairs>& pairings, const Keep& keep) {
  std::vector<Pairs> kept;
  std::copy_if(pairings.begin(), pairings.end(), std::back_inserter(kept), keep);
  if (!kept.empty()) pairings = kept;
}

// The remainder's exchange in a pairing, as the 2017 text's D.2 sorts exchanges (smaller is
// first): the fewest players exchanged; the smallest difference between the BSN sums moved;
// the highest BSN moved from S1; the lowest BSN moved from S2. A BSN is a place in the remainder
// (as bbpPairings numbers them). Moved from S1: its players who are not the higher player of a
// remainder pair; moved from S2: its players who are.
struct ExchangeKey {
  std::size_t count = 0;
  int sum_difference = 0;
  std::vector<int> from_s1;  // BSNs negated, highest BSN first
  std::vector<int> from_s2;  // lowest first
  auto operator<=>(const ExchangeKey&) const = default;
};

ExchangeKey exchange_of(const Pairs& pairs, const std::vector<int>& remainder, int s1) {
  const auto bsn = [&](int p) {
    return static_cast<int>(std::find(remainder.begin(), remainder.end(), p) - remainder.begin());
  };
  const int size = static_cast<int>(remainder.size());
  std::set<int> heads;
  for (auto [x, y] : pairs)
    if (bsn(x) < size && bsn(y) < size) heads.insert(std::min(bsn(x), bsn(y)));
  ExchangeKey key;
  for (int b = 0; b < size; ++b) {
    if (b < s1 && !heads.count(b)) key.from_s1.push_back(-b), key.sum_difference -= b;
    if (b >= s1 && heads.count(b)) key.from_s2.push_back(b), key.sum_difference += b;
  }
  std::sort(key.from_s1.begin(), key.from_s1.end());
  key.count = key.from_s2.size();
  return key;
}

// The Dutch order of C.04.3 (the 2017 text's sections B and D), written out independently of
// the library over every best pairing (`optimal`); the first one generated is chosen:
// 1. the moved-down players to pair: each in turn when some best pairing pairs it with those
//    chosen before (D.3: the higher scores, then the lower BSNs; C7 has fixed the scores);
// 2. each of them in turn takes the first resident (transpositions of S2), then moved-down
//    player below it, that some remaining pairing gives it;
// 3. the remainder splits into S1 (as many as it holds pairs) and S2; the exchange first in
//    D.2's order among the remaining pairings;
// 4. the new S1's players in turn take the first player of the new S2 below them.
Pairs dutch_first(const swiss_detail::Context& c, const swiss_detail::Bracket& b,
                  std::vector<Pairs> optimal) {
  const auto& order = b.players;
  auto mdp = [&](int p) { return c.player(p).score > b.score; };
  for (int v : order)
    if (mdp(v)) keep_if_any(optimal, [&](const Pairs& o) { return paired(o, v); });
  std::set<int> fixed;
  Pairs out;
  auto take_first = [&](int v, const std::vector<int>& candidates) {
    for (int w : candidates) {
      if (fixed.count(w)) continue;
      std::vector<Pairs> with;
      for (const auto& o : optimal)
        if (holds(o, v, w)) with.push_back(o);
      if (with.empty()) continue;
      optimal = with;
      fixed.insert({v, w});
      out.emplace_back(v, w);
      return;
    }
  };
  for (int v : order) {
    if (!mdp(v) || !paired(optimal.front(), v) || fixed.count(v)) continue;
    std::vector<int> candidates;
    for (int w : order)
      if (!mdp(w)) candidates.push_back(w);
    for (auto it = std::find(order.begin(), order.end(), v) + 1; it != order.end(); ++it)
      if (mdp(*it)) candidates.push_back(*it);
    fixed.insert(v);
    take_first(v, candidates);
  }
  std::vector<int> remainder;
  for (int v : order)
    if (!mdp(v) && !fixed.count(v)) remainder.push_back(v);
  int s1 = 0;
  for (auto [x, y] : optimal.front())
    if (!fixed.count(x) && !fixed.count(y)) ++s1;
  ExchangeKey first = exchange_of(optimal.front(), remainder, s1);
  for (const auto& o : optimal) first = std::min(first, exchange_of(o, remainder, s1));
  keep_if_any(optimal, [&](const Pairs& o) { return exchange_of(o, remainder, s1) == first; });
  std::set<int> new_s1;
  for (auto [x, y] : optimal.front())
    if (!fixed.count(x) && !fixed.count(y)) new_s1.insert(x);  // the higher player comes first
  for (std::size_t i = 0; i < remainder.size(); ++i) {
    const int v = remainder[i];
    if (!new_s1.count(v)) continue;
    std::vector<int> candidates;
    for (std::size_t j = i + 1; j < remainder.size(); ++j)
      if (!new_s1.count(remainder[j])) candidates.push_back(remainder[j]);
    fixed.insert(v);
    take_first(v, candidates);
  }
  return out;
}

// Plays a random round's results: draws, and now and then a forfeit instead of a game.
void record(std::vector<SwissPlayer>& players, int number, const Round& round, std::mt19937& rng) {
  for (const auto& g : round) {
    if (g.second == kBye) {
      swiss_record(players, number, g, 1.0);
    } else if (rng() % 25 == 0) {
      const bool first_wins = rng() % 2 == 0;
      swiss_record_forfeit(players, number, first_wins ? g.first : g.second,
                           first_wins ? g.second : g.first);
    } else {
      swiss_record(players, number, g, static_cast<double>(rng() % 3) / 2.0);
    }
  }
}

// Bracket t as paired, against all its pairings: none that keeps C1-C4 is better on the
// criteria, and among the best ones the Dutch order reaches this one first.
void check_first_best(const swiss_detail::Context& c, swiss_detail::BracketTrace t,
                      const std::string& where) {
  if (!t.result.for_next) t.bracket.next.clear();  // no next group: C8 not applied
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> open = t.bracket.players;
  std::vector<int> unpaired;
  Quality best;
  best.fill(1LL << 40);
  enumerate(c, t, pairs, open, 0, unpaired, best, nullptr);
  EXPECT_EQ(swiss_detail::bracket_quality(c, t.bracket, t.result.pairs), best) << where;
  std::vector<Pairs> optimal;
  enumerate(c, t, pairs, open, 0, unpaired, best, &optimal);
  ASSERT_FALSE(optimal.empty()) << where;
  const Pairs first = dutch_first(c, t.bracket, optimal);
  EXPECT_EQ(first.size(), t.result.pairs.size()) << where;
  for (auto [a, b] : first)
    EXPECT_TRUE(holds(t.result.pairs, a, b))
        << where << ": the Dutch order pairs " << a << "-" << b;
}

// Brackets made to need exchanges: players of one score (and now and then one or two moved
// down) of whom a random part have met, some with a game's colour behind them; the last bracket
// (a bye) or one whose floaters move on.
TEST(SwissDutch, RandomBracketsWithExchangesTakeTheFirstBestPairing) {
  std::mt19937 rng(20261128);
  int checked = 0;
  for (int t = 0; t < 1000; ++t) {
    const int n = 8 + static_cast<int>(rng() % 4);
    const int moved_down = rng() % 3 == 0 ? 1 + static_cast<int>(rng() % 2) : 0;
    const unsigned density = 30 + rng() % 40;  // percent of the pairs who have met
    auto players = fresh(n);
    for (int p = 0; p < n; ++p) {
      at(players, p).score = p < moved_down ? 2 : 1;
      if (rng() % 2 == 0) at(players, p).colours = {rng() % 2 == 0 ? 1 : -1};
      for (int q = p + 1; q < n; ++q)
        if (rng() % 100 < density) {
          at(players, p).opponents.push_back(q);
          at(players, q).opponents.push_back(p);
        }
    }
    const auto c = swiss_detail::make_context(players, {});
    swiss_detail::Bracket b;
    b.score = 1.0;
    b.last = rng() % 2 == 0;
    for (int p = 0; p < n; ++p) b.players.push_back(p);
    swiss_detail::weigh_floaters(c, b);
    const auto result = swiss_detail::pair_bracket(c, b, {});
    if (!result) continue;  // no pairing meets C1-C4
    check_first_best(c, {b, {}, *result}, "bracket " + std::to_string(t));
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

// A bracket of nine (found among such random brackets) whose best exchanges tie on the first
// three rules of D.2, so that the fourth decides: the lowest BSN moved from S2.
TEST(SwissDutch, ExchangesTiedOnThreeRulesTakeTheLowestPlayerOfS2) {
  auto players = fresh(9);
  const std::vector<int> colours{0, 1, -1, 1, 1, -1, 1, 0, 1};
  const std::vector<std::vector<int>> met{
      {1, 2, 3, 5, 8}, {2, 3, 5, 7, 8}, {4, 6, 7}, {4, 5, 6, 7, 8}, {7, 8}, {}, {8}};
  for (int p = 0; p < 9; ++p) {
    at(players, p).score = 1;
    if (colours[static_cast<std::size_t>(p)] != 0)
      at(players, p).colours = {colours[static_cast<std::size_t>(p)]};
  }
  for (std::size_t p = 0; p < met.size(); ++p)
    for (int q : met[p]) {
      at(players, static_cast<int>(p)).opponents.push_back(q);
      at(players, q).opponents.push_back(static_cast<int>(p));
    }
  const auto c = swiss_detail::make_context(players, {});
  const auto b = bracket(c, {0, 1, 2, 3, 4, 5, 6, 7, 8}, 1.0, false);
  const auto result = swiss_detail::pair_bracket(c, b, {});
  ASSERT_TRUE(result);
  check_first_best(c, {b, {}, *result}, "bracket of nine");
}

// C5 by brute force: lowers `best` to the lowest score of a player who takes the bye in some
// pairing of all of `open` (an odd number) under C1-C3. `bye`: the bye's score so far, or -1.
void lowest_bye_score(const swiss_detail::Context& c, std::vector<int>& open, std::size_t from,
                      double bye, double& best) {
  while (from < open.size() && open[from] < 0) ++from;
  if (from == open.size()) {
    if (bye >= 0) best = std::min(best, bye);
    return;
  }
  const int p = open[from];
  open[from] = -1;
  if (bye < 0 && !c.player(p).had_bye && c.player(p).score < best)
    lowest_bye_score(c, open, from + 1, c.player(p).score, best);
  for (std::size_t j = from + 1; j < open.size(); ++j) {
    const int q = open[j];
    if (q < 0 || !swiss_detail::compatible(c, p, q)) continue;
    open[j] = -1;
    lowest_bye_score(c, open, from + 1, bye, best);
    open[j] = q;
  }
  open[from] = p;
}

// C5 checked apart from the engine in fields of at most 13: the bye goes to the lowest score
// any pairing of the round under C1-C3 can give it.
void check_bye_score(const swiss_detail::Context& c, const Round& round, const std::string& where) {
  std::vector<int> open;
  for (const auto& g : round) {
    open.push_back(g.first);
    if (g.second != kBye) open.push_back(g.second);
  }
  if (open.size() % 2 == 0 || open.size() > 13) return;
  double best = 1e9;
  lowest_bye_score(c, open, 0, -1.0, best);
  EXPECT_EQ(c.player(round.back().first).score, best) << where << ": C5";
}

TEST(SwissDutch, RandomTournamentsMeetTheCriteriaAndSmallBracketsTakeTheFirstBestPairing) {
  std::mt19937 rng(20261127);
  int checked = 0;
  for (int t = 0; t < 120; ++t) {
    const int n = 5 + static_cast<int>(rng() % 56);
    const int rounds = 3 + static_cast<int>(rng() % 9);
    auto players = fresh(n);
    const SwissOptions options{true, rounds};
    for (int r = 0; r < rounds; ++r) {
      if (rng() % 4 == 0)
        at(players, static_cast<int>(rng() % static_cast<unsigned>(n))).active = false;
      std::vector<swiss_detail::BracketTrace> trace;
      const auto round = swiss_detail::paired_round(players, options, &trace);
      if (!round) break;  // out of pairings (small fields, many rounds)
      const std::string where =
          "tournament " + std::to_string(t) + " round " + std::to_string(r + 1);
      auto c = swiss_detail::make_context(players, options);
      check_absolute(players, *round, c.last_round);
      check_bye_score(c, *round, where);
      std::vector<int> active;
      for (const auto& g : *round) {
        active.push_back(g.first);
        if (g.second != kBye) active.push_back(g.second);
      }
      ASSERT_TRUE(swiss_detail::settle_bye_score(c, active));  // the brackets' C4 keeps C5
      for (const auto& bracket : trace) {
        if (bracket.bracket.players.size() > 10) continue;
        check_first_best(c, bracket, where);
        ++checked;
      }
      record(players, r, *round, rng);
    }
  }
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace competition
