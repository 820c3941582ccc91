// hexpost_swiss_bench: the time one Swiss round takes on large fields (docs/benchmarks.md).
//
//   build/bench/bench/competition/hexpost_swiss_bench [players...]   # default 1024
//
// For each field size, plays 11 rounds with seeded random results (a third each of wins, draws
// and losses; an odd field gives a bye each round) and times swiss_round() for every round:
// the median of a few timings of the same round, in milliseconds. Prints all 11 rounds; the
// performance target is stated for rounds 1, 5 and 11.
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
constexpr int kRounds = 11;

void apply(std::vector<comp::SwissPlayer>& players, const comp::Round& round, std::mt19937& rng) {
  std::uniform_int_distribution<int> result(0, 2);
  for (const auto& p : round)
    comp::swiss_record(players, p, p.second == comp::kBye ? 1.0 : result(rng) / 2.0);
}

// Milliseconds per swiss_round() for rounds 1..11 (median of `repeats` timings of each round).
std::vector<double> time_rounds(int n, int repeats) {
  std::mt19937 rng(static_cast<unsigned>(n));
  std::vector<comp::SwissPlayer> players(static_cast<std::size_t>(n));
  const comp::SwissOptions options{true, kRounds};
  std::vector<double> out;
  for (int r = 0; r < kRounds; ++r) {
    std::vector<double> samples;
    std::optional<comp::Round> round;
    for (int i = 0; i < repeats; ++i) {
      const auto start = Clock::now();
      round = comp::swiss_round(players, options);
      samples.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
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
  if (sizes.empty()) sizes = {1024};
  for (int n : sizes) {
    const auto ms = time_rounds(n, 3);
    std::printf("%5d players:", n);
    for (std::size_t r = 0; r < ms.size(); ++r) std::printf(" r%zu %.1f ms", r + 1, ms[r]);
    std::printf("\n");
  }
  return 0;
}
