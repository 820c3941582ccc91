// `hexpost rules`, through the real binary: output, JSON shape, errors and exit codes.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "rules/core/registry.h"
#include "subprocess.h"

namespace {

using nlohmann::json;
using testsupport::run;

TEST(RulesList, JsonListsEveryRegisteredGameWithItsPlayerCounts) {
  auto result = run({HEXPOST_CLI_PATH, "rules", "list", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  json games = json::parse(result.out);
  ASSERT_EQ(games.size(), rules::all_games().size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(games[i]["id"], rules::all_games()[i].info.id);
    EXPECT_EQ(games[i]["players"].get<std::vector<int>>(),
              rules::all_games()[i].info.player_counts);
  }
}

TEST(RulesPlay, UnknownGameIsAUsageError) {
  auto result = run({HEXPOST_CLI_PATH, "rules", "play", "no-such-game"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "hexpost: unknown game 'no-such-game' (see: hexpost rules list)\n");
  EXPECT_EQ(result.out, "");
}

TEST(RulesPlay, MissingGameAndUnknownFlagAreUsageErrors) {
  EXPECT_EQ(run({HEXPOST_CLI_PATH, "rules", "play"}).exit_code, 2);
  EXPECT_EQ(run({HEXPOST_CLI_PATH, "rules", "list", "--bogus"}).exit_code, 2);
  EXPECT_EQ(run({HEXPOST_CLI_PATH}).exit_code, 2);
}

TEST(Hexpost, VersionFlagPrintsTheVersion) {
  auto result = run({HEXPOST_CLI_PATH, "--version"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "hexpost 0.1.0\n");
}

}  // namespace
