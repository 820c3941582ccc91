// Units of the client layer and the views that need no server: exit-code mapping, --bank
// parsing, the order of `hexpost games`, board styling.
#include <gtest/gtest.h>

#include "cli/client/client.h"
#include "cli/commands/board_view.h"
#include "cli/commands/challenge_commands.h"
#include "cli/commands/game_commands.h"

namespace {

using nlohmann::json;

cli::ApiProblem problem(int status, const std::string& code) {
  return cli::ApiProblem(status, code, "detail", nullptr, std::nullopt);
}

TEST(ClientExitCodes, EveryErrorClassMapsToItsDocumentedCode) {
  EXPECT_EQ(cli::exit_code_for(problem(409, "stale_ply")), 3);
  EXPECT_EQ(cli::exit_code_for(problem(409, "not_your_turn")), 3);
  EXPECT_EQ(cli::exit_code_for(problem(409, "already_joined")), 1);
  EXPECT_EQ(cli::exit_code_for(problem(401, "invalid_token")), 4);
  EXPECT_EQ(cli::exit_code_for(problem(403, "insufficient_scope")), 4);
  EXPECT_EQ(cli::exit_code_for(problem(429, "rate_limited")), 5);
  EXPECT_EQ(cli::exit_code_for(problem(422, "illegal_move")), 1);
  EXPECT_EQ(cli::exit_code_for(problem(503, "database_unavailable")), 1);
}

TEST(ClientBank, ParsesInitialIncrementAndMax) {
  EXPECT_EQ(cli::parse_bank("7+1/14"),
            json({{"type", "bank"},
                  {"bank", {{"initial_days", 7}, {"increment_days", 1}, {"max_days", 14}}}}));
  EXPECT_EQ(cli::parse_bank("5"),
            json({{"type", "bank"}, {"bank", {{"initial_days", 5}, {"increment_days", 0}}}}));
  EXPECT_FALSE(cli::parse_bank("lots").has_value());
  EXPECT_FALSE(cli::parse_bank("7+").has_value());
}

TEST(GamesOrder, MyTurnFirstThenMostUrgentDeadlineThenNoDeadline) {
  auto game = [](const std::string& id, bool mine, const char* deadline) {
    return json{{"id", id},
                {"your_turn", mine},
                {"seats", {{{"to_move", true}, {"deadline", deadline ? json(deadline) : json()}}}}};
  };
  json games = json::array({game("a", false, "2026-01-01T00:00:00Z"), game("b", true, nullptr),
                            game("c", true, "2026-03-01T00:00:00Z"),
                            game("d", true, "2026-02-01T00:00:00Z")});
  cli::sort_games_for_list(games);
  std::string order;
  for (const json& g : games) order += g["id"].get<std::string>();
  EXPECT_EQ(order, "dcba");
}

TEST(BoardStyle, EmptyCellsBecomeDimDotsOnlyWhenStyled) {
  const std::string board = "a . .. x.y ...\n. 1\n";
  EXPECT_EQ(cli::style_board(board, {}), board);
  EXPECT_EQ(cli::style_board(board, {false, true}), "a \u00b7 \u00b7\u00b7 x.y ...\n\u00b7 1\n");
  EXPECT_EQ(cli::style_board(". x", {true, false}), "\x1b[2m.\x1b[0m x");
}

}  // namespace
