// Iso-Path perft: counts of legal complete turns from the initial position, pinned, and the
// bitboard generator checked against a brute-force enumerator (tests/rules/iso_path/test_util.cc)
// that tries every syntactically possible action pair and checks each action on its own.
//
// A "turn" is one line of notation: both orders of the same two actions are two turns (I-IP-2),
// and a single winning action is a turn. A winning turn ends its line (it adds nothing deeper).
// DISABLED_BruteForceDepthTwoH5 brute-forces h5 to depth 2 (about 15 s) on request.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "rules/core/play.h"
#include "rules/iso_path/iso_path.h"
#include "rules/iso_path/notation.h"
#include "test_util.h"

namespace rules::iso_path::testing {
namespace {

Position start(int side) { return initial_position(*geometry_for_side(side)); }

std::vector<Move> generated(const Position& position) {
  std::vector<Move> turns;
  list_turns(position, turns);
  return turns;
}

// Pinned counts. Depths 1 and 2 were computed by the brute-force enumerator (h4 below on every
// run, h5 depth 2 in a disabled test); depth 3 by the generator's counting mode.
TEST(IsoPathPerft, H4FromTheInitialPosition) {
  // White must raise a b-cell (a tile from any of the 28 other free cells) and step onto it:
  // 8 steps from row a onto row b, each with 28 sources.
  EXPECT_EQ(perft(start(4), 1), 224u);
  EXPECT_EQ(perft(start(4), 2), 139968u);
  EXPECT_EQ(perft(start(4), 3), 648483840u);
}

TEST(IsoPathPerft, H5FromTheInitialPosition) {
  EXPECT_EQ(perft(start(5), 1), 500u);  // 10 steps from row a onto row b, 50 sources each
  EXPECT_EQ(perft(start(5), 2), 720300u);
}

TEST(IsoPathPerft, BruteForceMatchesTheGeneratorToDepthTwoH4) {
  const Position root = start(4);
  const std::vector<Move> first = brute_force_turns(root);
  ASSERT_EQ(first, generated(root));
  std::uint64_t depth_two = 0;
  for (Move turn : first) {
    Position child = root;
    ASSERT_FALSE(apply_turn(child, turn).won);
    const std::vector<Move> replies = brute_force_turns(child);
    ASSERT_EQ(replies, generated(child)) << format_turn(root, turn);
    depth_two += replies.size();
  }
  EXPECT_EQ(depth_two, 139968u);
}

TEST(IsoPathPerft, BruteForceMatchesTheGeneratorH5) {
  EXPECT_EQ(brute_force_turns(start(5)), generated(start(5)));
}

// 15-30 s, so off by default: run with --gtest_also_run_disabled_tests.
TEST(IsoPathPerft, DISABLED_BruteForceDepthTwoH5) {
  EXPECT_EQ(perft(start(5), 2, /*brute=*/true), 720300u);
}

// Positions from seeded random games, where pieces have met and captures arise.
std::vector<std::unique_ptr<State>> sample_positions(const char* board, int games, int every) {
  std::vector<std::unique_ptr<State>> positions;
  for (int game = 1; game <= games; ++game) {
    SeededRandom rng(static_cast<std::uint64_t>(game));
    auto state = std::move(definition().create(GameConfig{2, {{"board", board}}}, rng)).value();
    for (int ply = 0; !state->outcome().finished; ++ply) {
      if (ply % every == 0) positions.push_back(state->clone());
      const std::vector<Move> moves = state->legal_moves();
      state->apply(moves[rng.draw("choice", static_cast<std::uint32_t>(moves.size()))], rng);
    }
  }
  return positions;
}

void expect_generator_matches_brute_force(const char* board, int games, int every) {
  int with_captures = 0;
  for (const auto& state : sample_positions(board, games, every)) {
    const Position& position = iso(*state).position();
    const std::vector<Move> brute = brute_force_turns(position);
    ASSERT_EQ(brute, generated(position)) << state->serialize();
    EXPECT_EQ(count_turns(position), brute.size());
    EXPECT_EQ(has_turn(position), !brute.empty());
    with_captures += capturable_at_turn_start(position) != 0;
  }
  EXPECT_GT(with_captures, 0) << "the sample should include positions with captures";
}

TEST(IsoPathPerft, GeneratorMatchesBruteForceInPlayedPositionsH4) {
  expect_generator_matches_brute_force("h4", 6, 7);
}

TEST(IsoPathPerft, GeneratorMatchesBruteForceInPlayedPositionsH5) {
  expect_generator_matches_brute_force("h5", 2, 25);
}

// validate() must accept exactly the listed turns: every listed turn, a lone non-winning first
// action, and a seeded sample of arbitrary action pairs.
TEST(IsoPathPerft, ValidateAgreesWithTheList) {
  SeededRandom pick(5);
  for (const auto& state : sample_positions("h4", 3, 11)) {
    const std::vector<Move> legal = state->legal_moves();
    for (Move move : legal) ASSERT_FALSE(state->validate(move).has_value());
    for (int i = 0; i < 3000; ++i) {
      auto action = [&] {
        const auto kind = static_cast<ActionKind>(1 + pick.draw("kind", 3));
        const int from = static_cast<int>(pick.draw("cell", 37));
        const int to = kind == ActionKind::kCapture ? 0 : static_cast<int>(pick.draw("cell", 37));
        return Action{kind, from, to};
      };
      const Action first = action();
      const Move move = i % 4 == 0 ? encode_turn(first) : encode_turn(first, action());
      const bool listed = std::binary_search(legal.begin(), legal.end(), move);
      ASSERT_EQ(!state->validate(move).has_value(), listed)
          << format_turn(iso(*state).position(), move);
    }
  }
}

}  // namespace
}  // namespace rules::iso_path::testing
