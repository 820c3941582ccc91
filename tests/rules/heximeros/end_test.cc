// HexiMeros elimination, leaving the game, the endings and the optional scoring (rules-spec
// §5.4-§5.6, §5.8 position 1), plus a check that the fast legal-move generator agrees with a
// brute-force one. Each test names the interpretation (I-HM-n) it pins.

#include <gtest/gtest.h>

#include <set>

#include "rules/heximeros/geometry.h"
#include "rules/heximeros/movegen.h"
#include "rules/heximeros/serialize.h"
#include "test_util.h"

namespace rules::heximeros::testing {
namespace {

std::vector<int> placements(const State& state) {
  std::vector<int> result;
  for (const SeatResult& seat : state.outcome().seats) result.push_back(seat.placement);
  return result;
}

std::vector<double> scores(const State& state) {
  std::vector<double> result;
  for (const SeatResult& seat : state.outcome().seats) result.push_back(seat.score);
  return result;
}

// Four players: Silver's Regent can take Blue's Sovereign; Orange's Alcazar can then take a
// frozen Blue Militant.
Scene four_players(const std::string& scoring) {
  Scene s;
  s.colours = "SBOG";
  s.scoring = scoring;
  s.pieces = "sS@0,-12;sR@0,-3;bS@0,3;bM@5,5;oS@-6,12;oA@5,9;gS@12,0";
  return s;
}

TEST(HexiMerosElimination, FrozenArmyIsSkippedButCanBeCaptured) {  // §5.8 pos. 1, I-HM-36
  auto state = four_players("on").state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "R[0,-3]x[0,3]"), "R[0,-3]x[0,3]");
  EXPECT_EQ(field(*state, "out"), "b1c");
  EXPECT_EQ(state->to_move(), std::vector<int>{2});  // Blue is skipped: Orange moves
  EXPECT_NE(field(*state, "pieces").find("bM@5,5"), std::string::npos);  // frozen, still there
  EXPECT_EQ(play_turn(*state, "A[5,9]x[5,5]"), "A[5,9]x[5,5]");
  EXPECT_EQ(field(*state, "points"), "75,0,5,0");
  EXPECT_EQ(state->to_move(), std::vector<int>{3});
  EXPECT_FALSE(state->resign(3).has_value());  // Green resigns: three were in
  EXPECT_EQ(state->to_move(), std::vector<int>{0});
  EXPECT_FALSE(state->resign(2).has_value());  // Orange, one of the last two: a concession
  ASSERT_TRUE(state->outcome().finished);
  EXPECT_EQ(state->outcome().summary, "Orange conceded: Silver wins");
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 4, 2, 3}));
  // Silver: 75 capture + 100 victory + retention S 75, R 55, Orange's Sovereign 75.
  // Blue: 1st out -50. Orange: 5 - 30 (3rd out, keeps his points). Green: resigned, 2nd out.
  EXPECT_EQ(scores(*state), (std::vector<double>{380, -50, -25, -40}));
  EXPECT_NE(field(*state, "pieces").find("sS@-6,12"), std::string::npos);  // passed to Silver
}

TEST(HexiMerosElimination, UnscoredGameScoresWinnerOne) {  // I-HM-31
  auto state = four_players("off").state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "R[0,-3]x[0,3]"), "R[0,-3]x[0,3]");
  EXPECT_FALSE(state->resign(2).has_value());
  EXPECT_FALSE(state->resign(3).has_value());
  ASSERT_TRUE(state->outcome().finished);
  EXPECT_EQ(state->outcome().summary, "Green conceded: Silver wins");
  EXPECT_EQ(scores(*state), (std::vector<double>{1, 0, 0, 0}));
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 4, 3, 2}));
}

TEST(HexiMerosElimination, DreadnaughtTakingTwoSovereignsOrdersThemByRoute) {  // I-HM-29
  Scene s;
  s.colours = "SYG";
  s.scoring = "on";
  s.pieces = "sS@0,-12;sD@0,-4;yS@0,-3;gS@0,-2";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "D[0,-4]x[0,-2]"), "D[0,-4]x[0,-2]");
  ASSERT_TRUE(state->outcome().finished);
  EXPECT_EQ(field(*state, "out"), "y1c,g2c");
  EXPECT_EQ(state->outcome().summary, "Silver wins: the last Sovereign on the board");
  // Silver: 150 capture + 100 + retention S 75, D 15. Yellow 1st out, Green 2nd.
  EXPECT_EQ(scores(*state), (std::vector<double>{340, -50, -40}));
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 3, 2}));
}

TEST(HexiMerosScoring, ScriptedGameTotals) {  // §5.6, I-HM-15, I-HM-31
  Scene s;
  s.scoring = "on";
  s.pieces = "sS@0,-12;sM@2,-2;sD@-4,-2;sC@-4,1;sA@6,-10;oS@2,11;oM@-4,0;oA@6,-6;oM@-8,4";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "M[2,-2]-[2,-1]=R"), "M[2,-2]-[2,-1]=R");  // +55 promotion
  EXPECT_EQ(play_turn(*state, "A[6,-6]x[6,-10]"), "A[6,-6]x[6,-10]");    // Orange +30
  EXPECT_EQ(play_turn(*state, "D[-4,-2]-[-4,2]"), "D[-4,-2]x[-4,2]");    // +5, own Cavalier 0
  EXPECT_EQ(field(*state, "points"), "60,30");
  EXPECT_EQ(play_turn(*state, "M[-8,4]-[-8,3]"), "M[-8,4]-[-8,3]");
  EXPECT_EQ(play_turn(*state, "R[2,-1]x[2,11]"), "R[2,-1]x[2,11]");  // +75, Orange is out
  ASSERT_TRUE(state->outcome().finished);
  // Silver: 135 + 100 + retention S 75, R 55, D 15. Orange: 30 - 50.
  EXPECT_EQ(scores(*state), (std::vector<double>{380, -20}));
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 2}));
}

TEST(HexiMerosLeaving, ResignationRemovesTheSovereignAndFreezesTheArmy) {  // I-HM-30
  Scene s;
  s.colours = "SYG";
  s.scoring = "on";
  s.points = "40,0,0";
  s.pieces = "sS@0,-12;sM@0,-6;yS@-12,13;yA@-4,-6;gS@12,0";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->resign(0).has_value());  // Silver, with the Token
  EXPECT_EQ(field(*state, "out"), "s1r");
  EXPECT_EQ(field(*state, "pieces").find("sS@"), std::string::npos);
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
  EXPECT_EQ(play_turn(*state, "A[-4,-6]x[0,-6]"), "A[-4,-6]x[0,-6]");  // frozen, capturable
  EXPECT_EQ(state->resign(0)->message, "Silver has already left the game");
  EXPECT_EQ(state->resign(5)->message, "there is no seat 5");
  EXPECT_FALSE(state->resign(2).has_value());  // Green concedes to Yellow
  ASSERT_TRUE(state->outcome().finished);
  // Silver forfeits his 40 points but keeps his loss points.
  EXPECT_EQ(scores(*state)[0], -50);
}

TEST(HexiMerosLeaving, ExpulsionCostsFiveHundred) {  // I-HM-33
  Scene s;
  s.colours = "SYG";
  s.scoring = "on";
  s.points = "0,20,0";
  s.pieces = "sS@0,-12;yS@-12,13;gS@12,0";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_FALSE(expel(*state, 1).has_value());
  EXPECT_EQ(field(*state, "out"), "y1e");
  EXPECT_FALSE(state->resign(2).has_value());
  EXPECT_EQ(state->outcome().summary, "Green conceded: Silver wins");
  // Silver: 100 + retention of his Sovereign and the one Green conceded with (I-HM-36).
  EXPECT_EQ(scores(*state), (std::vector<double>{100 + 75 + 75, -50 - 500, -40}));
}

TEST(HexiMerosLeaving, ExpellingOneOfTheLastTwoEndsTheGame) {  // I-HM-33
  Scene s;
  s.pieces = "sS@0,-12;oS@0,12";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_FALSE(expel(*state, 1).has_value());
  EXPECT_EQ(state->outcome().summary, "Orange was expelled: Silver wins");
  EXPECT_EQ(field(*state, "out"), "o1e");
}

TEST(HexiMerosDraw, LastTwoMayAgreeADraw) {  // I-HM-14, I-HM-38
  Scene s;
  s.scoring = "on";
  s.pieces = "sS@0,-12;sM@5,-5;sH@-6,0;oS@0,12;oM@5,5";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "offer draw"), "offer draw");
  EXPECT_EQ(state->to_move(), std::vector<int>{0});
  EXPECT_EQ(rejection(*state, "offer draw"), "Silver has already offered a draw");
  EXPECT_EQ(rejection(*state, "accept draw"), "there is no draw offer to accept");
  EXPECT_EQ(play_turn(*state, "M[5,-5]-[5,-4]"), "M[5,-5]-[5,-4]");
  EXPECT_TRUE(contains(legal_texts(*state), "accept draw"));
  EXPECT_EQ(play_turn(*state, "accept draw"), "accept draw");
  ASSERT_TRUE(state->outcome().finished);
  EXPECT_EQ(state->outcome().summary, "Silver and Orange agreed a draw");
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 1}));
  // Draw retention: Sovereign 37, Militant 2, Hatted Militant 5 (I-HM-34).
  EXPECT_EQ(scores(*state), (std::vector<double>{45 + 37 + 2 + 5, 45 + 37 + 2}));
}

TEST(HexiMerosDraw, OfferEndsWithTheGame) {  // I-HM-14
  Scene s;
  s.pieces = "sS@0,-12;sR@0,0;oS@0,12";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "offer draw"), "offer draw");
  EXPECT_EQ(play_turn(*state, "R[0,0]x[0,12]"), "R[0,0]x[0,12]");
  ASSERT_TRUE(state->outcome().finished);
  EXPECT_EQ(field(*state, "offer"), "-");
  Result<std::unique_ptr<State>> loaded = definition().load(state->serialize());
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_EQ((*loaded)->serialize(), state->serialize());
}

TEST(HexiMerosDraw, OfferLapsesWhenTheOtherPlayerMoves) {  // I-HM-14
  Scene s;
  s.pieces = "sS@0,-12;sM@5,-5;oS@0,12;oM@5,5";
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "offer draw"), "offer draw");
  EXPECT_EQ(play_turn(*state, "M[5,-5]-[5,-4]"), "M[5,-5]-[5,-4]");
  EXPECT_EQ(play_turn(*state, "M[5,5]-[5,4]"), "M[5,5]-[5,4]");
  EXPECT_EQ(field(*state, "offer"), "-");
  Scene three;
  three.colours = "SYG";
  three.pieces = "sS@0,-12;yS@-12,13;gS@12,0";
  auto crowded = three.state();
  ASSERT_TRUE(crowded);
  EXPECT_EQ(rejection(*crowded, "offer draw"),
            "a draw may be offered only between the last two players (I-HM-14)");
}

TEST(HexiMerosDraw, HundredRoundsWithoutACapture) {  // I-HM-14
  Scene s;
  s.pieces = "sS@0,-12;sM@5,-5;oS@0,12";
  s.ply = 250;
  s.quiet = 199;
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "M[5,-5]-[5,-4]"), "M[5,-5]-[5,-4]");
  ASSERT_TRUE(state->outcome().finished);
  EXPECT_EQ(state->outcome().summary,
            "drawn between Silver and Orange: 100 rounds without a capture");
  EXPECT_EQ(scores(*state), (std::vector<double>{0.5, 0.5}));
}

TEST(HexiMerosDraw, PlyLimitEndsEveryGame) {  // I-HM-32
  Scene s;
  s.colours = "SYG";
  s.pieces = "sS@0,-12;sM@5,-5;yS@-12,13;gS@12,0";
  s.ply = kPlyLimit - 1;
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(play_turn(*state, "M[5,-5]-[5,-4]"), "M[5,-5]-[5,-4]");
  ASSERT_TRUE(state->outcome().finished);
  EXPECT_EQ(state->outcome().summary,
            "drawn between Silver, Yellow and Green at the 3000-ply limit");
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 1, 1}));
  EXPECT_TRUE(state->legal_moves().empty());
}

TEST(HexiMerosTurn, PassOnlyWithoutAnyMove) {  // I-HM-11
  // Silver's Sovereign on [1,-13] walled in by its own Archers on the Base Line (no shooting
  // post), which Orange Militants wall in turn: Silver has no move at all.
  const Geometry& g = Geometry::get();
  const int sovereign = g.cell_at({1, -13});
  std::set<int> archers, ring;
  for (int axis = 0; axis < kAxes; ++axis) {
    if (const int c = g.step(sovereign, axis); c != kWall) archers.insert(c);
  }
  for (int archer : archers) {
    for (int axis = 0; axis < kAxes; ++axis) {
      const int c = g.step(archer, axis);
      if (c != kWall && c != sovereign && !archers.count(c)) ring.insert(c);
    }
  }
  const auto at = [&](char colour, char letter, int c) {
    const Coord xy = g.coord(c);
    return std::string{colour, letter} + "@" + std::to_string(xy.q) + "," + std::to_string(xy.r);
  };
  Scene s;
  s.pieces = at('s', 'S', sovereign) + ";oS@0,12";
  for (int c : archers) s.pieces += ";" + at('s', 'B', c);
  for (int c : ring) s.pieces += ";" + at('o', 'M', c);
  auto state = s.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_texts(*state), std::vector<std::string>{"pass"});
  EXPECT_EQ(play_turn(*state, "pass"), "pass");
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
  EXPECT_EQ(rejection(*state, "pass"), "Orange has a legal move and may not pass (I-HM-11)");
}

// Random games with commands, draw offers, resignations and expulsions mixed in: after every
// entry the position must survive load(serialize()) and keep the State contract.
TEST(HexiMerosLeaving, CommandsAndDeparturesKeepTheContract) {  // I-HM-30, I-HM-33, I-HM-38
  for (int players : {2, 3, 6}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      SeededRandom rng(seed), chooser(seed * 31 + players);
      auto state = new_game(players, {{"scoring", "on"}});
      ASSERT_TRUE(state);
      for (int entry = 0; entry < 400 && !state->outcome().finished; ++entry) {
        const std::uint32_t roll = chooser.draw("kind", 100);
        const int seat =
            static_cast<int>(chooser.draw("seat", static_cast<std::uint32_t>(players)));
        if (roll < 8) {
          play_turn(*state, "set object-self-check off");
        } else if (roll < 12) {
          play_turn(*state, "set object-self-check on");
        } else if (roll < 20) {
          play_turn(*state, "offer draw");
        } else if (roll == 20) {
          state->resign(seat);
        } else if (roll == 21) {
          expel(*state, seat);
        } else {
          const std::vector<Move> moves = state->legal_moves();
          ASSERT_FALSE(moves.empty());
          state->apply(moves[chooser.draw("choice", static_cast<std::uint32_t>(moves.size()))],
                       rng);
        }
        const std::string text = state->serialize();
        Result<std::unique_ptr<State>> loaded = definition().load(text);
        ASSERT_TRUE(loaded.ok()) << loaded.error().message << "\n" << text;
        ASSERT_EQ((*loaded)->serialize(), text);
        ASSERT_EQ((*loaded)->legal_moves(), state->legal_moves());
        ASSERT_EQ(state->outcome().finished, state->legal_moves().empty());
        ASSERT_EQ(state->outcome().finished, state->to_move().empty());
      }
    }
  }
}

// ---- The fast generator against a brute-force one --------------------------------------------

// Every pseudo-legal move judged from scratch: no zones, no cached attacks.
std::vector<Move> brute_force_legal_moves(const Position& pos) {
  std::vector<Move> moves;
  if (pos.finished()) return moves;
  if (pos.draw_offer >= 0 && pos.draw_offer != pos.mover) {
    moves.push_back(encode({MoveKind::kAcceptDraw}));
  }
  std::vector<Move> pseudo;
  colour_moves(pos.board, pos.mover, pseudo);
  const std::uint8_t others = pos.active() & static_cast<std::uint8_t>(~bit(pos.mover));
  const int own = pos.sovereign(pos.mover);
  const std::uint8_t before = attackers(pos.board, own, others);
  const std::uint8_t pending = pos.declared_by[pos.mover] & before;
  struct Judged {
    Move move;
    bool relieves, exposes;
    std::uint8_t declarable;
  };
  std::vector<Judged> judged;
  for (Move move : pseudo) {
    Board board = pos.board;
    Undo undo;
    play_on_board(board, move, undo);
    const MoveFields f = decode(move);
    std::uint8_t left = others;
    for (int i = 0; i < undo.count; ++i) {
      if (undo.cell[i] != f.from && is(undo.before[i], PieceType::kSovereign)) {
        left &= static_cast<std::uint8_t>(~bit(colour_of(undo.before[i])));
      }
    }
    const int own_after = f.from == own && f.kind != MoveKind::kShot ? f.to : own;
    const std::uint8_t after = attackers(board, own_after, left);
    std::uint8_t declarable = 0;
    for (int colour = 0; colour < kColours; ++colour) {
      if ((left & bit(colour)) && attackers(board, pos.sovereign(colour), bit(pos.mover))) {
        declarable |= bit(colour);
      }
    }
    judged.push_back(
        {move, (after & pending) == 0, (after & pos.objecting & left & ~before) != 0, declarable});
  }
  const bool any_relieving =
      std::any_of(judged.begin(), judged.end(), [](auto& j) { return j.relieves; });
  std::erase_if(judged, [&](auto& j) { return any_relieving && !j.relieves; });
  const bool any_clean =
      std::any_of(judged.begin(), judged.end(), [](auto& j) { return !j.exposes; });
  std::erase_if(judged, [&](auto& j) { return any_clean && j.exposes; });
  if (judged.empty()) moves.push_back(encode({MoveKind::kPass}));
  for (const Judged& j : judged) {
    for (std::uint8_t subset = j.declarable;; subset = (subset - 1) & j.declarable) {
      moves.push_back(with_declarations(j.move, subset));
      if (subset == 0) break;
    }
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

TEST(HexiMerosLegalMoves, ZonesAgreeWithBruteForce) {
  for (int players : {2, 3, 6}) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      SeededRandom rng(seed), chooser(seed + 100);
      auto state = new_game(players);
      ASSERT_TRUE(state);
      for (int ply = 0; ply < 600 && !state->outcome().finished; ++ply) {
        Result<Position> pos = parse_position(state->serialize());
        ASSERT_TRUE(pos.ok());
        const std::vector<Move> moves = state->legal_moves();
        ASSERT_EQ(moves, brute_force_legal_moves(*pos))
            << players << " players, seed " << seed << ", ply " << ply << "\n"
            << state->serialize();
        state->apply(moves[chooser.draw("choice", static_cast<std::uint32_t>(moves.size()))], rng);
      }
    }
  }
}

}  // namespace
}  // namespace rules::heximeros::testing
