// `hexpost rules play ... --svg`, through the real binary: the board as SVG with its exact cells,
// the perspective (--seat) and the highlight marks (--highlight, --highlight-last).

#include <gtest/gtest.h>

#include <set>

#include "subprocess.h"
#include "xml_check.h"

namespace {

using testsupport::run;
using testsupport::XmlElement;

struct Board {
  std::vector<std::string> cells;     // data-cell values in document order
  std::set<std::string> highlighted;  // data-cell values of the cells with class hl
  std::string first_title;            // the document's <title>
};

Board parse_board(const std::string& svg) {
  Board board;
  std::string error;
  const std::optional<XmlElement> root = testsupport::parse_xml(svg, error);
  EXPECT_TRUE(root.has_value()) << error;
  if (!root) return board;
  EXPECT_EQ(root->name, "svg");
  board.first_title = root->children.front().text;
  testsupport::for_each_element(*root, [&](const XmlElement& element) {
    const std::string* cell = element.attribute("data-cell");
    if (cell == nullptr) return;
    board.cells.push_back(*cell);
    if (element.has_class("hl")) board.highlighted.insert(*cell);
  });
  return board;
}

TEST(RulesSvg, PrintsTheBoardWithEveryCell) {
  auto result = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--svg"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  ASSERT_TRUE(result.out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")) << result.out;
  const Board board = parse_board(result.out);
  EXPECT_EQ(board.cells.size(), 61u);
  EXPECT_EQ(std::set<std::string>(board.cells.begin(), board.cells.end()).size(), 61u);
  EXPECT_TRUE(board.highlighted.empty());
  EXPECT_EQ(board.first_title, "Hex Quoridor board: seat 1 to move");
  auto mojave = run({HEXPOST_CLI_PATH, "rules", "play", "mojave", "--svg"});
  ASSERT_EQ(mojave.exit_code, 0) << mojave.err;
  EXPECT_EQ(parse_board(mojave.out).cells.size(), 270u);
}

TEST(RulesSvg, HighlightsTheLastMoveAndNamedCells) {
  auto last =
      run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--svg", "--highlight-last", "h3"});
  ASSERT_EQ(last.exit_code, 0) << last.err;
  EXPECT_EQ(parse_board(last.out).highlighted, (std::set<std::string>{"i3", "h3"}));
  auto fence = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--svg", "--highlight-last",
                    "h3", "Fe5E+"});
  ASSERT_EQ(fence.exit_code, 0) << fence.err;
  EXPECT_EQ(parse_board(fence.out).highlighted, (std::set<std::string>{"e5", "e6", "f5", "d5"}));
  auto named = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--svg", "--highlight", "e5",
                    "--highlight", "zz9"});
  ASSERT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(parse_board(named.out).highlighted, (std::set<std::string>{"e5"}));
}

TEST(RulesSvg, SeatTurnsTheBoardAndSvgExcludesJson) {
  auto plain = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--svg"});
  auto turned = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--svg", "--seat", "1"});
  ASSERT_EQ(turned.exit_code, 0) << turned.err;
  EXPECT_NE(turned.out, plain.out);
  EXPECT_EQ(parse_board(turned.out).cells.size(), 61u);
  auto both = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--svg", "--json"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_EQ(both.out, "");
}

}  // namespace
