// Replacement players in tournament games: only where the organiser allows them (the setting
// allow_replacement, default off). Real PostgreSQL and REST.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/services/tournament/tournament_support.h"

namespace {

using namespace svctest;
using namespace tourneytest;

struct Started {
  std::string tournament;
  std::string game;
};

// A started one-round Swiss of three at one table with these settings.
Started tournament_game(Client& client, const Field& f, const json& settings) {
  const json spec = {{"name", "Replacements"}, {"game", "counting"},
                     {"format", "swiss"},      {"rounds", 1},
                     {"players_per_game", 3},  {"settings", settings}};
  const Reply created = client.post("/v1/tournaments", spec, f.players[0].token);
  if (created.status != 201) throw std::runtime_error("create failed: " + created.text);
  const std::string id = created.body.at("id");
  for (const auto& p : f.players)
    client.post("/v1/tournaments/" + id + "/join", json::object(), p.token);
  const Reply started =
      client.post("/v1/tournaments/" + id + "/start", json::object(), f.players[0].token);
  if (started.status != 200) throw std::runtime_error("start failed: " + started.text);
  return {id, started.body.at("rounds").at(0).at("pairings").at(0).at("game_id")};
}

TEST(TournamentReplacement, OnlyWhereTheOrganiserAllowsIt) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "rp", 3);
  const Account spare = make_account(client, "rpspare");
  const json ask = {{"replacement", spare.username}};

  const std::string closed = tournament_game(client, f, json::object()).game;
  const Reply refused = client.post("/v1/games/" + closed + "/leave", ask, f.players[1].token);
  EXPECT_EQ(refused.status, 409);
  EXPECT_EQ(refused.body.value("code", ""), "replacement_not_allowed");
  EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(client.get("/v1/games/" + closed, f.players[1].token).body.at("leave_request"),
            nullptr);

  const Started allowing = tournament_game(client, f, {{"allow_replacement", true}});
  const std::string& open = allowing.game;
  const Reply asked = client.post("/v1/games/" + open + "/leave", ask, f.players[1].token);
  ASSERT_EQ(asked.status, 200) << asked.text;
  EXPECT_EQ(asked.body.at("leave_request").at("status"), "pending");
  EXPECT_EQ(asked.body.at("leave_request").at("replacement"), spare.username);

  // The seat passes; the replacement then wins the game, and the tournament counts the seat
  // for the entrant who left it as a resignation: nobody scores.
  for (const int voter : {0, 2}) {
    const Reply yes = client.post("/v1/games/" + open + "/leave/vote", {{"approve", true}},
                                  f.players[voter].token);
    ASSERT_EQ(yes.status, 200) << yes.text;
  }
  const Reply took =
      client.post("/v1/games/" + open + "/leave/accept", json::object(), spare.token);
  ASSERT_EQ(took.status, 200) << took.text;
  EXPECT_EQ(took.body.at("leave_request").at("status"), "handed_over");
  for (const int loser : {0, 2}) {
    ASSERT_EQ(
        client.post("/v1/games/" + open + "/resign", json::object(), f.players[loser].token).status,
        200);
  }
  EXPECT_EQ(client.get("/v1/games/" + open, spare.token).body.at("status"), "finished");
  server.service().competition.run_once();
  const json done = client.get("/v1/tournaments/" + allowing.tournament, spare.token).body;
  EXPECT_EQ(done.at("status"), "finished");
  std::vector<std::string> lines = standings_lines(done);
  std::sort(lines.begin(), lines.end());
  std::vector<std::string> expected = {f.players[0].username + " 0", f.players[1].username + " 0",
                                       f.players[2].username + " 0"};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(lines, expected);

  const Reply bad = client.post("/v1/tournaments",
                                {{"name", "Bad"},
                                 {"game", "counting"},
                                 {"format", "swiss"},
                                 {"rounds", 1},
                                 {"settings", {{"allow_replacement", "yes"}}}},
                                f.players[0].token);
  EXPECT_EQ(bad.status, 422);
  EXPECT_EQ(bad.body.value("code", ""), "bad_settings");
}

}  // namespace
