// The registry lists exactly the five games, in the order the CLI and the catalogue show them.
// The generic suites (contract, golden) take their cases from the registry, so a game dropped
// from it would silently lose its coverage there; this suite fails instead.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/core/registry.h"

namespace rules::testing {
namespace {

std::vector<std::string> registered_ids() {
  std::vector<std::string> ids;
  for (const GameDef& game : all_games()) ids.push_back(game.info.id);
  return ids;
}

TEST(Registry, ListsExactlyTheFiveGamesInOrder) {
  const std::vector<std::string> expected = {"hexahedron-wars", "iso-path", "mojave",
                                             "hex-quoridor", "heximeros"};
  EXPECT_EQ(registered_ids(), expected);
}

TEST(Registry, FindsEveryGameByItsId) {
  for (const GameDef& game : all_games()) {
    EXPECT_EQ(find_game(game.info.id), &game) << game.info.id;
  }
  EXPECT_EQ(find_game("no-such-game"), nullptr);
  EXPECT_EQ(find_game(""), nullptr);
}

}  // namespace
}  // namespace rules::testing
