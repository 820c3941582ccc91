// Login limits (docs/game-service.md, "Login limits"): the bounded password hashing queue (503
// login_busy), the buckets per client address and per username (429 rate_limited naming the
// limit), the failure backoff per (username, address) (429 login_backoff), its reset on success,
// that a third party cannot lock the user out, and that two instances share all of it. Clients
// with distinct addresses connect from 127.0.0.2, 127.0.0.3, ...; times come from a ManualClock.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <barrier>
#include <chrono>
#include <map>
#include <thread>

#include "lib/clock/clock.h"
#include "tests/services/game/service_fixture.h"
#include "tests/support/loopback.h"

namespace {

using namespace svctest;
using namespace std::chrono_literals;

// Start of the manual clocks: login state written at this instant is the only state the tests
// see (reset_login_state() clears what other tests left).
const hxclock::TimePoint kStart = hxclock::TimePoint(std::chrono::seconds(1'900'000'000));

// Clears the login tables when made and when dropped, so no test's buckets or failures (written
// at a manual clock's time) reach another test in the same process.
class LoginStateReset {
 public:
  LoginStateReset() { reset(); }
  ~LoginStateReset() { reset(); }

 private:
  static void reset() {
    pqxx::connection c(database_url());
    pqxx::nontransaction tx(c);
    tx.exec("DELETE FROM login_buckets; DELETE FROM login_attempts");
  }
};

json credentials(const std::string& username, const std::string& password) {
  return {{"username", username}, {"password", password}};
}

// POST `path` with a JSON body from the source address `source`, on a fresh connection.
Reply post_from(const std::string& source, int port, const std::string& path, const json& body) {
  Reply reply;
  const int fd = testsupport::connect_loopback_from(port, source.c_str());
  if (fd < 0) return reply;
  const std::string text = body.dump();
  const std::string request = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                              "Content-Type: application/json\r\nConnection: close\r\n" +
                              "Content-Length: " + std::to_string(text.size()) + "\r\n\r\n" + text;
  std::string answer;
  if (send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
      static_cast<ssize_t>(request.size())) {
    char buffer[4096];
    for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, n);
  }
  close(fd);
  const auto head_end = answer.find("\r\n\r\n");
  if (answer.rfind("HTTP/1.1 ", 0) != 0 || head_end == std::string::npos) return reply;
  reply.status = std::stoi(answer.substr(9, 3));
  for (std::size_t at = answer.find("\r\n") + 2; at < head_end;) {
    const std::size_t end = answer.find("\r\n", at);
    const std::string line = answer.substr(at, end - at);
    const std::size_t colon = line.find(':');
    reply.headers.emplace(line.substr(0, colon), line.substr(colon + 2));
    at = end + 2;
  }
  reply.text = answer.substr(head_end + 4);
  reply.body = json::parse(reply.text, nullptr, false);
  return reply;
}

// A 429 of the login limits: the code, the limit it names, and Retry-After in the header and
// the body.
void expect_throttled(const Reply& reply, const std::string& code, const std::string& limit,
                      int retry_after) {
  EXPECT_EQ(reply.status, 429) << reply.text;
  EXPECT_EQ(reply.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(reply.body.value("code", ""), code) << reply.text;
  EXPECT_EQ(reply.body.value("limit", ""), limit) << reply.text;
  EXPECT_EQ(reply.header("Retry-After"), std::to_string(retry_after)) << reply.text;
  EXPECT_EQ(reply.body.value("retry_after", -1), retry_after) << reply.text;
}

// An argon2id cost that makes one hash take about a second here, so that requests sent together
// all arrive while the first hash runs.
constexpr std::uint32_t kSlowIterations = 60;

// `count` wrong-password logins for `username`, sent together once every thread is ready; the
// answers' statuses and codes, counted.
std::map<std::string, int> concurrent_wrong_logins(int port, const std::string& username,
                                                   int count) {
  std::barrier ready(count);
  std::vector<Reply> replies(count);
  std::vector<std::thread> threads;
  for (int i = 0; i < count; ++i) {
    threads.emplace_back([&, i] {
      Client client(port);
      ready.arrive_and_wait();
      replies[i] = client.post("/v1/tokens", credentials(username, "wrong password"));
    });
  }
  for (auto& t : threads) t.join();
  std::map<std::string, int> counts;
  for (const Reply& r : replies) {
    ++counts[std::to_string(r.status) + " " + r.body.value("code", "") +
             " retry-after=" + r.header("Retry-After")];
  }
  return counts;
}

TEST(LoginLimits, FullHashQueueAnswers503LoginBusyAtOnceWhileHealthzAnswers) {
  SVC_REQUIRE_DB();
  const LoginStateReset reset;
  api::GameServiceOptions options = test_options();
  options.hash_queue = {1, 1, 60s};  // one hash at a time, one waiting, a long wait
  options.argon2.iterations = kSlowIterations;
  TestServer server(database_url(), options);
  Client client(server.port());
  const Account victim = make_account(client, "busy");  // its hash has the slow cost
  std::map<std::string, int> counts;
  std::thread logins([&] { counts = concurrent_wrong_logins(server.port(), victim.username, 8); });
  // Asked while the logins hold the hash slot and the queue: answered by another worker.
  std::this_thread::sleep_for(200ms);
  const Reply health = client.get("/healthz");
  logins.join();
  EXPECT_EQ(health.status, 200);
  // The first hashes, the second waits its turn, the other six are refused at once.
  const std::map<std::string, int> expected = {{"401 bad_credentials retry-after=", 2},
                                               {"503 login_busy retry-after=1", 6}};
  EXPECT_EQ(counts, expected);
}

TEST(LoginLimits, HashWaitRunsOutWith503LoginBusy) {
  SVC_REQUIRE_DB();
  const LoginStateReset reset;
  api::GameServiceOptions options = test_options();
  options.hash_queue = {1, 4, 200ms};  // room to wait, but not for a whole (slow) hash
  options.argon2.iterations = kSlowIterations;
  TestServer server(database_url(), options);
  Client client(server.port());
  const Account victim = make_account(client, "wait");
  const std::map<std::string, int> expected = {{"401 bad_credentials retry-after=", 1},
                                               {"503 login_busy retry-after=1", 2}};
  EXPECT_EQ(concurrent_wrong_logins(server.port(), victim.username, 3), expected);
}

TEST(LoginLimits, PerAddressBucketGives429WithRetryAfterOnBothRoutes) {
  SVC_REQUIRE_DB();
  const LoginStateReset reset;
  hxclock::ManualClock clock(kStart);
  api::GameServiceOptions options = test_options();
  options.logins.per_address = {3, 1};  // 3 at once, then one a minute
  TestServer server(database_url(), options, 96, 8, clock);
  const int port = server.port();
  // Rejected input takes no token.
  EXPECT_EQ(post_from("127.0.0.2", port, "/v1/tokens", {{"username", "nobody"}}).status, 400);
  for (int i = 0; i < 3; ++i) {
    const Reply r = post_from("127.0.0.2", port, "/v1/tokens",
                              credentials("guess" + std::to_string(i), "wrong password"));
    EXPECT_EQ(r.status, 401) << r.text;
  }
  const Reply refused =
      post_from("127.0.0.2", port, "/v1/tokens", credentials("guess9", "wrong password"));
  expect_throttled(refused, "rate_limited", "logins-per-address", 60);
  EXPECT_EQ(refused.body.value("burst", 0.0), 3);
  EXPECT_EQ(refused.body.value("per_minute", 0.0), 1);
  const json signup = {{"username", "fresh1"}, {"email", "f@x.org"}, {"password", "long enough"}};
  expect_throttled(post_from("127.0.0.2", port, "/v1/accounts", signup), "rate_limited",
                   "logins-per-address", 60);
  EXPECT_EQ(count_rows("accounts WHERE username = 'fresh1'"), 0);
  // Another address has its own bucket; a minute later this one has a token again.
  EXPECT_EQ(post_from("127.0.0.3", port, "/v1/accounts", signup).status, 201);
  clock.advance(60s);
  EXPECT_EQ(post_from("127.0.0.2", port, "/v1/tokens", credentials("fresh1", "wrong")).status, 401);
}

TEST(LoginLimits, PerUsernameBucketGives429FromAnyAddress) {
  SVC_REQUIRE_DB();
  const LoginStateReset reset;
  hxclock::ManualClock clock(kStart);
  api::GameServiceOptions options = test_options();
  options.logins.per_username = {2, 1};
  TestServer server(database_url(), options, 96, 8, clock);
  const int port = server.port();
  EXPECT_EQ(post_from("127.0.0.2", port, "/v1/tokens", credentials("Target", "wrong")).status, 401);
  EXPECT_EQ(post_from("127.0.0.3", port, "/v1/tokens", credentials("target", "wrong")).status, 401);
  // Usernames are case-insensitive, so is their bucket; sign-ups draw from it too.
  expect_throttled(post_from("127.0.0.4", port, "/v1/tokens", credentials("TARGET", "wrong")),
                   "rate_limited", "logins-per-username", 60);
  const json signup = {{"username", "target"}, {"email", "t@x.org"}, {"password", "long enough"}};
  expect_throttled(post_from("127.0.0.4", port, "/v1/accounts", signup), "rate_limited",
                   "logins-per-username", 60);
  EXPECT_EQ(post_from("127.0.0.4", port, "/v1/tokens", credentials("other", "wrong")).status, 401);
}

// Wrong, then right passwords of one account from one address, on a manual clock: 2 free
// failures, then waits of 1, 2, 4, 8, 8 s (the cap) counted from the last failure.
TEST(LoginLimits, FailuresBackOffExponentiallyAndASuccessResets) {
  SVC_REQUIRE_DB();
  const LoginStateReset reset;
  hxclock::ManualClock clock(kStart);
  api::GameServiceOptions options = test_options();
  options.logins.free_failures = 2;
  options.logins.backoff_base = 1000ms;
  options.logins.backoff_max = 8s;
  TestServer server(database_url(), options, 96, 8, clock);
  Client client(server.port());
  const Account user = make_account(client, "backoff");
  const json wrong = credentials(user.username, "wrong password");
  const json right = credentials(user.username, "correct horse " + user.username);
  EXPECT_EQ(client.post("/v1/tokens", wrong).status, 401);
  EXPECT_EQ(client.post("/v1/tokens", wrong).status, 401);
  int failures = 2;
  for (const int wait : {1, 2, 4, 8, 8}) {
    const Reply early = client.post("/v1/tokens", wrong);
    expect_throttled(early, "login_backoff", "failed-logins", wait);
    EXPECT_EQ(early.body.value("failures", 0), failures++);
    // Not even the right password is checked inside the wait.
    expect_throttled(client.post("/v1/tokens", right), "login_backoff", "failed-logins", wait);
    clock.advance(std::chrono::seconds(wait) - 500ms);
    expect_throttled(client.post("/v1/tokens", wrong), "login_backoff", "failed-logins", 1);
    clock.advance(500ms);
    EXPECT_EQ(client.post("/v1/tokens", wrong).status, 401);
  }
  clock.advance(8s);
  EXPECT_EQ(client.post("/v1/tokens", right).status, 201);
  // The count starts again from zero: two free failures, then 1 s.
  EXPECT_EQ(client.post("/v1/tokens", wrong).status, 401);
  EXPECT_EQ(client.post("/v1/tokens", wrong).status, 401);
  expect_throttled(client.post("/v1/tokens", wrong), "login_backoff", "failed-logins", 1);
}

// Someone failing on purpose from other addresses neither slows the user's own address nor,
// once the user has logged in from it, stops it with the per-username bucket.
TEST(LoginLimits, AThirdPartyCannotLockTheUserOut) {
  SVC_REQUIRE_DB();
  const LoginStateReset reset;
  hxclock::ManualClock clock(kStart);
  api::GameServiceOptions options = test_options();
  options.logins.per_username = {4, 1};
  options.logins.free_failures = 1;
  TestServer server(database_url(), options, 96, 8, clock);
  const int port = server.port();
  const json signup = {{"username", "victim"}, {"email", "v@x.org"}, {"password", "the password"}};
  ASSERT_EQ(post_from("127.0.0.2", port, "/v1/accounts", signup).status, 201);
  const json right = credentials("victim", "the password");
  ASSERT_EQ(post_from("127.0.0.2", port, "/v1/tokens", right).status, 201);
  const json wrong = credentials("victim", "a guess");
  EXPECT_EQ(post_from("127.0.0.3", port, "/v1/tokens", wrong).status, 401);
  expect_throttled(post_from("127.0.0.3", port, "/v1/tokens", wrong), "login_backoff",
                   "failed-logins", 1);
  EXPECT_EQ(post_from("127.0.0.4", port, "/v1/tokens", wrong).status, 401);
  expect_throttled(post_from("127.0.0.5", port, "/v1/tokens", wrong), "rate_limited",
                   "logins-per-username", 60);
  // The user's address: no backoff of its own, and trusted past the drained username bucket.
  EXPECT_EQ(post_from("127.0.0.2", port, "/v1/tokens", right).status, 201);
  EXPECT_EQ(post_from("127.0.0.2", port, "/v1/tokens", right).status, 201);
}

// Two instances on one database and one clock, requests alternating: the failure count and the
// address bucket are the database's, not an instance's.
TEST(LoginLimits, TwoInstancesShareTheBackoffAndTheBuckets) {
  SVC_REQUIRE_DB();
  const LoginStateReset reset;
  hxclock::ManualClock clock(kStart);
  api::GameServiceOptions options = test_options();
  options.logins.per_address = {3, 1};
  options.logins.free_failures = 2;
  TestServer one(database_url(), options, 16, 4, clock);
  TestServer two(database_url(), options, 16, 4, clock);
  Client a(one.port());
  Client b(two.port());
  EXPECT_EQ(a.post("/v1/tokens", credentials("shared1", "wrong")).status, 401);
  EXPECT_EQ(b.post("/v1/tokens", credentials("shared1", "wrong")).status, 401);
  expect_throttled(a.post("/v1/tokens", credentials("shared1", "wrong")), "login_backoff",
                   "failed-logins", 1);
  EXPECT_EQ(b.post("/v1/tokens", credentials("shared2", "wrong")).status, 401);
  expect_throttled(a.post("/v1/tokens", credentials("shared3", "wrong")), "rate_limited",
                   "logins-per-address", 60);
  expect_throttled(b.post("/v1/tokens", credentials("shared3", "wrong")), "rate_limited",
                   "logins-per-address", 60);
}

}  // namespace
