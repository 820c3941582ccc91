// `hexpost show`: the board carries coordinates on every side and turns to my seat, another
// seat (--from-seat N) or no seat (--no-rotate), against a real hexpostd.
#include <gtest/gtest.h>

#include "tests/cli/server/cli_fixture.h"

namespace {

using namespace clitest;

// The board part of `show`: from the line after the title to the line before "Players:".
std::string board_of(const std::string& shown) {
  const std::size_t start = shown.find('\n') + 1;
  return shown.substr(start, shown.find("\nPlayers:") + 1 - start);
}

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(CliBoard, HexQuoridorHasCoordinatesOnEverySideFromEitherSeat) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("hex-quoridor", p0, p1);
  const std::string mine = board_of(hexpost(p0, {"show", id}).out);
  // Seat 0 plays from the south: row a at the bottom, numbered from the left.
  EXPECT_TRUE(has_line(mine, "                 1   2   3   4   5")) << mine;
  EXPECT_TRUE(has_line(mine, "  i           i1 .   .   1   .   . i5          i")) << mine;
  EXPECT_TRUE(has_line(mine, "  e   e1 .   .   .   .   .   .   .   .   . e9  e")) << mine;
  EXPECT_TRUE(has_line(mine, "  a           a1 .   .   0   .   . a5          a")) << mine;
  EXPECT_EQ(mine.substr(mine.rfind("  a "), mine.find("seat 0 (S") - mine.rfind("  a ")),
            "  a           a1 .   .   0   .   . a5          a\n"
            "                 1   2   3   4   5\n");
  // Seat 1 sees the board turned half round: b3 is the 4th cell from the left, and says so.
  const std::string theirs = board_of(hexpost(p1, {"show", id}).out);
  EXPECT_TRUE(has_line(theirs, "                 5   4   3   2   1")) << theirs;
  EXPECT_TRUE(has_line(theirs, "  a           a5 .   .   0   .   . a1          a")) << theirs;
  EXPECT_TRUE(has_line(theirs, "  b         b6 .   .   .   .   .   . b1        b")) << theirs;

  EXPECT_EQ(board_of(hexpost(p1, {"show", id, "--from-seat", "0"}).out), mine);
  EXPECT_EQ(board_of(hexpost(p1, {"show", id, "--no-rotate"}).out), mine);  // north at the top
  EXPECT_EQ(board_of(hexpost(p0, {"show", id, "--from-seat", "1"}).out), theirs);

  const auto no_such_seat = hexpost(p0, {"show", id, "--from-seat", "2"});
  EXPECT_EQ(no_such_seat.exit_code, 2);
  EXPECT_EQ(no_such_seat.out, "");
  EXPECT_EQ(no_such_seat.err, "hexpost: --from-seat 2: game " + id + " has seats 0 to 1\n");
  EXPECT_EQ(hexpost(p0, {"show", id, "--from-seat", "1", "--no-rotate"}).exit_code, 2);
}

TEST(CliBoard, IsoPathNamesTheEndCellsOfEveryRow) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("iso-path", p0, p1);
  // White moves first, and its home row a is at the bottom of its own view.
  const bool p0_white = parse_out(hexpost(p0, {"show", id, "--json"})).at("your_turn") == true;
  const User& white_user = p0_white ? p0 : p1;
  const User& black_user = p0_white ? p1 : p0;
  const std::string white = board_of(hexpost(white_user, {"show", id}).out);
  EXPECT_TRUE(has_line(white, "            4   3   2   1")) << white;
  EXPECT_TRUE(has_line(white, "d  d7 1   1   1   1   1   1   1 d1  d   16-22")) << white;
  EXPECT_TRUE(has_line(white, "a        a4 W   W   W   W a1        a   1-4   white home")) << white;
  const std::string plain = board_of(hexpost(white_user, {"show", id, "--no-rotate"}).out);
  EXPECT_TRUE(has_line(plain, "a        a1 W   W   W   W a4        a   1-4   white home")) << plain;
  EXPECT_EQ(board_of(hexpost(black_user, {"show", id}).out), plain);  // Black's view: the default
}

}  // namespace
