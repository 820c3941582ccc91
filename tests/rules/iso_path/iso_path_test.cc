// Iso-Path board, notation, serialization and rendering (rules/iso_path/README.md).

#include <gtest/gtest.h>

#include "rules/core/play.h"
#include "rules/iso_path/iso_path.h"
#include "rules/iso_path/notation.h"
#include "test_util.h"

namespace rules::iso_path::testing {
namespace {

const Geometry& h4() { return *geometry_for_side(4); }
const Geometry& h5() { return *geometry_for_side(5); }

// A new game with White on seat 0.
std::unique_ptr<State> new_game(const char* board = "h4") {
  const Geometry& geo = *geometry_for_side(board[1] - '0');
  std::string cells;
  for (int row = 0; row < geo.rows; ++row) {
    const char fill = row == 0 ? 'W' : row == geo.rows - 1 ? 'B' : '1';
    cells +=
        (row > 0 ? "/" : "") + std::string(static_cast<std::size_t>(geo.row_length[row]), fill);
  }
  return load_position(cells, "white", 0, board);
}

// The spec's adjacency rule (rules-spec §2.2), written from row and index alone: same row i±1;
// toward the middle row i and i+1; away from it i-1 and i; the middle row has i-1 and i on both
// sides; plus the three teleport pairs.
CellSet adjacency_by_rows(const Geometry& geo, int cell) {
  const int row = geo.row_of[cell], i = cell - geo.row_start[row], middle = geo.side - 1;
  CellSet cells = 0;
  auto add = [&](int r, int index) {
    if (r >= 0 && r < geo.rows && index >= 0 && index < geo.row_length[r]) {
      cells |= bit(geo.row_start[r] + index);
    }
  };
  add(row, i - 1);
  add(row, i + 1);
  for (int other : {row - 1, row + 1}) {
    const bool toward_middle = (other - row) * (middle - row) > 0;
    add(other, toward_middle ? i : i - 1);
    add(other, toward_middle ? i + 1 : i);
  }
  const int last = geo.rows - 1;
  for (int r : {0, middle, last}) {
    const int west = geo.row_start[r], east = west + geo.row_length[r] - 1;
    if (cell == west) cells |= bit(east);
    if (cell == east) cells |= bit(west);
  }
  return cells;
}

TEST(IsoPathBoard, H4HasPocket83RowsAndNumbering) {
  const Geometry& geo = h4();
  EXPECT_EQ(geo.cells, 37);
  EXPECT_EQ(geo.rows, 7);
  const int lengths[] = {4, 5, 6, 7, 6, 5, 4};
  for (int row = 0; row < 7; ++row) EXPECT_EQ(geo.row_length[row], lengths[row]);
  EXPECT_EQ(parse_cell(geo, "a1"), 0);
  EXPECT_EQ(parse_cell(geo, "b1"), 4);   // pocket83 5
  EXPECT_EQ(parse_cell(geo, "d1"), 15);  // 16
  EXPECT_EQ(parse_cell(geo, "d7"), 21);  // 22
  EXPECT_EQ(parse_cell(geo, "e1"), 22);  // 23
  EXPECT_EQ(parse_cell(geo, "g4"), 36);  // 37
  for (int cell = 0; cell < geo.cells; ++cell) {
    EXPECT_EQ(parse_cell(geo, std::to_string(cell + 1)), cell);
    EXPECT_EQ(parse_cell(geo, geo.name(cell)), cell);
  }
  EXPECT_EQ(parse_cell(geo, "h1"), -1);
  EXPECT_EQ(parse_cell(geo, "a5"), -1);
  EXPECT_EQ(parse_cell(geo, "38"), -1);
  EXPECT_EQ(parse_cell(geo, "0"), -1);
  EXPECT_EQ(parse_cell(geo, "016"), -1);
}

TEST(IsoPathBoard, AdjacencyFollowsTheSpecRowRuleIncludingTeleports) {
  for (const Geometry* geo : {&h4(), &h5()}) {
    for (int cell = 0; cell < geo->cells; ++cell) {
      EXPECT_EQ(geo->adjacent[cell], adjacency_by_rows(*geo, cell))
          << "h" << geo->side << " " << geo->name(cell);
      EXPECT_EQ(geo->adjacent[cell] & bit(cell), 0u);
    }
  }
}

TEST(IsoPathBoard, TeleportsAreTheThreeLateralPairsOnly) {
  const Geometry& geo = h4();
  auto adjacent = [&](const char* a, const char* b) {
    return (geo.adjacent[parse_cell(geo, a)] & bit(parse_cell(geo, b))) != 0;
  };
  EXPECT_TRUE(adjacent("a1", "a4"));
  EXPECT_TRUE(adjacent("16", "22"));  // d1-d7, the pair that matters for capture
  EXPECT_TRUE(adjacent("g4", "g1"));
  EXPECT_FALSE(adjacent("d1", "g4"));                                // never diagonal
  EXPECT_FALSE(adjacent("a1", "g1"));                                // never top-bottom
  EXPECT_FALSE(adjacent("c1", "c6"));                                // only rows a, d and g
  EXPECT_EQ(std::popcount(geo.adjacent[parse_cell(geo, "d1")]), 4);  // c1 d2 e1 + d7
}

// I-IP-5: h5 is the same construction with side 5.
TEST(IsoPathBoard, H5HasNineRowsFivePiecesAndCornerTeleports) {
  const Geometry& geo = h5();
  EXPECT_EQ(geo.cells, 61);
  EXPECT_EQ(geo.rows, 9);
  EXPECT_EQ(geo.pieces_per_colour, 5);
  const int lengths[] = {5, 6, 7, 8, 9, 8, 7, 6, 5};
  for (int row = 0; row < 9; ++row) EXPECT_EQ(geo.row_length[row], lengths[row]);
  EXPECT_EQ(geo.home[kWhite], bit(5) - 1);              // a1-a5 = 1-5
  EXPECT_EQ(geo.home[kBlack], (bit(5) - 1) << 56);      // i1-i5 = 57-61
  EXPECT_EQ(geo.name(geo.teleport_pairs[1][0]), "e1");  // 27
  EXPECT_EQ(geo.name(geo.teleport_pairs[1][1]), "e9");  // 35
  EXPECT_EQ(parse_cell(geo, "I5"), 60);
  EXPECT_EQ(parse_cell(geo, "61"), 60);
  const Position start = initial_position(geo);
  EXPECT_EQ(start.total_tiles(), 61);
  EXPECT_EQ(std::popcount(start.pieces[kWhite]), 5);
}

TEST(IsoPathSetup, InitialPositionMatchesTheRuleSheets) {
  const Position start = initial_position(h4());
  EXPECT_EQ(start.total_tiles(), 37);  // 37 tiles for 37 cells
  EXPECT_EQ(start.to_move, kWhite);    // I-IP-1
  EXPECT_EQ(iso(*new_game()).position(), start);
  SeededRandom rng(2);
  auto created = std::move(definition().create(GameConfig{2, {}}, rng)).value();
  ASSERT_EQ(rng.draws()[0].value, 0u);
  EXPECT_EQ(created->serialize(),
            "iso-path board=h4 white-seat=0 turns=0 to-move=white "
            "cells=WWWW/11111/111111/1111111/111111/11111/BBBB result=none history=-");
}

// I-IP-1: White moves first; which seat plays White is one draw labelled "first-player".
TEST(IsoPathSetup, SeatOfWhiteIsDrawnAndWhiteMovesFirst) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    SeededRandom rng(seed);
    auto state = std::move(definition().create(GameConfig{2, {}}, rng)).value();
    ASSERT_EQ(rng.draws().size(), 1u);
    EXPECT_EQ(rng.draws()[0].purpose, "first-player");
    EXPECT_EQ(rng.draws()[0].bound, 2u);
    const int white_seat = static_cast<int>(rng.draws()[0].value);
    EXPECT_EQ(state->to_move(), std::vector<int>{white_seat});
  }
}

TEST(IsoPathSetup, RejectsUnknownBoardSize) {
  SeededRandom rng(1);
  auto state = definition().create(GameConfig{2, {{"board", "h6"}}}, rng);
  ASSERT_FALSE(state.ok());
  EXPECT_EQ(state.error().code, ErrorCode::kBadOptions);
  EXPECT_EQ(state.error().message, "option board must be one of h4, h5, not 'h6'");
}

TEST(IsoPathNotation, AlgebraicNumbersAndCaseAllReadTheSameTurn) {
  auto state = new_game();
  const Move canonical = *state->parse_move("Tf3-b2 a2-b2");
  for (const char* text :
       {"T31-6 2-6", "tF3-B2 A2-b2", "Tf3-6 a2-B2", "  Tf3 - b2   a2-b2 ",
        "Tf3-b2 a2-b2 {annotation}", "Tf3-b2 a2-b2 // comment", "Tf3-b2 a2-b2;"}) {
    Result<Move> move = state->parse_move(text);
    ASSERT_TRUE(move.ok()) << text << ": " << move.error().message;
    EXPECT_EQ(*move, canonical) << text;
  }
  EXPECT_EQ(state->format_move(canonical), "Tf3-b2 a2-b2");
}

TEST(IsoPathNotation, SpecExamplesPlayAndPrintCanonically) {
  auto state = new_game();
  NoRandom no_draws;
  EXPECT_EQ(*play(*state, "Tf3-b2 a2-b2", no_draws), "Tf3-b2 a2-b2");
  EXPECT_EQ(*play(*state, "T30-7 35-30", no_draws), "Tf2-b3 g2-f2");
  EXPECT_FALSE(no_draws.used());
}

TEST(IsoPathNotation, BadSyntaxNamesTheToken) {
  auto state = new_game();
  auto error = [&](const char* text) {
    Result<Move> move = state->parse_move(text);
    EXPECT_FALSE(move.ok()) << text;
    if (move.ok()) return std::string();
    EXPECT_EQ(move.error().code, ErrorCode::kBadNotation) << text;
    return move.error().message;
  };
  EXPECT_EQ(error(""), "empty turn: write one or two actions, such as 'Tf3-b2 a2-b2'");
  EXPECT_EQ(error("{just a note}"), "empty turn: write one or two actions, such as 'Tf3-b2 a2-b2'");
  EXPECT_EQ(error("Tz9-b2 a2-b2"), "unknown cell 'z9' in 'Tz9-b2': cells are a1-g4 or 1-37");
  EXPECT_EQ(error("Tf3-b2 a2-38"), "unknown cell '38' in 'a2-38': cells are a1-g4 or 1-37");
  EXPECT_EQ(error("xe7"), "unknown cell 'e7' in 'xe7': cells are a1-g4 or 1-37");
  EXPECT_EQ(error("a2b2"),
            "cannot read 'a2b2': an action is T<from>-<to> (build), <from>-<to> (piece move) or "
            "x<cell> (capture)");
  EXPECT_EQ(error("Tf3-b2-c2"),
            "cannot read 'Tf3-b2-c2': an action is T<from>-<to> (build), <from>-<to> (piece "
            "move) or x<cell> (capture)");
  EXPECT_EQ(error("x"),
            "cannot read 'x': an action is T<from>-<to> (build), <from>-<to> (piece move) or "
            "x<cell> (capture)");
  EXPECT_EQ(error("Tf3-b2 a2-b2 xc3"),
            "a turn has at most two actions, but 'Tf3-b2 a2-b2 xc3' has 3");
  EXPECT_EQ(error("f1-g1# Tc3-c4"), "'#' may only end the last action, not 'f1-g1#'");
}

TEST(IsoPathNotation, EveryLegalTurnRoundTripsInBothCellStyles) {
  auto state = new_game();
  NoRandom no_draws;
  ASSERT_TRUE(play(*state, "Tf3-b2 a2-b2", no_draws).ok());
  const Geometry& geo = h4();
  for (Move move : state->legal_moves()) {
    const std::string text = state->format_move(move);
    EXPECT_EQ(*state->parse_move(text), move) << text;
    // The same turn with every cell as a pocket83 number.
    std::string numeric;
    for (std::size_t i = 0; i < text.size();) {
      if (text[i] >= 'a' && text[i] <= 'g') {
        numeric += std::to_string(parse_cell(geo, text.substr(i, 2)) + 1);
        i += 2;
      } else {
        numeric += text[i++];
      }
    }
    EXPECT_EQ(*state->parse_move(numeric), move) << numeric;
  }
}

TEST(IsoPathSerialize, LoadRoundTripsAndRejectsGarbage) {
  auto state = new_game("h5");
  const std::string first_hash = state->serialize().substr(state->serialize().rfind('=') + 1);
  NoRandom no_draws;
  ASSERT_TRUE(play(*state, "Tb3-b2 a2-b2", no_draws).ok());
  const std::string text = state->serialize();
  EXPECT_EQ(first_hash, "-");
  EXPECT_EQ(text.substr(0, text.find(" history=")),
            "iso-path board=h5 white-seat=0 turns=1 to-move=black "
            "cells=W2WWW/1W0111/1111111/11111111/111111111/11111111/1111111/111111/BBBBB "
            "result=none");
  EXPECT_EQ(text.size() - text.find(" history="), 9u + 16u);
  EXPECT_EQ((*definition().load(text))->serialize(), text);
  auto error = [](const std::string& bad) {
    Result<std::unique_ptr<State>> loaded = definition().load(bad);
    EXPECT_FALSE(loaded.ok()) << bad;
    if (loaded.ok()) return std::string();
    EXPECT_EQ(loaded.error().code, ErrorCode::kBadPosition);
    return loaded.error().message;
  };
  const std::string start =
      "iso-path board=h4 white-seat=0 turns=0 to-move=white "
      "cells=WWWW/11111/111111/1111111/111111/11111/BBBB result=none history=-";
  ASSERT_TRUE(definition().load(start).ok());
  auto with = [&](const std::string& from, const std::string& to) {
    std::string changed = start;
    changed.replace(changed.find(from), from.size(), to);
    return changed;
  };
  EXPECT_EQ(error(""),
            "not an Iso-Path position: expected the fields iso-path board= white-seat= turns= "
            "to-move= cells= result= history=");
  EXPECT_EQ(error(start + " "),
            "not an Iso-Path position: expected the fields iso-path board= white-seat= turns= "
            "to-move= cells= result= history=");
  EXPECT_EQ(error(with("h4", "h6")), "not an Iso-Path position: board must be h4 or h5");
  EXPECT_EQ(error(with("white-seat=0", "white-seat=2")),
            "not an Iso-Path position: white-seat must be 0 or 1");
  EXPECT_EQ(error(with("turns=0", "turns=01")), "not an Iso-Path position: turns must be a number");
  EXPECT_EQ(error(with("turns=0", "turns=301")),
            "not an Iso-Path position: turns must be 0 to 300");
  EXPECT_EQ(error(with("WWWW/", "WWW/")),
            "not an Iso-Path position: cells must list the board's rows, separated by '/', as W, "
            "B, 0, 1 or 2");
  EXPECT_EQ(error(with("WWWW/11111", "WWWW/11112")),
            "not an Iso-Path position: the board holds 37 tiles, not 38");
  EXPECT_EQ(error(with("result=none", "result=white:draw")),
            "not an Iso-Path position: unknown result");
  EXPECT_EQ(error(with("result=none", "result=draw:home-row")),
            "not an Iso-Path position: unknown result");
  EXPECT_EQ(error(with("result=none", "result=white:home-row")),
            "not an Iso-Path position: a home-row win needs the winner's piece in the loser's "
            "home row");
  EXPECT_EQ(error(with("history=-", "history=12")),
            "not an Iso-Path position: history must be '-' or comma-separated 16-digit hex "
            "hashes");
  EXPECT_EQ(error(with("history=-", "history=00000000000000AA")),
            "not an Iso-Path position: history must be '-' or comma-separated 16-digit hex "
            "hashes");
  EXPECT_EQ(error(with("history=-", "history=0000000000000001")),
            "not an Iso-Path position: history is longer than the game");
}

TEST(IsoPathSerialize, RejectsPositionsTheRulesCannotReach) {
  const Geometry& geo = h4();
  auto error = [](const std::string& cells, const char* extra = "result=none history=-",
                  const char* turns = "10") {
    const std::string text = std::string("iso-path board=h4 white-seat=0 turns=") + turns +
                             " to-move=white cells=" + cells + " " + extra;
    Result<std::unique_ptr<State>> loaded = definition().load(text);
    EXPECT_FALSE(loaded.ok()) << text;
    return loaded.ok() ? std::string() : loaded.error().message;
  };
  const std::string ordinary = cells_text(geo, {{"c3", 'W'}, {"e3", 'B'}}, {});
  EXPECT_EQ(error(cells_text(
                geo, {{"a1", 'W'}, {"a2", 'W'}, {"a3", 'W'}, {"a4", 'W'}, {"b1", 'W'}, {"g1", 'B'}},
                {"c1", "c2", "c3", "c4"})),
            "not an Iso-Path position: too many white pieces");
  EXPECT_EQ(error(cells_text(geo, {{"g2", 'W'}, {"e3", 'B'}}, {})),
            "not an Iso-Path position: a piece stands in the opponent's home row, but the game "
            "goes on");
  EXPECT_EQ(error(cells_text(geo, {{"c3", 'W'}}, {"c4"})),
            "not an Iso-Path position: a side has no pieces left");
  EXPECT_EQ(error(ordinary, "result=none history=-", "300"),
            "not an Iso-Path position: the game should have ended in a draw");
  EXPECT_EQ(error(ordinary, "result=draw:turn-limit history=-", "299"),
            "not an Iso-Path position: a draw by the turn limit needs 300 turns");
  EXPECT_EQ(error(ordinary, "result=draw:repetition history=-"),
            "not an Iso-Path position: a draw by repetition needs the position three times");
  EXPECT_EQ(error(ordinary, "result=black:last-piece history=-"),
            "not an Iso-Path position: a last-piece win needs the loser to have no pieces");
  EXPECT_EQ(error(ordinary, "result=black:no-turn history=-"),
            "not an Iso-Path position: a no-turn win needs the loser to move without a legal "
            "turn");
}

TEST(IsoPathRender, DefaultOrientationHasWhiteHomeOnTop) {
  auto state = new_game();
  EXPECT_EQ(state->render(RenderOptions{}),
            "Iso-Path h4, turn 1: white (seat 0) to move\n"
            "a       W   W   W   W           1-4   white home\n"
            "b     1   1   1   1   1         5-9\n"
            "c   1   1   1   1   1   1       10-15\n"
            "d 1   1   1   1   1   1   1     16-22\n"
            "e   1   1   1   1   1   1       23-28\n"
            "f     1   1   1   1   1         29-33\n"
            "g       B   B   B   B           34-37 black home\n"
            "W white piece (on 2 tiles), B black piece (on the board), digits: tiles on an "
            "empty cell");
  EXPECT_EQ(state->render(RenderOptions{1, "", false}), state->render(RenderOptions{}));
}

TEST(IsoPathRender, WhitesSeatSeesTheBoardRotatedWithDetails) {
  auto state = new_game();
  NoRandom no_draws;
  ASSERT_TRUE(play(*state, "Tf3-b2 a2-b2", no_draws).ok());
  EXPECT_EQ(state->render(RenderOptions{0, "", true}),
            "Iso-Path h4, turn 2: black (seat 1) to move\n"
            "g       B   B   B   B           34-37 black home\n"
            "f     1   1   0   1   1         29-33\n"
            "e   1   1   1   1   1   1       23-28\n"
            "d 1   1   1   1   1   1   1     16-22\n"
            "c   1   1   1   1   1   1       10-15\n"
            "b     1   1   1   W   1         5-9\n"
            "a       W   W   2   W           1-4   white home\n"
            "W white piece (on 2 tiles), B black piece (on the board), digits: tiles on an "
            "empty cell\n"
            "teleports: a1-a4 d1-d7 g1-g4\n"
            "capturable this turn: none\n"
            "this position has occurred 1 time(s); 1 of 300 turns played");
}

}  // namespace
}  // namespace rules::iso_path::testing
