#include "lib/competition/swiss_bracket.h"

#include <algorithm>
#include <limits>

#include "lib/competition/swiss_walk.h"

namespace competition::swiss_detail {
namespace {

// The lowest and highest value of each band set when the graph is built, taken as the edges are
// made (a pass over the edges afterwards would read every edge again).
struct BuiltRanges {
  EdgeBands low{};
  EdgeBands high{};
  bool any = false;

  BuiltRanges() {
    low.fill(std::numeric_limits<long long>::max());
    high.fill(std::numeric_limits<long long>::min());
  }
  void take(std::size_t band, long long value) {  // stores only on a new extreme (rare)
    if (value < low[band]) low[band] = value;
    if (value > high[band]) high[band] = value;
  }
  void take(const EdgeBands& bands) {
    for (std::size_t band = 0; band < kFirstWalkBand; ++band) take(band, bands[band]);
  }
  void finish() {  // no edge: every band 0
    if (!any) low = high = EdgeBands{};
  }
};

// The bands of the bracket pair x-y into out (and ranges); ux, uy: unpaired_cost of x and y.
void bracket_edge(const Context& c, const Bracket& b, int x, int y, const Quality& ux,
                  const Quality& uy, bool complete, EdgeBands& out, BuiltRanges& ranges) {
  out[kCompletion] = complete ? 1 : 0;
  ranges.take(kCompletion, out[kCompletion]);
  const Quality pc = c.rank[at(x)] < c.rank[at(y)] ? pair_cost(c, b, x, y) : pair_cost(c, b, y, x);
  for (std::size_t i = 0; i < kCriteria; ++i) {
    out[kFirstCriterion + i] = ux[i] + uy[i] - pc[i];
    ranges.take(kFirstCriterion + i, out[kFirstCriterion + i]);
  }
}

// A band's offset (its lowest value on an edge) and span (how far apart its totals over two
// matchings of the graph can be, plus one); positive: some edge has a value above 0.
struct BandScale {
  long long low = 0;
  MatchWeight span = 1;
  bool positive = false;
};

// A band the walk sets (swiss_walk.h).
BandScale walk_band(const Graph& g, std::size_t band, long long pairs) {
  const long long size = g.bracket_size;
  switch (band) {
    case kExchanges:  // -1 per pair within S2
      return {-1, pairs + 1, false};
    case kExchangeSum:  // the BSNs moved from S1 less those moved from S2 (each less than size)
      return {-size, static_cast<MatchWeight>(size) * size + 1, true};
    case kProbe:  // 2 per bound moved-down player, or -1 or 1 for one probed player
      return {-1, size + 3, true};
    default:  // an order band: a rank on one edge of the matching
      return {0, size + 1, true};
  }
}

// Two matchings' totals on a band differ by at most the sum over the vertices of the largest
// value above 0 and the largest below 0 on their edges (a matching takes one edge per vertex at
// most).
MatchWeight vertex_bound(const Graph& g, std::size_t band) {
  std::vector<long long> above(g.player.size(), 0);
  std::vector<long long> below(g.player.size(), 0);
  for (const auto& e : g.edges) {
    const long long value = e.bands[band];
    for (int v : {e.u, e.v}) {
      above[at(v)] = std::max(above[at(v)], value);
      below[at(v)] = std::max(below[at(v)], -value);
    }
  }
  MatchWeight bound = 0;
  for (std::size_t v = 0; v < above.size(); ++v) bound += above[v] + below[v];
  return bound;
}

// A band set when the graph is built, of values from low to high. Below the top band in use
// every matching has the same number of edges, so a common offset changes nothing; the top band
// keeps its values (they make the cardinality). Two matchings' totals differ by at most
// (high - low) per edge.
BandScale built_band(long long low, long long high, long long pairs, bool top) {
  if (top) low = std::min(low, 0LL);
  return {low, static_cast<MatchWeight>(high - low) * pairs + 1, high > 0};
}

// How many bands, from the top, fit in a weight.
std::size_t fitting(const std::array<MatchWeight, kBands>& span) {
  const MatchWeight limit = static_cast<MatchWeight>(1) << 118;
  std::size_t kept = 0;
  for (MatchWeight product = 1; kept < kBands && product <= limit / span[kept]; ++kept)
    product *= span[kept];
  return kept;
}

// Multipliers so that each band outweighs everything below it over a whole matching. When not
// even kRoomy order bands fit, the built bands take vertex_bound where it is smaller (a pass over
// the edges per band, for the few brackets that need it). Bands that still do not fit are
// dropped from the bottom: order bands (the walk then settles fewer players per matching); the
// walk's bands and the criteria bands never in the tests or the benchmark (a band takes only
// the bits its values need).
void set_weights(Graph& g, const BuiltRanges& ranges) {
  constexpr std::size_t kRoomy = 1;
  const long long pairs = static_cast<long long>(g.player.size() / 2) + 1;
  std::array<MatchWeight, kBands> span{};
  const EdgeBands& low = ranges.low;
  const EdgeBands& high = ranges.high;
  bool top = true;  // no band above has a value above 0
  for (std::size_t band = 0; band < kBands; ++band) {
    const BandScale scale = band >= kFirstWalkBand ? walk_band(g, band, pairs)
                                                   : built_band(low[band], high[band], pairs, top);
    top = top && !scale.positive;
    g.offset[band] = scale.low;
    span[band] = scale.span;
  }
  std::size_t kept = fitting(span);
  if (kept < kOrder + kRoomy) {
    for (std::size_t band = 0; band < kFirstWalkBand; ++band)
      span[band] = std::min(span[band], vertex_bound(g, band) + 1);
    kept = fitting(span);
  }
  MatchWeight multiplier = 1;
  for (std::size_t band = kBands; band-- > 0;) {
    g.multiplier[band] = band < kept ? multiplier : 0;
    if (band < kept) multiplier *= span[band];
  }
}

}  // namespace

namespace {

// g's edges: each compatible pair of g.player (and the bye) with the bands of its criteria.
BuiltRanges add_edges(const Context& c, const Bracket& b, Graph& g) {
  const int n = static_cast<int>(g.player.size());
  const int size = g.bracket_size;
  const int next_end = size + static_cast<int>(b.next.size());  // g.player: the next group first
  std::vector<Quality> unpaired;
  for (int i = 0; i < size; ++i) unpaired.push_back(unpaired_cost(c, b, g.player[at(i)]));
  BuiltRanges ranges;
  // At most a pair per two vertices, and most pairs are compatible: sized once rather than
  // copied as it grows.
  g.edges.reserve(at(n) * at(std::max(n - 1, 0)) / 2);
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const int x = g.player[at(i)];
      const int y = g.player[at(j)];
      if (j < size          ? !g.adjacent[at(i)][at(j)]
          : y == kByeVertex ? !bye_eligible(c, x)
                            : !compatible(c, x, y))
        continue;
      Edge& e = g.edges.emplace_back(Edge{i, j, {}});
      ranges.any = true;
      if (j < size) {
        bracket_edge(c, b, x, y, unpaired[at(i)], unpaired[at(j)], g.complete, e.bands, ranges);
        continue;
      }
      if (g.complete) e.bands[kCompletion] = 1;  // outside the bracket: counts for completion
      if (j < next_end) {  // and a pair of the next bracket (C8), a downfloater's with its weight
        e.bands[kFirstCriterion + std::size_t{kNextUnpaired}] = 2;
        if (i < size)
          e.bands[kFirstCriterion + std::size_t{kNextFloaterScores}] =
              unpaired[at(i)][kFloaterScores];
      }
      ranges.take(e.bands);
    }
  }
  ranges.finish();
  return ranges;
}

// Each edge's weight with the walk's bands at 0 (set_weights' multipliers and offsets).
void set_base_weights(Graph& g) {
  for (std::size_t band = kFirstWalkBand; band < kOrder; ++band)
    g.walk_base -= g.multiplier[band] * static_cast<MatchWeight>(g.offset[band]);
  g.base.reserve(g.edges.size());
  for (const auto& e : g.edges) {
    MatchWeight w = g.walk_base;  // the walk's bands start at 0
    for (std::size_t band = 0; band < kFirstWalkBand; ++band)
      if (const long long above = e.bands[band] - g.offset[band]; above != 0)  // most are 0
        w += g.multiplier[band] * static_cast<MatchWeight>(above);
    g.base.push_back(w);
  }
}

}  // namespace

Adjacency bracket_adjacency(const Context& c, const Bracket& b) {
  const int size = static_cast<int>(b.players.size());
  Adjacency adjacent(at(size), std::vector<bool>(at(size), false));
  for (int i = 0; i < size; ++i) {
    auto& row = adjacent[at(i)];
    for (int j = i + 1; j < size; ++j) {
      if (!compatible(c, b.players[at(i)], b.players[at(j)])) continue;
      row[at(j)] = true;
      adjacent[at(j)][at(i)] = true;
    }
  }
  return adjacent;
}

Graph build_graph(const Context& c, const Bracket& b, const std::vector<int>& rest, bool complete,
                  const Adjacency& adjacent) {
  Graph g;
  g.player = b.players;
  g.bracket_size = static_cast<int>(b.players.size());
  g.complete = complete || b.last;
  if (g.complete) {  // rest: b.next (C8's score group) first
    g.player.insert(g.player.end(), rest.begin(), rest.end());
    if (g.player.size() % 2 == 1) g.player.push_back(kByeVertex);
  } else {
    g.player.insert(g.player.end(), b.next.begin(), b.next.end());  // for C8
  }
  g.adjacent = adjacent;
  set_weights(g, add_edges(c, b, g));
  set_base_weights(g);
  return g;
}

std::vector<MatchEdge> match_edges(const Graph& g) {
  std::vector<MatchEdge> out;
  out.reserve(g.edges.size());
  for (std::size_t k = 0; k < g.edges.size(); ++k)
    out.push_back({g.edges[k].u, g.edges[k].v, g.base[k]});
  return out;
}

namespace {

BracketResult result_for_next(const Bracket& b, BracketResult result) {
  result.for_next = !b.next.empty();
  return result;
}

// The straight Dutch walk, each player taking its first candidate that costs nothing on any
// criterion; kept when the bracket ends at the floor of every criterion and the rest stays
// pairable. Then no best pairing uses a pair that costs something, so each player's choice is
// the first one some best pairing makes: the Dutch walk's own choice.
std::optional<BracketResult> straight(const Context& c, const Bracket& b,
                                      const std::vector<int>& rest, const Adjacency& adjacent) {
  const int size = static_cast<int>(b.players.size());
  DutchWalk walk(c, b, adjacent);
  const auto by_rank = [&](int x, int y) { return c.rank[at(x)] < c.rank[at(y)]; };
  const auto result = to_players(
      b, walk.run(
             [&](int v) {
               for (int w : walk.candidates(v)) {
                 const int x = b.players[at(v)];
                 const int y = b.players[at(w)];
                 if (pair_cost(c, b, std::min(x, y, by_rank), std::max(x, y, by_rank)) == Quality{})
                   return w;
               }
               return -1;
             },
             [](const std::vector<int>& remainder) {  // no exchange
               return std::vector<int>(
                   remainder.begin(),
                   remainder.begin() + static_cast<std::ptrdiff_t>(remainder.size() / 2));
             }));
  Quality floor{};
  floor[kFloaters] = size % 2;
  floor[kFloaterScores] = size % 2;  // one player of the lowest score, which weighs 1
  floor[kNextUnpaired] = static_cast<long long>(b.next.size() + result.unpaired.size()) % 2;
  if (bracket_quality(c, b, result.pairs) != floor) return std::nullopt;
  if (b.last) {
    if (!result.unpaired.empty() && !bye_eligible(c, result.unpaired.front())) return std::nullopt;
  } else {
    if (!pairable_with(c, rest, result.unpaired)) return std::nullopt;  // C4
  }
  return result_for_next(b, result);
}

}  // namespace

namespace {

// The matching walk over the bracket without the lower players; nullopt when its downfloaters
// leave the rest unpairable (C4).
std::optional<BracketResult> walk_keeping_lower(const Context& c, const Bracket& b,
                                                const std::vector<int>& rest,
                                                const Adjacency& adjacent) {
  auto result = walk_matching(c, b, build_graph(c, b, rest, false, adjacent));
  if (!result || !pairable_with(c, rest, result->unpaired)) return std::nullopt;
  return result;
}

// Whether downfloaters `floaters` let the next bracket do as well as it ever can (C8): pair
// all its players but one at most, and every floater.
bool at_next_floor(const Context& c, const Bracket& b, const std::vector<int>& floaters) {
  if (b.next.empty()) return true;
  const long long players = static_cast<long long>(b.next.size() + floaters.size());
  return next_bracket_cost(c, b, floaters) == std::pair<long long, long long>(players % 2, 0);
}

// Whether C4 costs the next bracket nothing after `result`, paired with C8 counted without it:
// then no pairing does better on C8 with C4 (C4 only takes pairings away), and of those that do
// as well the walk without C4 chose first among more, this one.
bool rest_free(const Context& c, const Bracket& b, const BracketResult& result) {
  return b.next.empty() || next_bracket_cost(c, b, result.unpaired, true) ==
                               next_bracket_cost(c, b, result.unpaired, false);
}

}  // namespace

// The best pairing without C8 is the best with it when its downfloaters reach the next
// bracket's floor (C8 comes after C6 and C7, which that pairing is already best on). Then the
// next score group joins the matching (C8 counted as if the players beyond it did not matter),
// which stands when C4 costs the next bracket nothing (rest_free). Otherwise, and when the best
// pairing would leave the rest unpairable, the bracket is paired on a graph that holds all the
// lower players, completion (C4) its top band and the pairs of the next bracket C8's.
std::optional<BracketResult> pair_bracket(const Context& c, const Bracket& b,
                                          const std::vector<int>& rest) {
  const Adjacency adjacent = bracket_adjacency(c, b);  // for every attempt below
  if (auto result = straight(c, b, rest, adjacent)) return result;
  if (!b.last) {
    Bracket without_next = b;
    without_next.next.clear();
    auto result = walk_keeping_lower(c, without_next, rest, adjacent);
    if (result && at_next_floor(c, b, result->unpaired)) return result_for_next(b, *result);
    if (auto best = walk_keeping_lower(c, b, rest, adjacent); best && rest_free(c, b, *best))
      return result_for_next(b, *best);
  }
  auto result = walk_matching(c, b, build_graph(c, b, rest, true, adjacent));
  if (!result) return std::nullopt;
  return result_for_next(b, *result);
}

}  // namespace competition::swiss_detail
