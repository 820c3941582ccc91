// Hex Quoridor fence legality on crowded boards, where path checks matter most. Positions come
// from random games in which every player places all fences first (so the board holds up to
// 18 fences and many candidates touch existing ones). Two ways to find the legal fences:
//   fence_generation: legal_moves(), which searches only when a fence closes a cycle of
//                     blocked edges and crosses a pawn's witness path (movegen.cc);
//   fence_full_check: validate() on every candidate, one path search per pawn per candidate.
// Both report candidate fences checked per second.

#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "rules/core/play.h"
#include "rules/hex_quoridor/geometry.h"
#include "rules/hex_quoridor/hex_quoridor.h"
#include "rules/hex_quoridor/position.h"

namespace {

using rules::hex_quoridor::Geometry;

std::vector<std::unique_ptr<rules::State>> crowded_positions(int players) {
  const rules::GameDef game = rules::hex_quoridor::definition();
  rules::SeededRandom rng(7);
  std::vector<std::unique_ptr<rules::State>> positions;
  for (int g = 0; g < 8; ++g) {
    auto state = std::move(game.create(rules::GameConfig{players, {}}, rng)).value();
    for (int ply = 0; ply < 60 && !state->outcome().finished; ++ply) {
      std::vector<rules::Move> moves = state->legal_moves();
      // Prefer fences (they sort after pawn moves): pick from the back half when possible.
      const auto half = static_cast<std::uint32_t>(moves.size() / 2);
      const rules::Move move =
          moves[half + rng.draw("choice", static_cast<std::uint32_t>(moves.size() - half))];
      state->apply(move, rng);
      const std::vector<rules::Move> next = state->legal_moves();
      const bool may_place = !next.empty() && state->format_move(next.back())[0] == 'F';
      if (ply >= 6 && may_place) positions.push_back(state->clone());
    }
  }
  return positions;
}

void fence_generation(benchmark::State& bench, int players) {
  const auto positions = crowded_positions(players);
  const auto candidates = static_cast<std::int64_t>(Geometry::for_side(5).fences().size());
  std::size_t i = 0;
  std::int64_t checked = 0;
  for (auto _ : bench) {
    std::vector<rules::Move> moves = positions[i++ % positions.size()]->legal_moves();
    benchmark::DoNotOptimize(moves.data());
    checked += candidates;
  }
  bench.counters["fences/s"] =
      benchmark::Counter(static_cast<double>(checked), benchmark::Counter::kIsRate);
}

void fence_full_check(benchmark::State& bench, int players) {
  const auto positions = crowded_positions(players);
  const Geometry& geo = Geometry::for_side(5);
  std::size_t i = 0;
  std::int64_t checked = 0;
  for (auto _ : bench) {
    const rules::State& state = *positions[i++ % positions.size()];
    int legal = 0;
    for (const rules::hex_quoridor::Fence& f : geo.fences()) {
      legal += state.validate(rules::hex_quoridor::fence_move(f.cell, f.dir, f.sign)) ? 0 : 1;
    }
    benchmark::DoNotOptimize(legal);
    checked += static_cast<std::int64_t>(geo.fences().size());
  }
  bench.counters["fences/s"] =
      benchmark::Counter(static_cast<double>(checked), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(fence_generation, 2p, 2)->Name("hex-quoridor/fence_generation/2p");
BENCHMARK_CAPTURE(fence_full_check, 2p, 2)->Name("hex-quoridor/fence_full_check/2p");
BENCHMARK_CAPTURE(fence_generation, 6p, 6)->Name("hex-quoridor/fence_generation/6p");
BENCHMARK_CAPTURE(fence_full_check, 6p, 6)->Name("hex-quoridor/fence_full_check/6p");

}  // namespace
