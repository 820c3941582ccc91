// HexiMeros: the board, the seats and armies, notation, serialization, rendering and the game
// catalogue entry. Each test names the interpretation (I-HM-n, rules/heximeros/README.md) or
// rules-spec section it pins.

#include <gtest/gtest.h>

#include <sstream>

#include "rules/heximeros/geometry.h"
#include "rules/heximeros/position.h"
#include "test_util.h"

namespace rules::heximeros::testing {
namespace {

int cell(int q, int r) { return Geometry::get().cell_at({q, r}); }

// ---- Board (I-HM-1, I-HM-3, I-HM-23, I-HM-21) ------------------------------------------------

TEST(HexiMerosBoard, IsTheLineMetricHexagonOf649Cells) {  // I-HM-1
  EXPECT_EQ(kCells, 649);
  int counted = 0;
  for (int q = -30; q <= 30; ++q) {
    for (int r = -30; r <= 30; ++r) {
      const int s = -q - r;
      const bool inside = std::max({std::abs(q - r), std::abs(r - s), std::abs(s - q)}) <= 25;
      EXPECT_EQ(cell(q, r) >= 0, inside) << q << "," << r;
      counted += inside;
    }
  }
  EXPECT_EQ(counted, 649);
  EXPECT_EQ(Geometry::get().ground_zero(), cell(0, 0));
  EXPECT_GE(cell(0, -12), 0);  // Silver's edge (§5.7)
  EXPECT_LT(cell(0, -13), 0);
}

TEST(HexiMerosBoard, TwelveAxesAreSixFlatsAndSixLines) {  // §5.2
  const Geometry& g = Geometry::get();
  const int centre = cell(0, 0);
  EXPECT_EQ(g.step(centre, 3), cell(0, 1));   // N flat
  EXPECT_EQ(g.step(centre, 1), cell(1, 0));   // NE flat
  EXPECT_EQ(g.step(centre, 0), cell(2, -1));  // E line
  EXPECT_EQ(g.step(centre, 2), cell(1, 1));   // ENE line
  EXPECT_EQ(g.step(cell(0, -12), 9), kWall);  // off the board
  // Three mutually exclusive line classes: a line step keeps (q - r) mod 3.
  for (int axis = 0; axis < kAxes; axis += 2) {
    EXPECT_EQ((kAxisVectors[axis][0] - kAxisVectors[axis][1]) % 3, 0);
  }
}

TEST(HexiMerosBoard, CenterLineIsReachedOnOrBeyondIt) {  // I-HM-3
  const Geometry& g = Geometry::get();
  EXPECT_EQ(g.progress(cell(2, -1), 0), 0);   // on Silver's Center Line q + 2r = 0
  EXPECT_EQ(g.progress(cell(1, 0), 0), 1);    // beyond it
  EXPECT_EQ(g.progress(cell(1, -1), 0), -1);  // short of it
  EXPECT_EQ(g.progress(cell(0, -12), 0), -24);
  EXPECT_EQ(g.progress(cell(0, 12), 3), -24);  // Orange looks south
}

TEST(HexiMerosBoard, BaseLineIsTheTwoRowsNearestEachSide) {  // I-HM-23
  const Geometry& g = Geometry::get();
  int silver = 0;
  for (int c = 0; c < kCells; ++c) silver += (g.base_lines(c) & 1) != 0;
  EXPECT_EQ(silver, 32);  // 17 cells in the edge row, 15 in the next
  EXPECT_EQ(g.base_lines(cell(0, -12)), 1);
  EXPECT_EQ(g.base_lines(cell(0, -11)), 1);
  EXPECT_EQ(g.base_lines(cell(0, -10)), 0);
  EXPECT_EQ(g.base_lines(cell(8, -16)), 1 | 32);  // a corner: Silver's and Red's
  EXPECT_EQ(g.hextants(cell(0, 0)), 63);
}

TEST(HexiMerosBoard, ShootingPostsAreTheCellsOffEveryBaseLine) {  // I-HM-21
  const Geometry& g = Geometry::get();
  EXPECT_FALSE(g.shooting_post(cell(0, -11)));
  EXPECT_TRUE(g.shooting_post(cell(0, -10)));
  EXPECT_TRUE(g.shooting_post(cell(0, 0)));
  EXPECT_FALSE(g.shooting_post(cell(-12, 12)));  // Yellow's Base Line
}

TEST(HexiMerosBoard, CavalierRoutesStayOnTheBoard) {  // I-HM-7
  const Geometry& g = Geometry::get();
  EXPECT_EQ(g.leaps(cell(0, 0), false).size(), 24u);
  EXPECT_EQ(g.leaps(cell(0, 0), true).size(), 24u);
  // [0,-12] -> 2 SE -> 1 NE would pass [2,-14], off the board.
  const auto& from_edge = g.leaps(cell(0, -12), false);
  EXPECT_EQ(std::count(from_edge.begin(), from_edge.end(), cell(3, -14)), 0);
  EXPECT_EQ(std::count(from_edge.begin(), from_edge.end(), cell(2, -9)), 1);  // 3 N, 2 NE
}

TEST(HexiMerosBoard, CellNamesAxialAndMapReference) {  // §5.7, I-HM-35
  EXPECT_EQ(cell_name(cell(0, -12)), "[0,-12]");
  EXPECT_EQ(map_reference(cell(0, -12)), "s24");
  EXPECT_EQ(map_reference(cell(3, -14)), "e3s25");
  EXPECT_EQ(map_reference(cell(-2, 1)), "w2");
  EXPECT_EQ(map_reference(cell(0, 0)), "gz");
  EXPECT_EQ(map_reference(cell(1, 12)), "e1n25");
}

// ---- Seats and setup (I-HM-2, I-HM-18, I-HM-19) ----------------------------------------------

TEST(HexiMerosSeats, ColoursByPlayerCountWithSilverFirst) {  // I-HM-2, I-HM-18
  const std::vector<std::string> expected = {"SO", "SYG", "SBOG", "SBYOG", "SBYOGR"};
  for (int players = 2; players <= 6; ++players) {
    auto state = new_game(players);
    ASSERT_TRUE(state);
    EXPECT_EQ(field(*state, "colours"), expected[players - 2]);
    EXPECT_EQ(state->to_move(), std::vector<int>{0});
    EXPECT_EQ(field(*state, "mover"), "s");
  }
}

TEST(HexiMerosSeats, PlayPassesToTheLeftClockwise) {  // I-HM-2
  auto state = new_game(6);
  ASSERT_TRUE(state);
  for (const char* mover : {"b", "y", "o", "g", "r", "s"}) {
    ASSERT_EQ(play_turn(*state, state->format_move(state->legal_moves()[0])).rfind("error", 0),
              std::string::npos);
    EXPECT_EQ(field(*state, "mover"), mover);
  }
}

TEST(HexiMerosSetup, EveryArmyIsSilversTurnedToItsHextant) {  // I-HM-19
  auto state = new_game(6);
  ASSERT_TRUE(state);
  const std::string pieces = field(*state, "pieces");
  EXPECT_EQ(std::count(pieces.begin(), pieces.end(), ';') + 1, 6 * 25);
  EXPECT_NE(pieces.find("sS@0,-12"), std::string::npos);
  EXPECT_NE(pieces.find("bS@-12,0"), std::string::npos);
  EXPECT_NE(pieces.find("yS@-12,12"), std::string::npos);
  EXPECT_NE(pieces.find("oS@0,12"), std::string::npos);
  EXPECT_NE(pieces.find("gS@12,0"), std::string::npos);
  EXPECT_NE(pieces.find("rS@12,-12"), std::string::npos);
  EXPECT_NE(pieces.find("sR@-1,-11"), std::string::npos);
  EXPECT_NE(pieces.find("sC@-4,-10"), std::string::npos);
  EXPECT_NE(pieces.find("sMf@0,-10"), std::string::npos);  // first move to come
  EXPECT_NE(pieces.find("sPf@2,-13"), std::string::npos);
  // Capital pieces on their own Base Line, Militants in front of it.
  const Geometry& g = Geometry::get();
  for (const SetupPiece& piece : kSilverSetup) {
    const bool on_base_line = (g.base_lines(cell(piece.q, piece.r)) & 1) != 0;
    EXPECT_EQ(on_base_line, piece.type != PieceType::kMilitant) << piece.q << "," << piece.r;
  }
}

TEST(HexiMerosSetup, OpeningMoves) {  // §5.7, I-HM-19
  auto state = new_game(2);
  ASSERT_TRUE(state);
  EXPECT_EQ(rejection(*state, "C[-4,-10]-[-2,-7]"), "");  // 3 N then 2 NE
  EXPECT_EQ(rejection(*state, "M[0,-10]-[0,-8]"), "");    // first move: two forward
  // Per piece: Alcazars 0+1, Archers 5+5, Cavaliers 10+10, Dreadnaughts 17+17 (sweeping their
  // own pieces too), Militants 11 x 2, Prelates 1+2 (first-move flat steps), Regent 3,
  // Sovereign 2, Assassins 6+6; no capture of an enemy piece and no check (I-HM-19).
  EXPECT_EQ(legal_texts(*state).size(), 107u);
}

int enemy_pieces(const State& state, char own_colour) {
  const std::string pieces = ";" + field(state, "pieces");
  int count = 0;
  for (std::size_t i = 0; i + 1 < pieces.size(); ++i) {
    count += pieces[i] == ';' && pieces[i + 1] != own_colour;
  }
  return count;
}

TEST(HexiMerosSetup, NoArmyCanCaptureOrCheckFromTheStart) {  // I-HM-19
  auto start = new_game(6);
  ASSERT_TRUE(start);
  SeededRandom rng(1);
  for (const char colour : std::string("sbyogr")) {
    std::string text = start->serialize();
    text.replace(text.find("mover=s"), 7, std::string("mover=") + colour);
    auto state = std::move(definition().load(text).value());
    for (Move move : state->legal_moves()) {
      auto after = state->clone();
      const std::string played = after->format_move(move);
      EXPECT_EQ(played.find('+'), std::string::npos) << played;
      after->apply(move, rng);
      EXPECT_EQ(enemy_pieces(*after, colour), enemy_pieces(*state, colour)) << played;
    }
  }
}

// ---- Notation (§5.7, I-HM-35) ----------------------------------------------------------------

TEST(HexiMerosNotation, AliasesParseToTheCanonicalMove) {
  auto state = new_game(2);
  ASSERT_TRUE(state);
  const Move canonical = *state->parse_move("C[-4,-10]-[-2,-7]");
  for (const char* alias :
       {"c[-4,-10]-[-2,-7]", "C(-4,-10)-(-2,-7)", "C [-4, -10] - [-2, -7]", "Cw4s24-w2s16",
        "CW4S24-W2S16", "[-4,-10]-[-2,-7]", "w4s24-w2s16", "C[-4,-10]x[-2,-7]",
        "C[-4,-10]-[-2,-7] {annotation}", "C[-4,-10]-[-2,-7] // comment"}) {
    Result<Move> parsed = state->parse_move(alias);
    ASSERT_TRUE(parsed.ok()) << alias << ": " << parsed.error().message;
    EXPECT_EQ(*parsed, canonical) << alias;
  }
  EXPECT_EQ(state->format_move(canonical), "C[-4,-10]-[-2,-7]");
  EXPECT_EQ(*state->parse_move("Ss24-s22"), *state->parse_move("S[0,-12]-[0,-11]"));
}

TEST(HexiMerosNotation, CanonicalFormsOfEveryKind) {
  Scene setup;
  setup.pieces =
      "sS@0,-12;sB@2,-6;sM@2,-2;sMf@0,-10;sR@-4,0;sD@6,-6;oM@2,-3;oM@1,-9;oS@0,12;oA@6,-4";
  auto state = setup.state();
  ASSERT_TRUE(state);
  EXPECT_EQ(state->format_move(*state->parse_move("b[2,-6]*[2,-3]")), "B[2,-6]*[2,-3]");
  EXPECT_EQ(state->format_move(*state->parse_move("m[0,-10]-[0,-9]x[1,-9]")),
            "M[0,-10]-[0,-9]x[1,-9]");
  EXPECT_EQ(state->format_move(*state->parse_move("M[2,-2]-[2,-1]=r")), "M[2,-2]-[2,-1]=R");
  EXPECT_EQ(state->format_move(*state->parse_move("M[2,-2]-[2,-1]=H")), "M[2,-2]-[2,-1]");
  EXPECT_EQ(state->format_move(*state->parse_move("D[6,-6]-[6,-3]")), "D[6,-6]x[6,-3]");
  EXPECT_EQ(state->format_move(*state->parse_move("R[-4,0]-[-4,12]+o+silver")),
            "R[-4,0]-[-4,12]+Silver+Orange");
  EXPECT_EQ(state->format_move(*state->parse_move("offer  DRAW")), "offer draw");
  EXPECT_EQ(state->format_move(*state->parse_move("set object-self-check off")),
            "set object-self-check off");
}

TEST(HexiMerosNotation, BadNotationNamesTheToken) {
  auto state = new_game(2);
  ASSERT_TRUE(state);
  const auto error = [&](const char* text) {
    Result<Move> parsed = state->parse_move(text);
    EXPECT_FALSE(parsed.ok()) << text;
    if (parsed.ok()) return std::string();
    EXPECT_EQ(parsed.error().code, ErrorCode::kBadNotation) << text;
    return parsed.error().message;
  };
  EXPECT_EQ(error("zz99"), "'zz99' is not a move: write e.g. C[-4,-10]-[-2,-7]");
  EXPECT_EQ(error("resign"),
            "'resign' is not a move or a command: write e.g. C[-4,-10]-[-2,-7], or pass, offer "
            "draw, accept draw, set object-self-check on|off");
  EXPECT_EQ(error("C[-4,-10]-[0,-40]"),
            "'[0,-40]' is not a cell of the board (write [q,r] or a map reference such as s24)");
  EXPECT_EQ(error("Cw4s24-e1s16"),
            "'e1s16' is not a cell of the board (write [q,r] or a map reference such as s24)");
  EXPECT_EQ(error("C[-4,-10]/[-2,-7]"), "expected '-', 'x' or '*' after [-4,-10], not '/'");
  EXPECT_EQ(error("C[-4,-10]-[-2,-7]+Purple"),
            "'+Purple' is not a colour (Silver, Blue, Yellow, Orange, Green, Red)");
  EXPECT_EQ(error("M[0,-10]-[0,-9]=Q"), "'=Q' is not a piece");
  EXPECT_EQ(error("C[-4,-10]-[-2,-7]zz"), "unexpected 'zz' after the move");
  EXPECT_EQ(error(""), "empty move: write e.g. C[-4,-10]-[-2,-7]");
}

TEST(HexiMerosNotation, PieceLetterMustMatchThePiece) {
  auto state = new_game(2);
  ASSERT_TRUE(state);
  Result<Move> parsed = state->parse_move("A[-4,-10]-[-2,-7]");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().code, ErrorCode::kIllegalMove);
  EXPECT_EQ(parsed.error().message, "there is no Alcazar on [-4,-10]: it holds Silver's Cavalier");
}

// ---- Serialization ---------------------------------------------------------------------------

TEST(HexiMerosSerialization, StartPositionText) {
  auto state = new_game(2, {{"scoring", "on"}});
  ASSERT_TRUE(state);
  const std::string text = state->serialize();
  const std::string header =
      "heximeros provisional-1 colours=SO mover=s ply=0 quiet=0 commands=0 scoring=on "
      "objecting=so offer=- end=none out=- points=0,0 checks=- pieces=";
  EXPECT_EQ(text.substr(0, header.size()), header);
  EXPECT_NE(text.find(";oS@0,12;"), std::string::npos);
  Result<std::unique_ptr<State>> loaded = definition().load(text);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ((*loaded)->serialize(), text);
}

TEST(HexiMerosSerialization, RejectsInconsistentPositions) {
  const auto reason = [](const Scene& setup) {
    Result<std::unique_ptr<State>> loaded = definition().load(setup.text());
    EXPECT_FALSE(loaded.ok()) << setup.text();
    if (loaded.ok()) return std::string();
    EXPECT_EQ(loaded.error().code, ErrorCode::kBadPosition);
    return loaded.error().message;
  };
  Scene ok;
  ok.pieces = "sS@0,-12;oS@0,12";
  ASSERT_TRUE(ok.state());
  Scene no_sovereign = ok;
  no_sovereign.pieces = "sS@0,-12";
  EXPECT_EQ(reason(no_sovereign),
            "not a HexiMeros position: Orange has the wrong number of Sovereigns");
  Scene twice = ok;
  twice.pieces = "sS@0,-12;oS@0,-12";
  EXPECT_EQ(reason(twice), "not a HexiMeros position: bad piece 'oS@0,-12'");
  Scene off_board = ok;
  off_board.pieces = "sS@0,-13;oS@0,12";
  EXPECT_EQ(reason(off_board), "not a HexiMeros position: bad piece 'sS@0,-13'");
  Scene bonus_away = ok;
  bonus_away.pieces = "sSg@0,-12;oS@0,12";
  EXPECT_EQ(reason(bonus_away), "not a HexiMeros position: impossible flags on 'sSg@0,-12'");
  Scene colours = ok;
  colours.colours = "SB";
  colours.pieces = "sS@0,-12;bS@0,12";
  EXPECT_EQ(reason(colours),
            "not a HexiMeros position: colours must be one of SO, SYG, SBOG, SBYOG, SBYOGR");
  Scene mover = ok;
  mover.mover = "b";
  EXPECT_EQ(reason(mover), "not a HexiMeros position: the mover must be a player still in");
  Result<std::unique_ptr<State>> old = definition().load("heximeros provisional-0 colours=SO");
  ASSERT_FALSE(old.ok());
  EXPECT_EQ(old.error().message,
            "not a HexiMeros position: ruleset provisional-0, this server plays provisional-1");
}

// ---- Rendering -------------------------------------------------------------------------------

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(HexiMerosRender, WholeBoardFitsEightyColumns) {
  auto state = new_game(6);
  ASSERT_TRUE(state);
  const std::string picture = state->render(RenderOptions{});
  for (const std::string& line : lines_of(picture)) EXPECT_LE(line.size(), 80u) << line;
  EXPECT_NE(
      picture.find("s24                 ..  ..  sC  sP  sS  sP  sC  ..  ..                 s24"),
      std::string::npos);
  EXPECT_NE(picture.find("  0 ..  ..  ..  ..  ..  ..  ..  ..  ()  .."), std::string::npos);
  EXPECT_EQ(picture, state->render(RenderOptions{}));  // deterministic
}

TEST(HexiMerosRender, FocusCropsAroundACell) {
  auto state = new_game(2);
  ASSERT_TRUE(state);
  RenderOptions options;
  options.focus = "s20";  // [0,-10], map reference accepted
  const std::string picture = state->render(options);
  const std::vector<std::string> lines = lines_of(picture);
  EXPECT_LT(lines.size(), 50u);
  EXPECT_NE(picture.find(">sM<"), std::string::npos);
  EXPECT_NE(picture.find("sS[0,-12]=s24"), std::string::npos);
  options.focus = "nowhere";
  EXPECT_NE(state->render(options).find("focus 'nowhere' is not a cell"), std::string::npos);
}

TEST(HexiMerosRender, PerspectivePutsTheSeatAtTheBottom) {
  auto state = new_game(2);
  ASSERT_TRUE(state);
  RenderOptions options;
  options.perspective = 1;  // Orange
  const std::vector<std::string> lines = lines_of(state->render(options));
  std::string last_board_line;
  for (const std::string& line : lines) {
    if (line.find("..") != std::string::npos) last_board_line = line;
  }
  EXPECT_NE(last_board_line.find("oB  oX  oA  oA  oX  oB"), std::string::npos) << last_board_line;
}

// ---- Catalogue ---------------------------------------------------------------------------------

TEST(HexiMerosInfo, ProvisionalRulesetWithARealPlyBound) {  // I-HM-32
  const GameInfo& info = definition().info;
  EXPECT_EQ(info.id, "heximeros");
  EXPECT_TRUE(info.provisional);
  EXPECT_EQ(info.ruleset_version, "provisional-1");
  EXPECT_EQ(info.max_plies, kPlyLimit);
  EXPECT_EQ(info.player_counts, (std::vector<int>{2, 3, 4, 5, 6}));
  ASSERT_EQ(info.options.size(), 2u);
  EXPECT_EQ(info.options[0].name, "scoring");
  EXPECT_EQ(info.options[1].name, "object-self-check");
}

}  // namespace
}  // namespace rules::heximeros::testing
