// hexpost_swiss_bench: the time one Swiss round takes on large fields (docs/benchmarks.md).
//
//   build/bench/bench/competition/hexpost_swiss_bench [players...]   # default 1024
//
// For each field size, plays 11 rounds with seeded random results (a third each of wins, draws
// and losses; an odd field gives a bye each round) and times swiss_round() for every round:
// the median of a few timings of the same round, in milliseconds, as wall time and as the
// thread's CPU time (which a busy machine inflates far less). Prints all 11 rounds; the
// performance target is stated for rounds 1, 5 and 11.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <random>
#include <vector>

#include "lib/competition/swiss.h"

namespace {

namespace comp = competition;
using Clock = std::chrono::steady_clock;
constexpr int kRounds = 11;

void apply(std::vector<comp::SwissPlayer>& players, int number, const comp::Round& round,
           std::mt19937& rng) {
  std::uniform_int_distribution<int> result(0, 2);
  for (const auto& p : round)
    comp::swiss_record(players, number, p, p.second == comp::kBye ? 1.0 : result(rng) / 2.0);
}

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

struct Timing {
  double wall_ms = 0;
  double cpu_ms = 0;
};

// Per swiss_round() for rounds 1..11: the median of `repeats` timings of each round.
std::vector<Timing> time_rounds(int n, int repeats) {
  std::mt19937 rng(static_cast<unsigned>(n));
  std::vector<comp::SwissPlayer> players(static_cast<std::size_t>(n));
  const comp::SwissOptions options{true, kRounds};
  std::vector<Timing> out;
  for (int r = 0; r < kRounds; ++r) {
    std::vector<double> wall;
    std::vector<double> cpu;
    std::optional<comp::Round> round;
    for (int i = 0; i < repeats; ++i) {
      const auto start = Clock::now();
      const double cpu_start = thread_cpu_ms();
      round = comp::swiss_round(players, options);
      cpu.push_back(thread_cpu_ms() - cpu_start);
      wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    out.push_back({wall[wall.size() / 2], cpu[cpu.size() / 2]});
    if (!round) break;
    apply(players, r, *round, rng);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {1024};
  for (int n : sizes) {
    const auto timings = time_rounds(n, 3);
    std::printf("%5d players, ms per round (wall / thread CPU):\n", n);
    for (std::size_t r = 0; r < timings.size(); ++r)
      std::printf("  round %2zu  %8.1f / %8.1f\n", r + 1, timings[r].wall_ms, timings[r].cpu_ms);
  }
  return 0;
}
