// 600 wrong-password logins in flight against hexpostd_testgames (hexpostd's serve path, 32
// workers, the default hash queue): /healthz keeps answering, because logins past the hash queue
// are refused at once instead of holding workers. The buckets and the backoff are lifted, as if
// the logins came from 600 addresses, so the hash queue alone is what is tested here.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

#include "tests/services/game/server_process.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;
using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

// Answers to the flood, by "status code".
class Tally {
 public:
  void add(const httplib::Result& result) {
    std::string key = "no answer";
    if (result) {
      const json body = json::parse(result->body, nullptr, false);
      key = std::to_string(result->status) + " " + (body.is_object() ? body.value("code", "") : "");
    }
    std::lock_guard lock(mutex_);
    ++counts_[key];
  }
  std::map<std::string, long> counts() {
    std::lock_guard lock(mutex_);
    return counts_;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, long> counts_;
};

struct Probe {
  int status = 0;
  double ms = 0;
};

// `count` GET /healthz, each on a new connection, 100 ms apart.
std::vector<Probe> probe_healthz(int port, int count) {
  std::vector<Probe> probes;
  for (int i = 0; i < count; ++i) {
    httplib::Client probe("127.0.0.1", port);
    probe.set_read_timeout(60, 0);
    const auto start = SteadyClock::now();
    const auto answer = probe.Get("/healthz");
    const std::chrono::duration<double, std::milli> took = SteadyClock::now() - start;
    probes.push_back({answer ? answer->status : 0, took.count()});
    std::this_thread::sleep_for(100ms);
  }
  return probes;
}

TEST(LoginLimits, SixHundredWrongPasswordLoginsInFlightKeepHealthzAnswering) {
  SVC_REQUIRE_DB();
  // The default hash queue; every other limit lifted, as if from 600 addresses.
  ServerProcess server(database_url(), free_port(),
                       {{"HEXPOST_THREADS", "32"},
                        {"HEXPOST_HASH_QUEUE", "8"},
                        {"HEXPOST_MAX_CONNECTIONS_PER_ADDRESS", "100000"},
                        {"HEXPOST_LOGIN_USERNAME_BURST", "1000000"},
                        {"HEXPOST_LOGIN_FREE_FAILURES", "1000000"}});
  Client client(server.port());
  const Account victim = make_account(client, "flood");
  const std::string body =
      json{{"username", victim.username}, {"password", "a wrong guess"}}.dump();
  std::atomic<bool> stop{false};
  std::atomic<long> sent{0};
  Tally tally;
  std::vector<std::thread> attackers;
  for (int i = 0; i < 600; ++i) {
    attackers.emplace_back([&] {
      httplib::Client attacker("127.0.0.1", server.port());  // a new connection per login
      attacker.set_read_timeout(60, 0);
      while (!stop) {
        ++sent;
        tally.add(attacker.Post("/v1/tokens", body, "application/json"));
      }
    });
  }
  while (sent < 600) std::this_thread::sleep_for(10ms);
  const std::vector<Probe> probes = probe_healthz(server.port(), 30);
  stop = true;
  for (auto& t : attackers) t.join();
  std::vector<double> sorted;
  for (const Probe& probe : probes) {
    EXPECT_EQ(probe.status, 200);
    sorted.push_back(probe.ms);
  }
  std::sort(sorted.begin(), sorted.end());
  std::cout << "healthz under the login flood: median " << sorted[15] << " ms, max "
            << sorted.back() << " ms; logins sent " << sent << "\n";
  // Generous: a busy 2-core machine answers in milliseconds; the unbounded wait took seconds.
  EXPECT_LT(sorted.back(), 3000) << "every /healthz within 3 s";
  const std::map<std::string, long> counts = tally.counts();
  for (const auto& [key, n] : counts) std::cout << "  " << key << ": " << n << "\n";
  EXPECT_GT(counts.count("401 bad_credentials"), 0u);
  EXPECT_GT(counts.count("503 login_busy"), 0u);
  EXPECT_EQ(counts.size(), 2u) << "only 401 bad_credentials and 503 login_busy";
}

}  // namespace
