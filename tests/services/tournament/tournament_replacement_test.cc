// Replacement players in tournament games: only where the organiser allows them (the setting
// allow_replacement, default off). Real PostgreSQL and REST.
#include <gtest/gtest.h>

#include "tests/services/tournament/tournament_support.h"

namespace {

using namespace svctest;
using namespace tourneytest;

// A started one-round Swiss of three at one table with these settings; its game id.
std::string tournament_game(Client& client, const Field& f, const json& settings) {
  const json spec = {{"name", "Replacements"}, {"game", "counting"},    {"format", "swiss"},
                     {"rounds", 1},            {"players_per_game", 3}, {"settings", settings}};
  const Reply created = client.post("/v1/tournaments", spec, f.players[0].token);
  if (created.status != 201) throw std::runtime_error("create failed: " + created.text);
  const std::string id = created.body.at("id");
  for (const auto& p : f.players) client.post("/v1/tournaments/" + id + "/join", {}, p.token);
  const Reply started = client.post("/v1/tournaments/" + id + "/start", {}, f.players[0].token);
  if (started.status != 200) throw std::runtime_error("start failed: " + started.text);
  return started.body.at("rounds").at(0).at("pairings").at(0).at("game_id");
}

TEST(TournamentReplacement, OnlyWhereTheOrganiserAllowsIt) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "rp", 3);
  const Account spare = make_account(client, "rpspare");
  const json ask = {{"replacement", spare.username}};

  const std::string closed = tournament_game(client, f, json::object());
  const Reply refused = client.post("/v1/games/" + closed + "/leave", ask, f.players[1].token);
  EXPECT_EQ(refused.status, 409);
  EXPECT_EQ(refused.body.value("code", ""), "replacement_not_allowed");
  EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(client.get("/v1/games/" + closed, f.players[1].token).body.at("leave_request"),
            nullptr);

  const std::string open = tournament_game(client, f, {{"allow_replacement", true}});
  const Reply asked = client.post("/v1/games/" + open + "/leave", ask, f.players[1].token);
  ASSERT_EQ(asked.status, 200) << asked.text;
  EXPECT_EQ(asked.body.at("leave_request").at("status"), "pending");
  EXPECT_EQ(asked.body.at("leave_request").at("replacement"), spare.username);

  const Reply bad = client.post(
      "/v1/tournaments",
      {{"name", "Bad"}, {"game", "counting"}, {"format", "swiss"}, {"rounds", 1},
       {"settings", {{"allow_replacement", "yes"}}}},
      f.players[0].token);
  EXPECT_EQ(bad.status, 422);
  EXPECT_EQ(bad.body.value("code", ""), "bad_settings");
}

}  // namespace
