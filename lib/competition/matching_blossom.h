// The blossom algorithm behind matching.h (internal to lib/competition): Edmonds' maximum
// weight matching with dual variables in Galil's O(n^3) form, able to resume from a previous
// optimum (restart). matching.cc holds the primal-dual stages, matching_restart.cc the start
// and the resumption.
#pragma once

#include <cstddef>
#include <vector>

#include "lib/competition/matching.h"

namespace competition {

// Vertices are 0..n-1, blossoms n..2n-1. Edge k has endpoints 2k (its u) and 2k+1 (its v);
// `p ^ 1` is the other end. Dual variables are kept doubled so that integer weights give
// integer duals (slack = dual[u] + dual[v] - 2 w), and weights are kept doubled too, so that
// every halved slack is integral.
class BlossomSolver {
 public:
  BlossomSolver(int vertices, const std::vector<MatchEdge>& edges);  // weights as given

  // Runs stages until no free vertex has a positive dual; mate per vertex.
  std::vector<int> solve();

  // Prepares a solve that resumes from the last optimum after the `leaving` vertices and the
  // `cut` edges left and the `changed` edges took the weights now in twice_weight_. On each changed
  // edge one end, its hub (the end with more changed edges), raises its dual. The blossoms holding
  // a hub or a leaving vertex are dissolved into the duals of their vertices, which keeps the slack
  // of each edge inside them and raises the others; the hubs raise their duals until no edge has
  // negative slack; each pair whose edge is then no longer tight is unmatched. The free vertices
  // with positive duals are the next stage's roots.
  void restart(const std::vector<int>& leaving, const std::vector<int>& cut,
               const std::vector<int>& changed);
  void reweigh(int k, MatchWeight w) { twice_weight_[at(k)] = 4 * w; }  // w as given
  // The edge joining v to its mate in the last solve, -1 when v is unmatched.
  int matched_edge(int v) const { return mate_[at(v)] < 0 ? -1 : mate_[at(v)] / 2; }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  int endpoint(int p) const { return end_[at(p)]; }
  MatchWeight slack(int k) const {
    return dual_[at(endpoint(2 * k))] + dual_[at(endpoint(2 * k + 1))] - twice_weight_[at(k)];
  }

  // Marks edge k tight for the rest of the stage (listed, so that the next stage clears only the
  // edges marked rather than every edge's mark).
  void allow(int k) {
    if (allowed_[at(k)]) return;
    allowed_[at(k)] = true;
    allowed_list_.push_back(k);
  }

  // Per vertex, the endpoints of its edges of positive weight (not loops) in the edges' order.
  void build_neighbours();

  // The first duals and pairs: each vertex's dual is its heaviest edge, so every edge is
  // feasible; then each free vertex in turn lowers its dual by its least slack (making an edge
  // tight, or the dual 0) and takes its first tight edge to another free vertex. Slacks are even
  // (doubled weights), so the duals stay even, as make_root_duals_even wants.
  void start_greedily();

  // Per changed edge, the end that raises its dual: the one with more changed edges (the
  // vertices whose weights changed, whose pairs break anyway, rather than their neighbours).
  std::vector<int> hubs_of(const std::vector<int>& changed) const;

  // Unmatches the pairs of vertices in no blossom whose edge is not tight (restart).
  void unmatch_loose_pairs();

  // Takes the cut edges and the edges of the leaving vertices out of the graph (restart): the
  // blossoms holding their ends are dissolved and their pairs unmatched.
  void take_out(const std::vector<int>& leaving, const std::vector<int>& cut);
  // Marks stale the neighbour lists that hold an edge of a leaving vertex or a cut edge.
  void drop_dead_neighbours(const std::vector<int>& leaving, const std::vector<int>& cut);
  // v's live edges (endpoints at their other ends) in their first order; filters a stale list.
  const std::vector<int>& neighbours_of(int v);

  // All S-vertices of a stage share the parity of its roots' duals (tight edges join duals of
  // one parity), so an edge between two S-vertices has an even slack and delta 3 is integral
  // when every root's dual is even. A free vertex in no blossom takes one more; a free blossom
  // base with an odd dual is dissolved first.
  void make_root_duals_even();

  // Dissolves top-level blossom b (a vertex: nothing to do): each of its vertices takes the
  // duals of the blossoms in b that hold it, and b and its sub-blossoms are freed.
  void dissolve(int b);
  void release(int b);

  // Index j of a cyclic list, negative j counting from the end.
  static int wrap(int j, std::size_t size) {
    const int s = static_cast<int>(size);
    return ((j % s) + s) % s;
  }

  // The way round a blossom's cycle from child index i back to its base (index 0) along the even
  // side: the start index (negative counting from the end), the step, and the endpoint parity
  // ("trick") of the edges crossed.
  struct CycleWalk {
    int j = 0;
    int step = -1;
    int trick = 1;
  };
  static CycleWalk walk_to_base(int i, std::size_t size) {
    if ((i & 1) == 0) return {i, -1, 1};
    return {i - static_cast<int>(size), 1, 0};
  }

  // The vertices in blossom b, appended to out; or in a list valid until the next call (no
  // caller iterating over it calls leaves(b) again).
  void leaves(int b, std::vector<int>& out);
  const std::vector<int>& leaves(int b);

  // Labels the top blossom of w with t (1 = S, 2 = T), reached through endpoint p.
  void assign_label(int w, int t, int p);

  // Traces back from v and w towards their roots; the base of the first common blossom, or -1
  // when the roots differ (an augmenting path).
  int scan(int v, int w);

  // Walks from top blossom `from` down to `base_blossom` along labels, collecting the cycle.
  void trace(int from, int base_blossom, int b, bool forward, std::vector<int>& path,
             std::vector<int>& ends) {
    while (from != base_blossom) {
      parent_[at(from)] = b;
      path.push_back(from);
      ends.push_back(forward ? label_end_[at(from)] : label_end_[at(from)] ^ 1);
      from = in_blossom_[at(endpoint(label_end_[at(from)]))];
    }
  }

  void add_blossom(int base, int k);

  // The least-slack edge from the new blossom b to every other S-blossom (kept in the order of
  // those blossoms' numbers).
  void collect_best_edges(int b);

  // Expands blossom b: its children become top-level (recursively at the end of a stage for
  // blossoms whose dual reached zero). A T-blossom's children are relabelled along the path.
  void expand(int b, bool end_stage);
  void relabel_expanded(int b);

  // Swaps matched and unmatched edges inside blossom b so that v becomes its base.
  void augment_blossom(int b, int v);
  void augment_matching(int k);

  // Flips the alternating path from S-vertex s up to its tree's root: s takes endpoint p as
  // its mate (-1: s is left free), the root ends matched.
  void flip_to_root(int s, int p);

  // Grows the alternating trees from the S-vertices in the queue; true once augmented.
  bool grow();
  // best (a best_edge_ entry) takes edge k when it has none or one of more slack than k's.
  void keep_if_least(int& best, int k, MatchWeight k_slack) const {
    if (best == -1 || k_slack < slack(best)) best = k;
  }

  struct Delta {
    int type = 1;
    MatchWeight value = 0;
    int edge = -1;
    int blossom = -1;  // type 4; for type 1 the S-vertex whose dual reaches 0
  };

  // Type 1: the least dual of an S-vertex (a free one among equals); in a solve from scratch
  // those are the roots, all of one dual, and their reaching 0 ends the solve.
  Delta choose_delta() const;
  void apply_delta(MatchWeight delta);

  // One stage: labels S the free vertices whose duals are positive (false when there is none:
  // the matching is optimal) and grows until an augmentation or until an S-vertex's dual
  // reaches 0 (true).
  bool run_stage();

  int n_;
  std::vector<int> end_;
  std::vector<MatchWeight> twice_weight_;  // per edge: 2 w (w doubled), what its slack subtracts
  std::vector<std::vector<int>> neighbours_;
  std::vector<int> mate_, label_, label_end_, in_blossom_, parent_, base_, best_edge_, unused_;
  std::vector<std::vector<int>> children_, endpoints_, best_edges_;
  std::vector<MatchWeight> dual_;
  std::vector<char> allowed_;      // char, not bool: read in the innermost loop
  std::vector<int> allowed_list_;  // the edges allowed_ marks
  std::vector<char> dead_;         // vertices removed from the graph (restart); char: read per edge
  std::vector<char> edge_dead_;    // edges cut from it
  std::vector<char> stale_;        // per vertex: its list may hold dead entries (neighbours_of)
  std::vector<int> best_to_, touched_, leaves_of_child_;  // collect_best_edges' scratch
  std::vector<int> scan_path_;
  std::vector<int> leaves_, leaves_stack_;  // leaves()' scratch
  std::vector<int> queue_;
};

}  // namespace competition
