// Golden SVG boards: for every registered game, the start position (fewest players, default
// options) and a mid-game position (most players, after kMidGamePlies seeded random plies, seen
// from seat 1 with the last move's cells highlighted), compared byte for byte with
// tests/rules/golden/<game>_start.svg and <game>_mid.svg. Regenerate with ops/regen-goldens and
// review the pictures and the diff: they change only when a board's drawing is meant to change.

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "rules/core/play.h"
#include "rules/core/registry.h"
#include "tests/rules/golden_file.h"

namespace rules::testing {
namespace {

constexpr int kMidGamePlies = 24;

struct SvgGoldenCase {
  const GameDef* game;
  std::string label;  // "hex_quoridor"
};

std::vector<SvgGoldenCase> svg_golden_cases() {
  std::vector<SvgGoldenCase> cases;
  for (const GameDef& game : all_games()) {
    std::string label = game.info.id;
    std::replace(label.begin(), label.end(), '-', '_');
    cases.push_back({&game, label});
  }
  return cases;
}

std::unique_ptr<State> new_game(const GameDef& game, int players) {
  SeededRandom rng(20261127);
  Result<std::unique_ptr<State>> created = game.create(GameConfig{players, {}}, rng);
  return created.ok() ? std::move(created).value() : nullptr;
}

std::string start_svg(const GameDef& game) {
  const std::vector<int>& counts = game.info.player_counts;
  std::unique_ptr<State> state = new_game(game, *std::min_element(counts.begin(), counts.end()));
  return state ? state->render_svg({}) : "create failed\n";
}

std::string mid_game_svg(const GameDef& game) {
  const std::vector<int>& counts = game.info.player_counts;
  std::unique_ptr<State> state = new_game(game, *std::max_element(counts.begin(), counts.end()));
  if (!state) return "create failed\n";
  SeededRandom rng(7), chooser(42);
  std::vector<std::string> last_cells;
  for (int ply = 0; ply < kMidGamePlies && !state->outcome().finished; ++ply) {
    const std::vector<Move> moves = state->legal_moves();
    const Move move = moves[chooser.draw("choice", static_cast<std::uint32_t>(moves.size()))];
    last_cells = state->move_cells(move);
    if (!play(*state, state->format_move(move), rng).ok()) return "move failed\n";
  }
  return state->render_svg({1, last_cells});
}

class GoldenSvg : public ::testing::TestWithParam<SvgGoldenCase> {};

TEST_P(GoldenSvg, StartPositionMatchesCheckedInSvg) {
  compare_with_golden(GetParam().label + "_start.svg", start_svg(*GetParam().game));
}

TEST_P(GoldenSvg, MidGamePositionMatchesCheckedInSvg) {
  compare_with_golden(GetParam().label + "_mid.svg", mid_game_svg(*GetParam().game));
}

INSTANTIATE_TEST_SUITE_P(AllGames, GoldenSvg, ::testing::ValuesIn(svg_golden_cases()),
                         [](const auto& param_info) { return param_info.param.label; });

}  // namespace
}  // namespace rules::testing
