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

// Every game explains its notation, and its examples are moves the rules library reads; then
// the legal moves of a new game, counted and grouped by kind.
TEST(RulesNotation, EveryGameHasAGuideWhoseExamplesParse) {
  const std::map<std::string, std::vector<std::string>> examples = {
      {"hex-quoridor", {"b3", "Fe5E+", "Fc3NW-"}},
      {"iso-path", {"Tf3-b2 a2-b2", "xd1 e2-e1", "x16 24-23"}},
      {"mojave", {"b3N1", "d6N2E1", "b3-b4"}},
      {"hexahedron-wars", {"c1:N,N", "d2:N,jN,E", "e3:wN", "+:W", "@c4"}},
      {"heximeros", {"C[-4,-10]-[-2,-7]", "M[0,-10]-[0,-9]x[1,-9]", "B[2,-6]*[2,-3]"}}};
  for (const rules::GameDef& game : rules::all_games()) {
    const auto r = run({HEXPOST_CLI_PATH, "rules", "notation", game.info.id});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json start =
        json::parse(run({HEXPOST_CLI_PATH, "rules", "play", game.info.id, "--json"}).out);
    EXPECT_NE(r.out.find("\nAt the start of a game: " + std::to_string(start["legal"].size()) +
                         " legal moves, by kind:\n"),
              std::string::npos)
        << r.out;
    rules::SeededRandom rng(1);
    auto state = game.create(rules::GameConfig{game.info.player_counts.front(), {}}, rng);
    for (const std::string& example : examples.at(game.info.id)) {
      EXPECT_NE(r.out.find(example), std::string::npos) << game.info.id << ": " << example;
      const auto parsed = state.value()->parse_move(example);
      EXPECT_TRUE(parsed.ok() || parsed.error().code != rules::ErrorCode::kBadNotation)
          << game.info.id << ": " << example << ": " << parsed.error().message;
    }
  }
  const auto quoridor = run({HEXPOST_CLI_PATH, "rules", "notation", "hex-quoridor"});
  EXPECT_NE(quoridor.out.find("\n  pawn step or jump (4): h3, h4, i2, i4\n"
                              "  fence (264): Fa1NE+, Fa1NE-, Fa2NE+, Fa2NE-, ...\n"),
            std::string::npos)
      << quoridor.out;
  const auto unknown = run({HEXPOST_CLI_PATH, "rules", "notation", "chess"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "hexpost: unknown game 'chess' (see: hexpost rules list)\n");
}

TEST(Hexpost, VersionFlagPrintsTheVersion) {
  auto result = run({HEXPOST_CLI_PATH, "--version"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "hexpost 0.1.0\n");
}

}  // namespace
