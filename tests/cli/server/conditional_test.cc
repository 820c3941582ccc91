// `hexpost move GAME_ID --if "X Y ..."` and `hexpost conditional list|clear GAME_ID`, with the
// real binary against a real hexpostd: Hex Quoridor, whose moves draw nothing.
#include <gtest/gtest.h>

#include "rules/core/play.h"
#include "rules/core/registry.h"
#include "tests/cli/server/cli_fixture.h"

namespace {

using namespace clitest;

// The first pawn step of the seat to move once `moves` are played from `position`.
std::string first_step(const std::string& position, const std::vector<std::string>& moves) {
  auto state = std::move(rules::find_game("hex-quoridor")->load(position)).value();
  rules::NoRandom rng;
  for (const auto& m : moves) EXPECT_TRUE(rules::play(*state, m, rng).ok()) << m;
  for (rules::Move m : state->legal_moves()) {
    const std::string text = state->format_move(m);
    if (text.find(' ') == std::string::npos) return text;
  }
  return "";
}

struct Game {
  std::string id, position;
  User mover, waiter;  // the seat to move, and the other
};

Game start() {
  User p0, p1;
  Game g;
  g.id = start_game("hex-quoridor", p0, p1);
  const json view = parse_out(hexpost(p0, {"show", g.id, "--json"}));
  const bool p0_moves = view.at("your_turn").get<bool>();
  g.mover = p0_moves ? p0 : p1;
  g.waiter = p0_moves ? p1 : p0;
  g.position = view.at("position");
  return g;
}

TEST(CliConditional, IfStoresAndExtendsALineListShowsItClearDeletesIt) {
  CLI_REQUIRE_SERVER();
  const Game g = start();
  const std::string x = first_step(g.position, {});
  const std::string y = first_step(g.position, {x});
  const std::string x2 = first_step(g.position, {x, y});
  const std::string y2 = first_step(g.position, {x, y, x2});

  auto r = hexpost(g.waiter, {"move", g.id, "--if", x + " " + y});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "1: " + x + " " + y + "\n");
  // A longer line that begins with the stored one replaces it.
  r = hexpost(g.waiter, {"move", g.id, "--if", x + " " + y + " " + x2 + " " + y2});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "1: " + x + " " + y + " " + x2 + " " + y2 + "\n");
  r = hexpost(g.waiter, {"conditional", "list", g.id});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "1: " + x + " " + y + " " + x2 + " " + y2 + "\n");
  r = hexpost(g.waiter, {"conditional", "list", g.id, "--json"});
  EXPECT_EQ(parse_out(r),
            json({{"game_id", g.id},
                  {"ply", 0},
                  {"lines", json(std::vector<std::vector<std::string>>{{x, y, x2, y2}})}}));
  EXPECT_EQ(hexpost(g.mover, {"conditional", "list", g.id}).out, "No conditional lines.\n");

  r = hexpost(g.waiter, {"conditional", "clear", g.id});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "Conditional lines of game " + g.id + " cleared.\n");
  EXPECT_EQ(hexpost(g.waiter, {"conditional", "list", g.id}).out, "No conditional lines.\n");
}

TEST(CliConditional, AStoredLineRepliesToTheOpponentsMove) {
  CLI_REQUIRE_SERVER();
  const Game g = start();
  const std::string x = first_step(g.position, {});
  const std::string y = first_step(g.position, {x});
  // Commas separate the moves too (for notation that holds spaces).
  const auto stored = hexpost(g.waiter, {"move", g.id, "--if", x + ", " + y});
  ASSERT_EQ(stored.exit_code, 0) << stored.err;
  EXPECT_EQ(stored.out, "1: " + x + " " + y + "\n");
  ASSERT_EQ(hexpost(g.mover, {"move", g.id, x}).exit_code, 0);
  const json view = parse_out(hexpost(g.mover, {"show", g.id, "--json"}));
  EXPECT_EQ(view.at("ply"), 2);
  EXPECT_EQ(view.at("moves").at(1).at("record"), y);
  EXPECT_TRUE(view.at("your_turn").get<bool>());
}

TEST(CliConditional, RefusalsAndUsageErrors) {
  CLI_REQUIRE_SERVER();
  const Game g = start();
  const std::string x = first_step(g.position, {});
  // An illegal reply: the server's reason, exit 1, nothing stored.
  auto r = hexpost(g.waiter, {"move", g.id, "--if", x + " zz9"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("line 1, move 2 (zz9): "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(bad_notation)"), std::string::npos) << r.err;
  EXPECT_EQ(hexpost(g.waiter, {"conditional", "list", g.id}).out, "No conditional lines.\n");
  // The player to move: refused (exit 1), with the server's code.
  r = hexpost(g.mover, {"move", g.id, "--if", x + " " + x});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("(your_turn)"), std::string::npos) << r.err;
  // Both a move and --if, or neither: usage (exit 2), no request.
  EXPECT_EQ(hexpost(g.waiter, {"move", g.id, x, "--if", x + " " + x}).exit_code, 2);
  EXPECT_EQ(hexpost(g.waiter, {"move", g.id}).exit_code, 2);
}

}  // namespace
