// Messages between the players of a game against real PostgreSQL and real HTTP on 127.0.0.1:
// posting and listing with the ply, the 2,000-character limit, seats only, spectators (nothing
// while the game runs, everything in the list and the record after it), delivery on the event
// stream and the game stream, mutes, and reports to the admins.
#include <gtest/gtest.h>

#include <pqxx/pqxx>

#include "tests/services/bots/bot_fixture.h"

namespace {

using namespace bottest;
using svctest::Account;
using svctest::Client;
using svctest::Reply;

struct Table {
  Account first, second, spectator;
  std::string game;
  std::string messages() const { return "/v1/games/" + game + "/messages"; }
};

// Two players in a new counting game (the first to move first) and a third account.
Table new_table(Client& client, const std::string& stem) {
  const Account ann = svctest::make_account(client, stem + "ann");
  const Account bob = svctest::make_account(client, stem + "bob");
  const Account eve = svctest::make_account(client, stem + "eve");
  const std::vector<Account> players = {ann, bob};
  const std::string game = svctest::start_game(client, players);
  const json view = client.get("/v1/games/" + game, ann.token).body;
  const bool ann_first = svctest::to_move(view, players).username == ann.username;
  return {ann_first ? ann : bob, ann_first ? bob : ann, eve, game};
}

long long sql_count(const std::string& query) {
  pqxx::connection c(svctest::database_url());
  pqxx::nontransaction tx(c);
  return tx.exec(query)[0][0].as<long long>();
}

std::vector<json> of_type(const std::vector<json>& events, const std::string& type) {
  std::vector<json> out;
  for (const json& e : events) {
    if (e.value("type", "") == type) out.push_back(e);
  }
  return out;
}

std::string repeat(const std::string& unit, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += unit;
  return out;
}

TEST(Messages, PostedWithTheGamesPlyAndListedWithAuthorAndTimeWithoutChangingTheGame) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Table t = new_table(client, "post");
  const std::vector<Account> players = {t.first, t.second};
  ASSERT_NO_FATAL_FAILURE(svctest::play_counting_moves(client, t.game, players, 0, 2));
  const Reply before = client.get("/v1/games/" + t.game, t.first.token);

  const Reply posted = client.post(t.messages(), {{"text", "good luck\nhave fun"}}, t.first.token);
  ASSERT_EQ(posted.status, 201) << posted.text;
  EXPECT_EQ(posted.body.at("ply"), 2);
  EXPECT_EQ(posted.body.at("author"), t.first.username);
  EXPECT_EQ(posted.body.at("text"), "good luck\nhave fun");
  EXPECT_EQ(posted.body.at("game_id"), t.game);
  EXPECT_EQ(posted.header("Location"),
            t.messages() + "/" + posted.body.at("id").get<std::string>());
  ASSERT_NO_FATAL_FAILURE(svctest::play_counting_moves(client, t.game, players, 2, 1));
  ASSERT_EQ(client.post(t.messages(), {{"text", "thanks"}}, t.second.token).status, 201);

  const Reply listed = client.get(t.messages(), t.second.token);
  ASSERT_EQ(listed.status, 200) << listed.text;
  ASSERT_EQ(listed.body.at("messages").size(), 2u);
  const json& m0 = listed.body["messages"][0];
  EXPECT_EQ(m0, posted.body);
  EXPECT_EQ(m0.at("created_at").get<std::string>().back(), 'Z');
  EXPECT_EQ(listed.body["messages"][1].at("ply"), 3);
  EXPECT_EQ(listed.body["messages"][1].at("author"), t.second.username);
  EXPECT_EQ(listed.body.at("next_cursor"), nullptr);

  // Pages of one, following next_cursor, give the same two messages.
  const Reply page1 = client.get(t.messages() + "?limit=1", t.first.token);
  ASSERT_EQ(page1.body.at("messages").size(), 1u);
  const std::string cursor = page1.body.at("next_cursor");
  EXPECT_EQ(page1.header("Link"),
            "<" + t.messages() + "?limit=1&cursor=" + cursor + ">; rel=\"next\"");
  const Reply page2 = client.get(t.messages() + "?limit=1&cursor=" + cursor, t.first.token);
  ASSERT_EQ(page2.body.at("messages").size(), 1u);
  EXPECT_EQ(page2.body["messages"][0].at("text"), "thanks");

  // A message changes nothing of the game: same version (ETag) as after the last move.
  const Reply after = client.get("/v1/games/" + t.game, t.first.token);
  EXPECT_EQ(after.body.at("ply"), 3);
  EXPECT_NE(before.header("ETag"), after.header("ETag"));  // the move
  ASSERT_EQ(client.post(t.messages(), {{"text", "again"}}, t.first.token).status, 201);
  EXPECT_EQ(client.get("/v1/games/" + t.game, t.first.token).header("ETag"), after.header("ETag"));
}

TEST(Messages, TwoThousandCharactersAreAcceptedAndEveryBadTextIsRefusedNamingTheLimit) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Table t = new_table(client, "limit");
  // Code points, not bytes: 2,000 two-byte characters (4,000 bytes) are a message.
  const Reply full = client.post(t.messages(), {{"text", repeat("\xc3\xa9", 2000)}}, t.first.token);
  ASSERT_EQ(full.status, 201) << full.text;
  const long long stored = svctest::count_rows("game_messages");

  const std::vector<std::pair<std::string, std::string>> refused = {
      {repeat("\xc3\xa9", 2001), "text has 2001 characters"},
      {repeat("a", 2001), "text has 2001 characters"},
      {"", "text is empty or only white space"},
      {" \n\t ", "text is empty or only white space"},
      {std::string("a\0b", 3), "text holds a NUL character"},
      {"red \x1b[31malert", "text holds the control character U+001B"},
      {"csi \xc2\x9b", "text holds the control character U+009B"},
  };
  for (const auto& [text, why] : refused) {
    const Reply r = client.post(t.messages(), {{"text", text}}, t.first.token);
    EXPECT_EQ(r.status, 400) << why;
    EXPECT_EQ(r.header("Content-Type"), "application/problem+json");
    EXPECT_EQ(r.body.value("code", ""), "invalid_field");
    EXPECT_EQ(r.body.value("field", ""), "text");
    EXPECT_EQ(r.body.value("max_characters", 0), 2000);
    EXPECT_EQ(r.body.value("detail", ""),
              "The field 'text' is not a message: " + why +
                  ": a message is 1 to 2000 characters (Unicode code points) of plain text.");
  }
  // Invalid UTF-8 is refused as the body's JSON already; no text at all is a missing field.
  const Reply bad_utf8 =
      client.post_raw(t.messages(), "{\"text\": \"a\xff\"}", "application/json", t.first.token);
  EXPECT_EQ(bad_utf8.status, 400) << bad_utf8.text;
  EXPECT_EQ(bad_utf8.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(client.post(t.messages(), json::object(), t.first.token).body.value("code", ""),
            "missing_field");
  EXPECT_EQ(svctest::count_rows("game_messages"), stored);
}

TEST(Messages, OnlyTheSeatedPlayersOfARunningGamePost) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Table t = new_table(client, "seat");
  const long long stored = svctest::count_rows("game_messages");
  const Reply spectator = client.post(t.messages(), {{"text", "hi"}}, t.spectator.token);
  EXPECT_EQ(spectator.status, 403);
  EXPECT_EQ(spectator.body.value("code", ""), "not_your_game");
  const Reply nogame = client.post("/v1/games/999999999/messages", {{"text", "hi"}}, t.first.token);
  EXPECT_EQ(nogame.status, 404);
  EXPECT_EQ(nogame.body.value("code", ""), "game_not_found");
  EXPECT_EQ(client.post(t.messages(), {{"text", "hi"}}).status, 401);
  EXPECT_EQ(svctest::count_rows("game_messages"), stored);
}

TEST(Messages, SpectatorsReadNothingWhileTheGameRunsAndEverythingAfterwardsAlsoInTheRecord) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Table t = new_table(client, "spec");
  ASSERT_NO_FATAL_FAILURE(svctest::play_counting_moves(client, t.game, {t.first, t.second}, 0, 1));
  ASSERT_EQ(client.post(t.messages(), {{"text", "well played\nso far"}}, t.second.token).status,
            201);
  const Reply hidden = client.get(t.messages(), t.spectator.token);
  EXPECT_EQ(hidden.status, 403);
  EXPECT_EQ(hidden.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(hidden.body.value("code", ""), "messages_private");
  const std::string running = client.get("/v1/games/" + t.game + "/record", t.spectator.token).text;
  EXPECT_EQ(running.find("; message"), std::string::npos) << running;

  ASSERT_EQ(client.post("/v1/games/" + t.game + "/resign", json::object(), t.first.token).status,
            200);
  const Reply shown = client.get(t.messages(), t.spectator.token);
  ASSERT_EQ(shown.status, 200) << shown.text;
  ASSERT_EQ(shown.body.at("messages").size(), 1u);
  EXPECT_EQ(shown.body["messages"][0].at("text"), "well played\nso far");
  const std::string created = shown.body["messages"][0].at("created_at");
  const std::string record = client.get("/v1/games/" + t.game + "/record", t.spectator.token).text;
  // After the entry of ply 1 (the move), before the resignation (ply 2).
  const std::string comment =
      "; message ply 1 " + t.second.username + " " + created + ": well played\n; | so far\n";
  const std::size_t at = record.find(comment);
  ASSERT_NE(at, std::string::npos) << record;
  EXPECT_LT(record.find(" ; ply 1 "), at);
  EXPECT_GT(record.find(" ; ply 2 "), at);
  // The game is over: no more messages.
  const Reply late = client.post(t.messages(), {{"text", "gg"}}, t.second.token);
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body.value("code", ""), "game_over");
}

TEST(Messages, TheOpponentGetsThemOnTheEventStreamAndTheGameStreamSpectatorsDoNot) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Table t = new_table(client, "live");
  StreamReader events(server.port(), "/v1/stream/events", t.second.token);
  ASSERT_TRUE(events.wait_for(has_line("snapshot_done")));
  StreamReader player(server.port(), "/v1/games/" + t.game + "/stream", t.second.token);
  StreamReader spectator(server.port(), "/v1/games/" + t.game + "/stream", t.spectator.token);
  ASSERT_TRUE(player.wait_for(has_line("game_state")));
  ASSERT_TRUE(spectator.wait_for(has_line("game_state")));

  const Reply posted = client.post(t.messages(), {{"text", "hello"}}, t.first.token);
  ASSERT_EQ(posted.status, 201);
  ASSERT_TRUE(events.wait_for(has_line("message"))) << events.lines().size();
  const json line = of_type(events.events(), "message").at(0);
  EXPECT_EQ(line.at("game_id"), t.game);
  EXPECT_EQ(line.at("ply"), 0);
  EXPECT_EQ(line.at("payload").at("text"), "hello");
  EXPECT_EQ(line.at("payload").at("author"), t.first.username);
  EXPECT_EQ(line.at("payload").at("message_id"), posted.body.at("id"));

  ASSERT_TRUE(player.wait_for(has_line("message")));
  EXPECT_EQ(of_type(player.events(), "message").at(0).at("message").at("text"), "hello");
  // A move after the message: once the spectator has its state, the message has passed it by.
  ASSERT_NO_FATAL_FAILURE(svctest::play_counting_moves(client, t.game, {t.first, t.second}, 0, 1));
  ASSERT_TRUE(spectator.wait_for([](const std::vector<std::string>& lines) {
    for (const auto& l : lines) {
      if (l.find("\"ply\":1") != std::string::npos) return true;
    }
    return false;
  }));
  EXPECT_TRUE(of_type(spectator.events(), "message").empty());
  EXPECT_EQ(of_type(spectator.events(), "game_state").size(), 2u);
}

TEST(Messages, AMutedAuthorIsNeitherDeliveredNorListedUntilUnmuted) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Table t = new_table(client, "mute");
  const std::string mute = "/v1/me/mutes/" + t.first.username;
  const Reply muted = client.put(mute, t.second.token);
  ASSERT_EQ(muted.status, 200) << muted.text;
  EXPECT_EQ(muted.body, json({{"muted", {t.first.username}}}));
  EXPECT_EQ(client.get("/v1/me/mutes", t.second.token).body, muted.body);
  EXPECT_EQ(client.put("/v1/me/mutes/nobody_here_at_all", t.second.token).body.value("code", ""),
            "unknown_user");

  StreamReader events(server.port(), "/v1/stream/events", t.second.token);
  ASSERT_TRUE(events.wait_for(has_line("snapshot_done")));
  ASSERT_EQ(client.post(t.messages(), {{"text", "you will not see this"}}, t.first.token).status,
            201);
  EXPECT_EQ(client.get(t.messages(), t.second.token).body.at("messages").size(), 0u);
  EXPECT_EQ(client.get(t.messages(), t.first.token).body.at("messages").size(), 1u);
  EXPECT_EQ(sql_count("SELECT count(*) FROM game_events WHERE kind = 'message' AND game_id = " +
                      t.game + " AND recipients = '{}'"),
            1);
  EXPECT_EQ(
      sql_count("SELECT count(*) FROM mail_outbox WHERE kind = 'message' AND game_id = " + t.game),
      0);

  const Reply unmuted = client.del(mute, t.second.token);
  ASSERT_EQ(unmuted.status, 200) << unmuted.text;
  EXPECT_EQ(unmuted.body, json({{"muted", json::array()}}));
  EXPECT_EQ(client.del(mute, t.second.token).body.value("code", ""), "not_muted");
  ASSERT_EQ(client.post(t.messages(), {{"text", "now you do"}}, t.first.token).status, 201);
  ASSERT_TRUE(events.wait_for(has_line("message")));
  const auto delivered = of_type(events.events(), "message");
  ASSERT_EQ(delivered.size(), 1u);
  EXPECT_EQ(delivered[0].at("payload").at("text"), "now you do");
  // Both are listed again: a mute hides, it does not delete.
  EXPECT_EQ(client.get(t.messages(), t.second.token).body.at("messages").size(), 2u);
}

TEST(Messages, AReportIsAnEventForTheAdminsOnTheirStreamAndInbox) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Table t = new_table(client, "report");
  const api::CreatedAccount admin =
      api::create_account(server.streams().games, "adm" + t.game, "adm" + t.game + "@example.test",
                          "correct horse battery", false, true);
  ASSERT_TRUE(admin.token);
  StreamReader feed(server.port(), "/v1/stream/events", *admin.token);
  ASSERT_TRUE(feed.wait_for(has_line("snapshot_done")));

  const Reply posted = client.post(t.messages(), {{"text", "rude words"}}, t.first.token);
  ASSERT_EQ(posted.status, 201);
  const std::string report =
      t.messages() + "/" + posted.body.at("id").get<std::string>() + "/report";
  // The spectator cannot read it, so cannot report it either.
  EXPECT_EQ(client.post(report, json::object(), t.spectator.token).status, 403);
  const Reply reported = client.post(report, {{"reason", "insults"}}, t.second.token);
  ASSERT_EQ(reported.status, 201) << reported.text;
  EXPECT_EQ(reported.body.at("message_id"), posted.body.at("id"));
  const Reply again = client.post(report, {{"reason", "insults"}}, t.second.token);
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body.value("code", ""), "already_reported");
  EXPECT_EQ(client.post(t.messages() + "/999999999/report", json::object(), t.second.token)
                .body.value("code", ""),
            "message_not_found");

  ASSERT_TRUE(feed.wait_for(has_line("message_reported")));
  const json line = of_type(feed.events(), "message_reported").at(0);
  const json& p = line.at("payload");
  EXPECT_EQ(p.at("report_id"), reported.body.at("report_id"));
  EXPECT_EQ(p.at("message_id"), posted.body.at("id"));
  EXPECT_EQ(p.at("game_id"), t.game);
  EXPECT_EQ(p.at("author"), t.first.username);
  EXPECT_EQ(p.at("reporter"), t.second.username);
  EXPECT_EQ(p.at("reason"), "insults");
  EXPECT_EQ(p.at("text"), "rude words");
  const Reply inbox = client.get("/v1/me/events", *admin.token);
  ASSERT_EQ(inbox.status, 200);
  EXPECT_EQ(inbox.body.at("events").at(0).at("type"), "message_reported");
  // The event is the admins', not the players'.
  EXPECT_EQ(sql_count("SELECT count(*) FROM game_events e WHERE kind = 'message_reported' AND "
                      "game_id = " +
                      t.game + " AND " + std::to_string(admin.id) +
                      " = ANY(recipients) AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = "
                      "ANY(e.recipients) AND a.username IN ('" +
                      t.first.username + "', '" + t.second.username + "'))"),
            1);
}

}  // namespace
