// Hex Quoridor notation (rules-spec §4.8, I-HQ-8), serialized positions and rendering.

#include <gtest/gtest.h>

#include "rules/hex_quoridor/geometry.h"
#include "rules/hex_quoridor/position.h"
#include "test_util.h"

namespace rules::hex_quoridor::testing {
namespace {

std::string canonical(const State& state, std::string_view text) {
  Result<Move> move = state.parse_move(text);
  if (!move.ok()) return "error: " + move.error().message;
  return state.format_move(*move);
}

std::string notation_error(const State& state, std::string_view text) {
  Result<Move> move = state.parse_move(text);
  if (move.ok()) return "parsed as " + state.format_move(*move);
  EXPECT_EQ(move.error().code, ErrorCode::kBadNotation);
  return move.error().message;
}

TEST(HexQuoridorNotation, AcceptedSpellings) {  // rules-spec §0.1, §4.8
  auto state = new_game(2);
  for (const char* text : {"b3", "B3", " b3 ", "b 3", "b3 {note}", "b3 // comment", "b3;"}) {
    EXPECT_EQ(canonical(*state, text), "b3") << text;
  }
  for (const char* text : {"Fe5E+", "fe5e+", "FE5E+", "F e5 E +", "Fe5E+ {x}", "Fe6W+", "fe6w+"}) {
    EXPECT_EQ(canonical(*state, text), "Fe5E+") << text;
  }
  // Canonical names use E, NE or NW: the other name of each fence is converted.
  EXPECT_EQ(canonical(*state, "Ff5SW-"), "Fe5NE-");
  EXPECT_EQ(canonical(*state, "Fd4SE+"), "Fc4NW+");
  EXPECT_EQ(canonical(*state, "Fc3NW-"), "Fc3NW-");
  EXPECT_EQ(canonical(*state, "pass"), "pass");
  EXPECT_EQ(canonical(*state, "Pass"), "pass");
}

TEST(HexQuoridorNotation, BothNamesOfEveryFenceRoundTrip) {  // I-HQ-2: Y d s == (Y+d) (-d) s
  auto state = new_game(2);
  const Geometry& geo = Geometry::for_side(5);
  for (const Fence& f : geo.fences()) {
    const std::string name = fence_name(geo, f);
    const int z = geo.neighbour(f.cell, f.dir);
    const std::string other = fence_name(geo, z, hex::opposite(f.dir), f.sign);
    EXPECT_EQ(canonical(*state, name), name);
    EXPECT_EQ(canonical(*state, other), name) << other;
  }
}

TEST(HexQuoridorNotation, BadNotationNamesTheToken) {
  auto state = new_game(2);
  EXPECT_EQ(notation_error(*state, ""),
            "empty move: expected a cell such as e5, a fence such as Fe5E+, or pass");
  EXPECT_EQ(notation_error(*state, "zz99"),
            "'zz99' is not a move: expected a cell such as e5, a fence such as Fe5E+, or pass");
  EXPECT_EQ(notation_error(*state, "Z9"), "'Z9' is not a cell: rows run from a to i");
  EXPECT_EQ(notation_error(*state, "a6"), "'a6' is not a cell: row a has cells 1 to 5");
  EXPECT_EQ(notation_error(*state, "e0"), "'e0' is not a cell: row e has cells 1 to 9");
  EXPECT_EQ(notation_error(*state, "Fe5X+"),
            "'Fe5X+': 'X+' does not start with a direction (E, NE, NW, W, SW or SE)");
  EXPECT_EQ(notation_error(*state, "Fe5E"),
            "'Fe5E': the fence needs a sign, + or -, after its direction");
  EXPECT_EQ(notation_error(*state, "Fe5E+x"), "'Fe5E+x': unexpected 'x'");
  EXPECT_EQ(notation_error(*state, "Fj1E+"), "'j1' is not a cell: rows run from a to i");
  EXPECT_EQ(notation_error(*state, "Fx"), "'Fx': a fence is F<cell><dir><sign>, e.g. Fe5E+");
}

TEST(HexQuoridorNotation, LargerBoardsHaveMoreRows) {  // I-HQ-1
  auto state = new_game(2, 0, {{"board-size", "9"}});
  EXPECT_EQ(canonical(*state, "q9"), "q9");
  EXPECT_EQ(canonical(*state, "i17"), "i17");
  EXPECT_EQ(notation_error(*state, "r1"), "'r1' is not a cell: rows run from a to q");
}

TEST(HexQuoridorPosition, RoundTripsWithEveryKindOfSeat) {
  for (const char* text : {
           "hex-quoridor size=5 teams=off ply=0 turn=1 seats=a3:9,i3:9 fences=-",
           "hex-quoridor size=5 teams=off ply=6 turn=0 seats=a3:8,e1:5,eliminated@1:0 "
           "fences=Fc1NE+,Fd2NW+,Fg5E+,Fg6NE+,Fh4NE-",
           "hex-quoridor size=5 teams=on ply=0 turn=2 seats=a3:4,resigned@1:4,i3:4,g7:4 fences=-",
           "hex-quoridor size=7 teams=off ply=1 turn=1 seats=a4:8,m4:9 fences=Fg7E-",
       }) {
    auto state = position(text);
    ASSERT_TRUE(state);
    EXPECT_EQ(state->serialize(), text);
  }
}

TEST(HexQuoridorPosition, RejectsMalformedOrInconsistentPositions) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"hex-quoridor size=5",
       "expected 'hex-quoridor size=N teams=on|off ply=N turn=N seats=... "
       "fences=...'"},
      {"hex-quoridor size=6 teams=off ply=0 turn=0 seats=a3:9,i3:9 fences=-", "size"},
      {"hex-quoridor size=5 teams=off ply=1001 turn=0 seats=a3:9,i3:9 fences=-", "ply"},
      {"hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:9 fences=-", "seat count"},
      {"hex-quoridor size=5 teams=on ply=0 turn=0 seats=a3:6,g1:6,g7:6 fences=-",
       "team play needs 2, 4 or 6 seats"},
      {"hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:9,z3:9 fences=-", "seat 1 cell 'z3'"},
      {"hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:9,A3:9 fences=-", "seat 1 cell 'A3'"},
      {"hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:9,a3:9 fences=-",
       "two pawns on one cell"},
      {"hex-quoridor size=5 teams=off ply=0 turn=0 seats=a3:9,i3:8 fences=-",
       "fences in hand and on the board do not add up to the supply"},
      {"hex-quoridor size=5 teams=off ply=1 turn=0 seats=a3:9,i3:8 fences=Fe6W+", "fence 'Fe6W+'"},
      {"hex-quoridor size=5 teams=off ply=1 turn=0 seats=a3:9,i3:8 fences=Fa1E-",
       "fence Fa1E- does not fit on the board"},
      {"hex-quoridor size=5 teams=off ply=2 turn=0 seats=a3:8,i3:8 fences=Fe5E+,Ff4E+",
       "fence Ff4E+ overlaps"},
      {"hex-quoridor size=5 teams=off ply=3 turn=0 seats=a3:9,e2:6 fences=Fc1NE+,Fd2NW+,Ff1E+",
       "a pawn has no path to its goal"},
      {"hex-quoridor size=5 teams=off ply=0 turn=2 seats=a3:9,i3:9 fences=-", "turn 2"},
      {"hex-quoridor size=5 teams=off ply=0 turn=1 seats=a3:9,resigned@1:9,g7:0 fences=-",
       "turn 1"},
      {"hex-quoridor size=5 teams=on ply=0 turn=0 seats=a3:4,eliminated@1:4,i3:4,g7:4 fences=-",
       "no one is eliminated in team play"},
      {"hex-quoridor size=5 teams=off ply=0 turn=0 seats=i3:9,a3:9 fences=-",
       "more than one pawn on its goal side"},
  };
  for (const auto& [text, why] : cases) {
    Result<std::unique_ptr<State>> loaded = game().load(text);
    ASSERT_FALSE(loaded.ok()) << text;
    EXPECT_EQ(loaded.error(),
              (RuleError{ErrorCode::kBadPosition, "bad hex-quoridor position: " + why}))
        << text;
  }
}

TEST(HexQuoridorPosition, RejectedMovesLeaveThePositionUnchanged) {
  auto state =
      position("hex-quoridor size=5 teams=off ply=2 turn=0 seats=a3:9,e2:7 fences=Fc1NE+,Fd2NW+");
  ASSERT_TRUE(state);
  const std::string before = state->serialize();
  for (const char* text : {"Ff1E+", "Fc1NE+", "e2", "c3", "pass", "Fa1SW+", "nonsense"}) {
    EXPECT_NE(play_text(*state, text).find(": "), std::string::npos) << text;
    EXPECT_EQ(state->serialize(), before) << text;
  }
}

constexpr std::string_view kSample =
    "hex-quoridor size=5 teams=off ply=3 turn=1 seats=a3:8,h3:8 fences=Fe5E+,Fc3NW-";

TEST(HexQuoridorRender, DrawsPawnsAndFenceSegments) {
  auto state = position(kSample);
  ASSERT_TRUE(state);
  EXPECT_EQ(state->render(RenderOptions{}),
            "Hex Quoridor, 61 cells, ply 3: seat 1 to move\n"
            "  i          .   .   .   .   .\n"
            "\n"
            "  h        .   .   1   .   .   .\n"
            "\n"
            "  g      .   .   .   .   .   .   .\n"
            "\n"
            "  f    .   .   .   .   .   .   .   .\n"
            "                      \\\n"
            "  e  .   .   .   .   . | .   .   .   .\n"
            "                        \\\n"
            "  d    .   .   .   .   .   .   .   .\n"
            "              \\ / \\\n"
            "  c      .   .   .   .   .   .   .\n"
            "\n"
            "  b        .   .   .   .   .   .\n"
            "\n"
            "  a          .   .   0   .   .\n"
            "seat 0 (S, goal N): pawn a3, 8 fences\n"
            "seat 1 (N, goal S): pawn h3, 8 fences, to move\n"
            "fences placed: Fe5E+ Fc3NW-");
}

TEST(HexQuoridorRender, PerspectivePutsTheSeatAtTheBottom) {
  auto state = position(kSample);
  ASSERT_TRUE(state);
  RenderOptions north;
  north.perspective = 1;  // seat 1 starts on the north side: the board turns half a turn
  const std::string turned = state->render(north);
  EXPECT_EQ(turned.substr(0, turned.find("seat 0")),
            "Hex Quoridor, 61 cells, ply 3: seat 1 to move\n"
            "  a          .   .   0   .   .\n"
            "\n"
            "  b        .   .   .   .   .   .\n"
            "\n"
            "  c      .   .   .   .   .   .   .\n"
            "                        \\ / \\\n"
            "  d    .   .   .   .   .   .   .   .\n"
            "                  \\\n"
            "  e  .   .   .   . | .   .   .   .   .\n"
            "                    \\\n"
            "  f    .   .   .   .   .   .   .   .\n"
            "\n"
            "  g      .   .   .   .   .   .   .\n"
            "\n"
            "  h        .   .   .   1   .   .\n"
            "\n"
            "  i          .   .   .   .   .\n");
  RenderOptions south;
  south.perspective = 0;
  EXPECT_EQ(state->render(south), state->render(RenderOptions{}));
}

TEST(HexQuoridorRender, DetailedShowsCellNames) {
  auto state = new_game(2);
  RenderOptions detailed;
  detailed.detailed = true;
  const std::string text = state->render(detailed);
  EXPECT_NE(text.find("  e e1  e2  e3  e4  e5  e6  e7  e8  e9\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  a         a1  a2  <0> a4  a5\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace rules::hex_quoridor::testing
