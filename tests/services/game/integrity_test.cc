// One move per ply under contention, and idempotent retries.
#include <gtest/gtest.h>

#include <atomic>
#include <barrier>
#include <chrono>
#include <pqxx/pqxx>
#include <thread>

#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

// 50 clients post the same ply at once, 100 rounds: exactly one 201 per round, the rest 409
// (after waiting out any 503, as clients do).
TEST(Integrity, FiftyClientsSamePlyHundredRounds) {
  SVC_REQUIRE_DB();
  TestServer server(database_url(), test_options(), 96, 8);
  Client setup(server.port());
  std::vector<Account> p = {make_account(setup, "race"), make_account(setup, "race")};
  const std::string id = start_game(setup, p, "counting", {{"target", 100000}});
  const std::string path = "/v1/games/" + id + "/moves";
  constexpr int kClients = 50, kRounds = 100;
  const json first = setup.get("/v1/games/" + id, p[0].token).body;
  const int first_mover = first.at("to_move").at(0) == p[0].username ? 0 : 1;
  std::atomic<int> created{0}, conflicts{0}, other{0};
  std::vector<int> created_per_round(kRounds, 0);
  std::mutex mutex;
  std::barrier sync(kClients);
  std::vector<std::thread> threads;
  for (int c = 0; c < kClients; ++c) {
    threads.emplace_back([&, c] {
      Client client(server.port());
      for (int round = 0; round < kRounds; ++round) {
        const Account& mover = p[(first_mover + round) % 2];
        sync.arrive_and_wait();
        // A busy server may answer 503 with Retry-After (no write slot within the pool's wait):
        // a client waits and sends the same move again. The outcome must still be one winner.
        Reply r;
        for (int attempt = 0; attempt < 200; ++attempt) {
          r = client.post(path, {{"move", c % 2 ? "1" : "2"}, {"ply", round}}, mover.token);
          if (r.status != 503 || r.header("Retry-After").empty()) break;
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        if (r.status == 201) {
          ++created;
          std::lock_guard lock(mutex);
          ++created_per_round[round];
        } else if (r.status == 409 && r.body.at("code") == "stale_ply") {
          ++conflicts;
        } else {
          ++other;
        }
        sync.arrive_and_wait();
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(created.load(), kRounds);
  EXPECT_EQ(conflicts.load(), kRounds * (kClients - 1));
  EXPECT_EQ(other.load(), 0);
  for (int round = 0; round < kRounds; ++round) EXPECT_EQ(created_per_round[round], 1) << round;
  const json view = setup.get("/v1/games/" + id, p[0].token).body;
  EXPECT_EQ(view.at("ply"), kRounds);
  EXPECT_EQ(view.at("moves").size(), static_cast<std::size_t>(kRounds));
}

TEST(Integrity, SameKeySameBodyReplaysAndStoresOneMove) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "idem"), make_account(client, "idem")};
  const std::string id = start_game(client, p);
  const Account& mover = to_move(client.get("/v1/games/" + id, p[0].token).body, p);
  const httplib::Headers key = {{"Idempotency-Key", "move-0-abc"}};
  const std::string path = "/v1/games/" + id + "/moves";
  const Reply first = client.post(path, {{"move", "2"}, {"ply", 0}}, mover.token, key);
  ASSERT_EQ(first.status, 201) << first.text;
  const Reply again = client.post(path, {{"move", "2"}, {"ply", 0}}, mover.token, key);
  EXPECT_EQ(again.status, 201);
  EXPECT_EQ(again.text, first.text);
  EXPECT_EQ(again.header("Idempotent-Replayed"), "true");
  const Reply other = client.post(path, {{"move", "1"}, {"ply", 0}}, mover.token, key);
  EXPECT_EQ(other.status, 422);
  EXPECT_EQ(other.body.at("code"), "idempotency_key_reused");
  const json view = client.get("/v1/games/" + id, p[0].token).body;
  EXPECT_EQ(view.at("ply"), 1);
  EXPECT_EQ(view.at("moves").size(), 1u);
}

TEST(Integrity, ConcurrentRetriesWithOneKeyStoreOneMoveAndAllGetTheSameAnswer) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client setup(server.port());
  std::vector<Account> p = {make_account(setup, "idc"), make_account(setup, "idc")};
  const std::string id = start_game(setup, p);
  const Account& mover = to_move(setup.get("/v1/games/" + id, p[0].token).body, p);
  constexpr int kClients = 20;
  std::barrier sync(kClients);
  std::vector<Reply> replies(kClients);
  std::vector<std::thread> threads;
  for (int c = 0; c < kClients; ++c) {
    threads.emplace_back([&, c] {
      Client client(server.port());
      sync.arrive_and_wait();
      replies[c] = client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}},
                               mover.token, {{"Idempotency-Key", "same-key"}});
    });
  }
  for (auto& t : threads) t.join();
  for (const Reply& r : replies) {
    EXPECT_EQ(r.status, 201) << r.text;
    EXPECT_EQ(r.text, replies[0].text);
  }
  const json view = setup.get("/v1/games/" + id, p[0].token).body;
  EXPECT_EQ(view.at("ply"), 1);
  // Once committed, every retry with the key gets the stored 201.
  const Reply late = setup.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}},
                                mover.token, {{"Idempotency-Key", "same-key"}});
  EXPECT_EQ(late.status, 201);
}

TEST(Integrity, EveryMoveIsHashChainedAndEveryChangeHasAnEvent) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "ev"), make_account(client, "ev")};
  const std::string id = start_game(client, p);
  ASSERT_NO_FATAL_FAILURE(play_counting_moves(client, id, p, 0, 3));
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  const auto events = tx.exec_params(
      "SELECT kind, ply FROM game_events WHERE game_id = $1 ORDER BY id", std::stoll(id));
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0][0].as<std::string>(), "game_started");
  for (int i = 1; i < 4; ++i) {
    EXPECT_EQ(events[i][0].as<std::string>(), "move");
    EXPECT_EQ(events[i][1].as<int>(), i);
  }
  const auto hashes =
      tx.exec_params("SELECT count(DISTINCT hash) FROM moves WHERE game_id = $1", std::stoll(id));
  EXPECT_EQ(hashes[0][0].as<int>(), 3);
}

}  // namespace

namespace {

using namespace svctest;

// GET /v1/games/{id} keeps a per-instance cache of the move list (play::MoveCache) and reads
// only the moves after it: moves made through another instance must all show, in order.
TEST(Integrity, MoveListCacheShowsMovesMadeThroughAnotherInstance) {
  SVC_REQUIRE_DB();
  TestServer one, two;
  Client c1(one.port()), c2(two.port());
  const Account a = make_account(c1, "mc"), b = make_account(c1, "mc");
  const std::vector<Account> players = {a, b};
  const std::string id = start_game(c1, players, "counting", {{"target", 1000}});
  for (int ply = 0; ply < 6; ++ply) {
    Client& via = ply % 3 == 2 ? c1 : c2;  // most moves through the other instance
    const json before = c1.get("/v1/games/" + id, a.token).body;  // fills instance one's cache
    ASSERT_EQ(before.at("moves").size(), static_cast<std::size_t>(ply));
    const Account& mover = to_move(before, players);
    const Reply made =
        via.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", ply}}, mover.token);
    ASSERT_EQ(made.status, 201) << made.text;
  }
  const json view = c1.get("/v1/games/" + id, b.token).body;
  ASSERT_EQ(view.at("moves").size(), 6u);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(view.at("moves").at(i).at("ply"), i + 1);
  EXPECT_EQ(view.at("moves"), c2.get("/v1/games/" + id, b.token).body.at("moves"));
}

// Collects the payloads of NOTIFY hexpost_events (event ids) on one connection.
class EventIds : public pqxx::notification_receiver {
 public:
  explicit EventIds(pqxx::connection_base& c) : pqxx::notification_receiver(c, "hexpost_events") {}
  void operator()(const std::string& payload, int) override { ids.push_back(payload); }
  std::vector<std::string> ids;
};

// Waits up to 5 s for a NOTIFY whose payload is `id`.
bool announced(pqxx::connection& c, EventIds& seen, const std::string& id) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::find(seen.ids.begin(), seen.ids.end(), id) == seen.ids.end()) {
    if (std::chrono::steady_clock::now() > until) return false;
    c.await_notification(0, 100000);
  }
  return true;
}

std::string newest_event(const std::string& game_id, const std::string& kind) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  return tx
      .exec_params1("SELECT max(id)::text FROM game_events WHERE game_id = $1 AND kind = $2",
                    std::stoll(game_id), kind)[0]
      .c_str();
}

// Event streams wake on NOTIFY (docs/events.md): a move (games_append_entry) and a status change
// (games_update_status) each announce their event id once committed.
TEST(Integrity, MovesAndStatusChangesAnnounceTheirEventsByNotify) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "ntf"), make_account(client, "ntf")};
  const std::string id = start_game(client, p, "counting", {{"target", 100000}});
  pqxx::connection listener(database_url());
  EventIds seen(listener);
  const json view = client.get("/v1/games/" + id, p[0].token).body;
  const Account& mover = to_move(view, p);
  ASSERT_EQ(
      client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}}, mover.token).status,
      201);
  EXPECT_TRUE(announced(listener, seen, newest_event(id, "move")));
  ASSERT_EQ(client.post("/v1/games/" + id + "/draw", {{"action", "offer"}}, p[0].token).status,
            200);
  EXPECT_TRUE(announced(listener, seen, newest_event(id, "draw_offered")));
}

}  // namespace
