// The shared helpers of rules/core/play.h.

#include "rules/core/play.h"

#include <gtest/gtest.h>

#include "rules/core/registry.h"

namespace rules {
namespace {

TEST(StripAnnotation, KeepsOnlyTheMovePart) {
  EXPECT_EQ(strip_annotation("  Fe5E+  "), "Fe5E+");
  EXPECT_EQ(strip_annotation("e3:wN {war 3-3, 2-5 loss; e3 -> a1 top 6}"), "e3:wN");
  EXPECT_EQ(strip_annotation("d6N2E1 =5 x e9 // good move"), "d6N2E1 =5 x e9");
  EXPECT_EQ(strip_annotation("a2; a3"), "a2");
  EXPECT_EQ(strip_annotation("{only a note}"), "");
}

TEST(Resignation, EntriesRoundTrip) {
  int seat = -1;
  EXPECT_TRUE(is_resignation(resignation_entry(3), seat));
  EXPECT_EQ(seat, 3);
  EXPECT_FALSE(is_resignation("resign", seat));
  EXPECT_FALSE(is_resignation("resign x", seat));
  EXPECT_FALSE(is_resignation("resign -1", seat));
}

// The ply a board shows is the server's: every entry, resignations included. A game whose
// first entry is a resignation shows ply 1 (Iso-Path counts turns and Mojave shows no ply).
TEST(Resignation, CountsAsAPlyInTheRendering) {
  const std::map<std::string, std::string> title_part = {{"hex-quoridor", ", ply 1: "},
                                                         {"hexahedron-wars", " players, ply 1, "},
                                                         {"heximeros", "(provisional), ply 1\n"}};
  for (const auto& [id, expected] : title_part) {
    SeededRandom rng(7);
    auto state = find_game(id)->create(GameConfig{}, rng);
    ASSERT_TRUE(state.ok()) << id;
    ASSERT_TRUE(play_entry(*state.value(), "resign 0", rng).ok()) << id;
    const std::string board = state.value()->render(RenderOptions{});
    EXPECT_NE(board.substr(0, board.find('\n') + 1).find(expected), std::string::npos)
        << id << ":\n"
        << board;
  }
}

TEST(Draws, FormatAndParseAreInverse) {
  const std::vector<Draw> draws = {{"war-attacker", 6, 4}, {"first-player", 2, 0}};
  EXPECT_EQ(format_draws(draws), "war-attacker:4/6 first-player:0/2");
  std::vector<Draw> parsed;
  ASSERT_TRUE(parse_draws(format_draws(draws), parsed));
  EXPECT_EQ(parsed, draws);
  EXPECT_FALSE(parse_draws("die:6/6", parsed));  // value out of range
  EXPECT_FALSE(parse_draws("die:1", parsed));
}

TEST(ReplayRandom, FlagsAnyMismatch) {
  ReplayRandom replay({{"die", 6, 2}});
  EXPECT_EQ(replay.draw("die", 6), 2u);
  EXPECT_FALSE(replay.mismatch());
  EXPECT_TRUE(replay.exhausted());
  replay.draw("die", 6);
  EXPECT_TRUE(replay.mismatch());
  ReplayRandom wrong_purpose({{"die", 6, 2}});
  wrong_purpose.draw("coin", 6);
  EXPECT_TRUE(wrong_purpose.mismatch());
}

TEST(SeededRandom, IsDeterministicAndInRange) {
  SeededRandom a(7), b(7);
  for (int i = 0; i < 100; ++i) {
    std::uint32_t x = a.draw("t", 5);
    EXPECT_EQ(x, b.draw("t", 5));
    EXPECT_LT(x, 5u);
  }
}

}  // namespace
}  // namespace rules
