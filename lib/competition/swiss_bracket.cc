#include "lib/competition/swiss_bracket.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "lib/competition/matching.h"

namespace competition::swiss_detail {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kByeVertex = -2;  // Graph::player of the vertex standing for the bye

// The bands of an edge weight, most significant first: completion (C4), the quality criteria
// in order, then the Dutch order of the next kWindow players in the walk (one band each, as many
// as fit in the weight).
constexpr int kWindow = 16;
enum Band {
  kCompletion = 0,
  kFirstCriterion = 1,
  kOrder = 1 + kCriteria,
  kBands = kOrder + kWindow
};
using Bands = std::array<long long, kBands>;
using EdgeBands = std::array<long long, kOrder>;  // an edge's bands above the order bands

struct Edge {
  int u = 0;
  int v = 0;
  EdgeBands bands{};  // the order bands are 0 on every edge (solve-time bonuses aside)
};

// Bracket players are vertices 0..size-1 in bracket order; then the lower players (if the
// graph must show completion) and the bye vertex (if their number is odd).
struct Graph {
  std::vector<int> player;
  int bracket_size = 0;
  bool complete = false;  // every vertex must be matched
  std::vector<Edge> edges;
  std::vector<std::vector<bool>> adjacent;  // between bracket vertices
  Bands offset{};
  std::array<MatchWeight, kBands> multiplier{};
  std::vector<MatchWeight> base;  // per edge: its weight with the order bands at 0
};

bool is_mdp(const Context& c, const Bracket& b, int p) { return c.player(p).score > b.score; }

// ux, uy: unpaired_cost of x and y.
EdgeBands bracket_edge(const Context& c, int x, int y, const Quality& ux, const Quality& uy,
                       bool complete) {
  EdgeBands out{};
  out[kCompletion] = complete ? 1 : 0;
  const Quality pc = c.rank[at(x)] < c.rank[at(y)] ? pair_cost(c, x, y) : pair_cost(c, y, x);
  for (std::size_t i = 0; i < kCriteria; ++i) out[kFirstCriterion + i] = ux[i] + uy[i] - pc[i];
  return out;
}

// Multipliers so that each band outweighs everything below it over a whole matching. Bands that
// do not fit in a weight are dropped from the bottom: order bands (the walk then settles fewer
// players per matching); a criterion band never in the tests or the benchmark (a band takes
// only the bits its values need).
void set_weights(Graph& g) {
  const long long pairs = static_cast<long long>(g.player.size() / 2) + 1;
  std::array<MatchWeight, kBands> span{};
  bool cardinality_set = false;  // by the top band in use: one value on every edge
  for (std::size_t band = 0; band < kBands; ++band) {
    const bool order = band >= kOrder;
    long long low = g.edges.empty() || order ? 0 : g.edges.front().bands[band];
    long long high = order ? g.bracket_size : low;
    for (const auto& e : g.edges) {
      if (order) break;
      low = std::min(low, e.bands[band]);
      high = std::max(high, e.bands[band]);
    }
    // Below the top band every matching has the same number of edges, so a common offset
    // changes nothing; the top band keeps its values (they make the cardinality).
    if (!cardinality_set) {
      low = std::min(low, 0LL);
      cardinality_set = high > 0;
    }
    g.offset[band] = low;
    span[band] = static_cast<MatchWeight>(high - low) * (order ? 1 : pairs) + 1;
  }
  const MatchWeight limit = static_cast<MatchWeight>(1) << 118;
  std::size_t kept = 0;
  for (MatchWeight product = 1; kept < kBands && product <= limit / span[kept]; ++kept)
    product *= span[kept];
  MatchWeight multiplier = 1;
  for (std::size_t band = kBands; band-- > 0;) {
    g.multiplier[band] = band < kept ? multiplier : 0;
    if (band < kept) multiplier *= span[band];
  }
}

Graph build_graph(const Context& c, const Bracket& b, const std::vector<int>& rest, bool complete) {
  Graph g;
  g.player = b.players;
  g.bracket_size = static_cast<int>(b.players.size());
  g.complete = complete || b.last;
  if (g.complete) {
    g.player.insert(g.player.end(), rest.begin(), rest.end());
    if (g.player.size() % 2 == 1) g.player.push_back(kByeVertex);
  }
  const int n = static_cast<int>(g.player.size());
  const int size = g.bracket_size;
  g.adjacent.assign(at(size), std::vector<bool>(at(size), false));
  std::vector<Quality> unpaired;
  for (int i = 0; i < size; ++i) unpaired.push_back(unpaired_cost(c, b, g.player[at(i)]));
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const int x = g.player[at(i)];
      const int y = g.player[at(j)];
      if (y == kByeVertex ? !bye_eligible(c, x) : !compatible(c, x, y)) continue;
      Edge e{i, j, {}};
      if (j < size) {
        e.bands = bracket_edge(c, x, y, unpaired[at(i)], unpaired[at(j)], g.complete);
        g.adjacent[at(i)][at(j)] = g.adjacent[at(j)][at(i)] = true;
      } else {
        e.bands[kCompletion] = 1;  // outside the bracket: counts for completion only
      }
      g.edges.push_back(e);
    }
  }
  set_weights(g);
  for (const auto& e : g.edges) {
    MatchWeight w = 0;
    for (std::size_t band = 0; band < kOrder; ++band)
      w += g.multiplier[band] * static_cast<MatchWeight>(e.bands[band] - g.offset[band]);
    g.base.push_back(w);  // each order band's offset is 0
  }
  return g;
}

// The Dutch order bonus: window[j]'s edge to w carries rank[j][w] in band kOrder + j.
struct OrderBonus {
  std::vector<int> window;
  std::vector<std::vector<long long>> rank;
};

// Edge k's weight with the order bands of `bonus` (their offsets are 0: g.base holds the rest).
MatchWeight weight_of(const Graph& g, std::size_t k, const OrderBonus& bonus) {
  const Edge& e = g.edges[k];
  MatchWeight w = g.base[k];
  for (std::size_t j = 0; j < bonus.window.size(); ++j) {
    if (e.u == bonus.window[j]) w += g.multiplier[kOrder + j] * bonus.rank[j][at(e.v)];
    if (e.v == bonus.window[j]) w += g.multiplier[kOrder + j] * bonus.rank[j][at(e.u)];
  }
  return w;
}

// The graph's matching problem without order bands, every vertex present.
IncrementalMatching matching_of(const Graph& g) {
  std::vector<MatchEdge> edges;
  for (std::size_t k = 0; k < g.edges.size(); ++k)
    edges.push_back({g.edges[k].u, g.edges[k].v, g.base[k]});
  return IncrementalMatching(static_cast<int>(g.player.size()), edges);
}

// How many order bands fit in the weights (set_weights drops the lowest bands first).
int window_size(const Graph& g) {
  int size = 0;
  while (size < kWindow && g.multiplier[at(kOrder + size)] != 0) ++size;
  return size;
}

// The walk through the bracket in Dutch order: each unfixed player in turn (moved-down players
// first, then S1, then what is left of S2) takes a partner from its candidates, best first.
class DutchWalk {
 public:
  // choose(v, candidates) -> the chosen vertex or -1; pairs_in(residents) -> the number of
  // pairs the remainder will hold (sets the size of S1).
  using Choose = std::function<int(int, const std::vector<int>&)>;
  using PairsIn = std::function<int(const std::vector<int>&)>;

  DutchWalk(const Context& c, const Bracket& b, const std::vector<std::vector<bool>>& adjacent)
      : c_(c),
        b_(b),
        adjacent_(adjacent),
        fixed_(b.players.size(), false),
        s1_(b.players.size(), false) {}

  // v and the unfixed players after it in the walk, of the same kind (moved down or resident),
  // at most `count`.
  std::vector<int> upcoming(int v, int count) const {
    std::vector<int> out{v};
    const bool mdp = is_mdp(c_, b_, b_.players[at(v)]);
    for (int w = v + 1; w < size() && static_cast<int>(out.size()) < count; ++w)
      if (free(w) && is_mdp(c_, b_, b_.players[at(w)]) == mdp) out.push_back(w);
    return out;
  }

  // v's partners in Dutch order among the unfixed players it may meet: for a moved-down player
  // the residents in order, then the moved-down players below it; in the remainder, S2 in
  // order (transpositions), then for an S1 player the S1 players below it from the bottom
  // (exchanges).
  std::vector<int> candidates(int v) const {
    std::vector<int> out;
    auto take = [&](int w) {
      if (w != v && free(w) && adjacent_[at(v)][at(w)]) out.push_back(w);
    };
    if (is_mdp(c_, b_, b_.players[at(v)])) {
      for (int w = 0; w < size(); ++w)
        if (!is_mdp(c_, b_, b_.players[at(w)])) take(w);
      for (int w = v + 1; w < size(); ++w)
        if (is_mdp(c_, b_, b_.players[at(w)])) take(w);
      return out;
    }
    for (int w = v + 1; w < size(); ++w)
      if (!s1_[at(w)]) take(w);
    if (s1_[at(v)])
      for (int w = size() - 1; w > v; --w)
        if (s1_[at(w)]) take(w);
    return out;
  }

  // Pairs made (vertex indices) and the vertices left unpaired.
  std::pair<std::vector<std::pair<int, int>>, std::vector<int>> run(const Choose& choose,
                                                                    const PairsIn& pairs_in) {
    std::vector<std::pair<int, int>> pairs;
    std::vector<int> unpaired;
    bool split = false;
    for (int v = 0; v < size(); ++v) {
      if (fixed_[at(v)]) continue;
      if (!split && !is_mdp(c_, b_, b_.players[at(v)])) {
        split_remainder(pairs_in);
        split = true;
      }
      fixed_[at(v)] = true;
      const int partner = choose(v, candidates(v));
      if (partner >= 0 && partner < size()) {
        fixed_[at(partner)] = true;
        pairs.emplace_back(v, partner);
      } else {
        unpaired.push_back(v);
      }
    }
    return {pairs, unpaired};
  }

 private:
  int size() const { return static_cast<int>(b_.players.size()); }
  bool free(int w) const { return !fixed_[at(w)]; }

  void split_remainder(const PairsIn& pairs_in) {
    std::vector<int> remainder;
    for (int w = 0; w < size(); ++w)
      if (free(w)) remainder.push_back(w);
    const int s1 = pairs_in(remainder);
    for (int i = 0; i < s1 && i < static_cast<int>(remainder.size()); ++i)
      s1_[at(remainder[at(i)])] = true;
  }

  const Context& c_;
  const Bracket& b_;
  const std::vector<std::vector<bool>>& adjacent_;
  std::vector<bool> fixed_;
  std::vector<bool> s1_;
};

BracketResult to_players(
    const Bracket& b, const std::pair<std::vector<std::pair<int, int>>, std::vector<int>>& walk) {
  BracketResult out;
  for (auto [v, w] : walk.first) out.pairs.emplace_back(b.players[at(v)], b.players[at(w)]);
  for (int v : walk.second) out.unpaired.push_back(b.players[at(v)]);
  return out;
}

// The straight Dutch walk, each player taking its first candidate that costs nothing on any
// criterion; kept when the bracket ends at the floor of every criterion and the rest stays
// pairable. Then no best pairing uses a pair that costs something, so each player's choice is
// the first one some best pairing makes: the Dutch walk's own choice.
std::optional<BracketResult> straight(const Context& c, const Bracket& b,
                                      const std::vector<int>& rest) {
  const int size = static_cast<int>(b.players.size());
  std::vector<std::vector<bool>> adjacent(at(size), std::vector<bool>(at(size), false));
  for (int i = 0; i < size; ++i)
    for (int j = i + 1; j < size; ++j)
      adjacent[at(i)][at(j)] = adjacent[at(j)][at(i)] =
          compatible(c, b.players[at(i)], b.players[at(j)]);
  DutchWalk walk(c, b, adjacent);
  const auto by_rank = [&](int x, int y) { return c.rank[at(x)] < c.rank[at(y)]; };
  const auto result = to_players(
      b, walk.run(
             [&](int v, const std::vector<int>& cands) {
               for (int w : cands) {
                 const int x = b.players[at(v)];
                 const int y = b.players[at(w)];
                 if (pair_cost(c, std::min(x, y, by_rank), std::max(x, y, by_rank)) == Quality{})
                   return w;
               }
               return -1;
             },
             [](const std::vector<int>& remainder) {
               return static_cast<int>(remainder.size() / 2);
             }));
  Quality floor{};
  floor[kFloaters] = size % 2;
  floor[kFloaterScores] = size % 2;  // one player of the lowest score, which weighs 1
  if (bracket_quality(c, b, result.pairs) != floor) return std::nullopt;
  if (b.last) {
    if (!result.unpaired.empty() && !bye_eligible(c, result.unpaired.front())) return std::nullopt;
  } else {
    std::vector<int> lower = rest;
    lower.insert(lower.end(), result.unpaired.begin(), result.unpaired.end());
    if (!pairable(c, lower)) return std::nullopt;
  }
  return result;
}

// The walk's matching over graph g: solved once with no order bands, then again from the last
// optimum each time the order bands move to a new window, as players leave the graph.
class WalkMatching {
 public:
  explicit WalkMatching(const Graph& g)
      : g_(g),
        incident_(g.player.size()),
        removed_(g.player.size(), false),
        matching_(matching_of(g)),
        mate_(matching_.solve()) {
    for (std::size_t k = 0; k < g.edges.size(); ++k) {
      incident_[at(g.edges[k].u)].push_back(k);
      incident_[at(g.edges[k].v)].push_back(k);
    }
  }

  const std::vector<int>& mate() const { return mate_; }

  // Solves again with `bonus` in place of the last order bands.
  void solve(OrderBonus bonus) {
    for (const auto* window : {&last_.window, &bonus.window})
      for (int w : *window)
        for (std::size_t k : incident_[at(w)])
          if (!removed_[at(g_.edges[k].u)] && !removed_[at(g_.edges[k].v)])
            matching_.reweigh(static_cast<int>(k), weight_of(g_, k, bonus));
    mate_ = matching_.solve();
    last_ = std::move(bonus);
  }

  // Bracket player v takes its partner in the current matching: both leave the graph, unless
  // the partner is a lower player. Then v floats: completion may still pair it with any lower
  // player, so only its edges into the bracket go.
  void take(int v) {
    const int partner = mate_[at(v)];
    removed_[at(v)] = true;
    if (partner >= g_.bracket_size) {
      for (std::size_t k : incident_[at(v)]) {
        const int other = g_.edges[k].u == v ? g_.edges[k].v : g_.edges[k].u;
        if (other < g_.bracket_size && !removed_[at(other)]) matching_.cut(static_cast<int>(k));
      }
      return;
    }
    matching_.remove(v);
    if (partner >= 0) {
      removed_[at(partner)] = true;
      matching_.remove(partner);
    }
  }

 private:
  const Graph& g_;
  std::vector<std::vector<std::size_t>> incident_;  // edge indices per vertex
  std::vector<bool> removed_;                       // walked players and their partners
  IncrementalMatching matching_;
  std::vector<int> mate_;
  OrderBonus last_;  // the order bands of the last solve
};

// The Dutch walk over graph g: each player takes the best-ranked partner that some pairing best
// on the criteria gives it. When the current matching does not already give a player its first
// candidate, one matching with the order bands settles it and the next few players at once.
std::optional<BracketResult> walk_matching(const Context& c, const Bracket& b, const Graph& g) {
  const int n = static_cast<int>(g.player.size());
  WalkMatching matching(g);
  const std::vector<int>& mate = matching.mate();
  if (g.complete && std::count(mate.begin(), mate.end(), -1) > 0)
    return std::nullopt;  // no complete pairing
  DutchWalk walk(c, b, g.adjacent);
  std::vector<bool> settled(at(n), false);
  const int window = std::max(1, window_size(g));
  auto choose = [&](int v, const std::vector<int>& cands) {
    if (!settled[at(v)] && !cands.empty() && mate[at(v)] != cands.front()) {
      OrderBonus bonus{walk.upcoming(v, window), {}};
      for (int w : bonus.window) {
        const auto list = w == v ? cands : walk.candidates(w);
        bonus.rank.emplace_back(at(n), 0);
        for (std::size_t i = 0; i < list.size(); ++i)
          bonus.rank.back()[at(list[i])] = static_cast<long long>(list.size() - i);
        settled[at(w)] = true;
      }
      matching.solve(std::move(bonus));
    }
    const int partner = mate[at(v)];
    matching.take(v);
    return partner;
  };
  auto pairs_in = [&](const std::vector<int>& remainder) {
    int pairs = 0;
    for (int v : remainder)
      if (mate[at(v)] > v &&
          std::find(remainder.begin(), remainder.end(), mate[at(v)]) != remainder.end())
        ++pairs;
    return pairs;
  };
  return to_players(b, walk.run(choose, pairs_in));
}

}  // namespace

namespace {

// A greedy pairing of `players` (indices into it in mate; -1 unpaired), then repairs: an
// unpaired x takes the partner of a paired y when y can then meet another unpaired player or,
// for the last one of an odd number, take the bye. True when it ends complete; false proves
// nothing (the caller then runs a matching).
bool greedy_pairable(const Context& c, const std::vector<int>& players) {
  const int n = static_cast<int>(players.size());
  auto ok = [&](int i, int j) { return compatible(c, players[at(i)], players[at(j)]); };
  std::vector<int> mate(at(n), -1);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n && mate[at(i)] < 0; ++j)
      if (mate[at(j)] < 0 && ok(i, j)) mate[at(i)] = j, mate[at(j)] = i;
  std::vector<int> left;
  for (int i = 0; i < n; ++i)
    if (mate[at(i)] < 0) left.push_back(i);
  auto done = [&] {
    return left.empty() ||
           (left.size() == 1 && n % 2 == 1 && bye_eligible(c, players[at(left[0])]));
  };
  for (int round = 0; round < 4 * n && !done(); ++round) {
    const int x = left.back();
    bool moved = false;
    for (int y = 0; y < n && !moved; ++y) {
      const int z = mate[at(y)];  // x takes z, y is freed
      if (z < 0 || !ok(x, z)) continue;
      for (std::size_t k = 0; k + 1 < left.size() && !moved; ++k)
        if (ok(y, left[k])) {
          mate[at(x)] = z, mate[at(z)] = x, mate[at(y)] = left[k], mate[at(left[k])] = y;
          left.erase(left.begin() + static_cast<std::ptrdiff_t>(k));
          left.pop_back();
          moved = true;
        }
      if (!moved && left.size() == 1 && bye_eligible(c, players[at(y)])) {
        mate[at(x)] = z, mate[at(z)] = x, mate[at(y)] = -1;
        left = {y};
        moved = true;
      }
    }
    if (!moved) return false;
  }
  return done();
}

}  // namespace

bool pairable(const Context& c, const std::vector<int>& players) {
  if (greedy_pairable(c, players)) return true;
  Bracket none;
  const Graph g = build_graph(c, none, players, true);
  const auto mate = matching_of(g).solve();
  return std::count(mate.begin(), mate.end(), -1) == 0;
}

std::optional<BracketResult> pair_bracket(const Context& c, const Bracket& b,
                                          const std::vector<int>& rest) {
  if (auto result = straight(c, b, rest)) return result;
  if (!b.last) {
    const Graph g = build_graph(c, b, rest, false);
    auto result = walk_matching(c, b, g);
    std::vector<int> lower = rest;
    if (result) lower.insert(lower.end(), result->unpaired.begin(), result->unpaired.end());
    if (result && pairable(c, lower)) return result;
  }
  return walk_matching(c, b, build_graph(c, b, rest, true));
}

}  // namespace competition::swiss_detail
