// Mojave move generation where the generic bench rarely goes: a pending zugzwang, where every
// candidate reinforcement is resolved on a copy of the board (I-MJ-7), next to the opening.

#include <benchmark/benchmark.h>

#include "rules/core/registry.h"

namespace {

// Black's e9 and f8 tied by Red's five on f9, with Black dice around that could reinforce.
constexpr const char* kZugzwang =
    "mojave 1 to=black quiet=0 passes=0 resigned=none adjudication=none zugzwang=f9>e9,f8 "
    "red=a1:124,g8:124,f9:563 black=e9:315,f8:213,g11:213,h10:315,e12:623,o18:124";

void generate(benchmark::State& bench, std::string text) {
  const rules::GameDef* game = rules::find_game("mojave");
  auto state = game->load(text);
  if (!state.ok()) {
    bench.SkipWithError(state.error().message.c_str());
    return;
  }
  std::int64_t generated = 0;
  for (auto _ : bench) {
    std::vector<rules::Move> moves = (*state)->legal_moves();
    generated += static_cast<std::int64_t>(moves.size());
    benchmark::DoNotOptimize(moves.data());
  }
  bench.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}

std::string opening() {
  rules::SeededRandom rng(1);
  return rules::find_game("mojave")->create(rules::GameConfig{}, rng).value()->serialize();
}

void opening_moves(benchmark::State& bench) { generate(bench, opening()); }
void zugzwang_moves(benchmark::State& bench) { generate(bench, kZugzwang); }

BENCHMARK(opening_moves)->Name("mojave/legal_moves/opening");
BENCHMARK(zugzwang_moves)->Name("mojave/legal_moves/zugzwang");

}  // namespace
