// Mojave notation (§3.8, §0.1, I-MJ-9, I-MJ-10): aliases, canonical records and the exact text
// of every notation error.

#include <gtest/gtest.h>

#include "rules/core/play.h"
#include "rules/mojave/mojave.h"
#include "test_util.h"

namespace rules::mojave::testing {
namespace {

std::string parse_error(const State& state, const std::string& text) {
  Result<Move> move = state.parse_move(text);
  if (move.ok()) return "parsed";
  return std::string(to_string(move.error().code)) + ": " + move.error().message;
}

TEST(MojaveNotation, AcceptsAliasesCaseSpacingAndAnnotations) {
  auto game = new_game();
  const Move b3n1 = *game->parse_move("b3N1");
  for (const char* text : {"B3n1", "b3 N 1", " b3N1 ", "b3-b4", "B3 - B4", "b3N1 =4", "b3n1=4",
                           "b3N1 {played fast}", "b3N1 // opening", "b3N1;"}) {
    Result<Move> move = game->parse_move(text);
    ASSERT_TRUE(move.ok()) << text << ": " << move.error().message;
    EXPECT_EQ(*move, b3n1) << text;
  }
  EXPECT_EQ(game->format_move(b3n1), "b3N1 =4");
}

TEST(MojaveNotation, FromToAliasIsForStraightMovesOnly) {
  auto game = new_game();
  EXPECT_EQ(parse_error(*game, "b3-c4"),
            "bad_notation: 'b3-c4': the from-to form is only for straight moves; write the "
            "path, e.g. b3N1E1");
  EXPECT_EQ(parse_error(*game, "b3-b3"), "bad_notation: 'b3-b3' does not move");
  EXPECT_EQ(parse_error(*game, "b3-"), "bad_notation: '': expected a destination square after '-'");
  EXPECT_EQ(play(*game, "b3-b5"), "illegal_move: a die with 1 on top must travel exactly 1 square");
  EXPECT_EQ(play(*game, "c4-c5"), "c4N1 =5");
}

TEST(MojaveNotation, BadSyntaxNamesTheOffendingToken) {
  auto game = new_game();
  EXPECT_EQ(parse_error(*game, ""), "bad_notation: empty move: expected a move such as b3N1");
  EXPECT_EQ(parse_error(*game, "zz99"),
            "bad_notation: 'zz99' does not start with a square a1 to o18");
  EXPECT_EQ(parse_error(*game, "b19N1"),
            "bad_notation: 'b19n1' does not start with a square a1 to o18");
  EXPECT_EQ(parse_error(*game, "b3"),
            "bad_notation: expected a direction N, E, S or W and a count after b3, found nothing");
  EXPECT_EQ(parse_error(*game, "b3X1"),
            "bad_notation: expected a direction N, E, S or W and a count after b3, found 'x1'");
  EXPECT_EQ(parse_error(*game, "b3N"),
            "bad_notation: 'n': a direction needs a count of one or two digits");
  EXPECT_EQ(parse_error(*game, "b3N100"),
            "bad_notation: 'n100': a direction needs a count of one or two digits");
  // I-MJ-10: a leg covers at least one square.
  EXPECT_EQ(parse_error(*game, "b3N0E1"), "bad_notation: 'n0e1': a leg covers at least one square");
  EXPECT_EQ(parse_error(*game, "b3N1 =9"),
            "bad_notation: '=9': expected one top face 1 to 6 after '='");
  EXPECT_EQ(parse_error(*game, "b3N1 y"),
            "bad_notation: 'y': expected =top, x, xx, zz or trapped in the result");
  EXPECT_EQ(parse_error(*game, "b3N1 =4 x z9"),
            "bad_notation: 'z9': expected a square in the result");
  EXPECT_EQ(parse_error(*game, "b3N1 x b5"),
            "bad_notation: 'xb5': a result states the final top, as in =5");
}

// I-MJ-10: legs are parsed as written; validation names the rule they break.
TEST(MojaveNotation, WellFormedButIllegalPathsReachValidation) {
  auto game = new_game();
  EXPECT_EQ(play(*game, "b3N1E1N1"), "illegal_move: only one turn is allowed");
  EXPECT_EQ(play(*game, "b3N1N1"),
            "illegal_move: a turn must be 90 degrees; N then N goes straight on");
  EXPECT_EQ(play(*game, "b3N99"), "illegal_move: a die with 1 on top must travel exactly 1 square");
}

// I-MJ-9: a stated result is optional, in any order, and must be what the move does.
TEST(MojaveNotation, StatedResultMustMatchTheMove) {
  auto game = new_game();
  EXPECT_EQ(parse_error(*game, "b3N1 =5"),
            "bad_notation: '=5' is not the result of b3N1 here, which gives '=4'");
  EXPECT_EQ(parse_error(*game, "b3N1 =4 x b5"),
            "bad_notation: '=4 x b5' is not the result of b3N1 here, which gives '=4'");
  // An illegal move is reported as such, whatever result it states.
  EXPECT_EQ(play(*game, "b3N2 =4"),
            "illegal_move: a die with 1 on top must travel exactly 1 square");

  Layout layout{{"f10:153", die("a1", 1)}, {die("e9", 2), die("f8", 2), die("o18", 1)}};
  auto sum = load(layout);
  EXPECT_EQ(parse_error(*sum, "f10S1 =5 x e9"),
            "bad_notation: '=5 x e9' is not the result of f10S1 here, which gives '=5 x e9 x f8'");
  EXPECT_EQ(play(*sum, "F10s1 x F8 =5 x E9 {both}"), "f10S1 =5 x e9 x f8");
}

TEST(MojaveNotation, ResultMarkersForZugzwangAndTrappedDice) {
  Layout tie{{"f10:153", die("a1", 1)}, {die("e9", 3), die("f8", 2), die("o18", 1)}};
  auto game = load(tie);
  EXPECT_EQ(play(*game, "f10S1 =5 zz f8,e9"), "f10S1 =5 zz e9,f8");
  Layout boxed{{"a3:124", die("o1", 1)}, {die("a1", 2), die("b1", 2)}};
  auto trapped = load(boxed);
  EXPECT_EQ(parse_error(*trapped, "a3S1 =2 zz a1"),
            "bad_notation: '=2 zz a1' is not the result of a3S1 here, which gives '=2 zz a1 "
            "trapped'");
  EXPECT_EQ(play(*trapped, "a3S1=2zza1trapped"), "a3S1 =2 zz a1 trapped");
}

TEST(MojaveNotation, CanonicalTextRoundTripsForEveryLegalMove) {
  Layout layout{{"f10:153", die("f6", 6), die("h7", 2), "i9:124"},
                {die("e9", 3), die("f8", 2), die("h8", 4), die("o18", 1)}};
  auto game = load(layout);
  for (Move move : game->legal_moves()) {
    const std::string text = game->format_move(move);
    Result<Move> parsed = game->parse_move(text);
    ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
    EXPECT_EQ(*parsed, move) << text;
  }
}

}  // namespace
}  // namespace rules::mojave::testing
