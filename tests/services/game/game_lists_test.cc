// The paginated game lists, GET /v1/me/games and GET /v1/games: the Link rel="next" of a page
// keeps every filter (and the limit) of the request, and is sent whenever next_cursor is; a walk
// that follows Link returns exactly the filtered games, each once.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

// Follows Link rel="next" from `path`; every game id in page order. Fails when a page has a
// next_cursor without a Link (or the other way round).
std::vector<std::string> walk(Client& client, std::string path, const std::string& token) {
  std::vector<std::string> ids;
  for (int pages = 0; pages < 50; ++pages) {
    const Reply page = client.get(path, token);
    EXPECT_EQ(page.status, 200) << path << ": " << page.text;
    if (page.status != 200) break;
    for (const auto& g : page.body.at("games")) ids.push_back(g.at("id"));
    const std::string link = page.header("Link");
    const bool more = !page.body.at("next_cursor").is_null();
    EXPECT_EQ(!link.empty(), more) << path << ": Link '" << link << "'";
    if (!more || link.empty()) break;
    EXPECT_NE(link.find(">; rel=\"next\""), std::string::npos) << link;
    path = link.substr(1, link.find('>') - 1);
  }
  return ids;
}

std::set<std::string> as_set(const std::vector<std::string>& ids) {
  return {ids.begin(), ids.end()};
}

TEST(GameLists, FollowingLinkKeepsTheFiltersAndReturnsExactlyTheFilteredGames) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const std::vector<Account> p = {make_account(client, "walk"), make_account(client, "walk")};
  std::vector<std::string> iso, counting;
  for (int i = 0; i < 3; ++i) iso.push_back(start_game(client, p, "iso-path"));
  for (int i = 0; i < 3; ++i) counting.push_back(start_game(client, p, "counting"));
  // Finished: two iso-path games and one counting game.
  for (const std::string& id : {iso[0], iso[2], counting[1]}) {
    ASSERT_EQ(client.post("/v1/games/" + id + "/resign", json::object(), p[1].token).status, 200);
  }

  const Reply first = client.get("/v1/me/games?limit=1&status=finished&game=iso-path", p[0].token);
  const std::string link = first.header("Link");
  EXPECT_EQ(link.substr(0, link.find("cursor=")),
            "</v1/me/games?game=iso-path&limit=1&status=finished&");
  const std::vector<std::string> finished_iso =
      walk(client, "/v1/me/games?limit=1&status=finished&game=iso-path", p[0].token);
  EXPECT_EQ(finished_iso.size(), 2u);
  EXPECT_EQ(as_set(finished_iso), as_set({iso[0], iso[2]}));
  const std::vector<std::string> mine = walk(client, "/v1/me/games?limit=2", p[0].token);
  EXPECT_EQ(mine.size(), 6u);
  EXPECT_EQ(as_set(mine).size(), 6u);
  const std::vector<std::string> active_counting =
      walk(client, "/v1/me/games?limit=1&game=counting&status=active", p[1].token);
  EXPECT_EQ(as_set(active_counting), as_set({counting[0], counting[2]}));
  EXPECT_EQ(active_counting.size(), 2u);

  // GET /v1/games: newest first, Link as well.
  const std::string player = "&player=" + p[0].username;
  const std::vector<std::string> all_iso =
      walk(client, "/v1/games?limit=1&game=iso-path" + player, p[0].token);
  EXPECT_EQ(all_iso, (std::vector<std::string>{iso[2], iso[1], iso[0]}));
  const std::vector<std::string> finished =
      walk(client, "/v1/games?limit=2&status=finished" + player, p[0].token);
  EXPECT_EQ(finished, (std::vector<std::string>{counting[1], iso[2], iso[0]}));
}

}  // namespace
