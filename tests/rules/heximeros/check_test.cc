// HexiMeros check, only when declared (rules-spec §5.4, §5.8 position 2): declarations, the
// obligation to relieve and its lapse, the self-check objection and the fall-backs when no move
// satisfies a check rule. Each test names the interpretation (I-HM-n) it pins.

#include <gtest/gtest.h>

#include "test_util.h"

namespace rules::heximeros::testing {
namespace {

// Three players: Silver, Yellow, Green. Silver's Alcazar can attack Green's Sovereign from
// [4,-4]; Yellow's Alcazar can capture it there; Yellow's Regent can block at [4,0].
std::unique_ptr<State> three_players() {
  Scene s;
  s.colours = "SYG";
  s.pieces = "sS@0,-12;sA@0,-4;yS@-12,13;yA@7,-4;yR@8,0;gS@4,4;gM@-2,6";
  return s.state();
}

TEST(HexiMerosCheck, DeclarationsAreOptionalVariantsOfAMove) {  // §5.4, I-HM-27
  auto state = three_players();
  ASSERT_TRUE(state);
  const auto moves = legal_from(*state, "A[0,-4]-[4,-4]");
  EXPECT_EQ(moves, (std::vector<std::string>{"A[0,-4]-[4,-4]", "A[0,-4]-[4,-4]+Green"}));
}

TEST(HexiMerosCheck, FalseDeclarationIsRejected) {  // §5.4
  auto state = three_players();
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "A[0,-4]-[4,-4]+Yellow"),
            "no Silver piece attacks Yellow's Sovereign: remove +Yellow");
  EXPECT_EQ(rejection(*state, "A[0,-4]-[4,-4]+Silver"), "Silver cannot declare check on itself");
  EXPECT_EQ(rejection(*state, "A[0,-4]-[4,-4]+Blue"),
            "Blue has no Sovereign in play: remove +Blue");
}

TEST(HexiMerosCheck, UndeclaredAttackBindsNobody) {  // §5.8 position 2
  auto state = three_players();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "A[0,-4]-[4,-4]"), "A[0,-4]-[4,-4]");
  EXPECT_EQ(play_turn(*state, "S[-12,13]-[-11,13]"), "S[-12,13]-[-11,13]");
  EXPECT_EQ(play_turn(*state, "M[-2,6]-[-3,6]"), "M[-2,6]-[-3,6]");  // Green ignores the attack
}

TEST(HexiMerosCheck, DeclaredPlayerMustRelieve) {  // §5.8 position 2, I-HM-28
  auto state = three_players();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "A[0,-4]-[4,-4]+Green"), "A[0,-4]-[4,-4]+Green");
  EXPECT_EQ(field(*state, "checks"), "g:s");
  EXPECT_EQ(play_turn(*state, "S[-12,13]-[-11,13]"), "S[-12,13]-[-11,13]");
  EXPECT_EQ(rejection(*state, "M[-2,6]-[-3,6]"),
            "Green is in declared check by Silver and must relieve it");
  EXPECT_EQ(rejection(*state, "S[4,4]-[4,5]"),
            "Green is in declared check by Silver and must relieve it");
  for (const std::string& move : legal_texts(*state)) EXPECT_EQ(move.substr(0, 5), "S[4,4") << move;
  EXPECT_EQ(play_turn(*state, "S[4,4]-[5,4]"), "S[4,4]-[5,4]");
  EXPECT_EQ(field(*state, "checks"), "-");  // the obligation was for one turn
}

TEST(HexiMerosCheck, ThirdPlayerCapturingTheAttackerFreesTheDeclaredPlayer) {  // §5.8 pos. 2
  auto state = three_players();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "A[0,-4]-[4,-4]+Green"), "A[0,-4]-[4,-4]+Green");
  EXPECT_EQ(play_turn(*state, "A[7,-4]x[4,-4]"), "A[7,-4]x[4,-4]");
  EXPECT_EQ(field(*state, "checks"), "-");
  EXPECT_EQ(play_turn(*state, "M[-2,6]-[-3,6]"), "M[-2,6]-[-3,6]");
}

TEST(HexiMerosCheck, ThirdPlayerBlockingTheAttackEndsTheCheck) {  // I-HM-28
  auto state = three_players();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "A[0,-4]-[4,-4]+Green"), "A[0,-4]-[4,-4]+Green");
  EXPECT_EQ(play_turn(*state, "R[8,0]-[4,0]"), "R[8,0]-[4,0]");
  EXPECT_EQ(field(*state, "checks"), "-");  // lapsed at once, even if the block moves later
  EXPECT_EQ(play_turn(*state, "M[-2,6]-[-3,6]"), "M[-2,6]-[-3,6]");
}

TEST(HexiMerosCheck, AnExistingAttackMayBeDeclaredLater) {  // I-HM-27
  auto state = three_players();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "A[0,-4]-[4,-4]"), "A[0,-4]-[4,-4]");
  EXPECT_EQ(play_turn(*state, "S[-12,13]-[-11,13]"), "S[-12,13]-[-11,13]");
  EXPECT_EQ(play_turn(*state, "M[-2,6]-[-3,6]"), "M[-2,6]-[-3,6]");
  EXPECT_EQ(play_turn(*state, "S[0,-12]-[0,-11]+Green"), "S[0,-12]-[0,-11]+Green");
  EXPECT_EQ(field(*state, "checks"), "g:s");
}

// Silver's Sovereign on [1,-13]: Orange's Alcazars cover every cell it could step to.
Scene cornered(bool attacked) {
  Scene s;
  s.pieces = "sS@1,-13;oS@0,12;oA@8,-12;oA@2,-5;oA@3,-6;oA@0,-5";
  if (attacked) s.pieces += ";oA@1,-5";
  return s;
}

TEST(HexiMerosCheck, UnrelievableCheckAllowsAnyMove) {  // I-HM-12
  Scene s = cornered(true);
  s.checks = "s:o";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_texts(*state).size(), 7u);
  EXPECT_EQ(rejection(*state, "S[1,-13]-[1,-12]"), "");
}

TEST(HexiMerosSelfCheck, ObjectingPlayerForbidsWalkingIntoHisAttack) {  // I-HM-13
  Scene s;
  s.pieces = "sS@0,-5;sM@2,-5;oA@4,-5;oA@4,-4;oS@0,12";
  s.objecting = "o";
  auto state = s.state();
  ASSERT_TRUE(state);
  const char* message =
      "this move puts Silver's Sovereign under attack by Orange, who objects to "
      "self-check (I-HM-13)";
  EXPECT_EQ(rejection(*state, "M[2,-5]-[2,-4]"), message);  // unblocks the Alcazar
  EXPECT_EQ(rejection(*state, "S[0,-5]-[0,-4]"), message);  // steps into the other
  EXPECT_EQ(rejection(*state, "S[0,-5]-[-1,-5]"), "");
  s.objecting = "-";
  auto indifferent = s.state();
  ASSERT_TRUE(indifferent);
  EXPECT_EQ(rejection(*indifferent, "M[2,-5]-[2,-4]"), "");
  EXPECT_EQ(rejection(*indifferent, "S[0,-5]-[0,-4]"), "");
}

TEST(HexiMerosSelfCheck, StandingSettingIsChangedByItsOwnerOncePerTurn) {  // I-HM-13, I-HM-38
  Scene s;
  s.pieces = "sS@0,-5;sM@2,-5;oA@4,-5;oS@0,12";
  s.objecting = "so";
  s.mover = "o";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "set object-self-check off"), "set object-self-check off");
  EXPECT_EQ(state->to_move(), std::vector<int>{1});  // the Token stays with Orange
  EXPECT_EQ(field(*state, "objecting"), "s");
  EXPECT_EQ(field(*state, "ply"), "1");
  EXPECT_EQ(rejection(*state, "set object-self-check on"),
            "Orange has already changed the setting this turn (I-HM-38)");
  EXPECT_EQ(play_turn(*state, "S[0,12]-[0,11]"), "S[0,12]-[0,11]");
  EXPECT_EQ(rejection(*state, "set object-self-check on"),
            "Silver's self-check objection is already on");
  EXPECT_EQ(rejection(*state, "M[2,-5]-[2,-4]"), "");  // Orange no longer objects
  EXPECT_FALSE(contains(legal_texts(*state), "set object-self-check off"));  // not a move
}

TEST(HexiMerosSelfCheck, AnAttackAlreadyThereForcesNothing) {  // I-HM-13
  Scene s;
  s.pieces = "sS@0,-5;sM@5,-9;oA@4,-5;oS@0,12";
  s.objecting = "o";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "M[5,-9]-[5,-8]"), "");
}

TEST(HexiMerosSelfCheck, WaivedWhenEveryMoveWalksIntoAttack) {  // I-HM-13
  Scene s = cornered(false);
  s.objecting = "o";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_texts(*state).size(), 7u);
}

TEST(HexiMerosSelfCheck, OptionSetsEveryPlayersStartingSetting) {  // I-HM-13
  auto on = new_game(3);
  auto off = new_game(3, {{"object-self-check", "off"}});
  ASSERT_TRUE(on && off);
  EXPECT_EQ(field(*on, "objecting"), "syg");
  EXPECT_EQ(field(*off, "objecting"), "-");
}

}  // namespace
}  // namespace rules::heximeros::testing
