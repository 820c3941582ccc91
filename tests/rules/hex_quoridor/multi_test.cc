// Hex Quoridor with more than two players: seating, random first player, turn order,
// elimination with fence transfer (rules-spec §4.9.5, I-HQ-3, I-HQ-6), team play (I-HQ-12),
// passing (I-HQ-4), resignation (I-HQ-11), the ply limit (I-HQ-9) and placements (I-HQ-10).

#include <gtest/gtest.h>

#include <algorithm>

#include "test_util.h"

namespace rules::hex_quoridor::testing {
namespace {

using Strings = std::vector<std::string>;

std::vector<int> placements(const State& state) {
  std::vector<int> out;
  for (const SeatResult& seat : state.outcome().seats) out.push_back(seat.placement);
  return out;
}

std::vector<double> scores(const State& state) {
  std::vector<double> out;
  for (const SeatResult& seat : state.outcome().seats) out.push_back(seat.score);
  return out;
}

TEST(HexQuoridorSetup, SeatsSidesAndFenceSupply) {  // rules-spec §4.4, §4.3 supply, I-HQ-13
  EXPECT_EQ(new_game(2)->serialize(),
            "hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:9,i3:9 fences=-");
  EXPECT_EQ(new_game(3)->serialize(),
            "hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:6,g1:6,g7:6 fences=-");
  EXPECT_EQ(new_game(4)->serialize(),
            "hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:4,c1:4,i3:4,g7:4 fences=-");
  EXPECT_EQ(new_game(6)->serialize(),
            "hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:3,c1:3,g1:3,i3:3,g7:3,c7:3 "
            "fences=-");
}

TEST(HexQuoridorSetup, FirstPlayerIsDrawnAtCreate) {  // rules-spec §4.4 [SRC]
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    SeededRandom rng(seed);
    Result<std::unique_ptr<State>> state = game().create(GameConfig{6, {}}, rng);
    ASSERT_TRUE(state.ok());
    ASSERT_EQ(rng.draws().size(), 1U);
    EXPECT_EQ(rng.draws()[0].purpose, "first-player");
    EXPECT_EQ(rng.draws()[0].bound, 6U);
    EXPECT_EQ((*state)->to_move(), std::vector<int>{static_cast<int>(rng.draws()[0].value)});
  }
  EXPECT_EQ(new_game(3, 2)->to_move(), std::vector<int>{2});
}

TEST(HexQuoridorSetup, TurnOrderIsClockwiseFromTheFirstPlayer) {  // I-HQ-3
  auto state = new_game(4, 2);
  std::vector<int> order;
  for (const char* move : {"h3", "g6", "a2", "c2", "h2"}) {
    order.push_back(state->to_move()[0]);
    ASSERT_EQ(play_text(*state, move), move);
  }
  EXPECT_EQ(order, (std::vector<int>{2, 3, 0, 1, 2}));
}

TEST(HexQuoridorSetup, OptionsAreChecked) {
  SeededRandom rng(1);
  Result<std::unique_ptr<State>> teams3 = game().create(GameConfig{3, {{"teams", "on"}}}, rng);
  ASSERT_FALSE(teams3.ok());
  EXPECT_EQ(teams3.error(),
            (RuleError{ErrorCode::kBadOptions, "team play needs 4 or 6 players, not 3"}));
  Result<std::unique_ptr<State>> size6 = game().create(GameConfig{2, {{"board-size", "6"}}}, rng);
  ASSERT_FALSE(size6.ok());
  EXPECT_EQ(size6.error().code, ErrorCode::kBadOptions);
  Result<std::unique_ptr<State>> five = game().create(GameConfig{5, {}}, rng);
  ASSERT_FALSE(five.ok());
  EXPECT_EQ(five.error().code, ErrorCode::kBadOptions);
}

// Three players: seat 0 (S) on a3, seat 1 (NW) inside the west pocket {e1, d1, f1, e2} that
// Ff1E+ closes, seat 2 (NE) inside the north pocket {i5, i4, h5, h6} that Fh4NE- closes.
constexpr std::string_view kTwoPockets =
    "hex-quoridor size=5 teams=off ply=4 turn=0 seats=a3:4,e2:5,h6:5 "
    "fences=Fc1NE+,Fd2NW+,Fg5E+,Fg6NE+";

TEST(HexQuoridorElimination, CuttingOffOnePlayerEliminatesHim) {  // rules-spec §4.9.5, I-HQ-6
  auto state = position(kTwoPockets);
  ASSERT_TRUE(state);
  EXPECT_EQ(play_text(*state, "Fh4NE-"), "Fh4NE- {eliminates seat 2}");
  // The pawn leaves the board; the placer gets seat 2's five fences (4 - 1 + 5).
  EXPECT_EQ(state->serialize(),
            "hex-quoridor size=5 teams=off ply=5 turn=1 seats=a3:8,e2:5,eliminated@1:0 "
            "fences=Fc1NE+,Fd2NW+,Fg5E+,Fg6NE+,Fh4NE-");
  EXPECT_FALSE(state->outcome().finished);
  // I-HQ-3: eliminated players are skipped.
  ASSERT_EQ(play_text(*state, "e1"), "e1");
  EXPECT_EQ(state->to_move(), std::vector<int>{0});
  // Two players remain, so the two-player rule applies: nobody may be cut off any more.
  EXPECT_EQ(play_text(*state, "Ff1E+"),
            "illegal_move: would cut off every path to the goal for seat 1");
}

TEST(HexQuoridorElimination, MayNotLeaveFewerThanTwoPlayers) {  // rules-spec §4.9.5, I-HQ-6
  auto state = position(
      "hex-quoridor size=5 teams=off ply=2 turn=0 seats=a3:6,i4:5,h6:5 fences=Fg5E+,Fg6NE+");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_text(*state, "Fh4NE-"),
            "illegal_move: would cut off every path to the goal for seats 1 and 2, leaving fewer "
            "than two players");
}

TEST(HexQuoridorElimination, MayNotCutOffThePlacer) {  // rules-spec §4.9.5, I-HQ-6
  auto state = position(
      "hex-quoridor size=5 teams=off ply=2 turn=0 seats=e2:5,g1:6,g7:5 fences=Fc1NE+,Fd2NW+");
  ASSERT_TRUE(state);
  EXPECT_EQ(play_text(*state, "Ff1E+"),
            "illegal_move: would cut off every path to the goal for seat 0, the player placing it");
  EXPECT_FALSE(legal(*state, "Ff1E+"));
}

TEST(HexQuoridorElimination, PlacementsAfterAWin) {  // I-HQ-10
  auto state = position(
      "hex-quoridor size=5 teams=off ply=10 turn=0 seats=h3:8,e1:5,eliminated@1:0 "
      "fences=Fc1NE+,Fd2NW+,Fg5E+,Fg6NE+,Fh4NE-");
  ASSERT_TRUE(state);
  ASSERT_EQ(play_text(*state, "i3"), "i3");
  const Outcome outcome = state->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.summary, "seat 0 reached the goal side");
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(scores(*state), (std::vector<double>{1, 0, 0}));
  EXPECT_TRUE(state->legal_moves().empty());
  EXPECT_TRUE(state->to_move().empty());
}

TEST(HexQuoridorTeams, NobodyMayBeCutOff) {  // rules-spec §4.7 team play
  auto opponent = position(
      "hex-quoridor size=5 teams=on ply=2 turn=0 seats=a3:2,c1:4,i4:4,g7:4 fences=Fg5E+,Fg6NE+");
  ASSERT_TRUE(opponent);
  EXPECT_EQ(play_text(*opponent, "Fh4NE-"),
            "illegal_move: would cut off every path to the goal for seat 2 (nobody may be cut off "
            "in team play)");
  auto partner = position(
      "hex-quoridor size=5 teams=on ply=2 turn=0 seats=a3:2,e2:4,i3:4,g7:4 fences=Fc1NE+,Fd2NW+");
  ASSERT_TRUE(partner);
  EXPECT_EQ(play_text(*partner, "Ff1E+"),
            "illegal_move: would cut off every path to the goal for seat 1 (nobody may be cut off "
            "in team play)");
}

TEST(HexQuoridorTeams, OneMemberHomeWinsForTheTeam) {  // rules-spec §4.7 team play
  auto state =
      position("hex-quoridor size=5 teams=on ply=8 turn=1 seats=a3:4,h5:4,i3:4,g7:4 fences=-");
  ASSERT_TRUE(state);
  ASSERT_EQ(play_text(*state, "h6"), "h6");  // h6 is on the NE side, seat 1's goal
  EXPECT_EQ(state->outcome().summary, "team 0 (seats 0 and 1) wins, seat 1 reached the goal side");
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 1, 2, 2}));
  EXPECT_EQ(scores(*state), (std::vector<double>{1, 1, 0, 0}));
}

TEST(HexQuoridorTeams, TwoPlayerTeamGameIsTheOrdinaryGame) {  // I-HQ-12
  auto plain = new_game(2, 1);
  auto teams = new_game(2, 1, {{"teams", "on"}});
  EXPECT_EQ(plain->legal_moves(), teams->legal_moves());
  ASSERT_FALSE(teams->resign(1).has_value());
  EXPECT_EQ(placements(*teams), (std::vector<int>{1, 2}));
}

TEST(HexQuoridorPass, PassOnlyWhenNothingElseIsLegal) {  // I-HQ-4, I-HQ-8
  // Seat 0 on a1 has no fences; its only open edge leads to seat 1 on b2, and every landing
  // behind b2 is fenced or taken by seat 2 on c3.
  auto state = position(
      "hex-quoridor size=5 teams=off ply=2 turn=0 seats=a1:0,b2:8,c3:8 fences=Fa2NW+,Fb1E-");
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_texts(*state), Strings{"pass"});
  EXPECT_EQ(play_text(*state, "b2"), "illegal_move: b2 is occupied by the pawn of seat 1");
  EXPECT_EQ(play_text(*state, "PASS"), "pass");
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
  EXPECT_EQ(play_text(*new_game(2), "pass"),
            "illegal_move: seat 0 cannot pass: passing is allowed only when no pawn move or fence "
            "placement is legal");
}

TEST(HexQuoridorResign, TwoPlayersTheOpponentWins) {  // I-HQ-11
  auto state = new_game(2);
  ASSERT_FALSE(state->resign(0).has_value());
  EXPECT_EQ(state->outcome().summary, "seat 0 resigned, seat 1 wins");
  EXPECT_EQ(placements(*state), (std::vector<int>{2, 1}));
  EXPECT_EQ(state->resign(1)->code, ErrorCode::kGameOver);
  EXPECT_EQ(state->resign(2)->code, ErrorCode::kBadNotation);
}

TEST(HexQuoridorResign, MultiPlayerTheSeatLeavesAndPlayGoesOn) {  // I-HQ-11, I-HQ-10
  auto state = new_game(3, 1);
  ASSERT_FALSE(state->resign(1).has_value());  // the player to move resigns
  EXPECT_EQ(state->to_move(), std::vector<int>{2});
  EXPECT_EQ(state->serialize(),
            "hex-quoridor size=5 teams=off ply=0 turn=2 seats=a3:6,resigned@1:6,g7:6 fences=-");
  EXPECT_EQ(state->resign(1)->message, "seat 1 has already left the game");
  ASSERT_FALSE(state->resign(0).has_value());
  EXPECT_EQ(state->outcome().summary, "seat 2 wins, every other player is out");
  EXPECT_EQ(placements(*state), (std::vector<int>{2, 3, 1}));
}

TEST(HexQuoridorResign, TeamPlaysOnUntilAllMembersLeft) {  // I-HQ-11
  auto state = new_game(4, 0, {{"teams", "on"}});
  ASSERT_FALSE(state->resign(0).has_value());
  EXPECT_FALSE(state->outcome().finished);
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
  ASSERT_FALSE(state->resign(1).has_value());
  EXPECT_EQ(state->outcome().summary, "team 1 (seats 2 and 3) wins, every other player is out");
  EXPECT_EQ(placements(*state), (std::vector<int>{2, 2, 1, 1}));
}

TEST(HexQuoridorPlyLimit, DrawAfter1000Plies) {  // I-HQ-9, I-HQ-10
  auto state = position(
      "hex-quoridor size=5 teams=off ply=999 turn=0 seats=a3:8,e1:5,eliminated@1:0 "
      "fences=Fc1NE+,Fd2NW+,Fg5E+,Fg6NE+,Fh4NE-");
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->outcome().finished);
  ASSERT_EQ(play_text(*state, "a4"), "a4");
  EXPECT_EQ(state->outcome().summary, "draw, 1000 plies without a winner");
  EXPECT_EQ(placements(*state), (std::vector<int>{1, 1, 3}));
  EXPECT_EQ(scores(*state), (std::vector<double>{0.5, 0.5, 0}));
  EXPECT_EQ(game().info.max_plies, 1000);
}

// Team games are not in the generic contract suite (it runs options at the smallest player
// count), so the same promises are checked here.
void play_random_game(int players, const std::map<std::string, std::string>& options,
                      std::uint64_t seed) {
  SeededRandom rng(seed);
  Result<std::unique_ptr<State>> created = game().create(GameConfig{players, options}, rng);
  ASSERT_TRUE(created.ok());
  State& state = **created;
  int plies = 0;
  while (!state.outcome().finished) {
    ASSERT_LT(plies++, game().info.max_plies);
    const std::vector<Move> moves = state.legal_moves();
    ASSERT_FALSE(moves.empty());
    ASSERT_TRUE(std::is_sorted(moves.begin(), moves.end()));
    ASSERT_TRUE(std::adjacent_find(moves.begin(), moves.end()) == moves.end());
    Result<std::unique_ptr<State>> loaded = game().load(state.serialize());
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ((*loaded)->serialize(), state.serialize());
    const Move move = moves[rng.draw("choice", static_cast<std::uint32_t>(moves.size()))];
    ASSERT_EQ(*state.parse_move(state.format_move(move)), move);
    ASSERT_TRUE(play(state, state.format_move(move), rng).ok());
  }
  const Outcome outcome = state.outcome();
  ASSERT_EQ(static_cast<int>(outcome.seats.size()), players);
  for (int s = 0; s < players; s += 2) {  // partners share their result
    EXPECT_EQ(outcome.seats[s].placement, outcome.seats[s + 1].placement);
  }
}

TEST(HexQuoridorTeams, RandomTeamGamesKeepTheContract) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    play_random_game(4, {{"teams", "on"}}, seed);
    play_random_game(6, {{"teams", "on"}}, seed);
  }
}

}  // namespace
}  // namespace rules::hex_quoridor::testing
