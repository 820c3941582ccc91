// Load-driven resilience: two instances on one database, kill -9 of the server under load, and a
// PostgreSQL restart under load. Every move the driver saw acknowledged must be in the database
// exactly once, with an intact hash chain.
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <barrier>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <thread>

#include "bench/load/load_driver.h"
#include "lib/fairness/fairness.h"
#include "tests/services/game/server_process.h"
#include "tests/services/game/service_fixture.h"
#include "tests/support/private_cluster.h"
#include "tests/support/subprocess.h"

namespace {

using namespace svctest;
using Clock = std::chrono::steady_clock;

// Every acknowledged move is stored exactly once with the acknowledged record; every game's
// move list is contiguous, matches games.ply and has an intact hash chain.
void verify_database(const std::string& url, const std::vector<loadtest::Ack>& acks) {
  pqxx::connection c(url);
  pqxx::nontransaction tx(c);
  std::map<std::int64_t, int> games;
  for (const auto& ack : acks) {
    const auto r = tx.exec_params("SELECT record FROM moves WHERE game_id = $1 AND ply = $2",
                                  ack.game_id, ack.ply);
    ASSERT_EQ(r.size(), 1u) << "acknowledged move missing: game " << ack.game_id << " ply "
                            << ack.ply;
    EXPECT_EQ(r[0][0].as<std::string>(), ack.record);
    games[ack.game_id] = 1;
  }
  for (const auto& [game, unused] : games) {
    const auto g =
        tx.exec_params("SELECT ply, commitment, last_hash FROM games WHERE id = $1", game);
    const auto moves = tx.exec_params(
        "SELECT ply, record, draws, hash FROM moves WHERE game_id = $1 ORDER BY ply", game);
    ASSERT_EQ(static_cast<int>(moves.size()), g[0][0].as<int>()) << "game " << game;
    std::string previous = g[0][1].as<std::string>();
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ASSERT_EQ(moves[i][0].as<int>(), static_cast<int>(i + 1));
      const std::string hash =
          fairness::move_hash(previous, moves[i][0].as<int>(), moves[i][1].as<std::string>(),
                              moves[i][2].as<std::string>());
      ASSERT_EQ(hash, moves[i][3].as<std::string>()) << "game " << game << " ply " << i + 1;
      previous = hash;
    }
    EXPECT_EQ(previous, g[0][2].as<std::string>());
  }
}

loadtest::DriverOptions driver_options(std::vector<loadtest::Endpoint> endpoints, int clients,
                                       double seconds) {
  loadtest::DriverOptions o;
  o.endpoints = std::move(endpoints);
  o.clients = clients;
  o.games_per_pair = 3;
  o.game = "counting";
  o.options_json = R"({"target": 60})";
  o.seconds = seconds;
  static int run = 0;
  o.username_prefix = "ld" + std::to_string(getpid() % 100000) + "r" + std::to_string(run++) + "x";
  o.request_timeout_s = 10;
  return o;
}

TEST(Resilience, TwoInstancesOnOneDatabaseStayConsistent) {
  SVC_REQUIRE_DB();
  TestServer one, two;
  auto options = driver_options({{"127.0.0.1", one.port()}, {"127.0.0.1", two.port()}}, 8, 4);
  options.per_request_endpoint_rotation = true;
  const auto players = loadtest::create_players(options.endpoints[0], options.username_prefix, 8);
  const loadtest::DriverStats stats = loadtest::run_load(options, players);
  EXPECT_GT(stats.moves_ok, 50);
  EXPECT_EQ(stats.server_errors, 0);
  EXPECT_EQ(stats.client_errors, 0);
  EXPECT_EQ(stats.connection_errors, 0);
  verify_database(database_url(), stats.acks);
  // The same ply from both instances at once: one winner.
  Client c1(one.port()), c2(two.port());
  std::vector<Account> p = {make_account(c1, "two"), make_account(c1, "two")};
  const std::string id = start_game(c1, p, "counting", {{"target", 1000}});
  for (int round = 0; round < 20; ++round) {
    const Account& mover = to_move(c1.get("/v1/games/" + id, p[0].token).body, p);
    std::barrier sync(10);
    std::atomic<int> created{0}, conflicts{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 10; ++t) {
      threads.emplace_back([&, t] {
        Client client(t % 2 ? one.port() : two.port());
        sync.arrive_and_wait();
        const Reply r =
            client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", round}}, mover.token);
        (r.status == 201 ? created : conflicts)++;
      });
    }
    for (auto& t : threads) t.join();
    EXPECT_EQ(created.load(), 1);
    EXPECT_EQ(conflicts.load(), 9);
  }
}

TEST(Resilience, KillNineTenTimesUnderLoadLosesNoAcknowledgedMove) {
  SVC_REQUIRE_DB();
  ServerProcess server(database_url(), free_port());
  auto options = driver_options({{"127.0.0.1", server.port()}}, 8, 120);
  const auto players = loadtest::create_players(options.endpoints[0], options.username_prefix, 8);
  std::atomic<bool> stop{false};
  loadtest::DriverStats stats;
  std::thread driver([&] { stats = loadtest::run_load(options, players, &stop); });
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  for (int kill = 0; kill < 10; ++kill) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300 + 97 * (kill % 5)));
    server.kill_now();
    server.start();
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  stop = true;
  driver.join();
  EXPECT_GT(stats.moves_ok, 100);
  EXPECT_GT(stats.connection_errors, 0) << "the kills were not noticed";
  EXPECT_EQ(stats.server_errors, 0);
  EXPECT_EQ(stats.client_errors, 0);
  std::printf(
      "kill -9 x10: %ld acknowledged moves (%ld replays of a lost answer), %ld connection "
      "errors, %ld conflicts\n",
      stats.moves_ok, stats.replays, stats.connection_errors, stats.conflicts);
  verify_database(database_url(), stats.acks);
}

// The test runs its own throwaway cluster (never the shared one) and restarts it under load.
TEST(Resilience, PostgresRestartUnderLoadGives503AndRecoversWithoutRestart) {
  SVC_REQUIRE_DB();
  testsupport::PrivateCluster cluster(HEXPOST_OPS_DIR, "pgrestart");
  if (!cluster.started()) GTEST_SKIP() << "could not start a private cluster: " << cluster.error();
  const std::string url = cluster.url();
  ServerProcess server(url, free_port());
  auto options = driver_options({{"127.0.0.1", server.port()}}, 8, 120);
  const auto players = loadtest::create_players(options.endpoints[0], options.username_prefix, 8);
  std::atomic<bool> stop{false};
  loadtest::DriverStats stats;
  std::thread driver([&] { stats = loadtest::run_load(options, players, &stop); });
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  for (int restart = 0; restart < 3; ++restart) {
    ASSERT_TRUE(cluster.stop());
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    ASSERT_TRUE(cluster.start());
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  }
  // Recovery without restarting hexpostd: moves succeed again.
  Client client(server.port());
  const Account a = make_account(client, "after"), b = make_account(client, "after");
  const std::string id = start_game(client, {a, b});
  const json view = client.get("/v1/games/" + id, a.token).body;
  EXPECT_EQ(client
                .post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}},
                      to_move(view, {a, b}).token)
                .status,
            201);
  stop = true;
  driver.join();
  std::printf(
      "postgres restart x3: %ld moves, %ld x 503, %ld connection errors, slowest answer "
      "%.0f ms, statuses:",
      stats.moves_ok, stats.unavailable, stats.connection_errors, stats.max_request_ms);
  for (const auto& [status, count] : stats.status_counts) std::printf(" %d:%ld", status, count);
  std::printf("\n");
  EXPECT_GT(stats.unavailable, 0) << "no request saw the outage";
  EXPECT_EQ(stats.server_errors, 0) << "a 5xx other than 503";
  EXPECT_EQ(stats.client_errors, 0);
  EXPECT_LT(stats.max_request_ms, 5000);
  EXPECT_EQ(stats.status_counts.count(500), 0u);
  verify_database(url, stats.acks);
}

// A driver run that played more than 10 moves, none refused or failed, each acknowledged move
// stored.
void expect_every_move_legal_and_stored(const loadtest::DriverStats& stats) {
  EXPECT_GT(stats.moves_ok, 10);
  EXPECT_EQ(stats.refusals, 0);
  EXPECT_EQ(stats.conflicts, 0);
  EXPECT_EQ(stats.client_errors, 0);
  EXPECT_EQ(stats.server_errors, 0);
  verify_database(database_url(), stats.acks);
}

// The driver plays legal moves of a real game in post mode: each computed from the position the
// last 201 gave (with the game's rules), never a guess that the service refuses.
TEST(LoadDriver, PostModePlaysLegalHexQuoridorMovesWithoutRefusals) {
  SVC_REQUIRE_DB();
  TestServer server;
  auto options = driver_options({{"127.0.0.1", server.port()}}, 4, 3);
  options.game = "hex-quoridor";
  options.options_json = "{}";
  options.mode = loadtest::DriverOptions::Mode::kPostOnly;
  const auto players = loadtest::create_players(options.endpoints[0], options.username_prefix, 4);
  expect_every_move_legal_and_stored(loadtest::run_load(options, players));
}

// stream-post: each client follows its event stream and answers every your_turn line with a GET
// and a POST, as bots do (a real hexpostd serve path, which has the stream routes).
TEST(LoadDriver, StreamPostModeAnswersEachTurnTheStreamAnnounces) {
  SVC_REQUIRE_DB();
  ServerProcess server(database_url(), free_port());  // started by its constructor
  auto options = driver_options({{"127.0.0.1", server.port()}}, 4, 3);
  options.mode = loadtest::DriverOptions::Mode::kStreamThenPost;
  const auto players = loadtest::create_players(options.endpoints[0], options.username_prefix, 4);
  expect_every_move_legal_and_stored(loadtest::run_load(options, players));
}

}  // namespace
