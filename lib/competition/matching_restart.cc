// BlossomSolver's first duals and pairs, and its resumption after vertices leave and weights
// change (IncrementalMatching).
#include <algorithm>

#include "lib/competition/matching_blossom.h"

namespace competition {

// Prepares a solve that resumes from the last optimum after the `leaving` vertices and the
// `cut` edges left and the `changed` edges took the weights now in twice_weight_. On each changed
// edge one end, its hub (the end with more changed edges), raises its dual. The blossoms holding
// a hub, a leaving vertex or the end of a cut edge are dissolved into the duals of their
// vertices, which keeps the slack of each edge inside them and raises the others; the hubs raise
// their duals until no edge has negative slack; each pair whose edge is then no longer tight
// (or gone) is unmatched. The free vertices with positive duals are the next stage's roots.
void BlossomSolver::restart(const std::vector<int>& leaving, const std::vector<int>& cut,
                            const std::vector<int>& changed) {
  const std::vector<int> hubs = hubs_of(changed);
  for (int v : hubs) dissolve(in_blossom_[at(v)]);
  take_out(leaving, cut);
  for (std::size_t i = 0; i < changed.size(); ++i) {
    const int k = changed[i];
    if (edge_dead_[at(k)] || dead_[at(endpoint(2 * k))] || dead_[at(endpoint(2 * k + 1))]) continue;
    const MatchWeight s = slack(k);  // the hub is in no blossom: no blossom dual counts
    if (s < 0) dual_[at(hubs[i])] -= s;
  }
  unmatch_loose_pairs();
  make_root_duals_even();
}

void BlossomSolver::take_out(const std::vector<int>& leaving, const std::vector<int>& cut) {
  const auto unmatch = [&](int v) {
    if (mate_[at(v)] >= 0) mate_[at(endpoint(mate_[at(v)]))] = -1;
    mate_[at(v)] = -1;
  };
  for (int v : leaving) {
    dissolve(in_blossom_[at(v)]);
    unmatch(v);
    dual_[at(v)] = 0;
    dead_[at(v)] = true;
  }
  for (int k : cut) {
    for (int v : {endpoint(2 * k), endpoint(2 * k + 1)}) dissolve(in_blossom_[at(v)]);
    if (mate_[at(endpoint(2 * k))] == 2 * k + 1) unmatch(endpoint(2 * k));
    edge_dead_[at(k)] = true;
  }
  drop_dead_neighbours(leaving, cut);
}

// The lists are symmetric (edge k is in both its ends' lists or in neither), so only the lists of
// the leaving vertices' neighbours and of the cut edges' ends hold a dead entry. They are marked
// stale and filtered when next read (neighbours_of): a vertex leaving a dense graph would
// otherwise cost a pass over every list. A leaving vertex's own list is emptied.
void BlossomSolver::drop_dead_neighbours(const std::vector<int>& leaving,
                                         const std::vector<int>& cut) {
  for (int v : leaving)
    for (int p : neighbours_[at(v)]) stale_[at(endpoint(p))] = true;
  for (int v : leaving) neighbours_[at(v)].clear();
  for (int k : cut)
    for (int v : {endpoint(2 * k), endpoint(2 * k + 1)}) stale_[at(v)] = true;
}

const std::vector<int>& BlossomSolver::neighbours_of(int v) {
  auto& list = neighbours_[at(v)];
  if (stale_[at(v)]) {
    std::erase_if(list, [&](int p) { return dead_[at(endpoint(p))] || edge_dead_[at(p / 2)]; });
    stale_[at(v)] = false;
  }
  return list;
}

// The first duals and pairs: each vertex's dual is its heaviest edge, so every edge is
// feasible; then each free vertex in turn lowers its dual by its least slack (making an edge
// tight, or the dual 0) and takes its first tight edge to another free vertex. Slacks are even
// (doubled weights), so the duals stay even, as make_root_duals_even wants.
void BlossomSolver::start_greedily() {
  for (int v = 0; v < n_; ++v)
    for (int p : neighbours_[at(v)])
      dual_[at(v)] = std::max(dual_[at(v)], twice_weight_[at(p / 2)] / 2);
  for (int v = 0; v < n_; ++v) {
    if (mate_[at(v)] != -1 || neighbours_[at(v)].empty()) continue;
    MatchWeight least = dual_[at(v)];
    int first = -1;  // the first edge to a free vertex among those of the least slack so far
    for (int p : neighbours_[at(v)]) {
      const MatchWeight s = slack(p / 2);
      const bool free = mate_[at(endpoint(p))] == -1;
      if (s < least) {
        least = s;
        first = free ? p : -1;
      } else if (s == least && first == -1 && free) {
        first = p;
      }
    }
    dual_[at(v)] -= least;  // the edges of slack `least` become tight
    if (first == -1) continue;
    mate_[at(v)] = first;
    mate_[at(endpoint(first))] = first ^ 1;
  }
}

// Per changed edge, the end that raises its dual: the one with more changed edges (the
// vertices whose weights changed, whose pairs break anyway, rather than their neighbours).
std::vector<int> BlossomSolver::hubs_of(const std::vector<int>& changed) const {
  std::vector<int> touches(at(n_), 0);
  for (int k : changed) {
    ++touches[at(endpoint(2 * k))];
    ++touches[at(endpoint(2 * k + 1))];
  }
  std::vector<int> out;
  for (int k : changed) {
    const int u = endpoint(2 * k);
    const int v = endpoint(2 * k + 1);
    out.push_back(touches[at(v)] > touches[at(u)] ? v : u);
  }
  return out;
}

// Unmatches the pairs of vertices in no blossom whose edge is not tight (restart).
void BlossomSolver::unmatch_loose_pairs() {
  for (int v = 0; v < n_; ++v)
    if (in_blossom_[at(v)] == v && mate_[at(v)] >= 0 && slack(mate_[at(v)] / 2) != 0) {
      mate_[at(endpoint(mate_[at(v)]))] = -1;
      mate_[at(v)] = -1;
    }
}

// All S-vertices of a stage share the parity of its roots' duals (tight edges join duals of
// one parity), so an edge between two S-vertices has an even slack and delta 3 is integral
// when every root's dual is even. A free vertex in no blossom takes one more; a free blossom
// base with an odd dual is dissolved first.
void BlossomSolver::make_root_duals_even() {
  bool dissolved = true;
  while (dissolved) {
    dissolved = false;
    for (int v = 0; v < n_; ++v)
      if (mate_[at(v)] == -1 && dual_[at(v)] % 2 != 0 && in_blossom_[at(v)] != v) {
        dissolve(in_blossom_[at(v)]);
        dissolved = true;
      }
    if (dissolved) unmatch_loose_pairs();
  }
  for (int v = 0; v < n_; ++v)
    if (mate_[at(v)] == -1 && dual_[at(v)] % 2 != 0) dual_[at(v)] += 1;
}

// Dissolves top-level blossom b (a vertex: nothing to do): each of its vertices takes the
// duals of the blossoms in b that hold it, and b and its sub-blossoms are freed.
void BlossomSolver::dissolve(int b) {
  if (b < n_) return;
  for (int v : leaves(b)) {
    for (int up = parent_[at(v)]; up != -1; up = parent_[at(up)]) dual_[at(v)] += dual_[at(up)];
    in_blossom_[at(v)] = v;
  }
  release(b);
}

void BlossomSolver::release(int b) {
  if (b < n_) {
    parent_[at(b)] = -1;
    return;
  }
  for (int child : children_[at(b)]) release(child);
  children_[at(b)].clear();
  endpoints_[at(b)].clear();
  best_edges_[at(b)].clear();
  base_[at(b)] = label_end_[at(b)] = parent_[at(b)] = -1;
  dual_[at(b)] = 0;
  unused_.push_back(b);
}

}  // namespace competition
