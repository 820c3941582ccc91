// Moves decided on an instance's cached token and game (play::ContextCache): two instances
// on one database, so that one instance's copies go stale while the other writes. A stale copy
// must cost a fresh read, never a wrong answer, a lost move or a second charge to the bucket.

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "services/api/stream_routes.h"
#include "services/domain/credentials.h"
#include "services/events/event_hub.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

std::string moves_path(const std::string& id) { return "/v1/games/" + id + "/moves"; }

// The ply `instance` holds for the game in its cache when `token` posts there (-1: not cached).
int cached_ply(TestServer& instance, const std::string& token, const std::string& id) {
  return instance.service().play.copy_ply(domain::token_hash(token), std::stoll(id)).value_or(-1);
}

const Account& mover_at(Client& client, const std::string& id, const std::vector<Account>& p) {
  return to_move(client.get("/v1/games/" + id, p[0].token).body, p);
}

// Two instances on one database, and a counting game between two players.
class CachedContext : public ::testing::Test {
 protected:
  void SetUp() override {
    SVC_REQUIRE_DB();
    one = std::make_unique<TestServer>();
    two = std::make_unique<TestServer>();
    c1 = std::make_unique<Client>(one->port());
    c2 = std::make_unique<Client>(two->port());
    p = {make_account(*c1, "cache"), make_account(*c1, "cache")};
    id = start_game(*c1, p);
  }
  // A counting move ("1") at `ply` by `by`, through `client`.
  Reply move(Client& client, int ply, const Account& by) {
    return client.post(moves_path(id), {{"move", "1"}, {"ply", ply}}, by.token);
  }
  // Whoever is to move, asked of instance one (the GET refreshes one's copy).
  const Account& mover() { return mover_at(*c1, id, p); }

  std::unique_ptr<TestServer> one, two;
  std::unique_ptr<Client> c1, c2;
  std::vector<Account> p;
  std::string id;
};

TEST_F(CachedContext, AMoveAfterAnotherInstancesMoveIsStoredOnceAtTheRightPly) {
  ASSERT_EQ(move(*c1, 0, mover()).status, 201);
  ASSERT_EQ(move(*c2, 1, mover()).status, 201);
  const Account& next = mover_at(*c2, id, p);  // asked of two: a GET on one would refresh its copy
  ASSERT_EQ(cached_ply(*one, next.token, id), 1);  // instance one's copy is one move behind

  const Reply moved = move(*c1, 2, next);
  ASSERT_EQ(moved.status, 201) << moved.text;
  EXPECT_EQ(moved.body.at("ply"), 3);
  EXPECT_EQ(moved.body.at("game").at("ply"), 3);
  EXPECT_EQ(cached_ply(*one, next.token, id), 3);  // the fresh row, then this move's
  EXPECT_EQ(c2->get("/v1/games/" + id, p[0].token).body.at("ply"), 3);
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  const pqxx::result rows =
      tx.exec_params("SELECT ply, hash FROM moves WHERE game_id = $1 ORDER BY ply", id);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2][0].as<int>(), 3);
  EXPECT_EQ(rows[2][1].c_str(), moved.body.at("hash").get<std::string>());
}

TEST_F(CachedContext, AStalePlyDecidedOnAStaleCopyIsRefusedWithTheCurrentState) {
  ASSERT_EQ(move(*c1, 0, mover()).status, 201);
  const Account& second = mover();
  ASSERT_EQ(c1->get("/v1/games/" + id, second.token).status, 200);  // one caches the token
  // The same player's move at ply 1 reaches instance two first; instance one still holds ply 1.
  ASSERT_EQ(move(*c2, 1, second).status, 201);
  ASSERT_EQ(cached_ply(*one, second.token, id), 1);

  const Reply stale = move(*c1, 1, second);
  ASSERT_EQ(stale.status, 409) << stale.text;
  EXPECT_EQ(stale.body.at("code"), "stale_ply");
  EXPECT_EQ(stale.body.at("current").at("ply"), 2);
  EXPECT_EQ(c2->get("/v1/games/" + id, p[0].token).body.at("moves").size(), 2u);
}

TEST_F(CachedContext, ATokenRevokedOnAnotherInstanceIsRefusedAndStoresNothing) {
  const Account& first = mover();
  const Reply extra = c1->post("/v1/tokens", {{"username", first.username},
                                              {"password", "correct horse " + first.username}});
  ASSERT_EQ(extra.status, 201) << extra.text;
  const Account second_token{first.username, extra.body.at("token")};
  ASSERT_EQ(c1->get("/v1/games/" + id, second_token.token).status, 200);  // one caches both
  ASSERT_EQ(cached_ply(*one, second_token.token, id), 0);
  ASSERT_EQ(c2->del("/v1/tokens/" + extra.body.at("id").get<std::string>(), first.token).status,
            204);

  const Reply refused = move(*c1, 0, second_token);
  EXPECT_EQ(refused.status, 401) << refused.text;
  EXPECT_EQ(refused.body.at("code"), "invalid_token");
  EXPECT_EQ(c1->get("/v1/games/" + id, first.token).body.at("ply"), 0);
  EXPECT_EQ(move(*c1, 0, first).status, 201);
}

// Instance one's event hub (as hexpostd composes it, through StreamService) reads every event:
// its own moves leave its copy alone, another instance's move makes it forget the copy, so the
// next move there is read afresh rather than refused by the write. The game is started after
// the hub, and the test waits for the hub to read its start (any event other than a move also
// forgets a copy), so that nothing older is still to be read when the moves are made.
TEST_F(CachedContext, AnotherInstancesMoveEventMakesThisInstanceForgetItsCopy) {
  events::EventHub hub(database_url(), {std::chrono::milliseconds(50)});
  api::StreamService streams(one->service(), hub);
  hub.start();
  storage::StreamPosition since = hub.frontier();
  id = start_game(*c1, p);
  ASSERT_TRUE(hub_read(hub, since, id, "game_started"));
  const Account& first = mover();
  since = hub.frontier();
  ASSERT_EQ(move(*c1, 0, first).status, 201);
  ASSERT_TRUE(hub_read(hub, since, id, "move", 1));
  EXPECT_EQ(cached_ply(*one, first.token, id), 1);  // its own move: kept

  since = hub.frontier();
  ASSERT_EQ(move(*c2, 1, mover_at(*c2, id, p)).status, 201);
  ASSERT_TRUE(hub_read(hub, since, id, "move", 2));
  EXPECT_EQ(cached_ply(*one, first.token, id), -1);  // another instance's: forgotten
  hub.stop();
}

// The RateLimit header's remaining requests ("token";r=N;t=...).
int remaining_requests(const Reply& reply) {
  const std::string header = reply.header("RateLimit");
  const auto from = header.find(";r=") + 3;
  return std::stoi(header.substr(from, header.find(';', from) - from));
}

TEST(CachedContextBucket, AMoveDecidedAgainAfterAStaleCopyIsChargedOnce) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.rate_limit = {20, 0.001};  // a burst below 32: leases of one token, exact counts
  TestServer limited(database_url(), options), other;
  Client c1(limited.port()), c2(other.port());
  const std::vector<Account> p = {make_account(c2, "cache"), make_account(c2, "cache")};
  const std::string id = start_game(c2, p);
  const std::string path = moves_path(id);
  const Account& first = mover_at(c2, id, p);
  const Account& second = p[0].token == first.token ? p[1] : p[0];
  const Reply one = c1.post(path, {{"move", "1"}, {"ply", 0}}, first.token);
  ASSERT_EQ(one.status, 201) << one.text;
  const Reply two = c1.post(path, {{"move", "1"}, {"ply", 1}}, second.token);
  ASSERT_EQ(two.status, 201) << two.text;
  ASSERT_EQ(c2.post(path, {{"move", "1"}, {"ply", 2}}, first.token).status, 201);
  ASSERT_EQ(cached_ply(limited, second.token, id), 2);

  const Reply three = c1.post(path, {{"move", "1"}, {"ply", 3}}, second.token);
  ASSERT_EQ(three.status, 201) << three.text;
  EXPECT_EQ(remaining_requests(three), remaining_requests(two) - 1);
  // The header is set when the request is charged; the next request shows any second charge.
  const Reply four = c1.get("/v1/games/" + id, second.token);
  EXPECT_EQ(remaining_requests(four), remaining_requests(two) - 2);
}

// A game document without the seats' remaining time, which the database computes at the time
// of each read and a copy at the time of its version.
json without_remaining(json view) {
  for (json& seat : view.at("seats")) seat.erase("remaining_s");
  return view;
}

// Reads from memory (docs/game-service.md, "Reads from memory"): instance one with its event hub
// composed as hexpostd composes it (so its copies answer reads), instance two without.
// The game version an ETag names: "g1-v5-s0" -> "g1-v5" (the seat part names the viewer).
std::string version_tag(std::string etag) {
  const std::size_t seat = etag.find("-s");
  if (seat != std::string::npos) etag.erase(seat, etag.size() - 1 - seat);
  return etag;
}

class ReadCopies : public CachedContext {
 protected:
  void SetUp() override {
    SVC_REQUIRE_DB();
    api::GameServiceOptions options = test_options();
    options.principal_read_age_s = 600;  // no time-based token look-up during a test
    // Composed as hexpostd composes it: the stream routes (GET /v1/me/turns) on the hub.
    const auto compose = [this](api::Server& server, api::GameService& service) {
      hub = std::make_unique<events::EventHub>(database_url(),
                                               events::HubOptions{std::chrono::milliseconds(50)});
      streams = std::make_unique<api::StreamService>(service, *hub);
      api::add_stream_routes(server, *streams);
    };
    one = std::make_unique<TestServer>(database_url(), options, 96, 8, hxclock::system_clock(),
                                       compose);
    two = std::make_unique<TestServer>();
    c1 = std::make_unique<Client>(one->port());
    c2 = std::make_unique<Client>(two->port());
    hub->start();
    p = {make_account(*c1, "reads"), make_account(*c1, "reads")};
    const storage::StreamPosition since = hub->frontier();
    id = start_game(*c1, p);
    ASSERT_TRUE(hub_read(*hub, since, id, "game_started"));
  }
  void TearDown() override {
    if (hub) hub->stop();
    one.reset();  // its routes use the streams
  }
  std::string path() const { return "/v1/games/" + id; }
  std::uint64_t statements() { return one->service().pool.acquisitions(); }
  std::uint64_t loads() { return one->service().play.snapshot_loads(); }

  std::unique_ptr<events::EventHub> hub;
  std::unique_ptr<api::StreamService> streams;
};

TEST_F(ReadCopies, AReadOfACurrentCopyRunsNoStatementAndReusesOneEncoding) {
  const Reply first = c1->get(path(), p[0].token);  // looks the token up, keeps the snapshot
  ASSERT_EQ(first.status, 200) << first.text;
  const std::uint64_t statements_before = statements(), loads_before = loads();
  const std::uint64_t encodings_before = one->service().documents.encodings();
  const Reply again = c1->get(path(), p[0].token);
  const Reply third = c1->get(path(), p[0].token);
  const Reply tail = c1->get(path() + "?moves_after=0", p[0].token);
  EXPECT_EQ(statements(), statements_before);
  EXPECT_EQ(loads(), loads_before);
  EXPECT_EQ(one->service().documents.encodings(), encodings_before);
  EXPECT_EQ(again.text, first.text);
  EXPECT_EQ(third.text, first.text);
  EXPECT_EQ(tail.text, first.text);
  EXPECT_EQ(again.header("ETag"), first.header("ETag"));
  // The document is the one the database gives (instance two reads it there).
  EXPECT_EQ(without_remaining(c2->get(path(), p[0].token).body), without_remaining(first.body));
  // The other seat's part is encoded once too; the shared part is not encoded again.
  EXPECT_EQ(c1->get(path(), p[1].token).status, 200);
  EXPECT_EQ(c1->get(path(), p[1].token).status, 200);
  EXPECT_EQ(one->service().documents.encodings(), encodings_before + 1);
}

TEST_F(ReadCopies, ABoardImageOfACurrentCopyRunsNoStatementAndIsRenderedOncePerSeat) {
  const std::string board = path() + "/board.svg";
  const auto renders = [this] { return one->service().boards.renders(); };
  const Reply first = c1->get(board, p[0].token);  // looks the token up, renders the image
  ASSERT_EQ(first.status, 200) << first.text;
  const std::uint64_t statements_before = statements(), renders_before = renders();
  const Reply again = c1->get(board, p[0].token);
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(statements(), statements_before);
  EXPECT_EQ(renders(), renders_before);
  EXPECT_EQ(again.text, first.text);
  EXPECT_EQ(again.header("ETag"), first.header("ETag"));
  EXPECT_EQ(c1->get(board, p[0].token, {{"If-None-Match", first.header("ETag")}}).status, 304);
  // The image is the one the database's copy gives (instance two renders it from there).
  EXPECT_EQ(c2->get(board, p[0].token).text, first.text);
  // Turned to the other seat: rendered once more, once.
  const Reply turned = c1->get(board + "?seat=1", p[0].token);
  EXPECT_EQ(c1->get(board + "?seat=1", p[0].token).text, turned.text);
  EXPECT_EQ(renders(), renders_before + 1);
  // After a move, the new position is served, rendered from this instance's copy.
  ASSERT_EQ(move(*c1, 0, mover_at(*c1, id, p)).status, 201);
  const std::uint64_t statements_after_move = statements();
  const Reply moved = c1->get(board, p[0].token);
  EXPECT_EQ(statements(), statements_after_move);
  EXPECT_EQ(renders(), renders_before + 2);
  EXPECT_EQ(moved.header("ETag"), c2->get(board, p[0].token).header("ETag"));
  EXPECT_EQ(moved.text, c2->get(board, p[0].token).text);
  EXPECT_NE(moved.text, first.text);
}

TEST_F(ReadCopies, AReadAfterThisInstancesMoveShowsItWithoutAStatement) {
  ASSERT_EQ(c1->get(path(), p[0].token).status, 200);
  const Account& first = mover_at(*c1, id, p);
  const Reply made = move(*c1, 0, first);
  ASSERT_EQ(made.status, 201) << made.text;
  const std::uint64_t statements_before = statements();
  Reply read = c1->get(path(), p[0].token);
  EXPECT_EQ(statements(), statements_before);
  EXPECT_EQ(read.body.at("ply"), 1);
  EXPECT_EQ(version_tag(read.header("ETag")), version_tag(made.header("ETag")));
  // The snapshot derived in memory equals the database's (remaining time aside: the database
  // computes it at the time of the read).
  EXPECT_EQ(without_remaining(read.body), without_remaining(c2->get(path(), p[0].token).body));
}

// Four games moved at once on this instance, each read before every move: the hub reads each
// move's event while other moves commit, and never forgets a copy over it (the copy follows the
// write before the event is announced, and the hub waits for a write of the game in flight).
TEST_F(ReadCopies, ThisInstancesOwnMovesNeverCostALoadThroughTheirEvents) {
  constexpr int kPlies = 12;
  std::vector<std::string> games;
  const storage::StreamPosition started = hub->frontier();
  for (int i = 0; i < 4; ++i) games.push_back(start_game(*c1, p, "counting", {{"target", 100}}));
  for (const std::string& game : games) {
    ASSERT_TRUE(hub_read(*hub, started, game, "game_started"));
    ASSERT_EQ(c1->get("/v1/games/" + game, p[0].token).status, 200);  // loaded once here
  }
  const std::uint64_t loads_before = loads();
  const storage::StreamPosition since = hub->frontier();
  std::vector<std::thread> players;
  for (const std::string& game : games) {
    players.emplace_back([this, game] {
      Client client(one->port());
      for (int ply = 0; ply < kPlies; ++ply) {
        const Account& mover = mover_at(client, game, p);
        EXPECT_EQ(client.post(moves_path(game), {{"move", "1"}, {"ply", ply}}, mover.token).status,
                  201);
      }
    });
  }
  for (std::thread& t : players) t.join();
  for (const std::string& game : games) {
    ASSERT_TRUE(hub_read(*hub, since, game, "move", kPlies));
    EXPECT_EQ(c1->get("/v1/games/" + game, p[0].token).body.at("ply"), kPlies);
  }
  EXPECT_EQ(loads(), loads_before);
}

TEST_F(ReadCopies, AReadAfterAnotherInstancesMoveEventNeverShowsTheOlderVersion) {
  ASSERT_EQ(c1->get(path(), p[0].token).status, 200);
  for (int ply = 0; ply < 4; ++ply) {
    const storage::StreamPosition since = hub->frontier();
    const Reply made = move(*c2, ply, mover_at(*c2, id, p));
    ASSERT_EQ(made.status, 201) << made.text;
    ASSERT_TRUE(hub_read(*hub, since, id, "move", ply + 1));
    const Reply read = c1->get(path(), p[0].token);
    EXPECT_EQ(read.body.at("ply"), ply + 1);
    EXPECT_EQ(read.body.at("moves").size(), static_cast<std::size_t>(ply + 1));
    // The mover's answer and the reader's name the same version (each with its own seat).
    EXPECT_EQ(version_tag(read.header("ETag")), version_tag(made.header("ETag")));
  }
}

TEST_F(ReadCopies, ConcurrentReadersOfAStaleCopyLoadItOnce) {
  ASSERT_EQ(c1->get(path(), p[0].token).status, 200);
  ASSERT_EQ(c1->get(path(), p[1].token).status, 200);
  const storage::StreamPosition since = hub->frontier();
  ASSERT_EQ(move(*c2, 0, mover_at(*c2, id, p)).status, 201);
  ASSERT_TRUE(hub_read(*hub, since, id, "move", 1));
  const std::uint64_t loads_before = loads();
  std::vector<std::thread> readers;
  std::vector<int> plies(8, -1);
  for (std::size_t i = 0; i < plies.size(); ++i) {
    readers.emplace_back([&, i] {
      Client client(one->port());
      plies[i] = client.get(path(), p[i % 2].token).body.value("ply", -1);
    });
  }
  for (auto& reader : readers) reader.join();
  EXPECT_EQ(loads(), loads_before + 1);
  EXPECT_EQ(plies, std::vector<int>(8, 1));
}

TEST_F(ReadCopies, ARevokedTokenCannotReadFromACopy) {
  const Reply extra = c1->post(
      "/v1/tokens", {{"username", p[0].username}, {"password", "correct horse " + p[0].username}});
  ASSERT_EQ(extra.status, 201) << extra.text;
  const std::string token = extra.body.at("token");
  ASSERT_EQ(c1->get(path(), token).status, 200);  // the principal and the snapshot are held
  ASSERT_EQ(c1->del("/v1/tokens/" + extra.body.at("id").get<std::string>(), p[0].token).status,
            204);
  const Reply refused = c1->get(path(), token);
  EXPECT_EQ(refused.status, 401) << refused.text;
  EXPECT_EQ(refused.body.value("code", ""), "invalid_token");
}

TEST(ReadCopiesTokenAge, ATokenRevokedOnAnotherInstanceReadsNoLongerThanTheReadAge) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.principal_read_age_s = 0.2;
  TestServer one(database_url(), options), two;
  events::EventHub hub(database_url(), {std::chrono::milliseconds(50)});
  api::StreamService streams(one.service(), hub);
  hub.start();
  Client c1(one.port()), c2(two.port());
  const std::vector<Account> p = {make_account(c2, "reads"), make_account(c2, "reads")};
  const std::string path = "/v1/games/" + start_game(c2, p);
  ASSERT_EQ(c1.get(path, p[0].token).status, 200);
  const Reply tokens = c2.get("/v1/tokens", p[0].token);
  ASSERT_EQ(tokens.status, 200) << tokens.text;
  ASSERT_EQ(
      c2.del("/v1/tokens/" + tokens.body.at("tokens").at(0).at("id").get<std::string>(), p[0].token)
          .status,
      204);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const Reply refused = c1.get(path, p[0].token);
  EXPECT_EQ(refused.status, 401) << refused.text;
  hub.stop();
}

// GET /v1/me/turns from memory: the caller's list is held until an event of one of its games
// is read or this instance writes one.
TEST_F(ReadCopies, TurnListsComeFromTheCopyUntilAMoveOfTheCallersGames) {
  const Account& first = mover_at(*c1, id, p);
  const Account& second = p[0].token == first.token ? p[1] : p[0];
  const auto turn_loads = [this] { return one->service().play.turn_loads(); };
  const Reply listed = c1->get("/v1/me/turns", first.token);  // looks the list up, keeps it
  ASSERT_EQ(listed.status, 200) << listed.text;
  ASSERT_EQ(listed.body.at("turns").size(), 1u);
  const std::uint64_t statements_before = statements(), loads_before = turn_loads();
  const Reply again = c1->get("/v1/me/turns", first.token);
  EXPECT_EQ(statements(), statements_before);
  EXPECT_EQ(turn_loads(), loads_before);
  EXPECT_EQ(again.text, listed.text);
  EXPECT_EQ(again.header("ETag"), listed.header("ETag"));
  EXPECT_EQ(c1->get("/v1/me/turns", first.token, {{"If-None-Match", listed.header("ETag")}}).status,
            304);
  ASSERT_EQ(c1->get("/v1/me/turns", second.token).body.at("turns").size(), 0u);

  // This instance's move: both lists change at once, before any event is read.
  ASSERT_EQ(move(*c1, 0, first).status, 201);
  EXPECT_EQ(c1->get("/v1/me/turns", first.token).body.at("turns").size(), 0u);
  const Reply theirs = c1->get("/v1/me/turns", second.token);
  ASSERT_EQ(theirs.body.at("turns").size(), 1u);
  EXPECT_EQ(theirs.body.at("turns")[0].at("ply"), 1);
  EXPECT_EQ(theirs.body.at("turns")[0].at("game_id"), id);

  // Another instance's move: once its event is read, the list here shows it.
  const storage::StreamPosition since = hub->frontier();
  ASSERT_EQ(move(*c2, 1, second).status, 201);
  ASSERT_TRUE(hub_read(*hub, since, id, "move", 2));
  EXPECT_EQ(c1->get("/v1/me/turns", second.token).body.at("turns").size(), 0u);
  const Reply mine = c1->get("/v1/me/turns", first.token);
  ASSERT_EQ(mine.body.at("turns").size(), 1u);
  EXPECT_EQ(mine.body.at("turns")[0].at("ply"), 2);
  EXPECT_EQ(mine.body.at("turns")[0].at("game_id"), id);
}

}  // namespace
