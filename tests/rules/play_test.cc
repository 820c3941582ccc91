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

TEST(Handover, EntriesRoundTrip) {
  int seat = -1;
  std::string player;
  EXPECT_TRUE(is_handover(handover_entry(2, "dan"), seat, player));
  EXPECT_EQ(seat, 2);
  EXPECT_EQ(player, "dan");
  EXPECT_FALSE(is_handover("handover 2", seat, player));
  EXPECT_FALSE(is_handover("handover x dan", seat, player));
  EXPECT_FALSE(is_handover("handover -1 dan", seat, player));
  EXPECT_FALSE(is_handover("handover 1 dan eve", seat, player));
}

// A handover changes who plays a seat, never the position; a seat the game lacks is refused.
TEST(Handover, ReplaysWithoutChangingThePosition) {
  for (const GameDef& def : all_games()) {
    SeededRandom rng(7);
    auto state = def.create(GameConfig{def.info.player_counts.back(), {}}, rng);
    ASSERT_TRUE(state.ok()) << def.info.id;
    const std::string before = state.value()->serialize();
    rng.take_draws();
    const auto played = play_entry(*state.value(), "handover 1 dan", rng);
    ASSERT_TRUE(played.ok()) << def.info.id;
    EXPECT_EQ(played.value(), "handover 1 dan");
    EXPECT_EQ(state.value()->serialize(), before) << def.info.id;
    EXPECT_TRUE(rng.draws().empty()) << def.info.id;
    const auto beyond = play_entry(*state.value(), "handover 9 dan", rng);
    ASSERT_FALSE(beyond.ok()) << def.info.id;
    EXPECT_EQ(beyond.error().code, ErrorCode::kBadNotation);
  }
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

TEST(ReplayRandom, MismatchedDrawsKeepChanging) {
  ReplayRandom replay({{"die", 6, 2}});
  EXPECT_EQ(replay.draw("coin", 2), 0u);  // wrong purpose
  EXPECT_EQ(replay.draw("die", 6), 1u);   // past the end
  EXPECT_EQ(replay.draw("die", 6), 2u);
  NoRandom none;
  EXPECT_EQ(none.draw("die", 6), 0u);
  EXPECT_EQ(none.draw("die", 6), 1u);
  EXPECT_TRUE(none.used());
}

// Found by the fuzz target "record": a war (dice rolled until they differ) replayed against a
// record without its draws looped for ever, so `hexpost verify` hung on such a record.
TEST(ReplayRandom, WarAgainstMissingDrawsEnds) {
  const GameDef* game = find_game("hexahedron-wars");
  ASSERT_NE(game, nullptr);
  auto state = game->load(
      "hexahedron-wars players=2 blockers=0 ply=12 first=0 turn=0 phase=play end=- setup=- "
      "dice=b1:A654,d1:A654,f1:A654,d2:A362,g2:A264,d3:A426,a4:A514,b4:B145,e6:B264,f6:B412,a7:"
      "B623,b7:B623,c7:B426,g7:B623 tiles=- claims=0,0 resigned=- cont=-");
  ASSERT_TRUE(state.ok());
  ReplayRandom replay({});
  for (const char* entry : {"d3:N,E", "c7:S"}) {
    ASSERT_TRUE(play_entry(*state.value(), entry, replay).ok()) << entry;
  }
  auto played = play_entry(*state.value(), "a4:jE,S,W,jN,E,wN", replay);
  ASSERT_TRUE(played.ok());
  EXPECT_EQ(played.value(), "a4:jE,S,W,jN,E,wN {war 1-2 loss; c5 -> a1 top 1}");
  EXPECT_TRUE(replay.mismatch());
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
