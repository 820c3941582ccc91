// Iso-Path throughput beyond the generic playout bench: complete-turn generation per second
// (listing into a reused buffer, counting only, and through the State interface), random
// playouts without the State layer, and parse + validate of turn text, on both board sizes.

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "rules/core/play.h"
#include "rules/iso_path/iso_path.h"
#include "rules/iso_path/state.h"

namespace {

using rules::iso_path::IsoPathState;
using rules::iso_path::Position;

std::unique_ptr<rules::State> new_game(int side, rules::RandomSource& rng) {
  rules::GameConfig config{2, {{"board", side == 5 ? "h5" : "h4"}}};
  return std::move(rules::iso_path::definition().create(config, rng)).value();
}

// Positions every 5 turns of a few seeded random games: the mix a server sees.
std::vector<std::unique_ptr<rules::State>> sample_states(int side) {
  rules::SeededRandom rng(11);
  std::vector<std::unique_ptr<rules::State>> states;
  for (int game = 0; game < 4; ++game) {
    std::unique_ptr<rules::State> state = new_game(side, rng);
    for (int ply = 0; !state->outcome().finished; ++ply) {
      if (ply % 5 == 0) states.push_back(state->clone());
      std::vector<rules::Move> moves = state->legal_moves();
      state->apply(moves[rng.draw("choice", static_cast<std::uint32_t>(moves.size()))], rng);
    }
  }
  return states;
}

std::vector<Position> sample_positions(int side) {
  std::vector<Position> positions;
  for (const auto& state : sample_states(side)) {
    positions.push_back(dynamic_cast<const IsoPathState&>(*state).position());
  }
  return positions;
}

void set_rate(benchmark::State& bench, const char* name, std::int64_t count) {
  bench.counters[name] =
      benchmark::Counter(static_cast<double>(count), benchmark::Counter::kIsRate);
}

// The generator alone, into a buffer that keeps its capacity.
void list_turns(benchmark::State& bench, int side) {
  const std::vector<Position> positions = sample_positions(side);
  std::vector<rules::Move> turns;
  std::size_t i = 0;
  std::int64_t generated = 0;
  for (auto _ : bench) {
    turns.clear();
    rules::iso_path::list_turns(positions[i++ % positions.size()], turns);
    generated += static_cast<std::int64_t>(turns.size());
    benchmark::DoNotOptimize(turns.data());
  }
  set_rate(bench, "turns/s", generated);
  bench.counters["turns/position"] =
      static_cast<double>(generated) / static_cast<double>(bench.iterations());
}

// Counting mode (perft leaves): blocks of builds are counted, not enumerated.
void count_turns(benchmark::State& bench, int side) {
  const std::vector<Position> positions = sample_positions(side);
  std::size_t i = 0;
  std::int64_t counted = 0;
  for (auto _ : bench) {
    const auto count = rules::iso_path::count_turns(positions[i++ % positions.size()]);
    counted += static_cast<std::int64_t>(count);
    benchmark::DoNotOptimize(count);
  }
  set_rate(bench, "turns/s", counted);
}

// State::legal_moves(): a fresh vector per call, as the service and the contract suite use it.
void state_legal_moves(benchmark::State& bench, int side) {
  const auto states = sample_states(side);
  std::size_t i = 0;
  std::int64_t generated = 0;
  for (auto _ : bench) {
    const std::vector<rules::Move> moves = states[i++ % states.size()]->legal_moves();
    generated += static_cast<std::int64_t>(moves.size());
    benchmark::DoNotOptimize(moves.data());
  }
  set_rate(bench, "turns/s", generated);
}

// Random playouts on bare positions: generate, pick, apply, until a win or 300 turns.
void position_playout(benchmark::State& bench, int side) {
  const Position start =
      rules::iso_path::initial_position(*rules::iso_path::geometry_for_side(side));
  rules::SeededRandom rng(3);
  Position position = start;
  std::vector<rules::Move> turns;
  std::int64_t plies = 0, turn_number = 0;
  for (auto _ : bench) {
    turns.clear();
    rules::iso_path::list_turns(position, turns);
    const bool won =
        !turns.empty() &&
        rules::iso_path::apply_turn(
            position, turns[rng.draw("choice", static_cast<std::uint32_t>(turns.size()))])
            .won;
    rng.take_draws();
    ++plies;
    if (won || turns.empty() || ++turn_number == rules::iso_path::kTurnLimit) {
      position = start;
      turn_number = 0;
    }
  }
  set_rate(bench, "plies/s", plies);
}

// What a submitted turn costs: parse, validate and canonical text.
void parse_and_validate(benchmark::State& bench, int side) {
  const auto states = sample_states(side);
  std::vector<std::string> texts;
  for (const auto& state : states) {
    const std::vector<rules::Move> moves = state->legal_moves();
    texts.push_back(state->format_move(moves[moves.size() / 2]));
  }
  std::size_t i = 0;
  for (auto _ : bench) {
    const std::size_t k = i++ % states.size();
    benchmark::DoNotOptimize(rules::preview(*states[k], texts[k]));
  }
  set_rate(bench, "turns/s", static_cast<std::int64_t>(bench.iterations()));
}

int register_all() {
  for (int side : {4, 5}) {
    const std::string board = "/h" + std::to_string(side);
    benchmark::RegisterBenchmark(("iso-path/list_turns" + board).c_str(), list_turns, side);
    benchmark::RegisterBenchmark(("iso-path/count_turns" + board).c_str(), count_turns, side);
    benchmark::RegisterBenchmark(("iso-path/state_legal_moves" + board).c_str(), state_legal_moves,
                                 side);
    benchmark::RegisterBenchmark(("iso-path/position_playout" + board).c_str(), position_playout,
                                 side);
    benchmark::RegisterBenchmark(("iso-path/parse_and_validate" + board).c_str(),
                                 parse_and_validate, side);
  }
  return 0;
}

const int registered = register_all();

}  // namespace
