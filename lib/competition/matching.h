// Maximum weight matching on a general graph: Edmonds' blossom algorithm with dual variables
// (Galil's O(n^3) formulation). Standard library only; used by the Swiss pairing (swiss.cc) to
// meet its criteria in order, each encoded in a band of the edge weights.
#pragma once

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

}  // namespace competition
