// Hexahedron Wars: board and setup, steps, jumps, notation, serialization and rendering.
// Test names and comments cite the interpretation IDs of rules/hexahedron_wars/README.md;
// "§1.12 #n" is the n-th tricky position of rules-spec §1.12.

#include <gtest/gtest.h>

#include <algorithm>

#include "test_util.h"

namespace rules::hexahedron_wars::testing {
namespace {

using dice::Orientation;

std::unique_ptr<State> create(int players, std::vector<Draw> draws,
                              std::map<std::string, std::string> options = {}) {
  ReplayRandom rng(std::move(draws));
  Result<std::unique_ptr<State>> state = game().create(GameConfig{players, options}, rng);
  EXPECT_TRUE(state.ok());
  EXPECT_FALSE(rng.mismatch());
  EXPECT_TRUE(rng.exhausted());
  return std::move(state).value();
}

// ---- board and setup ----------------------------------------------------------------------

TEST(HexahedronWarsBoard, IsSevenBySevenDataWithCornerBases) {  // I-HW-2, I-HW-3
  const LayoutSpec two = layout_spec(2), four = layout_spec(4);
  EXPECT_EQ(two.width, 7);
  EXPECT_EQ(two.height, 7);
  EXPECT_EQ(two.bases[0].squares.size(), 7u);
  const Geometry& geo = *geometry_for(4);
  EXPECT_EQ(geo.describe(geo.start_base(0)), "a1 b1 a2");
  EXPECT_EQ(geo.describe(geo.start_base(1)), "a6 a7 b7");
  EXPECT_EQ(geo.describe(geo.finish_base(0)), "g6 f7 g7");  // diagonally across
  EXPECT_EQ(geo.describe(geo.finish_base(3)), "a6 a7 b7");
  EXPECT_EQ(four.seat_base.size(), 4u);
  EXPECT_EQ(geo.parse_square("G7"), 48);
  EXPECT_EQ(geo.parse_square("h1"), kNoSquare);
  EXPECT_EQ(geo.parse_square("a8"), kNoSquare);
}

TEST(HexahedronWarsSetup, TwoPlayersSevenDiceSixUpFacingForward) {  // I-HW-5, I-HW-4
  auto state = create(2, {{"first-player", 2, 1}});
  EXPECT_EQ(state->to_move(), std::vector<int>{1});  // the drawn first player
  for (const char* square : {"a1", "d1", "g1"}) EXPECT_EQ(die_at(*state, square), "A654");
  for (const char* square : {"a7", "d7", "g7"}) EXPECT_EQ(die_at(*state, square), "B623");
  EXPECT_EQ(die_at(*state, "d4"), "-");
}

TEST(HexahedronWarsSetup, FourPlayersThreeDiceInEachCorner) {  // I-HW-3, I-HW-5
  auto state = create(4, {{"first-player", 4, 0}});
  EXPECT_EQ(die_at(*state, "a2"), "A654");
  EXPECT_EQ(die_at(*state, "b7"), "B635");  // NW faces east: 5 east
  EXPECT_EQ(die_at(*state, "g6"), "C623");
  EXPECT_EQ(die_at(*state, "f1"), "D642");  // SE faces west: 5 west
  // I-HW-4: clockwise turn order SW, NW, NE, SE.
  play_ok(*state, "a2:N");
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
  play_ok(*state, "a6:S");
  EXPECT_EQ(state->to_move(), std::vector<int>{2});
}

TEST(HexahedronWarsSetup, ThreePlayersFillTheSouthEastCornerWithBlockers) {  // I-HW-1, I-HW-24
  auto state = create(3, {{"blocker-value", 6, 0},
                          {"blocker-value", 6, 5},
                          {"blocker-value", 6, 2},
                          {"first-player", 3, 2}});
  const std::string text = state->serialize();
  EXPECT_NE(text.find("tiles=f1:1,g1:6,g2:3 "), std::string::npos) << text;
  EXPECT_EQ(state->to_move(), std::vector<int>{2});
  EXPECT_EQ(state->num_seats(), 3);
}

// ---- steps --------------------------------------------------------------------------------

TEST(HexahedronWarsSteps, AllowanceIsFixedAtTheStartOfTheTurn) {  // §1.12 #1, I-HW-8
  Position p(2);
  p.die("c2", 0, Orientation{6, 5, 4}).die("a7", 1, 6);
  auto state = p.state();
  // N gives top 2, yet the die may take two more steps (tops 1, then 5).
  EXPECT_EQ(play_ok(*state, "c2:N,N,N"), "c2:N,N,N");
  EXPECT_EQ(die_at(*state, "c5"), "A514");
}

TEST(HexahedronWarsSteps, JumpAfterAStepComparesTheCurrentTop) {  // §1.12 #1, §1.7
  Position weaker(2);
  weaker.die("c2", 0, Orientation{6, 5, 4}).die("c4", 1, 1);
  EXPECT_TRUE(is_legal(*weaker.state(), "c2:N,jN"));  // top 2 after the step beats 1
  Position equal(2);
  equal.die("c2", 0, Orientation{6, 5, 4}).die("c4", 1, 2);
  EXPECT_EQ(rejection(*equal.state(), "c2:N,jN"),
            "illegal_move: c4 shows 2, not more than your 2: declare war with wN instead");
}

TEST(HexahedronWarsSteps, AllowanceMessagesNameTheTopFace) {  // §1.5
  Position p(2);
  p.die("c3", 0, 2).die("e3", 0, 4).die("a7", 1, 6);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "c3:N,N"),
            "illegal_move: a die showing 2 may take only 1 step this turn");
  EXPECT_EQ(rejection(*state, "e3:N,N,N"),
            "illegal_move: a die showing 4 may take only 2 steps this turn");
}

TEST(HexahedronWarsSteps, AMoveMayNotVisitASquareTwice) {  // I-HW-9
  Position p(2);
  p.die("c3", 0, 6).die("a7", 1, 6);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "c3:N,S"),
            "illegal_move: c3 was already visited this turn: a move may not visit a square "
            "twice");
  EXPECT_EQ(rejection(*state, "c3:N,E,S,W"),
            "illegal_move: a die showing 6 may take only 3 steps this turn");
  EXPECT_TRUE(is_legal(*state, "c3:N,E,S"));
  EXPECT_TRUE(is_legal(*state, "c3:N,E,N"));
}

TEST(HexahedronWarsSteps, OnlyOwnStartAndFinishingBasesMayBeEntered) {  // §1.6
  Position p(4);
  p.die("a5", 0, 6).die("b2", 0, 6).die("c7", 1, 6).die("e5", 2, 6);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "a5:N"),
            "illegal_move: a6 is in another player's home base: a die may enter only its "
            "starting and finishing bases");
  EXPECT_TRUE(is_legal(*state, "b2:W"));  // back into its own start base
  EXPECT_TRUE(is_legal(*state, "b2:S"));
  EXPECT_EQ(rejection(*state, "a5:W"), "illegal_move: W from a5 leaves the board");
}

TEST(HexahedronWarsSteps, OccupiedSquaresBlockSteps) {  // §1.6
  Position p(2);
  p.die("c3", 0, 6).die("c4", 0, 6).die("d3", 1, 6);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "c3:N"),
            "illegal_move: c4 is occupied: a step needs an empty square");
  EXPECT_EQ(rejection(*state, "c3:E"),
            "illegal_move: d3 is occupied: a step needs an empty square");
  EXPECT_EQ(rejection(*state, "c5:N"), "illegal_move: there is no die on c5");
  EXPECT_EQ(rejection(*state, "d3:N"), "illegal_move: the die on d3 is B's, not yours");
}

TEST(HexahedronWarsSteps, DiceInTheFinishingBaseMayMoveOn) {  // §1.6 "move for a better score"
  Position p(2);
  p.die("c7", 0, 1).die("c4", 0, 6).die("a6", 1, 6);
  auto state = p.state();
  EXPECT_TRUE(is_legal(*state, "c7:E"));
  EXPECT_TRUE(is_legal(*state, "c7:S"));
}

// ---- jumps --------------------------------------------------------------------------------

TEST(HexahedronWarsJumps, EqualTopsNeedWarHigherJumpsFreely) {  // §1.12 #2, I-HW-11
  Position equal(2);
  equal.die("d3", 0, 4).die("d4", 1, 4).die("a7", 1, 6);
  auto state = equal.state();
  EXPECT_EQ(rejection(*state, "d3:jN"),
            "illegal_move: d4 shows 4, not more than your 4: declare war with wN instead");
  EXPECT_EQ(rejection(*state, "d3:wN"), "accepted as d3:wN");
  Position higher(2);
  higher.die("d3", 0, Orientation{5, 1, 4}).die("d4", 1, 4).die("a7", 1, 6);
  state = higher.state();
  EXPECT_EQ(rejection(*state, "d3:wN"),
            "illegal_move: your 5 beats d4's 4: war is declared only on an equal or higher "
            "die, so jump with jN");
  EXPECT_EQ(play_ok(*state, "d3:jN"), "d3:jN");
  EXPECT_EQ(die_at(*state, "d5"), "A514");            // the whole orientation is kept
  EXPECT_EQ(die_at(*state, "d4").substr(0, 1), "B");  // the jumped die is unharmed
}

TEST(HexahedronWarsJumps, HigherDefenderMessageSuggestsWar) {  // §1.7
  Position p(2);
  p.die("d3", 0, 2).die("d4", 1, 5).die("a7", 1, 6);
  EXPECT_EQ(rejection(*p.state(), "d3:jN"),
            "illegal_move: d4 shows 5, more than your 2: declare war with wN instead");
}

TEST(HexahedronWarsJumps, CannotJumpOutOfTheOwnHomeBase) {  // §1.7 [SRC]
  Position p(2);
  p.die("c1", 0, 6).die("c2", 1, 1).die("a7", 1, 6);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "c1:jN"), "illegal_move: you cannot jump out of your own home base");
  EXPECT_EQ(rejection(*state, "c1:wN"), "illegal_move: you cannot jump out of your own home base");
  Position inside(2);  // jumping along the base stays inside: allowed
  inside.die("c1", 0, 6).die("d1", 1, 1).die("a7", 1, 6);
  EXPECT_TRUE(is_legal(*inside.state(), "c1:jE"));
}

TEST(HexahedronWarsJumps, JumpsDoNotUseStepsAndMayChain) {  // I-HW-12
  Position p(2);
  p.die("c3", 0, Orientation{2, 1, 3}).die("c4", 1, 1).die("d5", 1, 1).die("a7", 1, 6);
  auto state = p.state();
  EXPECT_TRUE(is_legal(*state, "c3:jN,N"));
  EXPECT_TRUE(is_legal(*state, "c3:jN,jE"));    // two jumps
  EXPECT_TRUE(is_legal(*state, "c3:jN,jE,N"));  // then the one step
  EXPECT_FALSE(is_legal(*state, "c3:jN,N,N"));  // still only one step
}

TEST(HexahedronWarsJumps, OnlyOpponentDiceOfAnyPlayerAreJumped) {  // I-HW-10
  Position p(4);
  p.die("c3", 0, 6).die("c4", 0, 1).die("d3", 2, 1).die("b3", 3, 1).die("e5", 1, 6);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "c3:jN"), "illegal_move: jN from c3 needs an opponent's die on c4");
  EXPECT_TRUE(is_legal(*state, "c3:jE"));  // over C
  EXPECT_TRUE(is_legal(*state, "c3:jW"));  // over D
}

TEST(HexahedronWarsJumps, HomeBasesAreSafeFromWar) {  // I-HW-13
  Position p(2);
  p.die("d6", 0, 3).die("d7", 1, 5).die("c1", 1, 3).die("c2", 0, 4);
  auto state = p.state();
  // d7 is B's start base; the landing would be off the board anyway, so use rank 1 for war.
  EXPECT_EQ(rejection(*state, "d6:wN"), "illegal_move: wN from d6 would land off the board");
  Position q(2);
  q.die("b1", 0, 3).die("c1", 1, 3).die("a7", 1, 6);  // B's die in its finishing base
  EXPECT_EQ(rejection(*q.state(), "b1:wE"),
            "illegal_move: c1 stands in a home base, a safe zone: no war jump on it");
  EXPECT_EQ(rejection(*q.state(), "b1:jE"),
            "illegal_move: c1 shows 3, not more than your 3, and it stands in a home base, "
            "safe from war");
  Position r(2);
  r.die("b1", 0, 4).die("c1", 1, 3).die("a7", 1, 6);
  EXPECT_TRUE(is_legal(*r.state(), "b1:jE"));  // a regular jump over it is fine
}

TEST(HexahedronWarsJumps, WarNeedsALegalLandingSquare) {  // I-HW-16
  Position p(2);
  p.die("d3", 0, 2).die("d4", 1, 5).die("d5", 1, 1).die("a7", 1, 6);
  EXPECT_EQ(rejection(*p.state(), "d3:wN"),
            "illegal_move: wN from d3 would land on d5, which is not empty");
  Position q(2);
  q.die("d3", 0, 2).die("d4", 1, 5).tile("d5", kFaceDown).die("a7", 1, 6);
  EXPECT_EQ(rejection(*q.state(), "d3:wN"),
            "illegal_move: wN from d3 would land on d5, which is not empty");
}

// ---- notation -----------------------------------------------------------------------------

TEST(HexahedronWarsNotation, AcceptsAliasesAndIgnoresAnnotations) {  // §0.1, §1.11
  Position p(2);
  p.die("c2", 0, 6).die("e3", 0, 3).die("e4", 1, 5).die("a7", 1, 6);
  auto state = p.state();
  for (const char* text :
       {"c2:N,N", "C2:n,n", "c2 : N , N", "c2:N N", "c2:N,N // two steps", "c2:N,N;"}) {
    EXPECT_EQ(rejection(*state, text), "accepted as c2:N,N") << text;
  }
  EXPECT_EQ(rejection(*state, "e3:WN {war 5-3 win; e4 -> a7 top 2}"), "accepted as e3:wN");
  EXPECT_EQ(rejection(*state, "E3:Wn"), "accepted as e3:wN");
}

TEST(HexahedronWarsNotation, BadNotationNamesTheToken) {  // §1.11
  Position p(2);
  p.die("c2", 0, 6).die("a7", 1, 6);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "z9:N"), "bad_notation: 'z9' is not a square of the 7x7 board");
  EXPECT_EQ(rejection(*state, "c2:NE"),
            "bad_notation: 'NE' is not a token: use N, E, S, W (steps), jN, jE, jS, jW (jumps), "
            "wN, wE, wS, wW (war jump) or @<square>");
  EXPECT_EQ(rejection(*state, "c2:wN,E"),
            "bad_notation: the war jump wN must be the last token; after a won war, go on with "
            "+:<tokens>");
  EXPECT_EQ(rejection(*state, "c2N"),
            "bad_notation: 'c2N' is not a move: expected <square>:<tokens>, +:<tokens>, +:end or "
            "@<square>");
  EXPECT_EQ(rejection(*state, "c2:"),
            "bad_notation: '' has no step or jump: use N, E, S, W (steps), jN, jE, jS, jW "
            "(jumps), wN, wE, wS, wW (war jump) or @<square>");
  EXPECT_EQ(rejection(*state, "c2:N@f5,N"),
            "bad_notation: 'N@f5': @<square> comes last, after the claiming step");
}

TEST(HexahedronWarsNotation, AMoveHoldsAtMostTwentyOneTokens) {  // I-HW-27
  Position p(2);
  p.die("c2", 0, 6).die("a7", 1, 6);
  std::string long_move = "c2:jN";
  for (int i = 0; i < 21; ++i) long_move += ",jN";
  EXPECT_EQ(rejection(*p.state(), long_move), "bad_notation: a move may hold at most 21 tokens");
  // Reversals and a fourth step have no move code; the rule they break is named at once.
  EXPECT_EQ(rejection(*p.state(), "c2:N,E,W"),
            "illegal_move: c3 was already visited this turn: a move may not visit a square "
            "twice");
  EXPECT_EQ(rejection(*p.state(), "c2:N,E,N,E"),
            "illegal_move: a die showing 6 may take only 3 steps this turn");
}

TEST(HexahedronWarsNotation, MoveCodesRoundTripAtFullLength) {  // I-HW-27
  MoveSpec spec;
  spec.kind = MoveKind::kMove;
  spec.square = 48;
  spec.count = kMaxTokens;
  for (int i = 0; i < kMaxTokens; ++i) {
    spec.tokens[i] = {i % 7 != 3, static_cast<Dir>((i / 2) % 4)};
  }
  spec.war = true;
  ASSERT_TRUE(encodable(spec));
  EXPECT_EQ(decode(encode(spec)), spec);
  spec.war = false;
  spec.place = 47;
  EXPECT_EQ(decode(encode(spec)), spec);
  MoveSpec end;
  end.kind = MoveKind::kContinue;
  EXPECT_EQ(decode(encode(end)), end);
}

TEST(HexahedronWarsNotation, ContinuationTokensOnlyAfterAWonWar) {  // §1.11
  Position p(2);
  p.die("c2", 0, 6).die("a7", 1, 6);
  EXPECT_EQ(rejection(*p.state(), "+:N"),
            "illegal_move: +: continues after a won war, and there is none to continue");
  EXPECT_EQ(rejection(*p.state(), "+:end"),
            "illegal_move: +: continues after a won war, and there is none to continue");
  EXPECT_EQ(rejection(*p.state(), "@c4"),
            "illegal_move: there is no victory blocker to place now: @<square> is a setup move");
}

TEST(HexahedronWarsNotation, GeneratorAndValidatorAgreeOnRandomTokenStrings) {
  // Every short token string from every die: legal exactly when listed in legal_moves().
  const char* tokens[] = {"N", "E", "S", "W", "jN", "jE", "jS", "jW", "wN", "wE", "wS", "wW"};
  SeededRandom rng(5), chooser(6);
  auto created = game().create(GameConfig{4, {}}, rng);
  State& state = **created;
  int checked = 0;
  for (int ply = 0; ply < 120 && !state.outcome().finished; ++ply) {
    const std::vector<Move> legal = state.legal_moves();
    for (int trial = 0; trial < 40; ++trial) {
      const char* files = "abcdefg";
      std::string text = std::string(1, files[chooser.draw("f", 7)]) +
                         std::to_string(chooser.draw("r", 7) + 1) + ":";
      const int length = 1 + static_cast<int>(chooser.draw("n", 3));
      for (int i = 0; i < length; ++i)
        text += (i ? "," : "") + std::string(tokens[chooser.draw("t", 12)]);
      Result<Move> move = state.parse_move(text);
      if (!move.ok()) continue;
      const bool listed = std::binary_search(legal.begin(), legal.end(), *move);
      EXPECT_EQ(!state.validate(*move).has_value(), listed) << text;
      ++checked;
    }
    state.apply(legal[chooser.draw("c", static_cast<std::uint32_t>(legal.size()))], rng);
  }
  EXPECT_GT(checked, 1000);
}

// ---- serialization and rendering ----------------------------------------------------------

TEST(HexahedronWarsSerialize, RoundTripsAndRejectsGarbage) {
  auto state = create(2, {{"first-player", 2, 0}});
  const std::string text = state->serialize();
  EXPECT_EQ(text.substr(0, 95),
            "hexahedron-wars players=2 blockers=0 ply=0 first=0 turn=0 phase=play end=- setup=- "
            "dice=a1:A654");
  EXPECT_EQ(game().load(text).value()->serialize(), text);
  auto reject = [](const std::string& bad) {
    Result<std::unique_ptr<State>> loaded = game().load(bad);
    return loaded.ok() ? std::string("loaded") : loaded.error().message;
  };
  std::string swapped = text;
  swapped.replace(swapped.find("a1:A654"), 7, "a1:A655");  // not a die orientation
  EXPECT_EQ(reject(swapped), "not a Hexahedron Wars position: bad die a1:A655");
  std::string seat = text;
  seat.replace(seat.find("a1:A654"), 7, "a1:C654");
  EXPECT_EQ(reject(seat), "not a Hexahedron Wars position: bad die a1:C654");
  std::string order = text;
  order.replace(order.find("a1:A654,b1:A654"), 15, "b1:A654,a1:A654");
  EXPECT_EQ(reject(order), "not a Hexahedron Wars position: fields are not in canonical form");
  EXPECT_EQ(reject(text + " "),
            "not a Hexahedron Wars position: expected 'hexahedron-wars "
            "players=... cont=...'");
}

TEST(HexahedronWarsRender, ShowsTheBoardFromEachSeat) {
  auto state = create(2, {{"first-player", 2, 0}});
  const std::string expected =
      "Hexahedron Wars: Mobile Strike - 2 players, ply 0, A to move\n"
      "      a  b  c  d  e  f  g\n"
      "  7  B6 B6 B6 B6 B6 B6 B6   7\n"
      "  6   .  .  .  .  .  .  .   6\n"
      "  5   .  .  .  .  .  .  .   5\n"
      "  4   .  .  .  .  .  .  .   4\n"
      "  3   .  .  .  .  .  .  .   3\n"
      "  2   .  .  .  .  .  .  .   2\n"
      "  1  A6 A6 A6 A6 A6 A6 A6   1\n"
      "      a  b  c  d  e  f  g\n"
      "A (south, seat 0): 7 dice, finishes on a7 b7 c7 d7 e7 f7 g7, score 0\n"
      "B (north, seat 1): 7 dice, finishes on a1 b1 c1 d1 e1 f1 g1, score 0\n";
  EXPECT_EQ(state->render(RenderOptions{}), expected);
  const std::string flipped = state->render(RenderOptions{1, "", false});
  EXPECT_NE(flipped.find("      g  f  e  d  c  b  a\n  1  A6"), std::string::npos) << flipped;
  // 4 players: NW (seat 1) sees its corner at the bottom left, files running up the side.
  auto four = create(4, {{"first-player", 4, 0}});
  const std::string nw = four->render(RenderOptions{1, "", true});
  EXPECT_NE(nw.find("      7  6  5  4  3  2  1\n  g  C6 C6  .  .  . D6 D6   g\n"),
            std::string::npos)
      << nw;
  EXPECT_NE(nw.find("  a  B6 B6  .  .  . A6 A6   a\n"), std::string::npos) << nw;
  EXPECT_NE(nw.find("dice (top north east): a6 635 a7 635 b7 635"), std::string::npos) << nw;
}

}  // namespace
}  // namespace rules::hexahedron_wars::testing
