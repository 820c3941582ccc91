// Attacks on a real hexpostd over loopback, each bounded in time, each followed by proof that
// the service still answers everyone else: slow connections, a header flood. (Bad input and
// authorization refusals are in security_test.cc, the limits themselves in
// services_http_tests.)
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "tests/services/game/server_process.h"
#include "tests/services/game/service_fixture.h"
#include "tests/services/http_client.h"

namespace {

using namespace svctest;
using std::chrono::milliseconds;

double elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since)
      .count();
}

double p99(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  return samples[std::min(samples.size() - 1, samples.size() * 99 / 100)];
}

void allow_open_files(rlim_t wanted) {
  rlimit files{};
  ::getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = std::max(files.rlim_cur, std::min(files.rlim_max, wanted));
  ::setrlimit(RLIMIT_NOFILE, &files);
}

TEST(EdgeAttack, AThousandSlowConnectionsLeaveHealthzAndMovesUnderASecond) {
  SVC_REQUIRE_DB();
  allow_open_files(4096);
  ServerProcess server(database_url(), free_port());
  Client client(server.port());
  const std::vector<Account> players = {make_account(client, "calm"), make_account(client, "calm")};
  const std::string game = start_game(client, players, "counting", {{"target", 60}});
  std::vector<int> slow;
  for (int i = 0; i < 1000; ++i) {  // 50 from each of 20 addresses, under the per-address limit
    slow.push_back(testhttp::open_connection(server.port(),
                                             "POST /v1/accounts HTTP/1.1\r\nHost: x\r\nX-Slow: ",
                                             "127.0.3." + std::to_string(1 + i / 50)));
    ASSERT_GE(slow.back(), 0) << i;
  }
  std::vector<double> healthz, moves;
  for (int ply = 0; ply < 20; ++ply) {
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(client.get("/v1/catalog").status, 200);
    healthz.push_back(elapsed_ms(start));
    const Account& mover = to_move(client.get("/v1/games/" + game, players[0].token).body, players);
    start = std::chrono::steady_clock::now();
    EXPECT_EQ(
        client.post("/v1/games/" + game + "/moves", {{"move", "1"}, {"ply", ply}}, mover.token)
            .status,
        201);
    moves.push_back(elapsed_ms(start));
  }
  for (int fd : slow) ::close(fd);
  EXPECT_LT(p99(healthz), 1000.0);
  EXPECT_LT(p99(moves), 1000.0);
}

TEST(EdgeAttack, HeaderFloodKeepsTheProcessUnder200MB) {
  SVC_REQUIRE_DB();
  ServerProcess server(database_url(), free_port());
  std::string flood = "GET /healthz HTTP/1.1\r\nHost: x\r\n";
  const std::string field = "X-Flood: " + std::string(90, 'f') + "\r\n";
  while (flood.size() < 150u * 1024 * 1024) flood += field;  // 150 MB, never ended
  std::vector<std::thread> senders;
  std::vector<int> closed(6, 0);
  for (int i = 0; i < 6; ++i) {
    senders.emplace_back([&, i] {
      closed[i] =
          testhttp::raw_exchange(server.port(), flood, 0, milliseconds(0), milliseconds(60000))
              .closed;
    });
  }
  for (auto& sender : senders) sender.join();
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(closed[i]) << "sender " << i;
  Client client(server.port());
  EXPECT_EQ(client.get("/v1/catalog").status, 200);
  // Before the head limits, 900 MB of headers took the process to 1,399 MB.
  const long rss = server.resident_mib();
  EXPECT_GT(rss, 0);
  EXPECT_LT(rss, 200);
}

}  // namespace
