// Maximum weight matching on a general graph: Edmonds' blossom algorithm with dual variables
// (Galil's O(n^3) formulation). Standard library only; used by the Swiss pairing (swiss.cc) to
// meet its criteria in order, each encoded in a band of the edge weights.
#pragma once

#include <memory>
#include <vector>

namespace competition {

// Wide enough for several lexicographic criteria in one weight (swiss.cc packs them in bands).
__extension__ typedef __int128 MatchWeight;

struct MatchEdge {
  int u = 0;
  int v = 0;
  MatchWeight weight = 0;  // > 0; edges of weight <= 0 are never worth taking and are ignored
};

// A matching of maximum total weight over vertices 0..vertices-1 (not necessarily of maximum
// cardinality: give every edge a large common bonus for that). Returns mate[v], -1 when v is
// unmatched. Self-loops and edges outside the range are invalid input.
std::vector<int> max_weight_matching(int vertices, const std::vector<MatchEdge>& edges);

class BlossomSolver;

// A maximum weight matching kept across changes to its graph: vertices and edges leaving, edge
// weights changing. Each solve() after the first resumes from the last optimum: the blossoms
// holding a changed or leaving vertex are dissolved into vertex duals, the vertices whose edges
// got heavier raise their duals until every edge is feasible again, the pairs left without a
// tight edge are unmatched, and the primal-dual stages run from the free vertices whose duals
// are positive, so a few changes cost a few stages. The first solve() is max_weight_matching's.
// An edge given a weight <= 0 here is left out for good, as max_weight_matching leaves it out;
// a weight given by reweigh() must be > 0.
class IncrementalMatching {
 public:
  IncrementalMatching(int vertices, const std::vector<MatchEdge>& edges);
  ~IncrementalMatching();
  IncrementalMatching(const IncrementalMatching&) = delete;
  IncrementalMatching& operator=(const IncrementalMatching&) = delete;

  void remove(int v);                          // v and its edges leave the graph
  void cut(int edge);                          // the edge leaves the graph (an index as below)
  void reweigh(int edge, MatchWeight weight);  // edge: an index into the constructor's list
  const std::vector<int>& solve();             // mate per vertex, -1 unmatched (or removed)
  // After solve(): the index of the edge joining v to its mate, -1 when v is unmatched.
  int matched_edge(int v) const;

 private:
  std::unique_ptr<BlossomSolver> solver_;
  std::vector<int> leaving_;
  std::vector<int> cut_;
  std::vector<int> changed_;
  bool solved_ = false;
  std::vector<int> mate_;
};

}  // namespace competition
