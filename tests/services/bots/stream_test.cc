// Bot API streams against real PostgreSQL and real HTTP on 127.0.0.1: exact resume,
// resume without gap or duplicate, one stream per token (also across instances), capacity
// (the cap, 503 beyond it, ordinary requests still served, vanished clients freed), the game
// stream contract of `hexpost watch`, and the turn queue.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <pqxx/pqxx>

#include "tests/services/bots/bot_fixture.h"

namespace {

using namespace bottest;
using std::chrono::milliseconds;
using svctest::Account;
using svctest::Client;
using svctest::Reply;

// One move by whoever is to move: the first legal move the server lists.
void play_one(Client& client, const std::string& game_id, const std::vector<Account>& players) {
  const Reply any = client.get("/v1/games/" + game_id, players[0].token);
  const Account& mover = svctest::to_move(any.body, players);
  const Reply view = client.get("/v1/games/" + game_id, mover.token);
  const Reply moved = client.post(
      "/v1/games/" + game_id + "/moves",
      {{"move", view.body.at("legal_moves").at(0)}, {"ply", view.body.at("ply")}}, mover.token);
  ASSERT_EQ(moved.status, 201) << moved.text;
}

auto has_line = [](const std::string& type) {
  return [type](const std::vector<std::string>& lines) {
    for (const auto& l : lines) {
      if (l.find("\"type\":\"" + type + "\"") != std::string::npos) return true;
    }
    return false;
  };
};

std::size_t count_ids(const std::vector<std::string>& lines) {
  std::size_t n = 0;
  for (const auto& l : lines) n += l.rfind("{", 0) == 0 && l.find("\"id\":") != std::string::npos;
  return n;
}

// Two new accounts in a new game (3-day clock), in the order they move.
struct Duel {
  Account first, second;
  std::string game;
};

Duel new_duel(Client& client, const std::string& stem) {
  const Account ann = svctest::make_account(client, stem + "ann");
  const Account bob = svctest::make_account(client, stem + "bob");
  const std::vector<Account> players = {ann, bob};
  const std::string game = svctest::start_game(client, players);
  const json view = client.get("/v1/games/" + game, ann.token).body;
  const bool ann_first = svctest::to_move(view, players).username == ann.username;
  return {ann_first ? ann : bob, ann_first ? bob : ann, game};
}

long long account_id(const std::string& username) {
  pqxx::connection c(svctest::database_url());
  pqxx::nontransaction tx(c);
  return tx.exec_params1("SELECT id FROM accounts WHERE username = $1", username)[0]
      .as<long long>();
}

TEST(BotStream, OpeningSnapshotThenLiveTurnsWithYourTurnDetails) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Duel d = new_duel(client, "snap");
  const Account &first = d.first, &second = d.second;
  const std::string& game = d.game;

  StreamReader waiting(server.port(), "/v1/stream/events", first.token);
  ASSERT_TRUE(waiting.wait_for(has_line("snapshot_done")));
  const auto opening = waiting.events();
  ASSERT_EQ(opening.size(), 2u) << opening.size();
  EXPECT_EQ(opening[0]["type"], "your_turn");
  EXPECT_EQ(opening[0]["your_turn"]["game_id"], game);
  EXPECT_EQ(opening[0]["your_turn"]["ply"], 0);
  EXPECT_GT(opening[0]["your_turn"]["legal_move_count"].get<int>(), 0);

  StreamReader other(server.port(), "/v1/stream/events", second.token);
  ASSERT_TRUE(other.wait_for(has_line("snapshot_done")));
  play_one(client, game, {first, second});
  ASSERT_TRUE(other.wait_for(has_line("your_turn")));
  json turn;
  for (const auto& e : other.events()) {
    if (e["type"] == "your_turn") turn = e;
  }
  EXPECT_EQ(turn["kind"], "move");
  EXPECT_EQ(turn["your_turn"]["game_id"], game);
  EXPECT_EQ(turn["your_turn"]["ply"], 1);
  EXPECT_FALSE(turn["your_turn"]["last_move"].is_null());
  EXPECT_FALSE(turn["your_turn"]["deadline"].is_null());  // start_game uses a 3-day clock
  EXPECT_GT(turn["your_turn"]["legal_move_count"].get<int>(), 0);
}

// The case bigserial ids get wrong: a transaction holding a lower id commits after one with a
// higher id. The stream must not deliver the higher one first and then skip the lower one.
TEST(BotStream, ExactResumeAcrossAnOpenTransactionWithALowerId) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Account ann = svctest::make_account(client, "resumeann");
  const long long ann_id = account_id(ann.username);
  StreamReader live(server.port(), "/v1/stream/events", ann.token);
  ASSERT_TRUE(live.wait_for(has_line("snapshot_done")));

  const std::string insert =
      "INSERT INTO game_events (kind, recipients, payload) VALUES ('reminder', ARRAY[" +
      std::to_string(ann_id) + "]::bigint[], '{}') RETURNING id";
  pqxx::connection held_connection(svctest::database_url());
  pqxx::work held(held_connection);
  const long long low = held.exec1(insert)[0].as<long long>();
  held.exec("SELECT pg_notify('hexpost_events', 'x')");
  long long high = 0;
  {
    pqxx::connection c(svctest::database_url());
    pqxx::work tx(c);
    high = tx.exec1(insert)[0].as<long long>();
    tx.exec("SELECT pg_notify('hexpost_events', 'x')");
    tx.commit();
  }
  ASSERT_LT(low, high);
  // The committed higher id is held back while the lower one's transaction is open.
  EXPECT_FALSE(live.wait_for([](const auto& l) { return count_ids(l) > 0; }, milliseconds(1000)));
  held.commit();
  ASSERT_TRUE(live.wait_for([](const auto& l) { return count_ids(l) >= 2; }));
  EXPECT_EQ(ids_of(live.events()),
            (std::vector<std::string>{std::to_string(low), std::to_string(high)}));

  // Resuming after each of them gives exactly what followed.
  StreamReader after_low(server.port(), "/v1/stream/events?since=" + std::to_string(low),
                         ann.token);
  ASSERT_TRUE(after_low.wait_for([](const auto& l) { return count_ids(l) >= 1; }));
  EXPECT_EQ(ids_of(after_low.events()), std::vector<std::string>{std::to_string(high)});
  after_low.stop();
  StreamReader after_high(server.port(), "/v1/stream/events", ann.token,
                          {{"Last-Event-ID", std::to_string(high)}});
  ASSERT_TRUE(after_high.wait_for(has_line("snapshot_done")));
  EXPECT_FALSE(
      after_high.wait_for([](const auto& l) { return count_ids(l) > 0; }, milliseconds(700)));
}

TEST(BotStream, DroppedStreamResumesWithoutGapOrDuplicate) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Account ann = svctest::make_account(client, "gapann");
  const Account bob = svctest::make_account(client, "gapbob");
  std::vector<std::string> seen;
  auto first = std::make_unique<StreamReader>(server.port(), "/v1/stream/events", ann.token);
  ASSERT_TRUE(first->wait_for(has_line("snapshot_done")));
  const std::string game = svctest::start_game(client, {ann, bob}, "counting", {{"target", 1000}});
  for (int i = 0; i < 6; ++i) play_one(client, game, {ann, bob});
  ASSERT_TRUE(first->wait_for([](const auto& l) { return count_ids(l) >= 5; }));
  first->stop();  // the connection drops mid-game
  seen = ids_of(first->events());
  for (int i = 0; i < 6; ++i) play_one(client, game, {ann, bob});
  StreamReader second(server.port(), "/v1/stream/events?since=" + seen.back(), ann.token);
  const std::vector<std::string> expected = stream_ids_in_db(ann.username);
  ASSERT_TRUE(second.wait_for(
      [&](const auto& l) { return seen.size() + count_ids(l) >= expected.size(); }));
  for (const auto& id : ids_of(second.events())) seen.push_back(id);
  EXPECT_EQ(seen, expected);
}

// A resume from further back than the hub's ring reaches reads the account's events from the
// database up to the hub's frontier, then goes on from the ring.
TEST(BotStream, ResumeOlderThanTheRingReadsTheDatabaseFirst) {
  SVC_REQUIRE_DB();
  StreamServer server(test_stream_options(), 8, /*ring_capacity=*/3);
  Client client(server.port());
  const Account ann = svctest::make_account(client, "ringann");
  const Account bob = svctest::make_account(client, "ringbob");
  const std::string game = svctest::start_game(client, {ann, bob}, "counting", {{"target", 1000}});
  for (int i = 0; i < 10; ++i) play_one(client, game, {ann, bob});
  const std::vector<std::string> expected = stream_ids_in_db(ann.username);
  ASSERT_GT(expected.size(), 8u);
  StreamReader resumed(server.port(), "/v1/stream/events?since=" + expected.front(), ann.token);
  ASSERT_TRUE(resumed.wait_for([&](const auto& l) { return count_ids(l) + 1 >= expected.size(); }));
  std::vector<std::string> seen = {expected.front()};
  for (const auto& id : ids_of(resumed.events())) seen.push_back(id);
  EXPECT_EQ(seen, expected);
  for (int i = 0; i < 2; ++i) play_one(client, game, {ann, bob});  // live again, from the ring
  const std::vector<std::string> all = stream_ids_in_db(ann.username);
  ASSERT_TRUE(resumed.wait_for([&](const auto& l) { return count_ids(l) + 1 >= all.size(); }));
  seen = {expected.front()};
  for (const auto& id : ids_of(resumed.events())) seen.push_back(id);
  EXPECT_EQ(seen, all);
}

TEST(BotStream, SseFormatHasIdLines) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Account ann = svctest::make_account(client, "sseann");
  const Account bob = svctest::make_account(client, "ssebob");
  StreamReader sse(server.port(), "/v1/stream/events", ann.token,
                   {{"Accept", "text/event-stream"}});
  ASSERT_TRUE(sse.wait_for([](const auto& l) {
    return std::find(l.begin(), l.end(), "event: snapshot_done") != l.end();
  }));
  svctest::start_game(client, {bob, ann});
  ASSERT_TRUE(sse.wait_for([](const auto& l) {
    return std::find(l.begin(), l.end(), "event: challenge_received") != l.end();
  }));
  const auto lines = sse.lines();
  const auto at = std::find(lines.begin(), lines.end(), "event: challenge_received");
  ASSERT_NE(at, lines.begin());
  EXPECT_EQ(std::prev(at)->rfind("id: ", 0), 0u) << *std::prev(at);
  EXPECT_EQ(std::next(at)->rfind("data: {", 0), 0u);
}

TEST(BotStream, NewerStreamForTheSameTokenClosesTheOlderOneAlsoOnAnotherInstance) {
  SVC_REQUIRE_DB();
  StreamServer a, b;
  Client client(a.port());
  const Account ann = svctest::make_account(client, "oneann");
  StreamReader older(a.port(), "/v1/stream/events", ann.token);
  ASSERT_TRUE(older.wait_for(has_line("snapshot_done")));
  StreamReader same_instance(a.port(), "/v1/stream/events", ann.token);
  ASSERT_TRUE(older.wait_for(has_line("closed")));
  EXPECT_TRUE(older.wait_finished());
  EXPECT_TRUE(same_instance.wait_for(has_line("snapshot_done")));
  StreamReader other_instance(b.port(), "/v1/stream/events", ann.token);
  EXPECT_TRUE(same_instance.wait_for(has_line("closed")));
  EXPECT_TRUE(other_instance.wait_for(has_line("snapshot_done")));
  EXPECT_FALSE(other_instance.wait_for(has_line("closed"), milliseconds(500)));
}

// ?replace=false never closes the token's open stream: it is refused with 409 stream_open while
// one is open, and opens once none is (and a later ordinary stream replaces it as usual).
TEST(BotStream, ReplaceFalseIsRefusedWhileTheTokensStreamIsOpen) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Account ann = svctest::make_account(client, "keepann");
  {
    StreamReader bot(server.port(), "/v1/stream/events", ann.token);
    ASSERT_TRUE(bot.wait_for(has_line("snapshot_done")));
    {
      // Read as a stream: a server that ignored replace=false would answer with a stream.
      StreamReader refused(server.port(), "/v1/stream/events?replace=false", ann.token);
      ASSERT_TRUE(refused.wait_finished()) << "replace=false was answered with a stream";
      EXPECT_EQ(refused.status(), 409);
      ASSERT_EQ(refused.events().size(), 1u);
      EXPECT_EQ(refused.events()[0]["code"], "stream_open");
    }
    const Reply refused = client.get("/v1/stream/events?replace=false", ann.token);
    EXPECT_EQ(refused.status, 409);
    EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
    const Reply bad = client.get("/v1/stream/events?replace=maybe", ann.token);
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(bad.body["code"], "invalid_parameter");
    EXPECT_EQ(bad.body["parameter"], "replace");
    EXPECT_FALSE(bot.wait_for(has_line("closed"), milliseconds(500)));
    EXPECT_FALSE(bot.finished());
  }  // the bot goes away; its slot is freed within a heartbeat and the probe after it
  bool freed = false;
  for (int i = 0; i < 500 && !freed; ++i) {
    freed = server.streams().registry.open_count() == 0;
    std::this_thread::sleep_for(milliseconds(10));
  }
  ASSERT_TRUE(freed);
  StreamReader debug(server.port(), "/v1/stream/events?replace=false", ann.token);
  EXPECT_TRUE(debug.wait_for(has_line("snapshot_done")));
  EXPECT_EQ(debug.status(), 200);
  StreamReader replacing(server.port(), "/v1/stream/events", ann.token);
  EXPECT_TRUE(debug.wait_for(has_line("closed")));
  EXPECT_TRUE(replacing.wait_for(has_line("snapshot_done")));
}

// game_finished on the event stream carries the result with every seat's username.
TEST(BotStream, GameFinishedNamesEverySeatWithPlacementAndScore) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Duel d = new_duel(client, "fin");
  StreamReader stream(server.port(), "/v1/stream/events", d.first.token);
  ASSERT_TRUE(stream.wait_for(has_line("snapshot_done")));
  ASSERT_EQ(client.post("/v1/games/" + d.game + "/resign", json::object(), d.second.token).status,
            200);
  ASSERT_TRUE(stream.wait_for(has_line("game_finished")));
  const json view = client.get("/v1/games/" + d.game, d.first.token).body;
  json seats = json::array();
  for (const auto& seat : view["seats"]) {
    const bool winner = seat["username"] == d.first.username;
    seats.push_back({{"seat", seat["seat"]},
                     {"username", winner ? d.first.username : d.second.username},
                     {"placement", winner ? 1 : 2},
                     {"score", winner ? 1.0 : 0.0}});
  }
  for (const json& e : stream.events()) {
    if (e.value("type", "") != "game_finished") continue;
    EXPECT_EQ(e["game_id"], d.game);
    EXPECT_EQ(
        e["payload"],
        json({{"game_id", d.game}, {"summary", view["result"]["summary"]}, {"seats", seats}}));
  }
}

TEST(BotStream, EventCommittedOnInstanceAReachesStreamOnInstanceB) {
  SVC_REQUIRE_DB();
  StreamServer a, b;
  Client on_a(a.port());
  const Account ann = svctest::make_account(on_a, "fanann");
  const Account bob = svctest::make_account(on_a, "fanbob");
  StreamReader on_b(b.port(), "/v1/stream/events", bob.token);
  ASSERT_TRUE(on_b.wait_for(has_line("snapshot_done")));
  const std::string game = svctest::start_game(on_a, {ann, bob});
  ASSERT_TRUE(on_b.wait_for(has_line("game_started")));
  EXPECT_EQ(ids_of(on_b.events()), stream_ids_in_db(bob.username));
}

TEST(BotCapacity, StreamAfterTheCapGets503AndOrdinaryRequestsStillAnswer) {
  SVC_REQUIRE_DB();
  constexpr std::size_t kCap = 4;
  StreamServer server(test_stream_options(kCap), 2);
  Client client(server.port());
  std::vector<Account> accounts;
  std::vector<std::unique_ptr<StreamReader>> open;
  for (std::size_t i = 0; i <= kCap; ++i) accounts.push_back(svctest::make_account(client, "cap"));
  for (std::size_t i = 0; i < kCap; ++i) {
    open.push_back(
        std::make_unique<StreamReader>(server.port(), "/v1/stream/events", accounts[i].token));
    ASSERT_TRUE(open.back()->wait_for(has_line("snapshot_done")));
  }
  EXPECT_EQ(server.streams().registry.open_count(), kCap);
  const Reply refused = client.get("/v1/stream/events", accounts[kCap].token);
  EXPECT_EQ(refused.status, 503);
  EXPECT_EQ(refused.body["code"], "too_many_streams");
  EXPECT_EQ(refused.header("Retry-After"), "3");
  EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
  // Both ordinary workers are still free: requests on two connections at once answer.
  Client second(server.port());
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(client.get("/v1/me", accounts[0].token).status, 200);
    EXPECT_EQ(second.get("/v1/catalog", accounts[1].token).status, 200);
  }
}

// Freed within one heartbeat (1 s) and the probe after it (0.1 s); the bound checked is 1.9 s,
// short of the second heartbeat at which a stream without the probe would notice.
TEST(BotCapacity, VanishedClientFreesItsSlotWithinOneHeartbeat) {
  SVC_REQUIRE_DB();
  StreamServer server(test_stream_options(1, milliseconds(1000)));
  Client client(server.port());
  const Account ann = svctest::make_account(client, "vanann");
  const Account bob = svctest::make_account(client, "vanbob");
  {
    StreamReader gone(server.port(), "/v1/stream/events", ann.token);
    ASSERT_TRUE(gone.wait_for(has_line("snapshot_done")));
    EXPECT_EQ(client.get("/v1/stream/events", bob.token).status, 503);
  }  // the client closes its socket without a word
  const auto closed = std::chrono::steady_clock::now();
  bool freed = false;
  while (!freed && std::chrono::steady_clock::now() - closed < milliseconds(1900)) {
    freed = server.streams().registry.open_count() == 0;
    std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_TRUE(freed);
  StreamReader next(server.port(), "/v1/stream/events", bob.token);
  EXPECT_TRUE(next.wait_for(has_line("snapshot_done")));
}

TEST(BotCapacity, OneTokenHoldsAtMostFourStreamsAndOtherTokensStillGetTheirs) {
  SVC_REQUIRE_DB();
  StreamServer server(test_stream_options(64));
  Client client(server.port());
  const Account ann = svctest::make_account(client, "hogann");
  const Account bob = svctest::make_account(client, "hogbob");
  const std::string game = svctest::start_game(client, {ann, bob});
  const std::string path = "/v1/games/" + game + "/stream";
  std::vector<std::unique_ptr<StreamReader>> held;
  for (int i = 0; i < 4; ++i) {
    held.push_back(std::make_unique<StreamReader>(server.port(), path, ann.token));
    ASSERT_TRUE(held.back()->wait_for([](const auto& l) { return !l.empty(); })) << i;
  }
  // The other 46 of 50: refused at once, each naming the limit.
  for (int i = 4; i < 50; ++i) {
    const Reply refused = client.get(path, ann.token);
    ASSERT_EQ(refused.status, 429) << i;
    EXPECT_EQ(refused.body["code"], "too_many_streams_for_token");
    EXPECT_EQ(refused.body["limit"], "streams-per-token");
    EXPECT_EQ(refused.body["max_streams_per_token"], 4);
    EXPECT_EQ(refused.header("Retry-After"), "3");
  }
  const Reply turns = client.get("/v1/me/turns", ann.token);
  const Reply poll =
      client.get("/v1/me/turns?wait=1", ann.token, {{"If-None-Match", turns.header("ETag")}});
  EXPECT_EQ(poll.status, 429) << "a long poll that waits takes a slot too";
  StreamReader other(server.port(), "/v1/stream/events", bob.token);
  EXPECT_TRUE(other.wait_for(has_line("snapshot_done")));
  EXPECT_EQ(server.streams().registry.open_count(), 5u);
  // A closed stream gives its slot back.
  held.pop_back();
  bool freed = false;
  for (int i = 0; i < 100 && !freed; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    freed = server.streams().registry.open_count() == 4;
  }
  ASSERT_TRUE(freed);
  StreamReader again(server.port(), path, ann.token);
  EXPECT_TRUE(again.wait_for([](const auto& l) { return !l.empty(); }));
}

TEST(BotGameStream, FirstTheStateThenEveryChangeEndingAfterGameOver) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Account ann = svctest::make_account(client, "gsann");
  const Account bob = svctest::make_account(client, "gsbob");
  const std::string game = svctest::start_game(client, {ann, bob});
  StreamReader watch(server.port(), "/v1/games/" + game + "/stream", ann.token);
  ASSERT_TRUE(watch.wait_for([](const auto& l) { return !l.empty(); }));
  const json first = json::parse(watch.lines().front());
  EXPECT_EQ(first["type"], "game_state");
  Reply view = client.get("/v1/games/" + game, ann.token);
  json expected = view.body, got = first["game"];
  for (json* j : {&expected, &got}) {
    for (auto& seat : (*j)["seats"]) seat.erase("remaining_s");  // seconds tick
  }
  EXPECT_EQ(got, expected);
  play_one(client, game, {ann, bob});
  ASSERT_TRUE(watch.wait_for([](const auto& l) {
    return std::count_if(l.begin(), l.end(), [](const auto& x) { return !x.empty(); }) >= 2;
  }));
  EXPECT_EQ(client.post("/v1/games/" + game + "/resign", json::object(), bob.token).status, 200);
  ASSERT_TRUE(watch.wait_finished());
  const auto events = watch.events();
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[1]["game"]["ply"], 1);
  EXPECT_EQ(events[2]["game"]["status"], "finished");
}

// The game stream is public: without a credential, as Server-Sent Events for EventSource, each
// state an `event: game_state` frame; anonymous streams count against the client address.
TEST(GameStreamPublic, AnonymousSseStreamFollowsTheGameAndCountsPerAddress) {
  SVC_REQUIRE_DB();
  StreamServer server(test_stream_options(64));
  Client client(server.port());
  const Account ann = svctest::make_account(client, "anosann");
  const Account bob = svctest::make_account(client, "anosbob");
  const std::string game = svctest::start_game(client, {ann, bob});
  const std::string path = "/v1/games/" + game + "/stream";
  StreamReader watch(server.port(), path, "", {{"Accept", "text/event-stream"}});
  ASSERT_TRUE(watch.wait_for([](const auto& l) { return l.size() >= 2; }));
  EXPECT_EQ(watch.status(), 200);
  EXPECT_EQ(watch.lines()[0], "event: game_state");
  ASSERT_EQ(watch.lines()[1].rfind("data: ", 0), 0u);
  const json first = json::parse(watch.lines()[1].substr(6));
  EXPECT_EQ(first["game"]["id"], game);
  EXPECT_EQ(first["game"]["your_seat"], nullptr);
  EXPECT_EQ(first["game"]["legal_moves"], nullptr);
  play_one(client, game, {ann, bob});
  ASSERT_TRUE(watch.wait_for(
      [](const auto& l) { return std::count(l.begin(), l.end(), "event: game_state") >= 2; }));
  std::vector<std::unique_ptr<StreamReader>> held;
  for (int i = 0; i < 3; ++i) {
    held.push_back(std::make_unique<StreamReader>(server.port(), path + "?format=sse", ""));
    ASSERT_TRUE(held.back()->wait_for([](const auto& l) { return !l.empty(); })) << i;
  }
  const Reply refused = client.get(path);
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(refused.body["code"], "too_many_streams_for_address");
  EXPECT_EQ(refused.body["limit"], "streams-per-address");
  EXPECT_EQ(client.get("/v1/games/" + game + "/stream", "", {{"Cookie", "a=b"}}).status, 429);
  StreamReader with_token(server.port(), path, ann.token);
  EXPECT_TRUE(with_token.wait_for([](const auto& l) { return !l.empty(); }))
      << "a token's streams are its own";
}

TEST(BotTurns, ETagNotModifiedAndLongPollWakesOnTheOpponentsMove) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const Duel d = new_duel(client, "turn");
  const Account &first = d.first, &second = d.second;
  const std::string& game = d.game;
  const Reply mine = client.get("/v1/me/turns", first.token);
  ASSERT_EQ(mine.status, 200);
  ASSERT_EQ(mine.body["turns"].size(), 1u);
  EXPECT_EQ(mine.body["turns"][0]["game_id"], game);
  EXPECT_EQ(
      client.get("/v1/me/turns", first.token, {{"If-None-Match", mine.header("ETag")}}).status,
      304);
  EXPECT_EQ(client.get("/v1/me/turns?wait=61", first.token).body["code"], "invalid_parameter");

  Reply waited;
  std::thread poll([&] {
    Client own(server.port());
    waited = own.get("/v1/me/turns?wait=20", second.token);
  });
  std::this_thread::sleep_for(milliseconds(300));
  play_one(client, game, {first, second});
  poll.join();
  ASSERT_EQ(waited.status, 200);
  ASSERT_EQ(waited.body["turns"].size(), 1u);
  EXPECT_EQ(waited.body["turns"][0]["ply"], 1);
}

}  // namespace
