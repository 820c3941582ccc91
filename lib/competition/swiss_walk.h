// The parts of one Swiss bracket's pairing (swiss_bracket.cc) that walk it in the Dutch order:
// the bracket graph whose edge weights carry the criteria in bands, the walk through the
// bracket's players, and the walk driven by maximum weight matchings (swiss_walk.cc).
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "lib/competition/matching.h"
#include "lib/competition/swiss_bracket.h"

namespace competition::swiss_detail {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr int kByeVertex = -2;  // Graph::player of the vertex standing for the bye

// The bands of an edge weight, most significant first: completion (C4) and the quality criteria
// in order (set when the graph is built); then the bands the walk sets as it goes, 0 on every
// edge until then: the remainder's exchange (how many players, and the sum of their BSNs), a
// probe (of which moved-down players can be paired, then of which players the exchange moves),
// and the Dutch order of the next kWindow players in the walk (one band each, as many as fit).
constexpr int kWindow = 16;
enum Band {
  kCompletion = 0,
  kFirstCriterion = 1,
  kExchanges = 1 + kCriteria,  // -1 on the remainder's pairs within S2
  kExchangeSum,                // the BSNs of the exchange (see Exchange in swiss_walk.cc)
  kProbe,  // 2 on the edges of bound moved-down players, 1 on a probed one's; then -1 or 1
           // on the pairs a probed player of the remainder heads (the moved-down are gone)
  kOrder,
  kBands = kOrder + kWindow
};
constexpr int kFirstWalkBand = kExchanges;
constexpr std::size_t kWalkBands = kOrder - kFirstWalkBand;  // the walk's, above the order
using EdgeBands = std::array<long long, kFirstWalkBand>;     // an edge's bands set when built
using WalkBands = std::array<long long, kWalkBands>;
using Bands = std::array<long long, kBands>;

struct Edge {
  int u = 0;
  int v = 0;
  EdgeBands bands{};
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
  std::vector<MatchWeight> base;  // per edge: its weight with the walk's bands at 0
  MatchWeight walk_base = 0;      // the part of that from the walk's bands (their offsets)
};

// Which of bracket b's players may meet (C1, C3), by their places in b.players.
using Adjacency = std::vector<std::vector<bool>>;
Adjacency bracket_adjacency(const Context& c, const Bracket& b);

// adjacent: bracket_adjacency(c, b).
Graph build_graph(const Context& c, const Bracket& b, const std::vector<int>& rest, bool complete,
                  const Adjacency& adjacent);
// g's edges with their base weights, for a matching.
std::vector<MatchEdge> match_edges(const Graph& g);

bool is_mdp(const Context& c, const Bracket& b, int p);

// The walk through the bracket in Dutch order (C.04.3, the 2017 text's sections B and D): the
// moved-down players first, each taking a resident in order (transpositions of S2); then the
// remainder, whose S1 (after the exchanges) each take a player of S2 in order.
class DutchWalk {
 public:
  // choose(v) -> the chosen vertex (among candidates(v), which it reads when it needs them), or
  // -1 (or a vertex outside the bracket) when v stays unpaired; split(remainder) -> S1 of the
  // remainder after its exchanges.
  using Choose = std::function<int(int)>;
  using Split = std::function<std::vector<int>(const std::vector<int>&)>;
  using Walked = std::pair<std::vector<std::pair<int, int>>, std::vector<int>>;

  DutchWalk(const Context& c, const Bracket& b, const std::vector<std::vector<bool>>& adjacent);

  void set_floating(int v) { floating_[at(v)] = true; }  // a moved-down player left unpaired
  // v and the free players after it in the walk that choose a partner as v does (moved-down
  // players, or S1 of the remainder), at most `count`.
  std::vector<int> upcoming(int v, int count) const;
  // v's partners in Dutch order among the free players it may meet: for a moved-down player the
  // residents in order, then the moved-down players below it; for a player of the remainder's
  // S1, the players of S2 after it in order; none for the others.
  std::vector<int> candidates(int v) const;
  // The pairs made (vertex indices) and the vertices left unpaired.
  Walked run(const Choose& choose, const Split& split);

 private:
  int size() const { return static_cast<int>(b_.players.size()); }
  bool free(int w) const { return !fixed_[at(w)]; }
  bool mdp(int w) const { return mdp_[at(w)]; }
  bool chooses(int w) const { return mdp(w) ? !floating_[at(w)] : s1_[at(w)]; }

  const Bracket& b_;
  const std::vector<std::vector<bool>>& adjacent_;
  std::vector<bool> fixed_;
  std::vector<bool> floating_;
  std::vector<bool> s1_;
  std::vector<char> mdp_;  // per vertex: is_mdp (read per candidate)
};

BracketResult to_players(const Bracket& b, const DutchWalk::Walked& walk);

// The Dutch walk over graph g, each choice the best-ranked one that some pairing best on the
// criteria makes. nullopt when g must be matched completely and cannot be.
std::optional<BracketResult> walk_matching(const Context& c, const Bracket& b, const Graph& g);

}  // namespace competition::swiss_detail
