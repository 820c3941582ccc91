// Golden playthroughs: one seeded random game per registered game configuration, written as
// text (position renderings, legal-move counts and samples, every move and its record) and
// compared with tests/rules/golden/<label>.txt. Regenerate with ops/regen-goldens and review
// the diff: a change here means a rule, the notation or the rendering changed.

#include <gtest/gtest.h>

#include <sstream>

#include "game_cases.h"
#include "rules/core/play.h"
#include "tests/rules/golden_file.h"

namespace rules::testing {
namespace {

constexpr int kRenderedPlies = 8;
constexpr std::size_t kListedMoves = 12;

std::string playthrough(const GameCase& c) {
  std::ostringstream out;
  SeededRandom game_rng(20261122);
  SeededRandom chooser(42);
  Result<std::unique_ptr<State>> created = c.game->create(c.config, game_rng);
  if (!created.ok()) return "create failed: " + created.error().message + "\n";
  State& state = **created;
  out << "game " << c.game->info.id << " players " << c.config.players << "\n";
  for (const auto& [key, value] : c.config.options) out << "option " << key << "=" << value << "\n";
  out << "setup draws: " << format_draws(game_rng.take_draws()) << "\n";
  for (int ply = 1; !state.outcome().finished; ++ply) {
    const std::vector<Move> moves = state.legal_moves();
    if (ply <= kRenderedPlies) out << state.render(RenderOptions{}) << "\n";
    out << "ply " << ply << " to move";
    for (int seat : state.to_move()) out << " " << seat;
    out << "; " << moves.size() << " legal:";
    for (std::size_t i = 0; i < moves.size() && i < kListedMoves; ++i) {
      out << " " << state.format_move(moves[i]);
    }
    out << (moves.size() > kListedMoves ? " ...\n" : "\n");
    const Move move = moves[chooser.draw("choice", static_cast<std::uint32_t>(moves.size()))];
    Result<std::string> record = play(state, state.format_move(move), game_rng);
    if (!record.ok()) return out.str() + "move failed: " + record.error().message + "\n";
    out << "played " << *record;
    if (auto draws = game_rng.take_draws(); !draws.empty())
      out << "  draws " << format_draws(draws);
    out << "\n";
  }
  out << state.render(RenderOptions{}) << "\n";
  const Outcome outcome = state.outcome();
  out << "result: " << outcome.summary << "\n";
  for (std::size_t seat = 0; seat < outcome.seats.size(); ++seat) {
    out << "seat " << seat << " placement " << outcome.seats[seat].placement << " score "
        << outcome.seats[seat].score << "\n";
  }
  out << "position: " << state.serialize() << "\n";
  return out.str();
}

class GoldenPlaythrough : public ::testing::TestWithParam<GameCase> {};

TEST_P(GoldenPlaythrough, MatchesCheckedInText) {
  compare_with_golden(GetParam().label + ".txt", playthrough(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(AllGames, GoldenPlaythrough, ::testing::ValuesIn(all_game_cases()),
                         [](const auto& param_info) { return param_info.param.label; });

}  // namespace
}  // namespace rules::testing
