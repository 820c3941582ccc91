// Maximum weight matching (blossom algorithm) against brute force on small random graphs.
#include <gtest/gtest.h>

#include <random>

#include "lib/competition/matching.h"

namespace competition {
namespace {

using Weights = std::vector<std::vector<long long>>;  // 0: no edge

// The best total over all matchings of vertices v..n-1 (brute force).
long long best(const Weights& w, std::vector<bool>& used, std::size_t v) {
  while (v < w.size() && used[v]) ++v;
  if (v == w.size()) return 0;
  used[v] = true;
  long long out = best(w, used, v + 1);  // v stays unmatched
  for (std::size_t u = v + 1; u < w.size(); ++u) {
    if (used[u] || w[v][u] <= 0) continue;
    used[u] = true;
    out = std::max(out, w[v][u] + best(w, used, v + 1));
    used[u] = false;
  }
  used[v] = false;
  return out;
}

long long total(const Weights& w, const std::vector<int>& mate) {
  long long sum = 0;
  for (std::size_t v = 0; v < mate.size(); ++v) {
    if (mate[v] < 0) continue;
    const auto u = static_cast<std::size_t>(mate[v]);
    EXPECT_EQ(mate[u], static_cast<int>(v)) << "mate is not symmetric";
    EXPECT_GT(w[v][u], 0) << "matched along a missing edge";
    if (v < u) sum += w[v][u];
  }
  return sum;
}

TEST(Matching, EmptyAndSingleEdge) {
  EXPECT_TRUE(max_weight_matching(0, {}).empty());
  EXPECT_EQ(max_weight_matching(3, {{0, 2, 5}}), (std::vector<int>{2, -1, 0}));
}

// A path a-b-c-d: the two outer edges beat the heavier middle one (5 + 5 > 8).
TEST(Matching, PrefersTwoOuterEdgesToTheHeavierMiddleOne) {
  EXPECT_EQ(max_weight_matching(4, {{0, 1, 5}, {1, 2, 8}, {2, 3, 5}}),
            (std::vector<int>{1, 0, 3, 2}));
}

// An odd cycle with a stem forces blossom shrinking and expansion.
TEST(Matching, OddCycleWithStem) {
  const auto mate =
      max_weight_matching(6, {{0, 1, 9}, {1, 2, 10}, {2, 0, 9}, {2, 3, 3}, {3, 4, 9}, {4, 5, 2}});
  Weights w(6, std::vector<long long>(6, 0));
  for (auto [a, b, x] :
       {std::tuple{0, 1, 9}, {1, 2, 10}, {2, 0, 9}, {2, 3, 3}, {3, 4, 9}, {4, 5, 2}})
    w[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
        w[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = x;
  std::vector<bool> used(6, false);
  EXPECT_EQ(total(w, mate), best(w, used, 0));
  EXPECT_EQ(total(w, mate), 10 + 9);
}

TEST(Matching, AgreesWithBruteForceOnRandomGraphs) {
  std::mt19937 rng(20261127);
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 11);
    const int density = 1 + static_cast<int>(rng() % 4);  // in quarters
    const long long range = trial % 3 == 0 ? 3 : 1000;    // small ranges give many ties
    Weights w(static_cast<std::size_t>(n), std::vector<long long>(static_cast<std::size_t>(n), 0));
    std::vector<MatchEdge> edges;
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b) {
        if (static_cast<int>(rng() % 4) >= density) continue;
        const long long x = 1 + static_cast<long long>(rng() % static_cast<unsigned>(range));
        w[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = x;
        w[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = x;
        edges.push_back({a, b, x});
      }
    std::vector<bool> used(static_cast<std::size_t>(n), false);
    const auto mate = max_weight_matching(n, edges);
    ASSERT_EQ(total(w, mate), best(w, used, 0)) << "trial " << trial << ", " << n << " vertices";
  }
}

// Weights beyond 64 bits (the Swiss packs its criteria into bands of one weight).
TEST(Matching, WideWeights) {
  const MatchWeight big = static_cast<MatchWeight>(1) << 100;
  const auto mate = max_weight_matching(4, {{0, 1, big + 1}, {1, 2, big + big}, {2, 3, big}});
  EXPECT_EQ(mate, (std::vector<int>{1, 0, 3, 2}));
}

}  // namespace
}  // namespace competition
