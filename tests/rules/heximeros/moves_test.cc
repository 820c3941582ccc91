// HexiMeros piece movement, captures, promotion and Ground Zero (rules-spec §5.3, §5.8 positions
// 3, 4 and 5). Each test names the interpretation (I-HM-n) it pins.

#include <gtest/gtest.h>

#include "test_util.h"

namespace rules::heximeros::testing {
namespace {

// Silver to move with the two Sovereigns far apart, plus `pieces`.
std::unique_ptr<State> scene(const std::string& pieces, const std::string& scoring = "off") {
  Scene s;
  s.pieces = pieces + ";oS@0,12";
  if (pieces.find("sS") == std::string::npos) s.pieces += ";sS@3,-12";
  s.scoring = scoring;
  return s.state();
}

std::string pieces_of(const State& state) { return ";" + field(state, "pieces") + ";"; }

const char* kNoBonus = "only a piece that ended its last move on Ground Zero moves doubled; the ";

TEST(HexiMerosSovereign, StepsOneCellAlongTwelveAxes) {  // §5.3
  auto state = scene("sS@2,2");
  ASSERT_TRUE(state);
  const auto moves = legal_from(*state, "S[2,2]");
  EXPECT_EQ(moves.size(), 12u);
  EXPECT_TRUE(contains(moves, "S[2,2]-[4,1]"));  // E line
  EXPECT_TRUE(contains(moves, "S[2,2]-[2,3]"));  // N flat
  EXPECT_EQ(rejection(*state, "S[2,2]-[2,4]"), std::string(kNoBonus) + "Sovereign has no bonus");
}

TEST(HexiMerosSovereign, DoublesFromGroundZero) {  // §5.3 Ground Zero, I-HM-26
  auto state = scene("sSg@0,0");
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_from(*state, "S[0,0]").size(), 24u);
  EXPECT_EQ(rejection(*state, "S[0,0]-[0,2]"), "");
  EXPECT_EQ(rejection(*state, "S[0,0]-[4,-2]"), "");  // two line steps east
  EXPECT_EQ(rejection(*state, "S[0,0]-[0,3]"),
            "the Sovereign moves one cell along any flat or line");
}

TEST(HexiMerosRegent, SlidesAlongFlatsAndLines) {  // I-HM-4
  auto state = scene("sR@0,0");
  ASSERT_TRUE(state);
  EXPECT_EQ(plain_from(*state, "R[0,0]").size(), 6u * 12 + 6u * 8);  // to every edge
  EXPECT_EQ(rejection(*state, "R[0,0]x[0,12]"), "");
  EXPECT_EQ(rejection(*state, "R[0,0]-[3,1]"), "the Regent slides along flats and lines");
  auto blocked = scene("sR@0,0;sM@0,3");
  ASSERT_TRUE(blocked);
  EXPECT_EQ(rejection(*blocked, "R[0,0]-[0,5]"), "the path is blocked at [0,3]");
}

TEST(HexiMerosPrelate, SlidesAlongLinesPassingBetweenFlankingCells) {  // I-HM-5, I-HM-39
  auto state = scene("sP@2,2;oM@3,2;oM@3,1");
  ASSERT_TRUE(state);
  // The E line from [2,2] to [4,1] passes between [3,2] and [3,1]: they do not block it.
  EXPECT_EQ(rejection(*state, "P[2,2]-[4,1]"), "");
  EXPECT_EQ(rejection(*state, "P[2,2]-[6,0]"), "");
  EXPECT_EQ(rejection(*state, "P[2,2]-[2,3]"),
            "the Prelate steps along a flat only on its first move (I-HM-20)");
  for (const std::string& move : legal_from(*state, "P[2,2]")) {
    const int q = std::stoi(move.substr(move.find("-[") + 2));
    const int r = std::stoi(move.substr(move.rfind(',') + 1));
    EXPECT_EQ(((q - r) % 3 + 3) % 3, 0) << move;  // stays on its line class
  }
}

TEST(HexiMerosPrelate, FirstMoveMayStepAlongAFlat) {  // I-HM-20
  auto state = scene("sPf@2,2");
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "P[2,2]-[2,3]"), "");
  EXPECT_EQ(rejection(*state, "P[2,2]-[3,1]"), "");
  EXPECT_EQ(play_turn(*state, "P[2,2]-[2,3]"), "P[2,2]-[2,3]");
  EXPECT_NE(pieces_of(*state).find(";sP@2,3;"), std::string::npos);  // first move spent
}

TEST(HexiMerosAlcazar, MovesAlongFlatsOnly) {  // I-HM-6
  auto state = scene("sA@0,0");
  ASSERT_TRUE(state);
  EXPECT_EQ(plain_from(*state, "A[0,0]").size(), 6u * 12);
  EXPECT_EQ(rejection(*state, "A[0,0]-[2,-1]"), "the Alcazar moves along flats only");
}

TEST(HexiMerosCavalier, LeapsOverPiecesToTwentyFourCells) {  // §5.3, I-HM-7
  auto state = scene("sC@0,0;oM@0,1;oM@1,0;oM@1,-1;oM@0,-1;oM@-1,0;oM@-1,1");
  ASSERT_TRUE(state);
  const auto moves = legal_from(*state, "C[0,0]");
  EXPECT_EQ(moves.size(), 24u);
  EXPECT_TRUE(contains(moves, "C[0,0]-[2,3]"));  // 3 N, then 2 NE
  EXPECT_TRUE(contains(moves, "C[0,0]-[1,2]"));  // 2 N, then 1 NE
  EXPECT_EQ(rejection(*state, "C[0,0]-[0,3]"),
            "the Cavalier leaps 3 flats then 2 after a 60-degree turn, or 2 flats then 1");
}

TEST(HexiMerosCavalier, RouteMustStayOnTheBoard) {  // I-HM-7
  auto state = scene("sC@0,-12");
  ASSERT_TRUE(state);
  // 2 SE then 1 NE would pass [2,-14], off the board.
  EXPECT_EQ(rejection(*state, "C[0,-12]-[3,-14]"),
            "the Cavalier leaps 3 flats then 2 after a 60-degree turn, or 2 flats then 1");
  EXPECT_EQ(rejection(*state, "C[0,-12]-[2,-9]"), "");
}

TEST(HexiMerosGroundZero, CavalierBonusWaitsForTheCavaliersNextMove) {  // §5.8 position 4
  Scene s;
  s.pieces = "sC@-2,-3;sS@0,-12;sM@5,-5;oS@0,12;oM@5,5";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "C[-2,-3]-[0,0]"), "C[-2,-3]-[0,0]");
  EXPECT_NE(pieces_of(*state).find(";sCg@0,0;"), std::string::npos);
  EXPECT_EQ(play_turn(*state, "M[5,5]-[5,4]"), "M[5,5]-[5,4]");
  EXPECT_EQ(rejection(*state, "C[0,0]-[4,6]"), "");  // 6 N then 4 NE
  // Another Silver piece moves: the bonus stays.
  EXPECT_EQ(play_turn(*state, "M[5,-5]-[5,-4]"), "M[5,-5]-[5,-4]");
  EXPECT_EQ(play_turn(*state, "S[0,12]-[0,11]"), "S[0,12]-[0,11]");
  EXPECT_EQ(rejection(*state, "C[0,0]-[4,6]"), "");
  EXPECT_EQ(legal_from(*state, "C[0,0]").size(), 48u);
  // The Cavalier moves normally: the bonus is gone.
  EXPECT_EQ(play_turn(*state, "C[0,0]-[2,3]"), "C[0,0]-[2,3]");
  EXPECT_EQ(play_turn(*state, "S[0,11]-[0,12]"), "S[0,11]-[0,12]");
  EXPECT_EQ(rejection(*state, "C[2,3]-[6,9]"), std::string(kNoBonus) + "Cavalier has no bonus");
  EXPECT_EQ(legal_from(*state, "C[2,3]").size(), 24u);
}

TEST(HexiMerosDreadnaught, SweepsEveryPieceOnItsRoute) {  // §5.8 position 3, I-HM-8, I-HM-17
  auto state = scene("sD@0,-4;oM@0,-3;sC@0,-2", "on");
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "D[0,-4]x[0,-2]"), "");  // may stop on its own Cavalier
  EXPECT_EQ(play_turn(*state, "D[0,-4]-[0,-1]"), "D[0,-4]x[0,-1]");
  const std::string pieces = pieces_of(*state);
  EXPECT_EQ(pieces.find("@0,-3;"), std::string::npos);
  EXPECT_EQ(pieces.find("@0,-2;"), std::string::npos);
  EXPECT_NE(pieces.find(";sD@0,-1;"), std::string::npos);
  EXPECT_EQ(field(*state, "points"), "5,0");  // the Militant only (I-HM-15)
}

TEST(HexiMerosDreadnaught, NeverTakesItsOwnSovereign) {  // §5.8 position 3, I-HM-8
  auto state = scene("sD@0,-4;oM@0,-3;sS@0,-2");
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "D[0,-4]-[0,-1]"),
            "the Dreadnaught may never capture its own Sovereign (on [0,-2])");
  EXPECT_EQ(rejection(*state, "D[0,-4]x[0,-3]"), "");
  EXPECT_FALSE(contains(legal_from(*state, "D[0,-4]"), "D[0,-4]x[0,-2]"));
}

TEST(HexiMerosDreadnaught, RangeFourAlongFlatsEightFromGroundZero) {  // I-HM-8, I-HM-10
  auto state = scene("sD@0,-6");
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "D[0,-6]-[0,-2]"), "");
  EXPECT_EQ(rejection(*state, "D[0,-6]-[0,-1]"),
            std::string(kNoBonus) + "Dreadnaught has no bonus");
  EXPECT_EQ(rejection(*state, "D[0,-6]-[2,-7]"),
            "the Dreadnaught moves up to 4 cells along a flat");
  auto bonus = scene("sDg@0,0");
  ASSERT_TRUE(bonus);
  EXPECT_EQ(rejection(*bonus, "D[0,0]-[0,8]"), "");
  EXPECT_EQ(plain_from(*bonus, "D[0,0]").size(), 48u);
}

TEST(HexiMerosArcher, ShootsWithoutMoving) {  // §5.3, I-HM-21
  auto state = scene("sB@2,-6;oM@2,-3", "on");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "B[2,-6]*[2,-3]"), "B[2,-6]*[2,-3]");
  const std::string pieces = pieces_of(*state);
  EXPECT_NE(pieces.find(";sB@2,-6;"), std::string::npos);
  EXPECT_EQ(pieces.find("@2,-3;"), std::string::npos);
  EXPECT_EQ(field(*state, "points"), "5,0");
}

TEST(HexiMerosArcher, ShotRulesNameTheProblem) {  // I-HM-21
  auto blocked = scene("sB@2,-6;oM@2,-4;oM@2,-3;oM@2,-2;oM@3,-6");
  ASSERT_TRUE(blocked);
  EXPECT_EQ(rejection(*blocked, "B[2,-6]*[2,-3]"), "the shot is blocked at [2,-4]");
  EXPECT_EQ(rejection(*blocked, "B[2,-6]*[4,-6]"), "there is nothing to shoot on [4,-6]");
  EXPECT_EQ(rejection(*blocked, "B[2,-6]x[3,-6]"),
            "the Archer captures only by shooting: write B[2,-6]*[3,-6]");
  auto far = scene("sB@2,-6;oM@2,-2");
  ASSERT_TRUE(far);
  EXPECT_EQ(rejection(*far, "B[2,-6]*[2,-2]"),
            "the Archer shoots along a flat or line up to 3 cells (6 after Ground Zero)");
  auto base_line = scene("sB@0,-11;oM@0,-9");
  ASSERT_TRUE(base_line);
  EXPECT_EQ(rejection(*base_line, "B[0,-11]*[0,-9]"),
            "the Archer on [0,-11] stands on a Base Line, not a shooting position (I-HM-21)");
  EXPECT_EQ(legal_from(*base_line, "B[0,-11]").size(), 12u);  // steps only, no shot
  auto bonus = scene("sBg@0,0;oM@0,6");
  ASSERT_TRUE(bonus);
  EXPECT_EQ(rejection(*bonus, "B[0,0]*[0,6]"), "");
  EXPECT_EQ(rejection(*bonus, "B[0,0]-[0,2]"), "");
}

TEST(HexiMerosAssassin, MovesUpToThreeCellsSixFromGroundZero) {  // I-HM-22
  auto state = scene("sX@2,2");
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_from(*state, "X[2,2]").size(), 36u);
  EXPECT_EQ(rejection(*state, "X[2,2]-[8,-1]"), "");  // three line steps east
  EXPECT_EQ(rejection(*state, "X[2,2]-[2,6]"), std::string(kNoBonus) + "Assassin has no bonus");
  auto bonus = scene("sXg@0,0");
  ASSERT_TRUE(bonus);
  EXPECT_EQ(legal_from(*bonus, "X[0,0]").size(), 72u);
}

TEST(HexiMerosMilitant, CapturesDiagonallyForwardAlongFlatsAndLines) {  // I-HM-16
  auto state = scene("sM@0,-2;oM@0,-1;oM@1,-2;oM@-1,-1;oM@1,-1;oM@-1,0;oM@1,-3");
  ASSERT_TRUE(state);
  const auto moves = legal_from(*state, "M[0,-2]");
  EXPECT_EQ(moves, (std::vector<std::string>{"M[0,-2]x[-1,-1]", "M[0,-2]x[-1,0]", "M[0,-2]x[1,-2]",
                                             "M[0,-2]x[1,-1]"}));
  EXPECT_EQ(rejection(*state, "M[0,-2]x[0,-1]"), "a Militant captures only diagonally forward");
  EXPECT_EQ(rejection(*state, "M[0,-2]x[1,-3]"),
            "the Militant moves one flat forward (two on its first move) and captures one cell "
            "diagonally forward");
}

TEST(HexiMerosMilitant, FirstMoveTwoForwardOrStepThenCapture) {  // §5.8 position 5
  auto state = scene("sMf@0,-10;oM@1,-9;oM@1,-8");
  ASSERT_TRUE(state);
  auto moves = legal_from(*state, "M[0,-10]");
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"M[0,-10]-[0,-8]", "M[0,-10]-[0,-9]",
                                             "M[0,-10]-[0,-9]x[1,-8]", "M[0,-10]-[0,-9]x[1,-9]",
                                             "M[0,-10]x[1,-9]"}));
  EXPECT_EQ(rejection(*state, "M[0,-10]-[0,-8]x[1,-8]"),
            "a Militant may not move two cells and then capture");
  EXPECT_EQ(play_turn(*state, "M[0,-10]-[0,-9]"), "M[0,-10]-[0,-9]");
  EXPECT_EQ(play_turn(*state, "S[0,12]-[0,11]"), "S[0,12]-[0,11]");
  EXPECT_EQ(rejection(*state, "M[0,-9]-[0,-7]"),
            "only a Militant's first move may go two cells forward");
  EXPECT_EQ(rejection(*state, "M[0,-9]-[0,-8]x[1,-8]"),
            "a Militant steps and then captures only on its first move or from Ground Zero");
}

TEST(HexiMerosMilitant, HattedOnTheCenterLineUnlessPromoted) {  // §5.8 position 5, I-HM-9
  auto state = scene("sM@2,-2");
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_from(*state, "M[2,-2]").size(), 8u);  // plain (hatted) + 7 promotions
  EXPECT_EQ(play_turn(*state, "M[2,-2]-[2,-1]"), "M[2,-2]-[2,-1]");
  EXPECT_NE(pieces_of(*state).find(";sH@2,-1;"), std::string::npos);
  EXPECT_EQ(play_turn(*state, "S[0,12]-[0,11]"), "S[0,12]-[0,11]");
  EXPECT_EQ(legal_from(*state, "H[2,-1]").size(), 12u);  // like a Sovereign
  EXPECT_EQ(rejection(*state, "M[2,-1]-[3,-1]"), "");    // M names a Hatted Militant too
}

TEST(HexiMerosMilitant, ReachesTheCenterLineOnOrBeyondIt) {  // I-HM-3
  auto state = scene("sM@1,-1");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "M[1,-1]-[1,0]"), "M[1,-1]-[1,0]");  // from -1 to +1
  EXPECT_NE(pieces_of(*state).find(";sH@1,0;"), std::string::npos);
}

TEST(HexiMerosPromotion, ToAnyHigherPieceButTheSovereign) {  // §5.3
  auto state = scene("sM@2,-2;sM@0,-8", "on");
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "M[2,-2]-[2,-1]=S"), "a Militant may not be promoted to a Sovereign");
  EXPECT_EQ(rejection(*state, "M[0,-8]-[0,-7]=R"),
            "only a Militant reaching its Center Line or a Base Line may be promoted");
  EXPECT_EQ(play_turn(*state, "M[2,-2]-[2,-1]=R"), "M[2,-2]-[2,-1]=R");
  EXPECT_NE(pieces_of(*state).find(";sR@2,-1;"), std::string::npos);
  EXPECT_EQ(field(*state, "points"), "55,0");  // a promotion earns the new piece's value
}

TEST(HexiMerosPromotion, PromotedPrelateHasItsFirstMoveToCome) {  // §5.3
  auto state = scene("sM@2,-2");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "M[2,-2]-[2,-1]=P"), "M[2,-2]-[2,-1]=P");
  EXPECT_NE(pieces_of(*state).find(";sPf@2,-1;"), std::string::npos);
}

TEST(HexiMerosPromotion, HattedMilitantOnAnotherBaseLine) {  // I-HM-23
  auto state = scene("sH@0,10");
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "H[0,10]-[0,11]=A"), "");  // Orange's Base Line
  EXPECT_EQ(rejection(*state, "H[0,10]-[1,10]=A"),
            "only a Militant reaching its Center Line or a Base Line may be promoted");
}

TEST(HexiMerosGroundZero, MilitantKeepsItsBonusAndIsHattedOnLeaving) {  // I-HM-24
  auto state = scene("sM@0,-1;oM@-2,1;oM@5,5");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "M[0,-1]-[0,0]"), "M[0,-1]-[0,0]");
  EXPECT_NE(pieces_of(*state).find(";sMg@0,0;"), std::string::npos);  // not hatted yet
  EXPECT_EQ(play_turn(*state, "M[5,5]-[5,4]"), "M[5,5]-[5,4]");
  const auto moves = legal_from(*state, "M[0,0]");
  EXPECT_TRUE(contains(moves, "M[0,0]-[-2,0]"));         // two flats, any direction
  EXPECT_TRUE(contains(moves, "M[0,0]-[0,-2]"));         // even backwards
  EXPECT_TRUE(contains(moves, "M[0,0]-[-1,0]x[-2,1]"));  // one flat, then capture
  EXPECT_EQ(rejection(*state, "M[0,0]-[-2,0]x[-3,1]"),
            "a Militant may not move two cells and then capture");
  EXPECT_EQ(play_turn(*state, "M[0,0]-[-2,0]"), "M[0,0]-[-2,0]");
  EXPECT_NE(pieces_of(*state).find(";sH@-2,0;"), std::string::npos);
}

TEST(HexiMerosGroundZero, PromotionThereTakesTheBonusOfTheNewPiece) {  // I-HM-26
  auto state = scene("sM@0,-1");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "M[0,-1]-[0,0]=C"), "M[0,-1]-[0,0]=C");
  EXPECT_NE(pieces_of(*state).find(";sCg@0,0;"), std::string::npos);
  auto regent = scene("sM@0,-1");
  ASSERT_TRUE(regent);
  EXPECT_EQ(play_turn(*regent, "M[0,-1]-[0,0]=R"), "M[0,-1]-[0,0]=R");
  EXPECT_NE(pieces_of(*regent).find(";sR@0,0;"), std::string::npos);  // Regents get none
}

TEST(HexiMerosGroundZero, HattedMilitantDoublesLikeTheSovereign) {  // I-HM-25
  auto state = scene("sHg@0,0");
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_from(*state, "H[0,0]").size(), 24u);
}

TEST(HexiMerosGroundZero, UnusedBonusEndsWhenThePieceMovesNormally) {  // §5.3, I-HM-26
  auto state = scene("sSg@0,0");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "S[0,0]-[0,1]"), "S[0,0]-[0,1]");
  EXPECT_NE(pieces_of(*state).find(";sS@0,1;"), std::string::npos);
}

TEST(HexiMerosCaptures, NoPieceButTheDreadnaughtTakesItsOwnColour) {  // §5.4
  auto state = scene("sR@0,0;sM@0,3");
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "R[0,0]x[0,3]"),
            "[0,3] holds Silver's Militant: only the Dreadnaught captures its own colour");
}

TEST(HexiMerosCaptures, OnlyTheMoverMovesAndOnlyItsOwnPieces) {
  auto state = scene("sR@0,0;oA@4,4");
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "A[4,4]-[4,5]"),
            "the Alcazar on [4,4] is Orange's, and Silver has the Token");
  EXPECT_EQ(rejection(*state, "[5,5]-[5,6]"), "there is no piece on [5,5]");
}

}  // namespace
}  // namespace rules::heximeros::testing
