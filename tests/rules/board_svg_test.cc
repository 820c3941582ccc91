// render_svg() and move_cells() of each game in known positions: the cells drawn, the pieces,
// the perspective, and the exact cells of each kind of move (README of each game). The generic
// promises are checked for every game by the contract suite (svg_checks.h).

#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "rules/core/play.h"
#include "rules/core/registry.h"
#include "rules/core/svg.h"
#include "tests/support/xml_check.h"

namespace rules::testing {
namespace {

using testsupport::XmlElement;

std::unique_ptr<State> start(const char* id, int players, std::uint64_t seed = 1) {
  SeededRandom rng(seed);
  return std::move(find_game(id)->create(GameConfig{players, {}}, rng)).value();
}

std::unique_ptr<State> load(const char* id, const std::string& text) {
  return std::move(find_game(id)->load(text)).value();
}

std::vector<std::string> cells_of(const State& state, const std::string& text) {
  Result<Move> move = state.parse_move(text);
  EXPECT_TRUE(move.ok()) << text;
  EXPECT_FALSE(state.validate(*move).has_value()) << text << " is not legal here";
  return state.move_cells(*move);
}

void play_all(State& state, const std::vector<std::string>& moves) {
  NoRandom none;
  for (const std::string& text : moves) ASSERT_TRUE(play(state, text, none).ok()) << text;
}

struct Drawn {
  XmlElement root;
  std::map<std::string, const XmlElement*> cells;
  std::map<std::string, int> classes;  // class attribute -> elements with exactly that class
};

Drawn draw(const State& state, const SvgOptions& options = {}) {
  Drawn drawn;
  std::string error;
  std::optional<XmlElement> root = testsupport::parse_xml(state.render_svg(options), error);
  EXPECT_TRUE(root.has_value()) << error;
  if (!root) return drawn;
  drawn.root = std::move(*root);
  testsupport::for_each_element(drawn.root, [&](const XmlElement& element) {
    if (const std::string* name = element.attribute("data-cell")) drawn.cells[*name] = &element;
    if (const std::string* classes = element.attribute("class")) ++drawn.classes[*classes];
  });
  return drawn;
}

double y_of(const Drawn& drawn, const std::string& cell) {
  return std::stod(*drawn.cells.at(cell)->attribute("y"));
}

std::string title_of(const Drawn& drawn, const std::string& cell) {
  return drawn.cells.at(cell)->children.front().text;
}

// The cell names a move's notation spells out, in order.
std::vector<std::string> named_cells(const std::string& text, const std::regex& cell) {
  std::vector<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), cell); it != std::sregex_iterator();
       ++it) {
    names.push_back(it->str());
  }
  return names;
}

TEST(BoardSvg, NumbersAreFixedToOneDecimalAndTextIsEscaped) {
  EXPECT_EQ(svg::number(3.0), "3");
  EXPECT_EQ(svg::number(12.25), "12.3");
  EXPECT_EQ(svg::number(-1.25), "-1.3");
  EXPECT_EQ(svg::number(-0.04), "0");
  EXPECT_EQ(svg::number(1234567.89), "1234567.9");
  EXPECT_EQ(svg::escape("<a & 'b' \"c\">"), "&lt;a &amp; &#39;b&#39; &quot;c&quot;&gt;");
}

TEST(BoardSvg, HexQuoridorDrawsEveryCellBothPawnsAndTurnsForTheNorthSeat) {
  const auto state = start("hex-quoridor", 2);
  const Drawn plain = draw(*state);
  EXPECT_EQ(plain.cells.size(), 61u);
  EXPECT_EQ(title_of(plain, "a3"), "a3: seat 0 pawn");
  EXPECT_EQ(title_of(plain, "e5"), "e5");
  EXPECT_EQ(plain.classes.at("p s0"), 2);  // the pawn and its legend swatch
  EXPECT_EQ(plain.classes.at("p s1"), 2);
  EXPECT_GT(y_of(plain, "a3"), y_of(plain, "i3"));  // south at the bottom
  const Drawn north = draw(*state, {1, {}});
  EXPECT_LT(y_of(north, "a3"), y_of(north, "i3"));  // seat 1 (north side) at the bottom
  EXPECT_EQ(draw(*state, {0, {}}).root.attributes, plain.root.attributes);
}

TEST(BoardSvg, HexQuoridorMoveCells) {
  const auto state = start("hex-quoridor", 2);  // seed 1: seat 1 (pawn on i3) starts
  EXPECT_EQ(cells_of(*state, "h3"), (std::vector<std::string>{"i3", "h3"}));
  // Fe5E+: the middle segment between e5 and e6, the ends beside f5 and d5.
  EXPECT_EQ(cells_of(*state, "Fe5E+"), (std::vector<std::string>{"e5", "e6", "f5", "d5"}));
  EXPECT_EQ(cells_of(*state, "Fe6W+"), cells_of(*state, "Fe5E+"));  // one fence, two names
  const auto after = load(
      "hex-quoridor", "hex-quoridor size=5 teams=off ply=1 turn=0 seats=a3:9,i3:8 fences=Fe5E+");
  const Drawn drawn = draw(*after);
  EXPECT_EQ(drawn.classes.at("w"), 1);
  const auto fence = std::find_if(drawn.root.children.begin(), drawn.root.children.end(),
                                  [](const XmlElement& e) { return e.has_class("up"); });
  ASSERT_NE(fence, drawn.root.children.end());
  EXPECT_EQ(fence->children.back().children.front().text, "fence Fe5E+");
}

TEST(BoardSvg, MojaveDrawsThirtyDiceAndTwoLegMovesNameTheCorner) {
  const auto state = start("mojave", 2);  // seed 1: black starts
  const Drawn drawn = draw(*state);
  EXPECT_EQ(drawn.cells.size(), 270u);
  EXPECT_EQ(drawn.classes.at("p s0"), 16);  // 15 dice and the legend swatch
  EXPECT_EQ(drawn.classes.at("p s1"), 16);
  EXPECT_EQ(title_of(drawn, "b3"), "b3: red die, top 1, north 3, east 2");
  EXPECT_GT(y_of(drawn, "a1"), y_of(drawn, "a18"));
  EXPECT_LT(y_of(draw(*state, {1, {}}), "a1"), y_of(draw(*state, {1, {}}), "a18"));
  EXPECT_EQ(cells_of(*state, "a15S1"), (std::vector<std::string>{"a15", "a14"}));
  ASSERT_NO_FATAL_FAILURE(play_all(*state, {"a15S1", "b3N1", "c15S1"}));
  // b3N1 left 4 on top: four squares with one turn.
  EXPECT_EQ(cells_of(*state, "b4N2E2"), (std::vector<std::string>{"b4", "d6", "b6"}));
}

TEST(BoardSvg, IsoPathMoveCellsAreTheActionsCells) {
  const auto state = start("iso-path", 2);
  const Drawn drawn = draw(*state);
  EXPECT_EQ(drawn.cells.size(), 37u);
  EXPECT_EQ(title_of(drawn, "a1"), "a1 (1): 2 tiles, white piece");
  EXPECT_EQ(title_of(drawn, "d4"), "d4 (19): 1 tile");
  const std::regex cell("[a-i][0-9]+");
  for (const Move move : state->legal_moves()) {
    const std::string text = state->format_move(move);
    EXPECT_EQ(state->move_cells(move), named_cells(text, cell)) << text;
  }
  EXPECT_EQ(cells_of(*state, "Tb1-b2 a1-b2"), (std::vector<std::string>{"b1", "b2", "a1", "b2"}));
}

TEST(BoardSvg, HexahedronWarsMoveCellsFollowTheDie) {
  const auto state = start("hexahedron-wars", 2);  // seed 1: B (north) starts
  const Drawn drawn = draw(*state);
  EXPECT_EQ(drawn.cells.size(), 49u);
  EXPECT_EQ(drawn.classes.at("p s0"), 8);  // 7 dice and the legend swatch
  EXPECT_EQ(cells_of(*state, "a7:S,S"), (std::vector<std::string>{"a7", "a6", "a5"}));
  EXPECT_EQ(cells_of(*state, "b7:S,W"), (std::vector<std::string>{"b7", "b6", "a6"}));
  // Seat 1's forward direction is south: its view is turned half a turn.
  EXPECT_LT(y_of(draw(*state, {1, {}}), "a1"), y_of(draw(*state, {1, {}}), "a7"));
}

TEST(BoardSvg, HexiMerosMoveCellsAreTheNotationCellsOrTheSovereign) {
  const auto state = start("heximeros", 6);
  const Drawn drawn = draw(*state);
  EXPECT_EQ(drawn.cells.size(), 649u);
  EXPECT_EQ(title_of(drawn, "[0,0]"), "[0,0] Ground Zero");
  const std::regex cell("\\[-?[0-9]+,-?[0-9]+\\]");
  for (const Move move : state->legal_moves()) {
    const std::string text = state->format_move(move);
    EXPECT_EQ(state->move_cells(move), named_cells(text, cell)) << text;
  }
  EXPECT_EQ(title_of(drawn, "[0,-12]"), "[0,-12] Silver Sovereign");
  // A command names the mover's Sovereign.
  const auto two = start("heximeros", 2);
  EXPECT_EQ(cells_of(*two, "set object-self-check off"), (std::vector<std::string>{"[0,-12]"}));
}

}  // namespace
}  // namespace rules::testing
