// `hexpost rules play hex-quoridor`, through the real binary: the documented counts, stdin moves,
// and the exact error reporting of the fixed interface.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "subprocess.h"

namespace {

using nlohmann::json;
using testsupport::run;

TEST(RulesPlayQuoridor, EmptyTwoPlayerBoardHas268LegalMoves) {
  auto result = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  json state = json::parse(result.out);
  EXPECT_EQ(state["game"], "hex-quoridor");
  EXPECT_EQ(state["status"], "ongoing");
  EXPECT_EQ(state["result"], nullptr);
  EXPECT_EQ(state["moves"], json::array());
  ASSERT_EQ(state["legal"].size(), 268u);  // 4 pawn steps + 264 fences
  int pawn_moves = 0;
  for (const auto& move : state["legal"]) pawn_moves += move.get<std::string>()[0] != 'F';
  EXPECT_EQ(pawn_moves, 4);
  EXPECT_EQ(state["to_move"], json::array({1}));  // seed 1 draws seat 1 to start
  EXPECT_FALSE(state["position"].get<std::string>().empty());
}

TEST(RulesPlayQuoridor, ReadsMovesFromStdinAndPrintsThemCanonically) {
  auto result =
      run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--json", "-"}, "fe6w+\n\na2\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  json state = json::parse(result.out);
  EXPECT_EQ(state["moves"], json::array({"Fe5E+", "a2"}));
  EXPECT_EQ(state["to_move"], json::array({1}));
}

TEST(RulesPlayQuoridor, IllegalMoveStopsWithTheRuleItBreaks) {
  auto result =
      run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--json", "Fe5E+", "Fe6W+", "a2"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, "move 2: Fe6W+: fence overlaps Fe5E+\n");
  json state = json::parse(result.out);
  EXPECT_EQ(state["moves"], json::array({"Fe5E+"}));
  EXPECT_EQ(state["error"], json({{"index", 2},
                                  {"text", "Fe6W+"},
                                  {"code", "illegal_move"},
                                  {"reason", "fence overlaps Fe5E+"}}));
}

TEST(RulesPlayQuoridor, UnparsableMoveHasTheBadNotationCode) {
  auto result = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--json", "Fz9Q+"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(json::parse(result.out)["error"]["code"], "bad_notation");
}

TEST(RulesPlayQuoridor, HumanOutputShowsBoardMovesTurnAndCount) {
  auto result = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "Fe5E+"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("moves: 1. Fe5E+\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("to move: seat 0\n"), std::string::npos);
  EXPECT_NE(result.out.find("legal moves: 254\n"), std::string::npos);
}

TEST(RulesPlayQuoridor, UnofferedPlayerCountIsAUsageError) {
  auto result = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--players", "5"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "hexpost: Hex Quoridor is played by 2, 3, 4, 6 players, not 5\n");
  auto bad_option = run({HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--option", "size"});
  EXPECT_EQ(bad_option.exit_code, 2);
}

TEST(RulesPlayQuoridor, PlaysARecordWithAResignation) {
  auto result = run(
      {HEXPOST_CLI_PATH, "rules", "play", "hex-quoridor", "--players", "3", "--json", "resign 2"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  json state = json::parse(result.out);
  EXPECT_EQ(state["moves"], json::array({"resign 2"}));
  EXPECT_EQ(state["status"], "ongoing");
}

}  // namespace
