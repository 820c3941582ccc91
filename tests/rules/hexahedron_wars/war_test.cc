// Hexahedron Wars: war jumps with scripted rolls (ReplayRandom), continuation plies, the War
// Monger rule, and replaying whole games from their recorded draws.

#include <gtest/gtest.h>

#include <set>

#include "test_util.h"

namespace rules::hexahedron_wars::testing {
namespace {

using dice::Orientation;

// A on e3 (top 3) declares war on B's 5 on e4; a7, B's first home square, is free.
Position war_position() {
  Position p(2);
  p.die("e3", 0, Orientation{3, 1, 5}).die("b2", 0, 6).die("e4", 1, 5).die("b7", 1, 6);
  return p;
}

Draw roll(const char* purpose, std::uint32_t value) { return {purpose, 6, value}; }
Draw reroll(std::uint32_t index) { return {"reroll-orientation", 24, index}; }

TEST(HexahedronWarsWar, VictoryRerollsTheDefenderHomeAndOffersAContinuation) {  // I-HW-14
  auto state = war_position().state();
  // Rolls 5 and 3; the defender's re-roll is orientation 4 of 24 = (2,1,3).
  EXPECT_EQ(
      play_with(*state, "e3:wN", {roll("war-attacker", 4), roll("war-defender", 2), reroll(4)}),
      "e3:wN {war 5-3 win; e4 -> a7 top 2}");
  EXPECT_EQ(die_at(*state, "e5"), "A315");  // jumped, orientation kept (I-HW-11)
  EXPECT_EQ(die_at(*state, "a7"), "B213");  // I-HW-15: first free square of its start base
  EXPECT_EQ(die_at(*state, "e4"), "-");
  EXPECT_EQ(state->to_move(), std::vector<int>{0});  // the same player continues (§0.1)
  EXPECT_NE(state->serialize().find("phase=cont"), std::string::npos);
  EXPECT_NE(state->serialize().find("cont=e5:0:3:e3.e5"), std::string::npos);
  EXPECT_TRUE(is_legal(*state, "+:end"));
  EXPECT_TRUE(is_legal(*state, "+:N,N"));  // a top 3 keeps its 2 steps (I-HW-8)
  EXPECT_FALSE(is_legal(*state, "+:N,N,N"));
  EXPECT_TRUE(is_legal(*state, "+:S"));  // the defeated die's square is free, never visited
  EXPECT_EQ(rejection(*state, "+:S,S"),
            "illegal_move: e3 was already visited this turn: a move may not visit a square "
            "twice");  // I-HW-9 holds across the continuation
  EXPECT_EQ(rejection(*state, "b2:N"),
            "illegal_move: you won the war with the die on e5: continue with +:<tokens> or "
            "+:end");
  EXPECT_EQ(play_ok(*state, "+:W"), "+:W");
  EXPECT_EQ(die_at(*state, "d5"), "A514");
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
}

TEST(HexahedronWarsWar, StepsBeforeTheWarCountAgainstTheAllowance) {  // I-HW-14
  Position p(2);
  p.die("e2", 0, Orientation{6, 5, 4}).die("e4", 1, 5).die("b7", 1, 6);
  auto state = p.state();  // e2:N gives top 2 on e3, no more than 5: war
  play_with(*state, "e2:N,wN", {roll("war-attacker", 5), roll("war-defender", 0), reroll(0)});
  EXPECT_NE(state->serialize().find("cont=e5:1:6:e2.e3.e5"), std::string::npos);
  EXPECT_TRUE(is_legal(*state, "+:N,E"));
  EXPECT_EQ(rejection(*state, "+:N,E,E"),
            "illegal_move: a die showing 6 may take only 3 steps this turn");
  EXPECT_EQ(play_ok(*state, "+:end"), "+:end");
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
}

TEST(HexahedronWarsWar, AContinuationIsOfferedEvenWithNothingLeftToDo) {  // I-HW-29
  Position p(2);
  p.die("e2", 0, Orientation{2, 6, 4}).die("e4", 1, 5).die("b7", 1, 6);
  auto state = p.state();  // one step (top 2 at the start), then war with top 1
  play_with(*state, "e2:N,wN", {roll("war-attacker", 1), roll("war-defender", 0), reroll(0)});
  EXPECT_EQ(legal_texts(*state), std::vector<std::string>{"+:end"});
  EXPECT_EQ(state->to_move(), std::vector<int>{0});
  EXPECT_EQ(play_ok(*state, "+:END"), "+:end");
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
}

TEST(HexahedronWarsWar, TiesAreRerolledAndDefeatSendsTheAttackerHome) {  // §1.7
  auto state = war_position().state();
  EXPECT_EQ(play_with(*state, "e3:wN",
                      {roll("war-attacker", 2), roll("war-defender", 2), roll("war-attacker", 1),
                       roll("war-defender", 4), reroll(20)}),
            "e3:wN {war 3-3, 2-5 loss; e3 -> a1 top 6}");
  EXPECT_EQ(die_at(*state, "a1"), "A623");
  EXPECT_EQ(die_at(*state, "e3"), "-");
  EXPECT_EQ(die_at(*state, "e4").substr(0, 2), "B5");  // the defender stays
  EXPECT_EQ(state->to_move(), std::vector<int>{1});    // defeat ends the turn
}

TEST(HexahedronWarsWar, ContinuationMayDeclareAnotherWar) {  // §1.11
  Position p(2);
  p.die("e3", 0, Orientation{3, 1, 5}).die("e4", 1, 5).die("d5", 1, 3).die("b7", 1, 6);
  auto state = p.state();
  play_with(*state, "e3:wN", {roll("war-attacker", 4), roll("war-defender", 2), reroll(4)});
  EXPECT_EQ(
      play_with(*state, "+:wW", {roll("war-attacker", 5), roll("war-defender", 0), reroll(5)}),
      "+:wW {war 6-1 win; d5 -> c7 top 2}");
  EXPECT_EQ(die_at(*state, "c5"), "A315");
  EXPECT_EQ(state->to_move(), std::vector<int>{0});
  EXPECT_NE(state->serialize().find("cont=c5:0:3:e3.c5.e5"), std::string::npos);
}

TEST(HexahedronWarsWar, WarMongerRemovesTheDieAndCanEndTheGame) {  // §1.12 #3
  // B's start base (rank 7) is full of A dice, so a defeated B die has nowhere to go. B's only
  // other die already stands in its finishing base: once d4 leaves, B is home and the game ends.
  Position p(2);
  for (const char* square : {"a7", "b7", "c7", "d7", "e7", "f7", "g7"}) p.die(square, 0, 1);
  p.die("d3", 0, 2).die("d4", 1, 5).die("c1", 1, 6);
  auto state = p.state();
  EXPECT_EQ(play_with(*state, "d3:wN", {roll("war-attacker", 5), roll("war-defender", 0)}),
            "d3:wN {war 6-1 win; d4 removed (war monger); game over}");
  const Outcome outcome = state->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.seats, (std::vector<SeatResult>{{1, 7}, {2, 6}}));
  EXPECT_EQ(outcome.summary,
            "B brought every remaining die to the finishing base; scores A 7, B 6; A wins");
}

TEST(HexahedronWarsWar, WarMongerAlsoAppliesToADefeatedAttacker) {  // §1.7
  Position p(2);
  for (const char* square : {"a1", "b1", "c1", "d1", "e1", "f1", "g1"}) p.die(square, 1, 1);
  p.die("d3", 0, 2).die("a5", 0, 6).die("d4", 1, 5);
  auto state = p.state();
  EXPECT_EQ(play_with(*state, "d3:wN", {roll("war-attacker", 0), roll("war-defender", 5)}),
            "d3:wN {war 1-6 loss; d3 removed (war monger)}");
  EXPECT_EQ(die_at(*state, "d3"), "-");
  EXPECT_FALSE(state->outcome().finished);
  EXPECT_EQ(state->to_move(), std::vector<int>{1});
}

// ---- replay -------------------------------------------------------------------------------

struct RecordedGame {
  std::vector<Draw> setup;
  std::vector<std::pair<std::string, std::vector<Draw>>> plies;
  std::string final_position;
};

RecordedGame play_recorded(int players, const std::string& blockers, std::uint64_t seed) {
  RecordedGame recorded;
  SeededRandom rng(seed), chooser(seed + 100);
  auto state =
      std::move(game().create(GameConfig{players, {{"victory-blockers", blockers}}}, rng)).value();
  recorded.setup = rng.take_draws();
  while (!state->outcome().finished) {
    const std::vector<Move> moves = state->legal_moves();
    const Move move = moves[chooser.draw("choice", static_cast<std::uint32_t>(moves.size()))];
    Result<std::string> record = play(*state, state->format_move(move), rng);
    recorded.plies.emplace_back(*record, rng.take_draws());
  }
  recorded.final_position = state->serialize();
  return recorded;
}

TEST(HexahedronWarsReplay, RecordedRollsReplayTheGameExactly) {  // §0.4
  const RecordedGame recorded = play_recorded(3, "medium", 17);
  ReplayRandom setup(recorded.setup);
  auto state =
      std::move(game().create(GameConfig{3, {{"victory-blockers", "medium"}}}, setup)).value();
  ASSERT_FALSE(setup.mismatch());
  const std::set<std::string> purposes = {"first-player", "blocker-value", "war-attacker",
                                          "war-defender", "reroll-orientation"};
  int wars = 0;
  for (const auto& [record, draws] : recorded.plies) {
    ReplayRandom rng(draws);
    Result<std::string> again = play(*state, record, rng);  // the record itself, annotation too
    ASSERT_TRUE(again.ok()) << record << ": " << again.error().message;
    EXPECT_EQ(*again, record);
    EXPECT_FALSE(rng.mismatch());
    for (const Draw& d : draws) EXPECT_TRUE(purposes.count(d.purpose)) << d.purpose;
    if (record.find("{war ") != std::string::npos) {
      ++wars;  // the first pair of rolls in the record is the first pair of draws
      const std::string first_pair =
          std::to_string(draws[0].value + 1) + "-" + std::to_string(draws[1].value + 1);
      EXPECT_NE(record.find("{war " + first_pair), std::string::npos) << record;
    }
  }
  EXPECT_EQ(state->serialize(), recorded.final_position);
  EXPECT_GT(wars, 0);
}

TEST(HexahedronWarsReplay, AChangedRollShowsInTheRecord) {  // §0.4
  const RecordedGame recorded = play_recorded(2, "none", 3);
  ReplayRandom setup(recorded.setup);
  auto state = std::move(game().create(GameConfig{2, {}}, setup)).value();
  for (const auto& [record, draws] : recorded.plies) {
    if (record.find("{war ") == std::string::npos) {
      ReplayRandom rng(draws);
      ASSERT_TRUE(play(*state, record, rng).ok());
      continue;
    }
    std::vector<Draw> forged = draws;
    forged[0].value = (forged[0].value + 1) % 6;
    ReplayRandom rng(forged);
    Result<std::string> again = play(*state, record, rng);
    ASSERT_TRUE(again.ok());
    EXPECT_NE(*again, record) << "a different attacker roll must change the record";
    return;
  }
  FAIL() << "no war in the recorded game";
}

}  // namespace
}  // namespace rules::hexahedron_wars::testing
