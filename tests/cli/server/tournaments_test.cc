// `hexpost tournaments`, `tournament join|show` and `ratings` against the real hexpostd: a rated
// round robin of three players is created over HTTP by its organiser, joined and followed from
// the CLI; the first finished game shows up in the Elo list within the competition worker's pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "tests/cli/server/cli_fixture.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace clitest;

// The iso-path Elo list of these players, in the server's order (other tests of this process
// rate iso-path games of their own players too).
json elo_list(const User& viewer, const std::vector<std::string>& players) {
  json mine = json::array();
  const json all = parse_out(hexpost(viewer, {"ratings", "iso-path", "--system", "elo", "--json"}));
  for (const json& r : all.at("ratings")) {
    if (std::find(players.begin(), players.end(), r.at("username")) != players.end()) {
      mine.push_back(r);
    }
  }
  return {{"ratings", mine}};
}

TEST(CliTournaments, JoinShowListAndRatingsAgainstTheRealServer) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("tra"), b = sign_up("trb"), c = sign_up("trc");
  svctest::Client http(server_port());
  const svctest::Reply created = http.post("/v1/tournaments",
                                           {{"name", "CLI Cup " + a.name},
                                            {"game", "iso-path"},
                                            {"format", "round-robin"},
                                            {"rated", true}},
                                           stored_token(a));
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body.at("id");
  for (const User* u : {&a, &b, &c}) {
    const auto joined = hexpost(*u, {"tournament", "join", id});
    EXPECT_EQ(joined.exit_code, 0) << joined.err;
    EXPECT_EQ(joined.err, "Joined tournament " + id + ".\n");
  }
  EXPECT_EQ(hexpost(a, {"tournament", "join", id}).exit_code, 1);  // already joined
  ASSERT_EQ(http.post("/v1/tournaments/" + id + "/start", json::object(), stored_token(a)).status,
            200);

  const json shown = parse_out(hexpost(b, {"tournament", "show", id, "--json"}));
  EXPECT_EQ(shown.at("status"), "running");
  const json& first = shown.at("rounds").at(0).at("pairings");
  std::string game_id, first_mover;
  for (const json& p : first) {
    if (!p.at("game_id").is_null()) {
      game_id = p.at("game_id");
      first_mover = p.at("usernames").at(0);
    }
  }
  ASSERT_FALSE(game_id.empty()) << shown.dump();
  const auto text = hexpost(b, {"tournament", "show", id});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_EQ(text.out.substr(0, text.out.find('\n')), "CLI Cup " + a.name + " (iso-path, running)");
  EXPECT_NE(text.out.find("game " + game_id + "\n"), std::string::npos) << text.out;
  const auto listed = hexpost(c, {"tournaments"});
  EXPECT_NE(listed.out.find("CLI Cup " + a.name), std::string::npos) << listed.out;

  // The first mover resigns; the other player of that game gains 20 Elo (K 40, equal ratings).
  const User& loser = first_mover == a.name ? a : first_mover == b.name ? b : c;
  ASSERT_EQ(hexpost(loser, {"resign", game_id, "--yes"}).exit_code, 0);
  json list;
  for (int i = 0; i < 100 && (list.is_null() || list.at("ratings").size() < 2); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    list = elo_list(a, {a.name, b.name, c.name});
  }
  ASSERT_EQ(list.at("ratings").size(), 2u) << list.dump();
  EXPECT_EQ(list.at("ratings").at(0).at("rating"), 1520);
  EXPECT_EQ(list.at("ratings").at(1).at("username"), loser.name);
  EXPECT_EQ(list.at("ratings").at(1).at("rating"), 1480);
  const auto table = hexpost(a, {"ratings", "iso-path", "--system", "elo"});
  EXPECT_NE(table.out.find("iso-path\t" + loser.name + "\t1480\t-\t1\t"), std::string::npos)
      << table.out;
  EXPECT_EQ(hexpost(a, {"ratings", "iso-path", "--system", "trueskill"}).exit_code, 2);
}

// An open tournament with an entry window says when it closes (and starts on its own).
TEST(CliTournaments, ShowSaysWhenTheEntryWindowCloses) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("twa");
  svctest::Client http(server_port());
  const svctest::Reply created = http.post("/v1/tournaments",
                                           {{"name", "Window " + a.name},
                                            {"game", "iso-path"},
                                            {"format", "round-robin"},
                                            {"entry_closes_at", "2099-01-01T00:00:00Z"}},
                                           stored_token(a));
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body.at("id");
  const json shown = parse_out(hexpost(a, {"tournament", "show", id, "--json"}));
  const std::string closes = shown.at("entry_closes_at");
  EXPECT_EQ(closes.substr(0, 19), "2099-01-01T00:00:00");
  const auto text = hexpost(a, {"tournament", "show", id});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_EQ(text.out.substr(0, text.out.find("Standings:")),
            "Window " + a.name + " (iso-path, open)\nEntry closes " + closes +
                "; it starts then if 2 or more have joined.\n");
}

}  // namespace
