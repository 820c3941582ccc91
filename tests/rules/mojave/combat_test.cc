// Mojave combat (§3.5, I-MJ-3) and zugzwang (§3.6, I-MJ-4, I-MJ-6, I-MJ-7, I-MJ-8), with the
// §3.9 positions 3, 4 and 5.
//
// Most positions bring Red's die D from f10 (top 1, north 5) one step south onto f9, where it
// shows 5 (f10:153 tips to 563), or from f10:124 onto f9 showing 2.

#include <gtest/gtest.h>

#include <algorithm>

#include "rules/mojave/mojave.h"
#include "test_util.h"

namespace rules::mojave::testing {
namespace {

bool contains(const std::vector<std::string>& texts, const std::string& text) {
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

// A five arriving on f9 next to Black e9 and f8 (and g9 when given).
Layout five_onto_f9(int e9, int f8, int g9 = 0) {
  Layout layout{{"f10:153", die("a1", 1)}, {die("e9", e9), die("f8", f8), die("o18", 1)}};
  if (g9 > 0) layout.black.push_back(die("g9", g9));
  return layout;
}

TEST(MojaveCombat, SingleDuelHigherTopWins) {
  Layout layout{{"f10:153", die("a1", 1)}, {die("e9", 3), die("o18", 1)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "f10S1"), "f10S1 =5 x e9");
  EXPECT_NE(game->serialize().find("red=a1:124,f9:563 "), std::string::npos);
}

TEST(MojaveCombat, SingleDuelLowerTopLoses) {
  Layout layout{{"f10:153", die("a1", 1)}, {die("e9", 6), die("o18", 1)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "f10S1"), "f10S1 =5 xx f9");
  EXPECT_NE(game->serialize().find("red=a1:124 "), std::string::npos);
}

TEST(MojaveCombat, SingleDuelTiePutsTheAttackedDieInZugzwang) {
  Layout layout{{"f10:153", die("a1", 1)}, {die("e9", 5), die("o18", 1)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "f10S1"), "f10S1 =5 zz e9");
  EXPECT_NE(game->serialize().find("zugzwang=f9>e9 "), std::string::npos);
}

// §3.9 position 3, first half: 5 against 2 + 2 removes both.
TEST(MojaveCombat, SumAttackRemovesEveryDieOfTheLowerSide) {
  auto game = load(five_onto_f9(2, 2));
  EXPECT_EQ(play(*game, "f10S1"), "f10S1 =5 x e9 x f8");
}

// I-MJ-3 step 2: a third opposing neighbour joins the sum (at most three are possible).
TEST(MojaveCombat, ThreeNeighboursDefendTogether) {
  auto lose = load(five_onto_f9(1, 1, 2));
  EXPECT_EQ(play(*lose, "f10S1"), "f10S1 =5 x e9 x f8 x g9");
  auto win = load(five_onto_f9(1, 2, 3));
  EXPECT_EQ(play(*win, "f10S1"), "f10S1 =5 xx f9");
}

// §3.9 position 4: F (3) already beside E (4); D arrives beside E only, showing 2. E faces
// 2 + 3 = 5 and is removed: D does not fight its 2-against-4 duel alone.
Layout outnumbered(int f_top) {
  return Layout{{"i9:124", die("h7", f_top), die("a1", 1)}, {die("h8", 4), die("o18", 1)}};
}

TEST(MojaveCombat, OutnumberedSingleDieFacesTheSum) {
  auto game = load(outnumbered(3));
  EXPECT_EQ(play(*game, "i9S1"), "i9S1 =2 x h8");
}

TEST(MojaveCombat, OutnumberingSideLosesAllItsDice) {
  auto game = load(outnumbered(1));  // 1 + 2 < 4: F and D both go (I-MJ-3 step 4)
  EXPECT_EQ(play(*game, "i9S1"), "i9S1 =2 xx h7 xx i8");
}

TEST(MojaveCombat, OutnumberedTiePutsTheSingleDieInZugzwang) {
  Layout layout = outnumbered(2);
  layout.black.push_back(die("k8", 1));
  auto game = load(layout);
  EXPECT_EQ(play(*game, "i9S1"), "i9S1 =2 zz h8");
  EXPECT_NE(game->serialize().find("zugzwang=i8>h8 "), std::string::npos);
  // k8 steps next to D: D (2) now faces h8 + j8 and is removed.
  const std::vector<std::string> answers = legal_texts(*game);
  EXPECT_TRUE(contains(answers, "k8W1 =4 x i8")) << ::testing::PrintToString(answers);
  EXPECT_EQ(play(*game, "k8W1"), "k8W1 =4 x i8");
  EXPECT_NE(game->serialize().find("zugzwang=none "), std::string::npos);
}

// I-MJ-3: only the confrontations the move creates are evaluated.
TEST(MojaveCombat, ExistingNeighboursElsewhereDoNotFight) {
  Layout layout{{die("c5", 1), die("l3", 1)}, {die("c6", 6), die("o18", 1)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "l3N1"), "l3N1 =5");
  const std::string text = game->serialize();
  EXPECT_NE(text.find("c5:124"), std::string::npos);
  EXPECT_NE(text.find("c6:623"), std::string::npos);
}

// §3.9 position 3, second half: 5 against 3 + 2 is a tie and both are in zugzwang.
class MojaveZugzwang : public ::testing::Test {
 protected:
  void SetUp() override {
    Layout layout = five_onto_f9(3, 2);
    layout.black.push_back("g11:213");
    game_ = load(layout);
    ASSERT_EQ(play(*game_, "f10S1"), "f10S1 =5 zz e9,f8");
  }
  std::unique_ptr<State> game_;
};

TEST_F(MojaveZugzwang, OnlyReinforcingOrWithdrawingIsAllowed) {
  EXPECT_EQ(play(*game_, "o18S1"),
            "illegal_move: while e9 and f8 are in zugzwang you must reinforce against f9 or "
            "withdraw one of them");
  // f8 to g9 ends beside the attacker: not a withdrawal.
  EXPECT_EQ(play(*game_, "f8E1N1"),
            "illegal_move: while e9 and f8 are in zugzwang you must reinforce against f9 or "
            "withdraw one of them");
  // The basic rules are checked first.
  EXPECT_EQ(play(*game_, "o18S2"),
            "illegal_move: a die with 1 on top must travel exactly 1 square");
  EXPECT_EQ(play(*game_, "pass"), "illegal_move: passing is allowed only when no die can move");
  for (const std::string& text : legal_texts(*game_)) {
    EXPECT_TRUE(text.rfind("e9", 0) == 0 || text.rfind("f8", 0) == 0 || text.rfind("g11", 0) == 0)
        << text;
  }
}

TEST_F(MojaveZugzwang, ReinforcingRemovesTheAttacker) {
  // g11 arrives on g9 with 5, so D faces 3 + 2 + 5; on f10 it shows 3 or 1, still more than 5.
  const std::vector<std::string> answers = legal_texts_from(*game_, "g11");
  EXPECT_EQ(answers,
            (std::vector<std::string>{"g11S1W1 =3 x f9", "g11S2 =5 x f9", "g11W1S1 =1 x f9"}));
  EXPECT_EQ(play(*game_, "g11S2"), "g11S2 =5 x f9");
  EXPECT_NE(game_->serialize().find("to=red quiet=0 passes=0 resigned=none adjudication=none "
                                    "zugzwang=none red=a1:124 "),
            std::string::npos);
}

TEST_F(MojaveZugzwang, WithdrawingOneLeavesTheOthersToBeRemoved) {
  EXPECT_EQ(play(*game_, "e9W3"), "e9W3 =2 xx f8");
  const std::string text = game_->serialize();
  EXPECT_NE(text.find("zugzwang=none"), std::string::npos);
  EXPECT_NE(text.find("black=b9:213,g11:213,o18:124"), std::string::npos) << text;
}

// I-MJ-8: the withdrawing die's path is checked with its partners still standing.
TEST_F(MojaveZugzwang, PartnersStillBlockTheWithdrawal) {
  EXPECT_EQ(play(*game_, "e9S1E2"), "illegal_move: f8 holds a die");
}

// I-MJ-8: the abandoned dice go before the withdrawn die's arrival is resolved. e9 withdraws to
// e7 showing 5, beside Red f7 (6). f8 (3), also beside f7, is removed first, so e7 fights f7
// alone and loses; had f8 still counted, 5 + 3 would have beaten 6.
TEST(MojaveWithdrawal, AbandonedDiceLeaveBeforeTheArrivalIsResolved) {
  Layout layout{{"f10:153", die("f7", 6), die("a1", 1)},
                {die("e9", 2), die("f8", 3), die("o18", 1)}};
  auto game = load(layout);
  ASSERT_EQ(play(*game, "f10S1"), "f10S1 =5 zz e9,f8");
  EXPECT_EQ(play(*game, "e9S2"), "e9S2 =5 xx e7 xx f8");
}

// I-MJ-7: any move of a die outside the attacked set that removes the attacker reinforces,
// including a win against the attacker and another die together.
TEST(MojaveReinforcement, WinningASumAgainstTheAttackerCounts) {
  Layout layout{{"f10:124", die("g8", 1), die("a1", 1)},
                {die("e9", 1), die("f8", 1), "g11:213", die("o18", 1)}};
  auto game = load(layout);
  ASSERT_EQ(play(*game, "f10S1"), "f10S1 =2 zz e9,f8");
  EXPECT_TRUE(contains(legal_texts(*game), "g11S2 =5 x f9 x g8"));
  EXPECT_EQ(play(*game, "g11S2"), "g11S2 =5 x f9 x g8");
}

TEST(MojaveReinforcement, ArrivingBesideTheAttackerWithoutRemovingItIsNotAnAnswer) {
  Layout layout{{"f10:124", die("g8", 6), die("a1", 1)},
                {die("e9", 1), die("f8", 1), "g11:213", die("o18", 1)}};
  auto game = load(layout);
  ASSERT_EQ(play(*game, "f10S1"), "f10S1 =2 zz e9,f8");
  // 5 against f9 + g8 = 8 would lose: not a reinforcement.
  EXPECT_EQ(play(*game, "g11S2"),
            "illegal_move: while e9 and f8 are in zugzwang you must reinforce against f9 or "
            "withdraw one of them");
}

// §3.9 position 5, I-MJ-4, I-MJ-6: a1 is boxed in by the attacker and its own b1, and b1
// cannot reach a square beside a2. a1 is removed at once and Black then moves freely.
TEST(MojaveTrapped, TrappedDiceAreRemovedAndTheOwnerMovesNormally) {
  Layout layout{{"a3:124", die("o1", 1)}, {die("a1", 2), die("b1", 2)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "a3S1"), "a3S1 =2 zz a1 trapped");
  EXPECT_EQ(game->serialize(),
            "mojave 1 to=black quiet=0 passes=0 resigned=none adjudication=none zugzwang=none "
            "red=o1:124,a2:264 black=b1:213");
  EXPECT_EQ(legal_texts(*game),
            (std::vector<std::string>{"b1N1E1 =4", "b1N2 =5", "b1E1N1 =6", "b1E2 =5"}));
}

TEST(MojaveTrapped, TrappingTheLastDieEndsTheGame) {
  // a1 (4) faces a2 (2) + b1 (2): a tie, and a1 cannot move.
  Layout layout{{"a3:124", die("b1", 2)}, {die("a1", 4)}};
  auto game = load(layout);
  EXPECT_EQ(play(*game, "a3S1"), "a3S1 =2 zz a1 trapped");
  EXPECT_EQ(game->outcome().summary, "red removed every black die");
}

}  // namespace
}  // namespace rules::mojave::testing
