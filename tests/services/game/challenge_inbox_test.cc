// The default clock of a challenge that names none, cancelling a challenge (creator only), and
// the inbox (GET /v1/me/events), against a real server and PostgreSQL.
#include <gtest/gtest.h>

#include <set>

#include "services/sweeper/clock_sweeper.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

json challenge_of(Client& client, const Account& creator, const Account& opponent,
                  const json& extra = json::object()) {
  json body = {{"game", "counting"}, {"opponents", {opponent.username}}};
  body.update(extra);
  const Reply r = client.post("/v1/challenges", body, creator.token);
  EXPECT_EQ(r.status, 201) << r.text;
  return r.body;
}

TEST(ChallengeClock, DefaultDaysPerMoveIsAServerSetting) {
  EXPECT_EQ(sweeper::clock_options({}).default_days_per_move, 3);
  EXPECT_EQ(sweeper::clock_options({{"HEXPOST_DEFAULT_DAYS_PER_MOVE", "0"}}).default_days_per_move,
            0);
  EXPECT_EQ(sweeper::clock_options({{"HEXPOST_DEFAULT_DAYS_PER_MOVE", "7"}}).default_days_per_move,
            7);
  EXPECT_THROW(sweeper::clock_options({{"HEXPOST_DEFAULT_DAYS_PER_MOVE", "61"}}),
               std::invalid_argument);
}

TEST(ChallengeClock, AChallengeWithoutAClockGetsTheDefaultAndNoneStaysUnclocked) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.clocks.default_days_per_move = 3;
  TestServer server(database_url(), options);
  Client client(server.port());
  const Account a = make_account(client, "clk");
  const Account b = make_account(client, "clk");
  const json three = {
      {"type", "per_move"}, {"days_per_move", 3}, {"vacation", true}, {"weekends_off", false}};
  EXPECT_EQ(challenge_of(client, a, b).at("clock"), three);
  EXPECT_EQ(challenge_of(client, a, b, {{"clock", nullptr}}).at("clock"), three);
  EXPECT_EQ(challenge_of(client, a, b, {{"clock", json::object()}}).at("clock"), three);
  EXPECT_EQ(challenge_of(client, a, b, {{"clock", {{"type", "none"}}}}).at("clock"),
            json({{"type", "none"}}));
  EXPECT_EQ(challenge_of(client, a, b, {{"clock", {{"days_per_move", 5}}}})
                .at("clock")
                .at("days_per_move"),
            5);
  // The game started from a default-clock challenge runs that clock.
  const std::string cid = challenge_of(client, a, b).at("id");
  const Reply accepted = client.post("/v1/challenges/" + cid + "/accept", json::object(), b.token);
  ASSERT_EQ(accepted.status, 200) << accepted.text;
  const Reply game =
      client.get("/v1/games/" + accepted.body.at("game_id").get<std::string>(), a.token);
  EXPECT_EQ(game.body.at("clock"), three);
}

TEST(ChallengeCancel, OnlyTheCreatorCancelsAndOthersGetAProblem) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account a = make_account(client, "can");
  const Account b = make_account(client, "can");
  const Account c = make_account(client, "can");
  const std::string cid = challenge_of(client, a, b).at("id");
  const std::string path = "/v1/challenges/" + cid + "/cancel";
  for (const Account* other : {&b, &c}) {
    const Reply refused = client.post(path, json::object(), other->token);
    EXPECT_EQ(refused.status, 403) << refused.text;
    EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
    EXPECT_EQ(refused.body.at("code"), "not_creator");
    EXPECT_EQ(refused.body.at("detail"), "Only the challenge's creator can cancel it.");
  }
  EXPECT_EQ(client.get("/v1/challenges/" + cid, a.token).body.at("status"), "open");
  const Reply cancelled = client.post(path, {{"reason", "changed my mind"}}, a.token);
  ASSERT_EQ(cancelled.status, 200) << cancelled.text;
  EXPECT_EQ(cancelled.body.at("status"), "cancelled");
  EXPECT_EQ(cancelled.body.at("decline_reason"), "changed my mind");
  const Reply again = client.post(path, json::object(), a.token);
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body.at("code"), "challenge_closed");
  EXPECT_EQ(client.post("/v1/challenges/999999999/cancel", json::object(), a.token).status, 404);
  EXPECT_EQ(client.post(path, json::object()).status, 401);
}

// b's inbox after: a challenge b declines, one a cancels, one b accepts, and a resigns that game.
TEST(Inbox, ListsWhatHappenedNewestFirstInPagesWithLinkNext) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account a = make_account(client, "inb");
  const Account b = make_account(client, "inb");
  const std::string c1 = challenge_of(client, a, b).at("id");
  ASSERT_EQ(client.post("/v1/challenges/" + c1 + "/decline", {{"reason", "busy"}}, b.token).status,
            200);
  const std::string c2 = challenge_of(client, a, b).at("id");
  ASSERT_EQ(client.post("/v1/challenges/" + c2 + "/cancel", json::object(), a.token).status, 200);
  const std::string c3 = challenge_of(client, a, b).at("id");
  const Reply accepted = client.post("/v1/challenges/" + c3 + "/accept", json::object(), b.token);
  ASSERT_EQ(accepted.status, 200) << accepted.text;
  const std::string game_id = accepted.body.at("game_id");
  ASSERT_EQ(client.post("/v1/games/" + game_id + "/resign", json::object(), a.token).status, 200);

  const Reply all = client.get("/v1/me/events", b.token);
  ASSERT_EQ(all.status, 200) << all.text;
  std::vector<std::string> seen;
  for (const json& e : all.body.at("events")) {
    seen.push_back(e.at("type").get<std::string>() + " " +
                   e.value("challenge_id", e.value("game_id", "?")));
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"game_finished " + game_id, "game_started " + c3,
                                            "challenge_received " + c3, "challenge_cancelled " + c2,
                                            "challenge_received " + c2, "challenge_declined " + c1,
                                            "challenge_received " + c1}));
  EXPECT_TRUE(all.body.at("next_cursor").is_null());
  EXPECT_EQ(all.header("Link"), "");
  const json& declined = all.body.at("events").at(5);
  EXPECT_EQ(declined.at("payload").at("by"), b.username);
  EXPECT_EQ(declined.at("payload").at("reason"), "busy");
  EXPECT_EQ(all.body.at("events").at(3).at("payload").at("by"), a.username);
  EXPECT_EQ(all.body.at("events").at(6).at("challenge").at("creator"), a.username);
  // a sees its own challenges as created, not received.
  EXPECT_EQ(client.get("/v1/me/events?limit=1", a.token).body.at("events").at(0).at("type"),
            "game_finished");

  // Pages of 3 following Link rel=next: the same events, none twice, none missing.
  std::vector<std::string> walked;
  std::string next = "/v1/me/events?limit=3";
  for (int pages = 0; !next.empty() && pages < 10; ++pages) {
    const Reply page = client.get(next, b.token);
    ASSERT_EQ(page.status, 200) << page.text;
    for (const json& e : page.body.at("events")) walked.push_back(e.at("id"));
    const std::string link = page.header("Link");
    next = link.empty() ? "" : link.substr(1, link.find('>') - 1);
    if (!link.empty()) {
      EXPECT_EQ(link, "</v1/me/events?limit=3&cursor=" +
                          page.body.at("next_cursor").get<std::string>() + ">; rel=\"next\"");
    }
  }
  ASSERT_EQ(walked.size(), seen.size());
  EXPECT_EQ(std::set<std::string>(walked.begin(), walked.end()).size(), walked.size());
  for (std::size_t i = 0; i < walked.size(); ++i) {
    EXPECT_EQ(walked[i], all.body.at("events").at(i).at("id"));
  }

  const Reply bad = client.get("/v1/me/events?cursor=nonsense", b.token);
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body.at("code"), "invalid_cursor");
  EXPECT_EQ(client.get("/v1/me/events?limit=0", b.token).status, 400);
  EXPECT_EQ(client.get("/v1/me/events").status, 401);
}

}  // namespace
