// The rules contract, checked at every ply of seeded random playouts of every registered game
// (see rules/core/game.h for the promises). A game joins this suite by being registered.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "game_cases.h"
#include "rules/core/play.h"
#include "svg_checks.h"

namespace rules::testing {
namespace {

int seeds_to_run() {
  const char* text = std::getenv("HEXPOST_CONTRACT_SEEDS");
  return text ? std::max(1, std::atoi(text)) : 12;
}

// render_svg() and move_cells() are checked every this many plies (and at the end).
constexpr std::size_t kSvgEvery = 16;

struct Ply {
  std::string record;
  std::vector<Draw> draws;
};

class GameContract : public ::testing::TestWithParam<GameCase> {
 protected:
  void check_legal_moves(const State& state, const std::vector<Move>& moves) {
    ASSERT_FALSE(moves.empty()) << "no legal moves in an unfinished game";
    ASSERT_TRUE(std::is_sorted(moves.begin(), moves.end()));
    ASSERT_TRUE(std::adjacent_find(moves.begin(), moves.end()) == moves.end()) << "duplicates";
    // Every move when there are few; an evenly spread sample of 300 otherwise.
    const std::size_t stride = std::max<std::size_t>(1, moves.size() / 300);
    std::set<std::string> texts;
    for (std::size_t i = 0; i < moves.size(); i += stride) {
      const std::string text = state.format_move(moves[i]);
      Result<Move> parsed = state.parse_move(text);
      ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
      ASSERT_EQ(*parsed, moves[i]) << text << " parses to another move";
      ASSERT_FALSE(state.validate(moves[i]).has_value()) << text;
      ASSERT_TRUE(texts.insert(text).second) << "two legal moves print as " << text;
    }
  }

  void check_serialization(const State& state) {
    const std::string text = state.serialize();
    ASSERT_EQ(text.find('\n'), std::string::npos) << "serialize() must be one line";
    Result<std::unique_ptr<State>> loaded = GetParam().game->load(text);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ((*loaded)->serialize(), text);
    ASSERT_EQ((*loaded)->legal_moves(), state.legal_moves());
    ASSERT_EQ(state.clone()->serialize(), text);
  }

  // Texts that must be rejected here: garbage, and moves that were legal one ply earlier but
  // are not now. Each rejection must leave the position byte-identical.
  void check_rejections(State& state, const std::vector<std::string>& earlier_texts) {
    const std::string before = state.serialize();
    NoRandom no_draws;
    std::vector<std::string> candidates = {"", "zz99", "??", "resign"};
    const std::vector<Move> legal = state.legal_moves();
    for (const std::string& text : earlier_texts) {
      Result<Move> parsed = state.parse_move(text);
      if (parsed.ok() && std::binary_search(legal.begin(), legal.end(), *parsed)) continue;
      candidates.push_back(text);
      if (candidates.size() > 12) break;
    }
    for (const std::string& text : candidates) {
      Result<std::string> result = play(state, text, no_draws);
      ASSERT_FALSE(result.ok()) << "'" << text << "' was accepted";
      ASSERT_FALSE(result.error().message.empty());
      ASSERT_EQ(state.serialize(), before) << "rejecting '" << text << "' changed the state";
    }
  }

  void check_finished(State& state) {
    const Outcome outcome = state.outcome();
    ASSERT_TRUE(outcome.finished);
    ASSERT_EQ(static_cast<int>(outcome.seats.size()), state.num_seats());
    for (const SeatResult& seat : outcome.seats) {
      ASSERT_GE(seat.placement, 1);
      ASSERT_LE(seat.placement, state.num_seats());
    }
    ASSERT_TRUE(state.legal_moves().empty());
    ASSERT_TRUE(state.to_move().empty());
    NoRandom no_draws;
    Result<std::string> late = play(state, "zz99", no_draws);
    ASSERT_FALSE(late.ok());
    ASSERT_EQ(late.error().code, ErrorCode::kGameOver);
  }

  void check_replay(const std::vector<Draw>& setup, const std::vector<Ply>& plies,
                    const std::string& final_position) {
    const GameCase& c = GetParam();
    ReplayRandom setup_rng(setup);
    Result<std::unique_ptr<State>> state = c.game->create(c.config, setup_rng);
    ASSERT_TRUE(state.ok());
    ASSERT_FALSE(setup_rng.mismatch());
    for (std::size_t i = 0; i < plies.size(); ++i) {
      ReplayRandom rng(plies[i].draws);
      Result<std::string> again = play_entry(**state, plies[i].record, rng);
      ASSERT_TRUE(again.ok()) << "ply " << i + 1 << " " << plies[i].record << ": "
                              << again.error().message;
      ASSERT_EQ(*again, plies[i].record) << "ply " << i + 1;
      ASSERT_FALSE(rng.mismatch()) << "ply " << i + 1;
    }
    ASSERT_EQ((*state)->serialize(), final_position);
  }

  void play_one(std::uint64_t seed) {
    const GameCase& c = GetParam();
    SeededRandom game_rng(seed);
    Result<std::unique_ptr<State>> created = c.game->create(c.config, game_rng);
    ASSERT_TRUE(created.ok()) << created.error().message;
    State& state = **created;
    const std::vector<Draw> setup = game_rng.take_draws();
    SeededRandom chooser(seed * 7919 + 1);
    std::vector<Ply> plies;
    std::vector<std::string> previous_texts;
    while (!state.outcome().finished) {
      ASSERT_LT(static_cast<int>(plies.size()), c.game->info.max_plies) << "no end in sight";
      ASSERT_FALSE(state.to_move().empty());
      const std::vector<Move> moves = state.legal_moves();
      ASSERT_NO_FATAL_FAILURE(check_legal_moves(state, moves));
      ASSERT_NO_FATAL_FAILURE(check_serialization(state));
      ASSERT_NO_FATAL_FAILURE(check_rejections(state, previous_texts));
      if (plies.size() % kSvgEvery == 0) {
        ASSERT_NO_FATAL_FAILURE(check_svg_contract(state, plies.empty()));
      }
      previous_texts.clear();
      for (std::size_t i = 0; i < moves.size() && i < 40; ++i) {
        previous_texts.push_back(state.format_move(moves[i]));
      }
      const Move move = moves[chooser.draw("choice", static_cast<std::uint32_t>(moves.size()))];
      const std::string canonical = state.format_move(move);
      Result<std::string> record = play(state, canonical, game_rng);
      ASSERT_TRUE(record.ok()) << canonical << ": " << record.error().message;
      ASSERT_EQ(record->substr(0, canonical.size()), canonical) << "record must start canonical";
      plies.push_back({*record, game_rng.take_draws()});
    }
    ASSERT_NO_FATAL_FAILURE(check_serialization(state));
    ASSERT_NO_FATAL_FAILURE(check_finished(state));
    ASSERT_NO_FATAL_FAILURE(check_svg_contract(state, false));
    ASSERT_NO_FATAL_FAILURE(check_replay(setup, plies, state.serialize()));
  }
};

TEST_P(GameContract, RandomPlayoutsKeepTheContract) {
  for (int seed = 1; seed <= seeds_to_run(); ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    ASSERT_NO_FATAL_FAILURE(play_one(static_cast<std::uint64_t>(seed)));
  }
}

TEST_P(GameContract, ResignationEndsOrContinuesTheGame) {
  const GameCase& c = GetParam();
  SeededRandom rng(99);
  Result<std::unique_ptr<State>> state = c.game->create(c.config, rng);
  ASSERT_TRUE(state.ok());
  const std::string before = (*state)->serialize();
  ASSERT_TRUE((*state)->resign(c.config.players).has_value()) << "no such seat";
  ASSERT_EQ((*state)->serialize(), before);
  ASSERT_FALSE((*state)->resign(0).has_value());
  if (c.config.players == 2) {
    const Outcome outcome = (*state)->outcome();
    ASSERT_TRUE(outcome.finished);
    EXPECT_EQ(outcome.seats[0].placement, 2);
    EXPECT_EQ(outcome.seats[1].placement, 1);
  } else {
    EXPECT_NE((*state)->serialize(), before);
  }
}

TEST_P(GameContract, RejectsUnofferedPlayerCount) {
  const GameCase& c = GetParam();
  SeededRandom rng(1);
  Result<std::unique_ptr<State>> state = c.game->create(GameConfig{99, {}}, rng);
  ASSERT_FALSE(state.ok());
  EXPECT_EQ(state.error().code, ErrorCode::kBadOptions);
  Result<std::unique_ptr<State>> unknown =
      c.game->create(GameConfig{c.config.players, {{"no-such-option", "1"}}}, rng);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().code, ErrorCode::kBadOptions);
  Result<std::unique_ptr<State>> garbage = c.game->load("not a position");
  ASSERT_FALSE(garbage.ok());
  EXPECT_EQ(garbage.error().code, ErrorCode::kBadPosition);
}

INSTANTIATE_TEST_SUITE_P(AllGames, GameContract, ::testing::ValuesIn(all_game_cases()),
                         [](const auto& param_info) { return param_info.param.label; });

// The suite above has one instance per case, so an empty registry would leave it passing with
// nothing checked: every registered game must have cases, and there must be games. (Without
// GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST, gtest also reports an empty instantiation.)
TEST(GameContractCases, CoverEveryRegisteredGame) {
  const std::vector<GameCase> cases = all_game_cases();
  ASSERT_FALSE(all_games().empty()) << "the registry lists no game";
  for (const GameDef& game : all_games()) {
    const bool covered =
        std::any_of(cases.begin(), cases.end(), [&](const GameCase& c) { return c.game == &game; });
    EXPECT_TRUE(covered) << game.info.id << " has no contract case";
  }
}

}  // namespace
}  // namespace rules::testing
