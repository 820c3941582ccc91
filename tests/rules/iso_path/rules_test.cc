// Iso-Path rules: the tricky positions of rules-spec §2.9, every interpretation ID of
// rules/iso_path/README.md, the exact wording of illegal-turn messages, and a scripted game.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "rules/core/play.h"
#include "rules/iso_path/iso_path.h"
#include "test_util.h"

namespace rules::iso_path::testing {
namespace {

const Geometry& h4() { return *geometry_for_side(4); }

// Plays a turn that must be legal; returns the record.
std::string accept(State& state, const std::string& text) {
  NoRandom no_draws;
  Result<std::string> record = play(state, text, no_draws);
  EXPECT_TRUE(record.ok()) << text << ": " << (record.ok() ? "" : record.error().message);
  EXPECT_FALSE(no_draws.used());
  return record.ok() ? *record : "";
}

// Plays a turn that must be illegal; returns the message and checks the state is unchanged.
std::string reject(State& state, const std::string& text,
                   ErrorCode code = ErrorCode::kIllegalMove) {
  const std::string before = state.serialize();
  NoRandom no_draws;
  Result<std::string> record = play(state, text, no_draws);
  EXPECT_FALSE(record.ok()) << text << " was accepted";
  EXPECT_EQ(state.serialize(), before);
  if (record.ok()) return "";
  EXPECT_EQ(record.error().code, code) << record.error().message;
  return record.error().message;
}

bool is_listed(const State& state, const std::string& text) {
  Result<Move> move = state.parse_move(text);
  const std::vector<Move> legal = state.legal_moves();
  return move.ok() && std::binary_search(legal.begin(), legal.end(), *move);
}

// §2.9.1 Teleport threat: d7 counts as a neighbour of d1.
TEST(IsoPathTricky, TeleportThreatAllowsCaptureAcrossTheBoard) {
  const std::string cells =
      cells_text(h4(), {{"d1", 'W'}, {"b3", 'W'}, {"d7", 'B'}, {"e1", 'B'}}, {});
  auto state = load_position(cells, "black");
  EXPECT_TRUE(is_listed(*state, "xd1 Tc3-c4"));
  EXPECT_EQ(accept(*state, "x16 Tc3-c4"), "xd1 Tc3-c4");
  // Without the teleport neighbour there is no threat.
  auto without = load_position(
      cells_text(h4(), {{"d1", 'W'}, {"b3", 'W'}, {"d6", 'B'}, {"e1", 'B'}}, {}), "black");
  EXPECT_EQ(reject(*without, "xd1 Tc3-c4"),
            "first action: cannot capture d1: it was not threatened at the start of your turn");
}

// §2.9.2 No walk-up capture: the threat must exist at the start of the turn.
TEST(IsoPathTricky, NoWalkUpCaptureButTheNextTurnMayCapture) {
  const std::string cells = cells_text(
      h4(), {{"c3", 'W'}, {"b1", 'W'}, {"b2", '2'}, {"d4", 'B'}, {"e3", 'B'}, {"d3", '0'}}, {});
  auto state = load_position(cells, "black");
  EXPECT_EQ(reject(*state, "e3-d3 xc3"),
            "second action: cannot capture c3: it was not threatened at the start of your turn");
  EXPECT_EQ(accept(*state, "e3-d3 Tf5-b5"), "e3-d3 Tf5-b5");
  EXPECT_EQ(accept(*state, "Tf4-f5 b1-b2"), "Tf4-f5 b1-b2");  // c3 stays under threat
  EXPECT_EQ(accept(*state, "xc3 Tf1-f2"), "xc3 Tf1-f2");
  EXPECT_EQ(iso(*state).position().pieces[kWhite], bit(5));  // only b2 is left
}

// §2.9.3 Order matters: each action sees the position the previous one left.
TEST(IsoPathTricky, ActionOrderDecidesWhichCellsAreFree) {
  const std::string cells = cells_text(h4(), {{"f2", 'B'}, {"f3", '0'}, {"a1", 'W'}}, {"c1"});
  auto state = load_position(cells, "black");
  EXPECT_EQ(reject(*state, "Tc3-f2 f2-f3"),
            "first action: a piece stands on f2, so no tile can be put there");
  EXPECT_TRUE(is_listed(*state, "f2-f3 Tc3-f2"));
  // Filling f3, the only cell f2 could step to, leaves no second action (no capture either).
  EXPECT_EQ(reject(*state, "Tc3-f3"), "first action: Tc3-f3 leaves no legal second action");
  EXPECT_EQ(reject(*state, "Tc3-f3 f2-f3"),
            "second action: a piece cannot stand at height 1, and f3 has one tile");
  for (Move move : state->legal_moves()) {
    EXPECT_NE(state->format_move(move).substr(0, 7), "Tc3-f3 ");
  }
  EXPECT_EQ(accept(*state, "f2-f3 Tc3-f2"), "f2-f3 Tc3-f2");
}

// §2.9.4 Home-row rule: only the owner is barred from building on the home row.
TEST(IsoPathTricky, HomeRowRuleBarsTheOwnerOnly) {
  const std::string cells =
      cells_text(h4(), {{"a1", '2'}, {"a2", 'W'}, {"g2", 'B'}, {"f2", '0'}}, {});
  auto white = load_position(cells, "white");
  EXPECT_EQ(reject(*white, "Ta1-c3 a2-a1"), "first action: a1 is in your home row");
  EXPECT_EQ(reject(*white, "a2-a1 Tc3-a3"), "second action: a3 is in your home row");
  auto black = load_position(cells, "black");
  EXPECT_EQ(accept(*black, "Ta1-c3 g2-f2"), "Ta1-c3 g2-f2");
  auto black_again = load_position(cells, "black");
  EXPECT_EQ(reject(*black_again, "Tg1-c3 g2-f2"), "first action: g1 is in your home row");
  EXPECT_EQ(reject(*black_again, "g2-f2 Tc3-g3"), "second action: g3 is in your home row");
}

// §2.9.5 A winning first action is the whole turn; the loser gets no reply (I-IP-7 for '#').
TEST(IsoPathTricky, WinningFirstActionEndsTheTurnAndTheGame) {
  const std::string cells =
      cells_text(h4(), {{"f1", 'W'}, {"g1", '2'}, {"g2", 'B'}, {"g3", 'B'}}, {});
  auto state = load_position(cells, "white");
  EXPECT_TRUE(is_listed(*state, "f1-g1#"));
  EXPECT_FALSE(is_listed(*state, "f1-g1 Tc3-c4"));
  EXPECT_EQ(reject(*state, "f1-g1 Tc3-c4"), "second action: the game already ended with f1-g1#");
  EXPECT_EQ(state->format_move(*state->parse_move("29-34")), "f1-g1#");
  EXPECT_EQ(accept(*state, "f1-g1"), "f1-g1#");
  const Outcome outcome = state->outcome();
  EXPECT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.summary, "white (seat 0) reached black's home row");
  EXPECT_EQ(outcome.seats, (std::vector<SeatResult>{{1, 1.0}, {2, 0.0}}));
  EXPECT_EQ(reject(*state, "g2-f2 Tc3-f1", ErrorCode::kGameOver), "the game is over");
  EXPECT_TRUE(state->legal_moves().empty());
  EXPECT_NE(state->serialize().find(" result=white:home-row history="), std::string::npos);
}

// I-IP-2: the two actions may come in either order. I-IP-8: both orders are listed as two
// turns.
TEST(IsoPathInterpretation, IIP2BuildAndMoveInEitherOrder) {
  const std::string cells =
      cells_text(h4(), {{"b3", 'W'}, {"b4", '2'}, {"e3", 'B'}, {"e4", '0'}}, {});
  auto state = load_position(cells, "white");
  EXPECT_TRUE(is_listed(*state, "Tc3-c4 b3-b4"));
  EXPECT_TRUE(is_listed(*state, "b3-b4 Tc3-c4"));
  auto other = state->clone();
  accept(*state, "Tc3-c4 b3-b4");
  accept(*other, "b3-b4 Tc3-c4");
  EXPECT_EQ(state->serialize().substr(0, state->serialize().find(" history=")),
            other->serialize().substr(0, other->serialize().find(" history=")));
}

TEST(IsoPathInterpretation, IIP2TwoActionsOfTheSameKindAreRefused) {
  const std::string cells = cells_text(
      h4(), {{"b3", 'W'}, {"b4", '2'}, {"b2", '2'}, {"b1", 'W'}, {"e3", 'B'}}, {"c1", "c2", "f5"});
  auto state = load_position(cells, "white");
  EXPECT_EQ(reject(*state, "Tc3-c4 Tc5-c6"),
            "second action: a turn cannot have two builds; the two actions must be of different "
            "kinds");
  EXPECT_EQ(reject(*state, "b3-b4 b1-b2"),
            "second action: a turn cannot have two piece moves; the two actions must be of "
            "different kinds");
  EXPECT_EQ(reject(*state, "b3-b4"),
            "the turn needs a second action after b3-b4: only a winning action may stand alone");
}

// I-IP-3: a side with no legal complete turn loses.
TEST(IsoPathInterpretation, IIP3NoLegalTurnLoses) {
  // Black's only piece on g1: f1 and f2 taken by White, g2 and g4 (teleport) are tiled and in
  // Black's own home row, so Black can never dig them; one piece threatens nothing.
  const std::string cells = cells_text(
      h4(), {{"g1", 'B'}, {"g4", '2'}, {"f1", 'W'}, {"e2", 'W'}, {"f2", '2'}}, {"c1", "c2", "c5"});
  auto state = load_position(cells, "white");
  EXPECT_EQ(accept(*state, "e2-f2 Tc3-c4"), "e2-f2 Tc3-c4");
  const Outcome outcome = state->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.summary, "black (seat 1) has no legal turn, so white wins");
  EXPECT_EQ(outcome.seats, (std::vector<SeatResult>{{1, 1.0}, {2, 0.0}}));
  EXPECT_EQ(state->serialize().substr(state->serialize().find(" result=")).substr(0, 24),
            " result=white:no-turn hi");
  EXPECT_EQ((*definition().load(state->serialize()))->serialize(), state->serialize());
}

// I-IP-4: the third occurrence of a position (heights, pieces, side to move) is a draw.
TEST(IsoPathInterpretation, IIP4ThirdRepetitionDraws) {
  const std::string cells =
      cells_text(h4(), {{"c3", 'W'}, {"c4", '2'}, {"e3", 'B'}, {"e4", '0'}}, {});
  auto state = load_position(cells, "white");
  const std::vector<std::string> cycle = {"c3-c4 Tb1-b2", "e3-e4 Tb2-b1", "c4-c3 Tb1-b2",
                                          "e4-e3 Tb2-b1"};
  for (int round = 0; round < 2; ++round) {
    for (const std::string& turn : cycle) {
      EXPECT_FALSE(state->outcome().finished);
      accept(*state, turn);
    }
    EXPECT_EQ(iso(*state).repetitions(), round + 2);
  }
  const Outcome outcome = state->outcome();
  ASSERT_TRUE(outcome.finished);
  EXPECT_EQ(outcome.summary, "draw by third repetition");
  EXPECT_EQ(outcome.seats, (std::vector<SeatResult>{{1, 0.5}, {1, 0.5}}));
  EXPECT_EQ((*definition().load(state->serialize()))->serialize(), state->serialize());
}

// A capture cannot be undone, so positions before it can never recur: history restarts.
TEST(IsoPathInterpretation, IIP4CaptureClearsTheRepetitionHistory) {
  const std::string cells =
      cells_text(h4(), {{"d1", 'W'}, {"b3", 'W'}, {"b4", '2'}, {"d7", 'B'}, {"e1", 'B'}}, {"c6"});
  auto state = load_position(cells, "white");
  auto history = [&] {
    const std::string text = state->serialize();
    return text.substr(text.find(" history=") + 9);
  };
  const std::uint64_t start_hash = position_hash(iso(*state).position());
  accept(*state, "Tc1-c2 b3-b4");
  char expected[17];
  std::snprintf(expected, sizeof expected, "%016llx", static_cast<unsigned long long>(start_hash));
  EXPECT_EQ(history(), expected);
  accept(*state, "xd1 Tc3-c4");
  EXPECT_EQ(history(), "-");
  accept(*state, "Tc5-c6 b4-b3");
  EXPECT_EQ(history().size(), 16u);
}

// I-IP-4: the game is drawn when turn 300 ends without a result; a win on it still counts.
TEST(IsoPathInterpretation, IIP4TurnLimitDrawsAfterTurn300) {
  const std::string cells =
      cells_text(h4(), {{"c3", 'W'}, {"c4", '2'}, {"e3", 'B'}, {"e4", '0'}}, {});
  auto state = load_position(cells, "white", 299);
  accept(*state, "c3-c4 Tb1-b2");
  EXPECT_EQ(state->outcome().summary, "draw: 300 turns without a result");
  EXPECT_EQ(state->outcome().seats, (std::vector<SeatResult>{{1, 0.5}, {1, 0.5}}));
  EXPECT_EQ(definition().info.max_plies, 300);
  auto winning = load_position(
      cells_text(h4(), {{"f1", 'W'}, {"g1", '2'}, {"g2", 'B'}, {"g3", 'B'}}, {}), "white", 299);
  accept(*winning, "f1-g1#");
  EXPECT_EQ(winning->outcome().summary, "white (seat 0) reached black's home row");
}

// I-IP-9: results of the rules come before the anti-stalling draw: a 300th turn that leaves the
// opponent without a legal turn is a win (I-IP-3), not a draw.
TEST(IsoPathInterpretation, IIP9NoTurnLossBeatsTheTurnLimit) {
  const std::string cells = cells_text(
      h4(), {{"g1", 'B'}, {"g4", '2'}, {"f1", 'W'}, {"e2", 'W'}, {"f2", '2'}}, {"c1", "c2", "c5"});
  auto state = load_position(cells, "white", 299);
  accept(*state, "e2-f2 Tc3-c4");
  EXPECT_EQ(state->outcome().summary, "black (seat 1) has no legal turn, so white wins");
}

// I-IP-5: h5 plays with five pieces a side on a 61-cell board.
TEST(IsoPathInterpretation, IIP5H5OpeningAndTeleportsAtCorners) {
  SeededRandom rng(2);
  auto state = std::move(definition().create(GameConfig{2, {{"board", "h5"}}}, rng)).value();
  EXPECT_EQ(state->legal_moves().size(), 500u);
  EXPECT_EQ(accept(*state, "Tc4-b1 a1-b1"), "Tc4-b1 a1-b1");
  EXPECT_EQ(accept(*state, "Th5-b2 i5-h5"), "Th5-b2 i5-h5");
  EXPECT_EQ(accept(*state, "Tc3-c4 a5-a1"), "Tc3-c4 a5-a1");  // a1-a5 teleport
  EXPECT_EQ(accept(*state, "Th1-c3 i1-h1"), "Th1-c3 i1-h1");
  const Geometry& geo = *geometry_for_side(5);
  EXPECT_NE(geo.adjacent[26] & bit(34), 0u);  // e1-e9 teleport
}

// I-IP-6: the capture set is fixed at the start of the turn, so a threatening piece may move
// away first and the capture still stands.
TEST(IsoPathInterpretation, IIP6CaptureAfterAThreateningPieceMovedAway) {
  const std::string cells =
      cells_text(h4(), {{"d1", 'W'}, {"b3", 'W'}, {"d7", 'B'}, {"e1", 'B'}, {"e2", '0'}}, {"c3"});
  auto state = load_position(cells, "black");
  EXPECT_TRUE(is_listed(*state, "e1-e2 xd1"));
  EXPECT_TRUE(is_listed(*state, "xd1 e1-e2"));
  EXPECT_EQ(accept(*state, "e1-e2 xd1"), "e1-e2 xd1");
}

TEST(IsoPathRules, EscapingEndsTheThreat) {
  const std::string cells = cells_text(
      h4(), {{"c3", 'W'}, {"b1", 'W'}, {"b3", '2'}, {"d3", 'B'}, {"d4", 'B'}, {"e3", '0'}},
      {"c1", "c2"});
  auto state = load_position(cells, "white");
  EXPECT_EQ(accept(*state, "c3-b3 Tc5-c6"), "c3-b3 Tc5-c6");
  EXPECT_EQ(reject(*state, "xc3 d3-e3"), "first action: there is no white piece on c3 to capture");
}

// Passive capture: walking into a threat lets the opponent capture on the very next turn.
TEST(IsoPathRules, PassiveCaptureOnTheNextTurn) {
  const std::string cells = cells_text(
      h4(), {{"b3", 'W'}, {"c3", '2'}, {"a1", 'W'}, {"d3", 'B'}, {"d4", 'B'}}, {"c1", "c2"});
  auto state = load_position(cells, "white");
  EXPECT_EQ(accept(*state, "b3-c3 Tf4-f5"), "b3-c3 Tf4-f5");
  EXPECT_EQ(state->render(RenderOptions{-1, "", true}).find("capturable this turn: c3") !=
                std::string::npos,
            true);
  EXPECT_EQ(accept(*state, "Tf3-c1 xc3"), "Tf3-c1 xc3");
}

TEST(IsoPathRules, CapturingTheLastPieceWinsAlone) {
  const std::string cells = cells_text(h4(), {{"d1", 'W'}, {"d7", 'B'}, {"e1", 'B'}}, {"c3"});
  auto state = load_position(cells, "black");
  EXPECT_TRUE(is_listed(*state, "xd1"));
  EXPECT_FALSE(is_listed(*state, "xd1 Tc3-c4"));
  EXPECT_EQ(reject(*state, "xd1 Tc3-c4"), "second action: the game already ended with xd1#");
  EXPECT_EQ(accept(*state, "xd1"), "xd1#");
  EXPECT_EQ(state->outcome().summary, "black (seat 1) captured white's last piece");
  EXPECT_EQ(state->outcome().seats, (std::vector<SeatResult>{{2, 0.0}, {1, 1.0}}));
}

// I-IP-7: '#' marks the winning action, also a second one; a false '#' is refused.
TEST(IsoPathInterpretation, IIP7SecondActionMayWinAndIsMarked) {
  const std::string cells =
      cells_text(h4(), {{"f1", 'W'}, {"e1", '2'}, {"g1", '1'}, {"g2", 'B'}, {"g3", 'B'}}, {"c1"});
  auto state = load_position(cells, "white");
  // White may build on Black's empty home cell (only the owner is barred).
  EXPECT_EQ(state->format_move(*state->parse_move("Tc3-g1 f1-g1")), "Tc3-g1 f1-g1#");
  EXPECT_TRUE(is_listed(*state, "Tc3-c4 f1-e1"));
  EXPECT_EQ(reject(*state, "Tc3-c4 f1-e1#"),
            "'#' marks a winning turn, but Tc3-c4 f1-e1 does not win");
  EXPECT_EQ(reject(*state, "Tc3-c4 f1-e1#x", ErrorCode::kBadNotation),
            "unknown cell 'e1#x' in 'f1-e1#x': cells are a1-g4 or 1-37");
  EXPECT_EQ(accept(*state, "Tc3-g1 f1-g1"), "Tc3-g1 f1-g1#");
  EXPECT_TRUE(state->outcome().finished);
}

// Every message names the action and the rule, in the game's own terms.
TEST(IsoPathRules, IllegalActionsNameTheRule) {
  const std::string cells = cells_text(
      h4(), {{"c3", 'W'}, {"b1", 'W'}, {"b2", '2'}, {"d4", 'B'}, {"e3", 'B'}, {"d3", '0'}}, {});
  auto state = load_position(cells, "white");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Tc4-c4 b1-b2", "first action: a tile must move to a different cell, not back onto c4"},
      {"Tc3-c4 b1-b2", "first action: a piece stands on c3, so its tiles cannot move"},
      {"Td3-c4 b1-b2", "first action: d3 has no tile to take"},
      {"Tc4-d4 b1-b2", "first action: a piece stands on d4, so no tile can be put there"},
      {"Tc4-b2 b1-b2", "first action: b2 already has two tiles, the most a cell holds"},
      {"c4-c5 Tc1-c2", "first action: there is no piece on c4"},
      {"d4-d3 Tc1-c2", "first action: d4 holds a black piece; you play white"},
      {"b1-b1 Tc1-c2", "first action: a piece must move to another cell, not stay on b1"},
      {"b1-b3 Tc1-c2",
       "first action: b1 and b3 are not adjacent (the only teleports are a1-a4, d1-d7, g1-g4)"},
      {"Tc1-c2 b1-c3",
       "second action: b1 and c3 are not adjacent (the only teleports are "
       "a1-a4, d1-d7, g1-g4)"},
      {"Tc1-c2 c3-d4", "second action: d4 is occupied"},
      {"c3-c4 Tc1-c2", "first action: a piece cannot stand at height 1, and c4 has one tile"},
      {"c3-d3 Tc1-c2", "first action: white pieces stand only at height 2, and d3 is at height 0"},
      {"xc4 Tc1-c2", "first action: there is no black piece on c4 to capture"},
      {"xd4 Tc1-c2",
       "first action: cannot capture d4: it was not threatened at the start of "
       "your turn"},
      {"Tc1-c2 xe3",
       "second action: cannot capture e3: it was not threatened at the start of "
       "your turn"},
  };
  for (const auto& [text, message] : cases) EXPECT_EQ(reject(*state, text), message) << text;
  EXPECT_EQ(reject(*state, "Tc1-b1 b1-b2"),
            "first action: a piece stands on b1, so no tile can be put there");
  auto black = load_position(cells, "black");
  EXPECT_EQ(reject(*black, "Tc1-c2 e3-e4"),
            "second action: a piece cannot stand at height 1, and e4 has one tile");
  EXPECT_EQ(reject(*black, "Tc1-b2 e3-d3"),
            "first action: b2 already has two tiles, the most a cell holds");
  EXPECT_EQ(reject(*black, "Tc1-c2 d4-c3"), "second action: c3 is occupied");
}

TEST(IsoPathRules, ResignationAndGameOver) {
  auto state = load_position(cells_text(h4(), {{"c3", 'W'}, {"e3", 'B'}}, {}), "white");
  Result<std::unique_ptr<State>> loaded = definition().load(state->serialize());
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(state->resign(2)->message, "resign 2: no such seat (seats are 0 and 1)");
  EXPECT_FALSE(state->resign(1).has_value());
  EXPECT_EQ(state->outcome().summary, "black (seat 1) resigned");
  EXPECT_EQ(state->outcome().seats, (std::vector<SeatResult>{{1, 1.0}, {2, 0.0}}));
  EXPECT_EQ(state->resign(0)->code, ErrorCode::kGameOver);
  EXPECT_EQ(state->validate(0)->code, ErrorCode::kGameOver);
  EXPECT_TRUE(state->to_move().empty());
  EXPECT_EQ((*definition().load(state->serialize()))->serialize(), state->serialize());
}

// A scripted game from the start to a home-row win: a capture, building on a freed cell, the
// a1-a4 teleport, and Black digging White's vacated home cell (allowed to the opponent).
TEST(IsoPathGolden, ScriptedGameEndsInAHomeRowWin) {
  auto state = load_position("WWWW/11111/111111/1111111/111111/11111/BBBB", "white", 0);
  const std::vector<std::string> turns = {
      "Tc1-b5 a4-b5", "Tf5-c1 g4-f5", "Tc2-c6 b5-c6", "Te5-c2 f5-e5", "Td6-d7 c6-d7",
      "Td5-c3 e5-d5", "Tc4-e6 d7-e6", "Tb1-b2 d5-d6", "Tc3-f5 a1-b2", "Tf4-b1 g3-f4",
      "Tc6-f5 e6-f5", "d6-e5 Tc5-c6", "Tb5-g4 a3-a4", "xf5 Tf5-c4",   "Tc1-d1 a4-a1",
      "Tb4-d4 e5-d5", "a1-a4 Td2-d3", "Ta3-e4 d5-c5", "Tc2-c1 b2-a1", "Ta3-e3 c5-b4",
      "Tc3-b5 a4-b5", "b4-a3"};
  std::vector<std::string> records;
  for (const std::string& turn : turns) records.push_back(accept(*state, turn));
  std::vector<std::string> expected = turns;
  expected.back() = "b4-a3#";
  EXPECT_EQ(records, expected);
  EXPECT_EQ(state->outcome().summary, "black (seat 1) reached white's home row");
  const std::string final_text = state->serialize();
  EXPECT_EQ(final_text.substr(0, final_text.find(" history=")),
            "iso-path board=h4 white-seat=0 turns=22 to-move=white "
            "cells=WWB2/1210W/100102/2022002/112202/111B1/BB01 result=black:home-row");
  EXPECT_EQ(std::count(final_text.begin(), final_text.end(), ','), 7);  // 8 since the capture
}

}  // namespace
}  // namespace rules::iso_path::testing
