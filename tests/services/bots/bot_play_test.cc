// The reference bot (`hexpost bot run`, the real binary) against the real hexpostd and
// PostgreSQL: two bots play one complete game of every game in the catalogue (all five) against
// each other, one of them is killed with SIGKILL mid-game and restarted with its state file,
// and its event log then holds every one of its events exactly once, in stream order.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "tests/services/bots/bot_fixture.h"
#include "tests/services/bots/process.h"
#include "tests/support/private_cluster.h"
#include "tests/support/subprocess.h"

namespace {

using namespace bottest;
using nlohmann::json;
using svctest::Client;
using svctest::Reply;

std::vector<std::string> logged_ids(const std::string& file) {
  std::ifstream in(file);
  std::vector<std::string> ids;
  for (std::string id, type; in >> id >> type;) ids.push_back(id);
  return ids;
}

svctest::Account make_bot(Client& client, const std::string& name) {
  const std::string username = name + std::to_string(getpid() % 100000);
  const Reply r = client.post("/v1/accounts", {{"username", username},
                                               {"email", username + "@example.test"},
                                               {"password", "bot password " + username},
                                               {"bot", true}});
  if (r.status != 201) throw std::runtime_error(r.text);
  return {username, r.body["token"]};
}

struct Stand {
  std::string dir =
      std::filesystem::temp_directory_path() / ("hexpost-bots-" + std::to_string(getpid()));
  int port = free_port();
  std::string url = "http://127.0.0.1:" + std::to_string(port);
  Stand() { std::filesystem::create_directories(dir); }
  ~Stand() {
    // On failure, show what the server and the bots said.
    for (const auto& f : std::filesystem::directory_iterator(dir)) {
      if (!::testing::Test::HasFailure() || f.path().extension() != ".out") continue;
      std::ifstream in(f.path());
      std::stringstream text;
      text << in.rdbuf();
      std::cerr << "---- " << f.path().filename() << "\n" << text.str() << "\n";
    }
    std::filesystem::remove_all(dir);
  }
};

std::unique_ptr<Process> start_bot(const Stand& s, const svctest::Account& bot,
                                   const std::string& name, std::vector<std::string> extra) {
  std::vector<std::string> argv = {HEXPOST_CLI_PATH,
                                   "bot",
                                   "run",
                                   "--accept",
                                   "bots",
                                   "--max-plies",
                                   "300",
                                   "--events-log",
                                   s.dir + "/" + name + ".log",
                                   "--state-file",
                                   s.dir + "/" + name + ".state",
                                   "--idle-timeout",
                                   "5"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return std::make_unique<Process>(
      argv,
      std::map<std::string, std::string>{
          {"HEXPOST_SERVER", s.url}, {"HEXPOST_TOKEN", bot.token}, {"XDG_CONFIG_HOME", s.dir}},
      s.dir + "/" + name + ".out");
}

bool wait_until(const std::function<bool()>& done, int seconds) {
  for (int i = 0; i < seconds * 10; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return done();
}

TEST(ReferenceBot, TwoBotsPlayEveryGameToTheEndSurvivingAKillNine) {
  SVC_REQUIRE_DB();
  Stand s;
  Process server({HEXPOSTD_PATH, "serve"},
                 {{"HEXPOST_DATABASE_URL", svctest::database_url()},
                  {"HEXPOST_LISTEN", "127.0.0.1:" + std::to_string(s.port)},
                  {"HEXPOST_LOG_LEVEL", "warn"},
                  {"HEXPOST_RATE_PER_S", "100000"},
                  {"HEXPOST_RATE_BURST", "100000"},
                  {"HEXPOST_LOGIN_ADDRESS_BURST", "100000"},
                  {"HEXPOST_STREAM_HEARTBEAT_MS", "1000"},
                  {"HEXPOST_STREAM_POLL_MS", "200"}},
                 s.dir + "/hexpostd.out");
  Client client(s.port);
  ASSERT_TRUE(wait_until([&] { return client.get("/healthz").status == 200; }, 20));
  const svctest::Account ann = make_bot(client, "annbot");
  const svctest::Account bob = make_bot(client, "bobbot");
  auto ann_bot = start_bot(s, ann, "ann", {"--seed", "1"});
  auto bob_bot = start_bot(s, bob, "bob", {"--seed", "2", "--max-games", "5"});

  std::vector<std::string> games;
  const json catalog = client.get("/v1/catalog", ann.token).body;
  ASSERT_EQ(catalog["games"].size(), 5u);
  for (const auto& g : catalog["games"]) {
    const Reply c =
        client.post("/v1/challenges",
                    {{"game", g["id"]}, {"players", 2}, {"opponents", {bob.username}}}, ann.token);
    ASSERT_EQ(c.status, 201) << c.text;
  }
  // Kill bob's bot mid-game, then start it again with the same state file.
  ASSERT_TRUE(wait_until([&] { return logged_ids(s.dir + "/bob.log").size() >= 20; }, 60));
  bob_bot->kill(SIGKILL);
  bob_bot->wait(5000);
  bob_bot = start_bot(s, bob, "bob", {"--seed", "3", "--max-games", "5"});

  const auto finished = [&] {
    const Reply mine = client.get("/v1/me/games?status=finished", ann.token);
    return mine.status == 200 && mine.body["games"].size() == 5;
  };
  EXPECT_TRUE(wait_until(finished, 240)) << client.get("/v1/me/games", ann.token).text;
  std::set<std::string> played;
  const json done = client.get("/v1/me/games?status=finished", ann.token).body;
  for (const auto& g : done["games"]) {
    played.insert(g["game"].get<std::string>());
  }
  EXPECT_EQ(played.size(), 5u);
  // `hexpost watch` on the real game stream: a finished game prints its final state and ends.
  const std::string watched = done["games"].at(0)["id"];
  const auto watch = testsupport::run({HEXPOST_CLI_PATH, "watch", watched, "--json"}, "",
                                      {{"HEXPOST_SERVER", s.url}, {"HEXPOST_TOKEN", ann.token}});
  EXPECT_EQ(watch.exit_code, 0) << watch.err;
  const json state = json::parse(watch.out, nullptr, false);
  EXPECT_EQ(state.value("type", ""), "game_state") << watch.out;
  EXPECT_EQ(state["game"].value("status", ""), "finished");

  // The last events (game_finished) reach the bots' logs a little after the games end.
  const auto caught_up = [&](const std::string& name, const svctest::Account& bot) {
    const std::vector<std::string> log = logged_ids(s.dir + "/" + name + ".log");
    const std::vector<std::string> db = stream_ids_in_db(bot.username);
    return !log.empty() && !db.empty() && log.back() == db.back();
  };
  EXPECT_TRUE(wait_until([&] { return caught_up("bob", bob) && caught_up("ann", ann); }, 30));
  const std::vector<std::string> bob_log = logged_ids(s.dir + "/bob.log");
  const std::vector<std::string> bob_db = stream_ids_in_db(bob.username);
  ASSERT_FALSE(bob_log.empty());
  const auto from = std::find(bob_db.begin(), bob_db.end(), bob_log.front());
  ASSERT_NE(from, bob_db.end());
  EXPECT_EQ(bob_log, std::vector<std::string>(from, bob_db.end()))
      << "bob's events across the kill: a gap or a duplicate";
  const std::vector<std::string> ann_log = logged_ids(s.dir + "/ann.log");
  const std::vector<std::string> ann_db = stream_ids_in_db(ann.username);
  ASSERT_FALSE(ann_log.empty());
  const auto ann_from = std::find(ann_db.begin(), ann_db.end(), ann_log.front());
  EXPECT_EQ(ann_log, std::vector<std::string>(ann_from, ann_db.end()));
}

// The event hub's dedicated connection survives a PostgreSQL restart: a stream held across
// the restart receives an event committed after it. Runs its own throwaway cluster.
TEST(ReferenceBot, StreamHeldAcrossAPostgresRestartReceivesLaterEvents) {
  SVC_REQUIRE_DB();
  testsupport::PrivateCluster cluster(HEXPOST_OPS_DIR, "bots-pg");
  if (!cluster.started()) GTEST_SKIP() << "could not start a private cluster: " << cluster.error();
  const std::string url = cluster.url();
  Stand s;
  Process server({HEXPOSTD_PATH, "serve"},
                 {{"HEXPOST_DATABASE_URL", url},
                  {"HEXPOST_LISTEN", "127.0.0.1:" + std::to_string(s.port)},
                  {"HEXPOST_LOG_LEVEL", "warn"},
                  {"HEXPOST_STREAM_HEARTBEAT_MS", "500"},
                  {"HEXPOST_STREAM_POLL_MS", "200"}},
                 s.dir + "/hexpostd.out");
  Client client(s.port);
  ASSERT_TRUE(wait_until([&] { return client.get("/readyz").status == 200; }, 20));
  const svctest::Account ann = make_bot(client, "pgann");
  const svctest::Account bob = make_bot(client, "pgbob");
  StreamReader stream(s.port, "/v1/stream/events", bob.token);
  ASSERT_TRUE(stream.wait_for([](const auto& lines) {
    return std::find(lines.begin(), lines.end(), R"({"type":"snapshot_done"})") != lines.end();
  }));
  ASSERT_TRUE(cluster.stop());
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  ASSERT_TRUE(cluster.start());
  ASSERT_TRUE(wait_until([&] { return client.get("/readyz").status == 200; }, 20));
  Reply created;
  ASSERT_TRUE(wait_until(
      [&] {
        created = client.post("/v1/challenges",
                              {{"game", "iso-path"}, {"players", 2}, {"opponents", {bob.username}}},
                              ann.token);
        return created.status == 201;
      },
      20));
  EXPECT_TRUE(stream.wait_for(
      [](const auto& lines) {
        return std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
          return l.find(R"("type":"challenge_received")") != std::string::npos;
        });
      },
      std::chrono::seconds(10)));
  EXPECT_FALSE(stream.finished()) << "the stream was dropped by the restart";
}

}  // namespace
