#include "lib/competition/placement.h"

namespace competition {

std::vector<PairwiseOutcome> pairwise_outcomes(const std::vector<int>& placements) {
  std::vector<PairwiseOutcome> out;
  const int n = static_cast<int>(placements.size());
  for (int seat = 0; seat < n; ++seat) {
    for (int other = 0; other < n; ++other) {
      if (seat == other) continue;
      const int a = placements[static_cast<std::size_t>(seat)];
      const int b = placements[static_cast<std::size_t>(other)];
      out.push_back({seat, other, a < b ? 1.0 : (a == b ? 0.5 : 0.0)});
    }
  }
  return out;
}

double pairwise_weight(int seats) { return seats > 1 ? 1.0 / (seats - 1) : 0.0; }

}  // namespace competition
