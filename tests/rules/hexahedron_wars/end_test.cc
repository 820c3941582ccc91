// Hexahedron Wars: victory blockers (setup, claims, 3-player corner), capture by surrounding,
// the end of the game, scoring, resignation, and whole 3-player games with blockers.

#include <gtest/gtest.h>

#include "test_util.h"

namespace rules::hexahedron_wars::testing {
namespace {

using dice::Orientation;

// ---- victory blockers ---------------------------------------------------------------------

TEST(HexahedronWarsBlockers, PlayersPlaceThemInTurnBeforePlay) {  // I-HW-6, I-HW-1, I-HW-28
  ReplayRandom setup({{"first-player", 2, 1}, {"blocker-value", 6, 2}});
  auto state =
      std::move(game().create(GameConfig{2, {{"victory-blockers", "easy"}}}, setup)).value();
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
  EXPECT_EQ(state->legal_moves().size(), 35u);  // ranks 2-6: every square off the home bases
  EXPECT_EQ(rejection(*state, "@a1"),
            "illegal_move: @a1: a victory blocker may not be placed on a home base square");
  EXPECT_EQ(rejection(*state, "a7:S"),
            "illegal_move: the victory blockers are placed first: place the blocker showing 3 "
            "with @<square>");
  EXPECT_EQ(play_with(*state, "@C4", {{"blocker-value", 6, 4}}), "@c4 {next blocker 5}");
  EXPECT_EQ(state->to_move(), std::vector<int>{0});
  EXPECT_EQ(rejection(*state, "@c4"),
            "illegal_move: @c4: a victory blocker goes on an empty square");
  EXPECT_EQ(play_ok(*state, "@d4"), "@d4");
  EXPECT_EQ(state->to_move(), std::vector<int>{1});  // play starts with the first player
  EXPECT_NE(state->serialize().find("phase=play"), std::string::npos);
  EXPECT_NE(state->serialize().find("tiles=c4:3,d4:5 "), std::string::npos);
}

Position claim_position() {  // §1.12 #5: a face-up 3 on c4, a face-down tile on a4
  Position p(2);
  p.die("c3", 0, Orientation{6, 4, 2}).die("c2", 0, Orientation{6, 5, 4}).die("g6", 1, 6);
  p.tile("c4", 3).tile("a4", kFaceDown);
  return p;
}

TEST(HexahedronWarsBlockers, ClaimNeedsTheMatchingTopFace) {  // §1.12 #5
  Position p(2);
  p.die("c3", 0, Orientation{6, 5, 4}).die("g6", 1, 6).tile("c4", 3);
  EXPECT_EQ(rejection(*p.state(), "c3:N"),
            "illegal_move: the victory blocker on c4 shows 3: a die arriving with top 2 cannot "
            "claim it");
  EXPECT_EQ(rejection(*p.state(), "c3:E,N,W"),
            "illegal_move: the victory blocker on c4 shows 3: a die arriving with top 6 cannot "
            "claim it");
}

TEST(HexahedronWarsBlockers, ClaimScoresAndReplacesTheTileFaceDown) {  // I-HW-17, I-HW-18
  auto state = claim_position().state();
  EXPECT_EQ(rejection(*state, "c3:N"),
            "illegal_move: place the claimed tile face down with @<square>");
  EXPECT_EQ(rejection(*state, "c3:N@a3"),
            "illegal_move: @a3 is next to the face-down blocker on a4: claimed tiles may not be "
            "placed next to each other");
  EXPECT_EQ(rejection(*state, "c3:N@a1"),
            "illegal_move: @a1: a claimed tile may not go on a home base square");
  EXPECT_EQ(rejection(*state, "c3:N@c4"),
            "illegal_move: @c4: a claimed tile goes on an empty square");
  EXPECT_EQ(rejection(*state, "c3:N,N@f5"),
            "illegal_move: claiming the victory blocker on c4 ends the move");
  EXPECT_EQ(rejection(*state, "c2:E@f5"),
            "illegal_move: @f5 places a claimed victory blocker, and this move claims none");
  EXPECT_TRUE(is_legal(*state, "c3:N@c3"));  // the square the die just left is free
  EXPECT_EQ(play_ok(*state, "c3:N@f5"), "c3:N@f5 {claimed c4 +1}");
  EXPECT_NE(state->serialize().find("tiles=a4:x,f5:x claims=1,0"), std::string::npos);
  EXPECT_EQ(die_at(*state, "c4"), "A362");
}

TEST(HexahedronWarsBlockers, AClaimedTileWithNowhereToGoLeavesTheGame) {  // I-HW-30
  // Every empty square off the bases is next to a face-down tile, the vacated c3 included.
  Position p(2);
  p.die("c3", 0, Orientation{6, 4, 2}).die("a7", 1, 6).tile("c4", 3);
  for (int rank = 2; rank <= 6; ++rank) {
    for (char file = 'a'; file <= 'g'; ++file) {
      const std::string square = std::string(1, file) + std::to_string(rank);
      if (square != "c3" && square != "c4") p.tile(square, kFaceDown);
    }
  }
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "c3:N@c3"),
            "illegal_move: @c3 is next to the face-down blocker on d3: claimed tiles may not be "
            "placed next to each other");
  EXPECT_EQ(play_ok(*state, "c3:N"), "c3:N {claimed c4 +1}");
  EXPECT_EQ(state->serialize().find("c4:"), state->serialize().find("c4:A"));
}

TEST(HexahedronWarsBlockers, FaceDownTilesBlockForTheRestOfTheGame) {  // §1.8
  Position p(2);
  p.die("a3", 0, 6).die("c4", 0, 6).die("a6", 1, 1).die("b4", 1, 1).tile("a4", kFaceDown);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "a3:N"),
            "illegal_move: a4 holds a face-down victory blocker: no die may enter it");
  EXPECT_EQ(rejection(*state, "c4:jW"),
            "illegal_move: jW from c4 would land on a4, which is not empty");
}

TEST(HexahedronWarsBlockers, OnlyTheFinisherClearsTheThreePlayerCorner) {  // I-HW-19, I-HW-20
  Position p(3);
  p.tile("f1", 4).tile("g1", 2).tile("g2", 5);
  p.die("f2", 1, Orientation{6, 4, 2}).die("c5", 1, 6).die("e1", 0, 3).die("e6", 2, 6).turn(1);
  auto state = p.state();
  EXPECT_EQ(rejection(*state, "f2:S@c4"),
            "illegal_move: the corner blockers leave the game when claimed: drop @c4");
  EXPECT_EQ(play_ok(*state, "f2:S"), "f2:S {claimed f1 +1}");
  EXPECT_NE(state->serialize().find("tiles=g1:2,g2:5 claims=0,1,0"), std::string::npos);
  EXPECT_EQ(state->outcome().finished, false);
  play_ok(*state, "e6:N");
  EXPECT_EQ(rejection(*state, "e1:E"),
            "illegal_move: f1 is in another player's home base: a die may enter only its "
            "starting and finishing bases");
}

// ---- capture by surrounding ---------------------------------------------------------------

TEST(HexahedronWarsCapture, SurroundedInItsStartBaseIsCaptured) {  // §1.12 #4, I-HW-21
  Position p(2);
  p.die("c7", 0, 6).die("e7", 0, 6).die("d5", 0, 6).die("d7", 1, 6).die("a5", 1, 6);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "d5:N"), "d5:N {captured d7}");
  EXPECT_EQ(die_at(*state, "d7"), "-");
}

TEST(HexahedronWarsCapture, TheFinishingBaseIsSafe) {  // §1.12 #4, §1.9
  Position p(2);
  p.die("c1", 0, 6).die("e1", 0, 6).die("d3", 0, 6).die("d1", 1, 6).die("a5", 1, 6);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "d3:S"), "d3:S");
  EXPECT_EQ(die_at(*state, "d1").substr(0, 1), "B");
}

TEST(HexahedronWarsCapture, EdgesAndTilesCloseTheRing) {  // I-HW-21
  Position p(2);
  p.die("a3", 0, 6).die("b5", 0, 6).die("a4", 1, 6).die("g6", 1, 6).tile("a5", kFaceDown);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "b5:S"), "b5:S {captured a4}");
}

TEST(HexahedronWarsCapture, AMoverWalkingIntoARingFallsNextTurn) {  // I-HW-21
  Position p(2);
  p.die("c3", 0, 6).die("g3", 0, 6).die("a4", 1, 1).die("a2", 1, 1).die("b3", 1, 1);
  p.die("g6", 1, 6);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "c3:jW"), "c3:jW");  // a3 is now ringed, but A just moved
  EXPECT_EQ(die_at(*state, "a3").substr(0, 1), "A");
  EXPECT_EQ(play_ok(*state, "g6:S"), "g6:S {captured a3}");
}

TEST(HexahedronWarsCapture, OwnDiceBreakTheRing) {  // I-HW-21
  Position p(2);
  p.die("c7", 0, 6).die("d6", 0, 6).die("a3", 0, 6).die("d7", 1, 6).die("e7", 1, 6);
  p.die("a5", 1, 6);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "a3:N"), "a3:N");  // d7 still touches B's own e7
  EXPECT_EQ(die_at(*state, "d7").substr(0, 1), "B");
}

// ---- end of the game and scoring ----------------------------------------------------------

TEST(HexahedronWarsEnd, AllDiceHomeEndsAndScoresTopFaces) {  // §1.10
  Position p(2);
  p.die("c6", 0, Orientation{6, 5, 4}).die("a4", 1, 6);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "c6:N"), "c6:N {game over}");
  EXPECT_TRUE(state->legal_moves().empty());
  EXPECT_TRUE(state->to_move().empty());
  const Outcome outcome = state->outcome();
  EXPECT_EQ(outcome.seats, (std::vector<SeatResult>{{1, 2}, {2, 0}}));
  EXPECT_EQ(outcome.summary,
            "A brought every remaining die to the finishing base; scores A 2, B 0; A wins");
}

TEST(HexahedronWarsEnd, EqualScoresSharePlacement) {  // I-HW-23
  Position p(2);
  p.die("c6", 0, Orientation{6, 5, 4}).die("b1", 1, 2).die("a4", 1, 6);
  auto state = p.state();
  play_ok(*state, "c6:N");
  EXPECT_EQ(state->outcome().seats, (std::vector<SeatResult>{{1, 2}, {1, 2}}));
  EXPECT_EQ(state->outcome().summary,
            "A brought every remaining die to the finishing base; scores A 2, B 2; A and B "
            "share first place");
}

TEST(HexahedronWarsEnd, CapturingTheLastArmyEnds) {  // I-HW-22
  Position p(2);
  p.die("c7", 0, 3).die("e7", 0, 4).die("d5", 0, 6).die("d7", 1, 6);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "d5:N"), "d5:N {captured d7; game over}");
  EXPECT_EQ(state->outcome().summary, "only A has dice left; scores A 7, B 0; A wins");
}

TEST(HexahedronWarsEnd, NobodyAbleToMoveEndsTheGame) {  // I-HW-22
  // B is walled in on rank 7. A claims c4 and walls itself in by putting the tile on c3.
  Position p(2);
  for (const char* square : {"a7", "b7", "c7", "d7", "e7", "f7", "g7"}) p.die(square, 1, 6);
  for (const char* square : {"a6", "b6", "c6", "d6", "e6", "f6", "g6", "b4", "d4", "c5"}) {
    p.tile(square, kFaceDown);
  }
  p.die("c3", 0, Orientation{6, 4, 2}).tile("c4", 3);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "c3:N@c3"), "c3:N@c3 {claimed c4 +1; game over}");
  EXPECT_EQ(state->outcome().summary, "no player can move; scores A 1, B 0; A wins");
}

TEST(HexahedronWarsEnd, ThePlyLimitEndsTheGame) {  // I-HW-26
  Position p(2);
  p.die("c3", 0, 6).die("a5", 1, 6).ply(kPlyLimit - 1);
  auto state = p.state();
  EXPECT_EQ(play_ok(*state, "c3:N"), "c3:N {game over}");
  EXPECT_EQ(state->outcome().summary,
            "the 400-ply limit was reached; scores A 0, B 0; A and B share first place");
  EXPECT_EQ(game().info.max_plies, kPlyLimit);
}

TEST(HexahedronWarsEnd, APlayerWithoutMovesIsSkipped) {  // I-HW-7, I-HW-31
  // B's dice sit in the NW corner behind face-down tiles and cannot move at all.
  Position p(4);
  p.die("a6", 1, 6).die("a7", 1, 6).die("b7", 1, 6);
  p.tile("a5", kFaceDown).tile("b6", kFaceDown).tile("c7", kFaceDown);
  p.die("d3", 0, 6).die("e5", 2, 6).die("e3", 3, 6);
  auto state = p.state();
  play_ok(*state, "d3:N");
  EXPECT_EQ(state->to_move(), std::vector<int>{2});
}

TEST(HexahedronWarsEnd, ResignationInMultiPlayerGames) {  // I-HW-25
  SeededRandom rng(4);
  auto state = std::move(game().create(GameConfig{4, {}}, rng)).value();
  const int first = state->to_move()[0];
  const int other = (first + 2) % 4;
  EXPECT_FALSE(state->resign(other).has_value());
  EXPECT_EQ(state->serialize().find(std::string(":") + seat_letter(other)), std::string::npos);
  EXPECT_EQ(state->resign(other)->message,
            "seat " + std::to_string(other) + " has already resigned");
  EXPECT_FALSE(state->resign(first).has_value());  // the player to move: the turn passes
  EXPECT_EQ(state->to_move(), std::vector<int>{(first + 1) % 4});
  EXPECT_FALSE(state->resign((first + 3) % 4).has_value());
  const Outcome outcome = state->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.seats[(first + 1) % 4].placement, 1);
  EXPECT_EQ(outcome.seats[(first + 3) % 4].placement, 2);  // resigned last
  EXPECT_EQ(outcome.seats[first].placement, 3);
  EXPECT_EQ(outcome.seats[other].placement, 4);  // resigned first
  EXPECT_EQ(state->resign(0)->code, ErrorCode::kGameOver);
  EXPECT_EQ(state->resign(4)->message, "there is no seat 4 in this 4-player game");
}

// ---- whole 3-player games with blockers ---------------------------------------------------

TEST(HexahedronWarsThreePlayers, GamesWithBlockersRunToAScoredEnd) {  // §1.4, §1.8, §1.10
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    SeededRandom rng(seed), chooser(seed * 31);
    auto state =
        std::move(game().create(GameConfig{3, {{"victory-blockers", "hard"}}}, rng)).value();
    const int first = state->to_move()[0];
    for (int i = 0; i < 4; ++i) {  // four blockers, round-robin from the first player
      EXPECT_EQ(state->to_move(), std::vector<int>{(first + i) % 3});
      const std::vector<Move> moves = state->legal_moves();
      const std::string record = *play(*state, state->format_move(moves[0]), rng);
      EXPECT_EQ(record[0], '@') << record;
    }
    EXPECT_EQ(state->to_move(), std::vector<int>{first});
    int plies = 4;
    while (!state->outcome().finished) {
      const std::vector<Move> moves = state->legal_moves();
      const Move move = moves[chooser.draw("choice", static_cast<std::uint32_t>(moves.size()))];
      ASSERT_TRUE(play(*state, state->format_move(move), rng).ok());
      ++plies;
    }
    EXPECT_LE(plies, kPlyLimit);
    const Outcome outcome = state->outcome();
    ASSERT_EQ(outcome.seats.size(), 3u);
    for (const SeatResult& seat : outcome.seats) {
      EXPECT_GE(seat.placement, 1);
      EXPECT_LE(seat.placement, 3);
    }
  }
}

}  // namespace
}  // namespace rules::hexahedron_wars::testing
