// Rules throughput for every registered game: random-playout plies per second and legal-move
// generation per second, each with the default options at every player count. A memcpy of the
// serialized position is the in-run baseline, so ratios compare across machines.

#include <benchmark/benchmark.h>

#include <cstring>
#include <string>
#include <vector>

#include "rules/core/play.h"
#include "rules/core/registry.h"

namespace {

std::unique_ptr<rules::State> new_game(const rules::GameDef& game, int players,
                                       rules::RandomSource& rng) {
  auto created = game.create(rules::GameConfig{players, {}}, rng);
  return created.ok() ? std::move(created).value() : nullptr;
}

// Plays random games to the end, counting plies.
void random_playout(benchmark::State& bench, const rules::GameDef* game, int players) {
  rules::SeededRandom rng(1);
  std::int64_t plies = 0;
  std::unique_ptr<rules::State> state = new_game(*game, players, rng);
  for (auto _ : bench) {
    if (state->outcome().finished) state = new_game(*game, players, rng);
    std::vector<rules::Move> moves = state->legal_moves();
    rules::Move move = moves[rng.draw("choice", static_cast<std::uint32_t>(moves.size()))];
    state->apply(move, rng);
    rng.take_draws();
    ++plies;
  }
  bench.counters["plies/s"] =
      benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}

// Collects positions from a few random games, then times legal_moves() over them.
void legal_moves(benchmark::State& bench, const rules::GameDef* game, int players) {
  rules::SeededRandom rng(2);
  std::vector<std::unique_ptr<rules::State>> positions;
  for (int g = 0; g < 4; ++g) {
    std::unique_ptr<rules::State> state = new_game(*game, players, rng);
    for (int ply = 0; !state->outcome().finished && ply < 400; ++ply) {
      if (ply % 10 == 0) positions.push_back(state->clone());
      std::vector<rules::Move> moves = state->legal_moves();
      state->apply(moves[rng.draw("choice", static_cast<std::uint32_t>(moves.size()))], rng);
    }
  }
  std::size_t i = 0;
  std::int64_t generated = 0;
  for (auto _ : bench) {
    std::vector<rules::Move> moves = positions[i++ % positions.size()]->legal_moves();
    generated += static_cast<std::int64_t>(moves.size());
    benchmark::DoNotOptimize(moves.data());
  }
  bench.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}

// Baseline: copying a 4 KiB buffer, the cost floor of touching a position at all.
void baseline_copy(benchmark::State& bench) {
  std::string source(4096, 'x'), target(4096, ' ');
  for (auto _ : bench) {
    std::memcpy(target.data(), source.data(), source.size());
    benchmark::DoNotOptimize(target.data());
  }
}

int register_all() {
  benchmark::RegisterBenchmark("baseline/copy_4k", baseline_copy);
  for (const rules::GameDef& game : rules::all_games()) {
    for (int players : game.info.player_counts) {
      const std::string suffix = game.info.id + "/" + std::to_string(players) + "p";
      benchmark::RegisterBenchmark(("playout/" + suffix).c_str(), random_playout, &game, players);
      benchmark::RegisterBenchmark(("legal_moves/" + suffix).c_str(), legal_moves, &game, players);
    }
  }
  return 0;
}

const int registered = register_all();

}  // namespace
