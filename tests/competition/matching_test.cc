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

// The graph of an IncrementalMatching as the test changes it: weights[u][v] (0: no edge) and the
// index of each edge in the constructor's list.
struct Changing {
  Weights w;
  std::vector<std::vector<int>> index;
  std::vector<bool> gone;
};

// Random graphs changed step by step as the Swiss pairing changes them (a matched pair or a
// free vertex leaves, an edge leaves, a few vertices' edges take new weights), solved again from
// the last optimum after each step: each solution has the weight of the best matching of the
// graph as it is then (brute force up to 11 vertices, the solver from scratch beyond), pairs only
// present vertices along present edges (matched_edge naming the edge of each pair), and leaves
// the removed vertices unmatched.
void check_incremental(std::mt19937& rng, int n, long long range, bool brute) {
  const auto at = [](int i) { return static_cast<std::size_t>(i); };
  Changing g{Weights(at(n), std::vector<long long>(at(n), 0)),
             std::vector<std::vector<int>>(at(n), std::vector<int>(at(n), -1)),
             std::vector<bool>(at(n), false)};
  std::vector<MatchEdge> edges;
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      if (rng() % 5 == 0) continue;
      const long long x = 1 + static_cast<long long>(rng() % static_cast<unsigned>(range));
      g.w[at(a)][at(b)] = g.w[at(b)][at(a)] = x;
      g.index[at(a)][at(b)] = g.index[at(b)][at(a)] = static_cast<int>(edges.size());
      edges.push_back({a, b, x});
    }
  IncrementalMatching matching(n, edges);
  std::vector<int> mate = matching.solve();
  for (int step = 0; step < 6; ++step) {
    Weights present = g.w;
    for (int v = 0; v < n; ++v)
      for (int u = 0; u < n; ++u)
        if (g.gone[at(v)] || g.gone[at(u)]) present[at(v)][at(u)] = 0;
    std::vector<bool> used = g.gone;
    std::vector<MatchEdge> live;
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        if (present[at(a)][at(b)] > 0) live.push_back({a, b, present[at(a)][at(b)]});
    const long long want =
        brute ? best(present, used, 0) : total(present, max_weight_matching(n, live));
    ASSERT_EQ(total(present, mate), want) << n << " vertices, step " << step;
    for (int v = 0; v < n; ++v) {
      if (g.gone[at(v)]) {
        ASSERT_EQ(mate[at(v)], -1) << "a removed vertex is matched";
      }
      const int partner = mate[at(v)];  // matched_edge names the edge of v's pair
      ASSERT_EQ(matching.matched_edge(v), partner < 0 ? -1 : g.index[at(v)][at(partner)]);
    }
    const int v = static_cast<int>(rng() % static_cast<unsigned>(n));
    if (!g.gone[at(v)]) {  // v leaves with its partner, as a Swiss walk settles a pair
      g.gone[at(v)] = true;
      matching.remove(v);
      if (mate[at(v)] >= 0) {
        g.gone[at(mate[at(v)])] = true;
        matching.remove(mate[at(v)]);
      }
    }
    const int a = static_cast<int>(rng() % static_cast<unsigned>(n));
    const int b = static_cast<int>(rng() % static_cast<unsigned>(n));
    if (g.index[at(a)][at(b)] >= 0 &&
        rng() % 2 == 0) {  // an edge leaves (a floater's in-bracket edge)
      matching.cut(g.index[at(a)][at(b)]);
      g.index[at(a)][at(b)] = g.index[at(b)][at(a)] = -1;
      g.w[at(a)][at(b)] = g.w[at(b)][at(a)] = 0;
    }
    for (int hubs = 1 + static_cast<int>(rng() % 3); hubs > 0; --hubs) {
      const int h = static_cast<int>(rng() % static_cast<unsigned>(n));
      for (int u = 0; u < n; ++u) {
        const int k = g.index[at(h)][at(u)];
        if (k < 0 || g.gone[at(h)] || g.gone[at(u)]) continue;
        const long long x = 1 + static_cast<long long>(rng() % static_cast<unsigned>(range));
        g.w[at(h)][at(u)] = g.w[at(u)][at(h)] = x;
        matching.reweigh(k, x);
      }
    }
    mate = matching.solve();
  }
}

TEST(Matching, IncrementalAgreesWithBruteForceAfterEachChange) {
  std::mt19937 rng(11272026);
  for (int trial = 0; trial < 1500; ++trial)
    check_incremental(rng, 2 + static_cast<int>(rng() % 10), trial % 2 == 0 ? 3 : 1000, true);
}

TEST(Matching, IncrementalAgreesWithASolveFromScratchOnLargerGraphs) {
  std::mt19937 rng(20261128);
  for (int trial = 0; trial < 60; ++trial)
    check_incremental(rng, 20 + static_cast<int>(rng() % 40), trial % 2 == 0 ? 4 : 100000, false);
}

// Weights beyond 64 bits (the Swiss packs its criteria into bands of one weight).
TEST(Matching, WideWeights) {
  const MatchWeight big = static_cast<MatchWeight>(1) << 100;
  const auto mate = max_weight_matching(4, {{0, 1, big + 1}, {1, 2, big + big}, {2, 3, big}});
  EXPECT_EQ(mate, (std::vector<int>{1, 0, 3, 2}));
}

}  // namespace
}  // namespace competition
