// hexpost_swiss_bench: the cost of one Swiss round on large fields (docs/benchmarks.md).
//
//   build/test/bench/competition/hexpost_swiss_bench [players...]
//
// For each field size, plays 9 rounds with seeded random results and times every round's
// swiss_round(). Round 1 (no history: a straight S1/S2 split) is the baseline measured in the
// same run; later rounds are reported as ratios to it, since their cost is the backtracking
// search under no-repeat and colour constraints.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <vector>

#include "lib/competition/swiss.h"

namespace {

namespace comp = competition;
using Clock = std::chrono::steady_clock;

void apply(std::vector<comp::SwissPlayer>& players, const comp::Round& round, std::mt19937& rng) {
  std::uniform_int_distribution<int> result(0, 2);
  for (const auto& p : round)
    comp::swiss_record(players, p, p.second == comp::kBye ? 1.0 : result(rng) / 2.0);
}

// Microseconds per swiss_round() for rounds 1..9 (median of `repeats` timings of each round).
std::vector<double> time_rounds(int n, int repeats) {
  std::mt19937 rng(static_cast<unsigned>(n));
  std::vector<comp::SwissPlayer> players(static_cast<std::size_t>(n));
  std::vector<double> out;
  for (int r = 0; r < 9; ++r) {
    std::vector<double> samples;
    std::optional<comp::Round> round;
    for (int i = 0; i < repeats; ++i) {
      const auto start = Clock::now();
      round = comp::swiss_round(players);
      samples.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    }
    std::sort(samples.begin(), samples.end());
    out.push_back(samples[samples.size() / 2]);
    if (!round) break;
    apply(players, *round, rng);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {64, 256, 1024};
  for (int n : sizes) {
    const auto micros = time_rounds(n, n >= 1000 ? 5 : 21);
    std::printf("%5d players: round 1 %.0f us (baseline)", n, micros.front());
    for (std::size_t r = 1; r < micros.size(); ++r)
      std::printf(", r%zu x%.1f", r + 1, micros[r] / micros.front());
    std::printf("\n");
  }
  return 0;
}
