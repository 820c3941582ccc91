// `hexpost tournaments`, `tournament join|show` and `ratings` against the real hexpostd: a rated
// round robin of three players is created over HTTP by its organiser, joined and followed from
// the CLI; the first finished game shows up in the Elo list within the competition worker's pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "lib/competition/glicko2.h"
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
  EXPECT_EQ(text.out.substr(0, text.out.find('\n')),
            "CLI Cup " + a.name + " (iso-path, round-robin, running)");
  EXPECT_NE(text.out.find("  playing  /v1/games/" + game_id + "\n"), std::string::npos) << text.out;
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
  // Elo has no deviation and no separate live value: RATING, GAMES, PROVISIONAL.
  EXPECT_NE(table.out.find("iso-path\t" + loser.name + "\t1480\t1\tyes\n"), std::string::npos)
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
  EXPECT_EQ(text.out, "Window " + a.name + " (iso-path, round-robin, open)\nEntry closes " +
                          closes + "; it starts then if 2 or more have joined.\nEntrants: none\n");
}

// One rated game moves both players' live Glicko-2 ratings at once (the period-in-progress
// estimate), while the official period-based values stay until the period closes.
TEST(CliRatings, LiveGlicko2RatingsMoveWhenAGameEnds) {
  CLI_REQUIRE_SERVER();
  User first, second;
  const std::string game_id = start_game("iso-path", first, second);
  ASSERT_EQ(hexpost(first, {"resign", game_id, "--yes"}).exit_code, 0);
  json mine;
  for (int i = 0; i < 100 && (mine.is_null() || mine.size() < 2); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    mine = json::array();
    const json all = parse_out(hexpost(first, {"ratings", "iso-path", "--json"}));
    for (const json& r : all.at("ratings"))
      if (r.at("username") == first.name || r.at("username") == second.name) mine.push_back(r);
  }
  ASSERT_EQ(mine.size(), 2u) << mine.dump();
  const competition::Glicko2Rating fresh{1500, 350, 0.06};
  const auto won = competition::glicko2_update(fresh, {{fresh, 1.0}});
  const auto lost = competition::glicko2_update(fresh, {{fresh, 0.0}});
  const json& winner = mine.at(0).at("username") == second.name ? mine.at(0) : mine.at(1);
  const json& loser = mine.at(0).at("username") == first.name ? mine.at(0) : mine.at(1);
  for (const json* r : {&winner, &loser}) {
    EXPECT_EQ(r->at("rating"), 1500);  // official: the period is still open
    EXPECT_EQ(r->at("deviation"), 350);
    EXPECT_EQ(r->at("provisional"), true);
  }
  EXPECT_EQ(winner.at("live_rating"), std::lround(won.rating));
  EXPECT_EQ(winner.at("live_deviation"), std::lround(won.deviation));
  EXPECT_EQ(loser.at("live_rating"), std::lround(lost.rating));
  EXPECT_EQ(loser.at("live_deviation"), std::lround(lost.deviation));
  EXPECT_NE(std::lround(won.rating), 1500);

  const auto table = hexpost(first, {"ratings", "iso-path"});
  EXPECT_NE(table.out.find("iso-path\t" + second.name + "\t1500\t350\t" +
                           std::to_string(std::lround(won.rating)) + "\t" +
                           std::to_string(std::lround(won.deviation)) + "\t1\tyes\n"),
            std::string::npos)
      << table.out;
}

}  // namespace
