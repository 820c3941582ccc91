// Mojave: layout, moving (§3.2-§3.4, §3.9 positions 1 and 2), end of game (§3.7, I-MJ-5),
// serialization and rendering. Combat and zugzwang are in mojave_combat_test.cc, notation in
// mojave_notation_test.cc.

#include <gtest/gtest.h>

#include "rules/core/play.h"
#include "rules/mojave/mojave.h"
#include "test_util.h"

namespace rules::mojave::testing {
namespace {

constexpr const char* kOpening =
    "mojave 1 to=red quiet=0 passes=0 resigned=none adjudication=none zugzwang=none "
    "red=b3:132,d3:132,f3:132,h3:132,j3:132,l3:132,n3:132,"
    "a4:124,c4:124,e4:124,g4:124,i4:124,k4:124,m4:124,o4:124 "
    "black=a15:153,c15:153,e15:153,g15:153,i15:153,k15:153,m15:153,o15:153,"
    "b16:145,d16:145,f16:145,h16:145,j16:145,l16:145,n16:145";

// §3.3: 3rd rank b..n with the 3 towards the centre, 4th rank a..o with the 2 towards it;
// for Black "towards the centre" is south, so north shows 7-3 and 7-2. I-MJ-1: 15 dice each.
TEST(MojaveSetup, FifteenDicePerSideOnThirdAndFourthRanksFacingTheCentre) {
  EXPECT_EQ(new_game()->serialize(), kOpening);
}

TEST(MojaveSetup, OpeningHasOnlySingleStepsAndFiftyEightMoves) {
  // Every die shows 1: Red's seven 3rd-rank dice have 4 steps each, its 4th-rank dice 4 but
  // a4 (no west) and o4 (no east) 3: 28 + 30.
  auto game = new_game();
  EXPECT_EQ(game->legal_moves().size(), 58u);
}

// I-MJ-2: the first player is drawn with purpose "first-player", bound 2, 0 = red.
TEST(MojaveSetup, FirstPlayerIsDrawn) {
  EXPECT_EQ(new_game(0)->to_move(), std::vector<int>{0});
  EXPECT_EQ(new_game(1)->to_move(), std::vector<int>{1});
  SeededRandom rng(5);
  ASSERT_TRUE(definition().create(GameConfig{}, rng).ok());
  ASSERT_EQ(rng.draws().size(), 1u);
  EXPECT_EQ(rng.draws()[0].purpose, "first-player");
  EXPECT_EQ(rng.draws()[0].bound, 2u);
}

TEST(MojaveSetup, OffersTwoPlayersAndTheAdjudicationOption) {
  const GameInfo& info = definition().info;
  EXPECT_EQ(info.id, "mojave");
  EXPECT_EQ(info.player_counts, std::vector<int>{2});
  ASSERT_EQ(info.options.size(), 1u);
  EXPECT_EQ(info.options[0].allowed, (std::vector<std::string>{"none", "dice-count"}));
  EXPECT_EQ(info.max_plies, 2900);  // I-MJ-5: 28 removals x 100 plies + 100
  SeededRandom rng(1);
  auto wrong = definition().create(GameConfig{2, {{"adjudication", "coin"}}}, rng);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().code, ErrorCode::kBadOptions);
}

// §3.9 position 1: Red b3 is (1,3,2).
TEST(MojaveMoves, OpeningOrientationTipsAsSpecified) {
  auto game = new_game();
  EXPECT_EQ(legal_texts_from(*game, "b3"),
            (std::vector<std::string>{"b3N1 =4", "b3E1 =5", "b3S1 =3", "b3W1 =2"}));
  auto north = game->clone();
  EXPECT_EQ(play(*north, "b3N1"), "b3N1 =4");
  EXPECT_NE(north->serialize().find("b4:412"), std::string::npos);  // (4,1,2)
  EXPECT_EQ(play(*game, "b3E1"), "b3E1 =5");
  EXPECT_NE(game->serialize().find("c3:531"), std::string::npos);  // the west face was 5
}

Layout lone_three_on_f6() { return Layout{{"f6:362"}, {die("o18", 1)}}; }

// §3.9 position 2: (3,6,2) on f6 with empty surroundings; tipping does not commute.
TEST(MojaveMoves, LPathOrderDecidesTheFinalTop) {
  auto game = load(lone_three_on_f6());
  // 4 straight paths + 4 first directions x 2 turns x 2 corner choices.
  EXPECT_EQ(legal_texts_from(*game, "f6").size(), 20u);
  auto other = game->clone();
  EXPECT_EQ(play(*game, "f6N2E1"), "f6N2E1 =5");
  EXPECT_NE(game->serialize().find("g8:514"), std::string::npos);
  EXPECT_EQ(play(*other, "f6E1N2"), "f6E1N2 =2");
  EXPECT_NE(other->serialize().find("g8:213"), std::string::npos);
}

TEST(MojaveMoves, RejectsReversalsExtraTurnsAndWrongLengths) {
  auto game = load(lone_three_on_f6());
  EXPECT_EQ(play(*game, "f6N1S2"), "illegal_move: a turn must be 90 degrees; N then S reverses");
  EXPECT_EQ(play(*game, "f6N1N2"),
            "illegal_move: a turn must be 90 degrees; N then N goes straight on");
  EXPECT_EQ(play(*game, "f6N1E1N1"), "illegal_move: only one turn is allowed");
  EXPECT_EQ(play(*game, "f6N2"), "illegal_move: a die with 3 on top must travel exactly 3 squares");
  EXPECT_EQ(play(*game, "f6N2E2"),
            "illegal_move: a die with 3 on top must travel exactly 3 squares");
  EXPECT_EQ(game->serialize(), position_text(lone_three_on_f6()));
}

TEST(MojaveMoves, NoPassingOverOrOntoDice) {
  Layout layout{{die("c3", 3), die("f6", 3), die("a1", 2)},
                {die("c5", 1), die("f7", 1), die("c1", 1)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "a1E2"), "illegal_move: c1 holds a die");    // landing on
  EXPECT_EQ(play(*game, "c3N3"), "illegal_move: c5 holds a die");    // passing over
  EXPECT_EQ(play(*game, "c3N2E1"), "illegal_move: c5 holds a die");  // the corner square
  EXPECT_EQ(play(*game, "f6N2E1"), "illegal_move: f7 holds a die");  // §3.9 position 2
}

TEST(MojaveMoves, StaysOnTheBoardAndMovesOnlyOwnDice) {
  Layout layout{{die("a1", 2), die("c1", 1)}, {die("o18", 1)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "a1W2"), "illegal_move: the path leaves the board beyond a1");
  EXPECT_EQ(play(*game, "a1N1W1"), "illegal_move: the path leaves the board beyond a2");
  EXPECT_EQ(play(*game, "c1N2"), "illegal_move: a die with 1 on top must travel exactly 1 square");
  EXPECT_EQ(play(*game, "e5N1"), "illegal_move: e5 holds no die");
  EXPECT_EQ(play(*game, "o18S1"), "illegal_move: o18 holds a black die, and red is to move");
}

// I-MJ-5: a side with dice but no move passes; passing is not voluntary.
TEST(MojaveEnd, PassOnlyWithoutAMove) {
  EXPECT_EQ(play(*new_game(), "pass"),
            "illegal_move: passing is allowed only when no die can move");
  Layout boxed{{die("a1", 1)}, {die("a2", 1), die("b1", 1)}};
  auto game = load(boxed);
  EXPECT_EQ(legal_texts(*game), std::vector<std::string>{"pass"});
  EXPECT_EQ(play(*game, "a1N1"), "illegal_move: a2 holds a die");
  EXPECT_EQ(play(*game, "PASS"), "pass");
  EXPECT_NE(game->serialize().find("to=black quiet=1 passes=1"), std::string::npos);
  EXPECT_FALSE(game->outcome().finished);
  EXPECT_EQ(play(*game, "a2N1"), "a2N1 =5");
  EXPECT_NE(game->serialize().find("passes=0"), std::string::npos);
}

TEST(MojaveEnd, TwoPassesInARowAreADraw) {
  Layout boxed{{die("a1", 1)}, {die("a2", 1), die("b1", 1)}};
  boxed.passes = 1;
  auto game = load(boxed);
  EXPECT_EQ(play(*game, "pass"), "pass");
  const Outcome outcome = game->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.summary, "draw: neither player can move");
  EXPECT_EQ(outcome.seats, (std::vector<SeatResult>{{1, 0.5}, {1, 0.5}}));
  EXPECT_TRUE(game->legal_moves().empty());
  EXPECT_EQ(play(*game, "a1N1"), "game_over: the game is over");
}

Layout quiet_position(int quiet, const std::string& adjudication) {
  Layout layout{{die("b3", 1), die("d3", 1)}, {die("b16", 1)}};
  layout.quiet = quiet;
  layout.adjudication = adjudication;
  return layout;
}

TEST(MojaveEnd, HundredPliesWithoutARemovalAreADraw) {
  auto game = load(quiet_position(98, "none"));
  EXPECT_EQ(play(*game, "b3N1"), "b3N1 =5");
  EXPECT_FALSE(game->outcome().finished);
  EXPECT_EQ(play(*game, "b16S1"), "b16S1 =2");
  const Outcome outcome = game->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.summary, "draw: 100 plies without a die removed");
  EXPECT_TRUE(game->to_move().empty());
}

TEST(MojaveEnd, DiceCountAdjudicationDecidesTheDrawBound) {
  auto game = load(quiet_position(99, "dice-count"));
  EXPECT_EQ(play(*game, "b3N1"), "b3N1 =5");
  const Outcome outcome = game->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.summary, "red wins on dice count 2 to 1 after 100 plies without a die removed");
  EXPECT_EQ(outcome.seats, (std::vector<SeatResult>{{1, 1.0}, {2, 0.0}}));

  Layout even{{die("b3", 1)}, {die("b16", 1)}};
  even.quiet = 99;
  even.adjudication = "dice-count";
  auto level = load(even);
  EXPECT_EQ(play(*level, "b3N1"), "b3N1 =5");
  EXPECT_EQ(level->outcome().summary, "draw: 100 plies without a die removed, dice count 1 to 1");
}

TEST(MojaveEnd, ARemovalResetsTheQuietCount) {
  // Red e8 (top 1, north 5) steps south onto e7 with 5 up, next to Black e6 showing 1.
  Layout layout{{die("e8", 1, 5), die("a1", 1)}, {die("e6", 1), die("o18", 1)}};
  layout.quiet = 99;
  auto game = load(layout);
  EXPECT_EQ(play(*game, "e8S1"), "e8S1 =5 x e6");
  EXPECT_FALSE(game->outcome().finished);
  EXPECT_NE(game->serialize().find("quiet=0"), std::string::npos);
}

TEST(MojaveEnd, LosingTheLastDieLosesTheGame) {
  Layout layout{{die("e8", 1, 5)}, {die("e6", 1)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "e8S1"), "e8S1 =5 x e6");
  const Outcome outcome = game->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.summary, "red removed every black die");
  EXPECT_EQ(outcome.seats, (std::vector<SeatResult>{{1, 1.0}, {2, 0.0}}));
  EXPECT_NE(game->serialize().find(" black="), std::string::npos);
  EXPECT_TRUE(definition().load(game->serialize()).ok());
}

TEST(MojaveEnd, ResignationLosesAtAnyTime) {
  auto game = new_game();
  EXPECT_EQ(game->resign(2), illegal("no seat 2: Mojave has seats 0 (red), 1 (black)"));
  EXPECT_FALSE(game->resign(1).has_value());  // not Black's turn: still allowed
  EXPECT_EQ(game->outcome().summary, "black resigned");
  EXPECT_EQ(game->outcome().seats, (std::vector<SeatResult>{{1, 1.0}, {2, 0.0}}));
  EXPECT_EQ(game->resign(0)->code, ErrorCode::kGameOver);
  EXPECT_NE(game->serialize().find("resigned=black"), std::string::npos);
}

TEST(MojavePositionText, RoundTripsAndRejectsGarbage) {
  const std::string base = kOpening;
  auto loaded = definition().load(base);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ((*loaded)->serialize(), base);
  auto rejects = [](const std::string& text, const std::string& message) {
    auto result = definition().load(text);
    ASSERT_FALSE(result.ok()) << text;
    EXPECT_EQ(result.error().code, ErrorCode::kBadPosition);
    EXPECT_EQ(result.error().message, "bad Mojave position: " + message);
  };
  Layout layout{{"b3:132"}, {"b16:145"}};
  rejects("mojave 2", "expected 'mojave 1' and 8 fields");
  rejects(position_text(Layout{{"b3:123"}, {"b16:145"}}), "die 'b3:123'");  // left-handed
  rejects(position_text(Layout{{"p3:132"}, {"b16:145"}}), "die 'p3:132'");
  rejects(position_text(Layout{{"b3:132"}, {"b3:145"}}), "two dice on b3");
  rejects(position_text(Layout{{}, {}}), "no dice on the board");
  layout.to = "green";
  rejects(position_text(layout), "expected to=red or to=black");
  layout.to = "red";
  layout.quiet = 101;
  rejects(position_text(layout), "expected quiet=0..100");
  Layout many{{}, {"b16:145"}};
  for (int file = 0; file < 15; ++file) many.red.push_back(std::string(1, 'a' + file) + "1:124");
  ASSERT_NE(load(many), nullptr);
  many.red.push_back("a2:124");  // I-MJ-1: the spare die never enters play
  rejects(position_text(many), "red has more than 15 dice");
}

TEST(MojavePositionText, ZugzwangMustBeConsistent) {
  auto rejects = [](const Layout& layout, const std::string& message) {
    auto result = definition().load(position_text(layout));
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().message, "bad Mojave position: " + message);
  };
  Layout layout{{die("f9", 5)}, {die("e9", 3), die("f8", 2), die("o18", 1)}, "black", "f9>e9,f8"};
  ASSERT_NE(load(layout), nullptr);
  layout.zugzwang = "f9>f8,e9";
  rejects(layout, "attacked die e9");
  layout.zugzwang = "f9>e9,o18";
  rejects(layout, "attacked die o18");
  layout.zugzwang = "e9>f8";
  rejects(layout, "the attacking die must belong to the player who is not to move");
  // A lone die boxed in a corner by the attacker and a blocker cannot answer (I-MJ-6).
  Layout trapped{{die("a2", 2), die("b1", 2)}, {die("a1", 4)}, "black", "a2>a1"};
  rejects(trapped, "dice in zugzwang without an answer are removed when the tie is made");
}

TEST(MojaveRender, ShowsOwnerAndTopFace) {
  const std::string expected =
      "     a  b  c  d  e  f  g  h  i  j  k  l  m  n  o\n"
      " 18  .  .  .  .  .  .  .  .  .  .  .  .  .  .  . 18\n"
      " 17  .  .  .  .  .  .  .  .  .  .  .  .  .  .  . 17\n"
      " 16  . B1  . B1  . B1  . B1  . B1  . B1  . B1  . 16\n"
      " 15 B1  . B1  . B1  . B1  . B1  . B1  . B1  . B1 15\n";
  const std::string text = new_game()->render(RenderOptions{});
  EXPECT_EQ(text.substr(0, expected.size()), expected);
  EXPECT_NE(text.find("\n  4 R1  . R1  . R1  . R1  . R1  . R1  . R1  . R1  4\n"),
            std::string::npos);
  EXPECT_NE(text.find("red (R) 15 dice, black (B) 15 dice\nred to move\n"
                      "plies without a removal: 0 of 100\n"),
            std::string::npos);
}

TEST(MojaveRender, DetailedShowsFullOrientations) {
  RenderOptions options;
  options.detailed = true;
  const std::string text = new_game()->render(options);
  EXPECT_NE(text.find("\n  3    . R132    . R132"), std::string::npos) << text;
  EXPECT_NE(text.find("\n 15 B153    . B153"), std::string::npos) << text;
}

TEST(MojaveRender, PerspectiveAndFocus) {
  RenderOptions black_below;
  black_below.perspective = 1;
  const std::string flipped = new_game()->render(black_below);
  EXPECT_EQ(flipped.substr(0, flipped.find('\n')),
            "     o  n  m  l  k  j  i  h  g  f  e  d  c  b  a");
  EXPECT_NE(flipped.find("\n  1  .  .  ."), std::string::npos);
  EXPECT_LT(flipped.find("\n  1 "), flipped.find("\n 18 "));
  RenderOptions focus;
  focus.focus = "B3";
  const std::string cropped = new_game()->render(focus);
  EXPECT_EQ(cropped.substr(0, cropped.find('\n')), "     a  b  c  d  e  f");
  EXPECT_NE(cropped.find("\n  7  .  .  .  .  .  .  7\n"), std::string::npos) << cropped;
  EXPECT_EQ(cropped.find(" 8 "), std::string::npos);
}

TEST(MojaveRender, ShowsZugzwangAndResult) {
  Layout layout{{die("f9", 5)}, {die("e9", 3), die("f8", 2), die("o18", 1)}, "black", "f9>e9,f8"};
  EXPECT_NE(load(layout)->render(RenderOptions{}).find("zugzwang: e9 f8 attacked by f9\n"),
            std::string::npos);
  auto game = new_game();
  ASSERT_FALSE(game->resign(0).has_value());
  EXPECT_NE(game->render(RenderOptions{}).find("game over: red resigned\n"), std::string::npos);
}

}  // namespace
}  // namespace rules::mojave::testing
