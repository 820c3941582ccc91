// `hexpost bot run` (the real binary) against a stand-in server that plays the documented
// stream contract for one game: the bot's move is refused first (429, then 503, each with
// Retry-After) and must be sent again with the same Idempotency-Key, after which the game
// finishes; the bot prints one line per game event and a summary when it exits (--stop-after,
// or SIGTERM), and nothing with --quiet.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "stand_in_server.h"
#include "subprocess.h"

namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// Game 7 of iso-path: ann (seat 0) played a1, the bot "botty" (seat 1) is to move and has one
// legal move, b2, which wins. Move POSTs are refused with the statuses in `refusals` first.
class GameServer {
 public:
  explicit GameServer(std::vector<int> refusals) : refusals_(std::move(refusals)) {
    auto& http = server_.http();
    http.Get("/v1/stream/events", [this](const httplib::Request&, httplib::Response& res) {
      res.set_chunked_content_provider("application/x-ndjson",
                                       [this, step = 0](size_t, httplib::DataSink& sink) mutable {
                                         return stream_step(step, sink);
                                       });
    });
    http.Get("/v1/games/7", [this](const httplib::Request&, httplib::Response& res) {
      res.set_content(game_view().dump(), "application/json");
    });
    http.Post("/v1/games/7/moves",
              [this](const httplib::Request& req, httplib::Response& res) { post_move(req, res); });
    http.Post("/v1/challenges/9/decline", [this](const httplib::Request&, httplib::Response& res) {
      std::lock_guard lock(mutex_);
      declined_ = true;
      changed_.notify_all();
      res.set_content(R"({"id":"9","status":"declined"})", "application/json");
    });
    server_.start();
  }

  std::string url() const { return server_.url(); }
  std::vector<std::pair<std::string, std::string>> move_posts() {
    std::lock_guard lock(mutex_);
    return move_posts_;
  }
  // Waits until the bot declined challenge 9 (it has handled every event before it).
  bool wait_declined() {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 30s, [this] { return declined_; });
  }

 private:
  json game_view() {
    std::lock_guard lock(mutex_);
    return {{"id", "7"},
            {"game", "iso-path"},
            {"status", moved_ ? "finished" : "active"},
            {"ply", moved_ ? 2 : 1},
            {"position", "position-1"},
            {"seats",
             {{{"seat", 0}, {"username", "ann"}, {"remaining_s", nullptr}},
              {{"seat", 1}, {"username", "botty"}, {"remaining_s", nullptr}}}},
            {"your_seat", 1},
            {"your_turn", !moved_},
            {"legal_moves", moved_ ? json::array() : json::array({"b2"})}};
  }

  void post_move(const httplib::Request& req, httplib::Response& res) {
    std::lock_guard lock(mutex_);
    move_posts_.emplace_back(req.get_header_value("Idempotency-Key"), req.body);
    if (move_posts_.size() <= refusals_.size()) {
      const int status = refusals_[move_posts_.size() - 1];
      res.status = status;
      res.set_header("Retry-After", "1");
      res.set_content(json{{"status", status},
                           {"code", status == 429 ? "rate_limited" : "overloaded"},
                           {"detail", "try again"},
                           {"retry_after", 1}}
                          .dump(),
                      "application/problem+json");
      return;
    }
    moved_ = true;
    changed_.notify_all();
    res.status = 201;
    res.set_content(R"({"move":"b2","ply":2})", "application/json");
  }

  static json event(const std::string& id, const std::string& kind, const json& payload) {
    return {{"id", id},
            {"type", kind},
            {"kind", kind},
            {"game_id", "7"},
            {"created_at", "2026-11-26T12:00:00.000000Z"},
            {"payload", payload}};
  }

  // Before the bot's move: the game starts and ann moves.
  static std::vector<json> opening_lines() {
    json turn = event("2", "move",
                      {{"game_id", "7"},
                       {"ply", 1},
                       {"seat", 0},
                       {"move", "a1"},
                       {"to_move", {1}},
                       {"status", "active"}});
    turn["type"] = "your_turn";
    turn["your_turn"] = {{"game_id", "7"}, {"game", "iso-path"}, {"ply", 1}, {"seat", 1}};
    return {{{"type", "snapshot_done"}},
            event("1", "game_started", {{"challenge_id", "3"}, {"game_id", "7"}}),
            turn};
  }

  // After it: the bot's move, the end of the game, and a challenge the bot declines.
  static std::vector<json> closing_lines() {
    const json seats = {{{"seat", 0}, {"username", "ann"}, {"placement", 2}, {"score", 0}},
                        {{"seat", 1}, {"username", "botty"}, {"placement", 1}, {"score", 1}}};
    return {
        event("3", "move",
              {{"game_id", "7"},
               {"ply", 2},
               {"seat", 1},
               {"move", "b2"},
               {"to_move", json::array()},
               {"status", "finished"}}),
        event("4", "game_finished",
              {{"game_id", "7"}, {"summary", "seat 1 reached the goal side"}, {"seats", seats}}),
        {{"type", "challenge_received"},
         {"id", "5"},
         {"kind", "challenge_created"},
         {"challenge_id", "9"},
         {"challenge", {{"id", "9"}, {"game", "mojave"}, {"status", "open"}}}}};
  }

  // The stream: opening_lines(), then closing_lines() once the bot's move is stored, then
  // heartbeats. Without a stored move within 20 s (a bot that gave up on its move) the stream
  // says "replaced", which ends the bot.
  bool stream_step(int& step, httplib::DataSink& sink) {
    std::vector<json> lines;
    if (step == 0) {
      lines = opening_lines();
    } else if (step == 1) {
      std::unique_lock lock(mutex_);
      const bool moved = changed_.wait_for(lock, 20s, [this] { return moved_; });
      lines =
          moved ? closing_lines() : std::vector<json>{{{"type", "closed"}, {"reason", "replaced"}}};
    } else {
      std::this_thread::sleep_for(100ms);
      lines = {json()};  // a heartbeat (an empty line)
    }
    ++step;
    for (const json& line : lines) {
      const std::string text = (line.is_null() ? std::string() : line.dump()) + "\n";
      if (!sink.write(text.data(), text.size())) return false;
    }
    return true;
  }

  std::vector<int> refusals_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::pair<std::string, std::string>> move_posts_;
  bool moved_ = false;
  bool declined_ = false;
  // Last, so that it is destroyed first: its handlers use the members above.
  testsupport::StandInServer server_;
};

struct TempHome {
  std::string dir = std::filesystem::temp_directory_path() /
                    ("hexpost-bot-run-" + std::to_string(getpid()) + "-" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
  TempHome() { std::filesystem::create_directories(dir); }
  ~TempHome() { std::filesystem::remove_all(dir); }
};

std::map<std::string, std::string> bot_env(const GameServer& server, const TempHome& home) {
  return {{"HEXPOST_SERVER", server.url()},
          {"HEXPOST_TOKEN", "hxp_test"},
          {"XDG_CONFIG_HOME", home.dir}};
}

const std::string kGameLines =
    "game 7 started: iso-path, seat 0 ann, seat 1 botty (me)\n"
    "game 7 ply 1: ann played a1\n"
    "game 7 ply 2: botty played b2\n"
    "game 7 finished: botty won (ann 2nd, botty 1st): seat 1 reached the goal side\n";

TEST(BotRun, RefusedMoveIsSentAgainAfterRetryAfterWithTheSameKeyAndTheGameGoesOn) {
  GameServer server({429, 503});
  TempHome home;
  const auto r =
      testsupport::run({HEXPOST_CLI_PATH, "bot", "run", "--stop-after", "1", "--games", "iso-path"},
                       "", bot_env(server, home));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto posts = server.move_posts();
  ASSERT_EQ(posts.size(), 3u) << r.err;
  EXPECT_EQ(posts[1].first, posts[0].first);
  EXPECT_EQ(posts[2].first, posts[0].first);
  EXPECT_EQ(posts[0].first.size(), 32u);
  for (const auto& [key, body] : posts)
    EXPECT_EQ(json::parse(body), json({{"move", "b2"}, {"ply", 1}}));
  EXPECT_EQ(r.out, kGameLines +
                       "hexpost bot: 1 game finished (1 won, 0 drawn, 0 lost), 1 move played, "
                       "0 games running\n");
  EXPECT_NE(r.err.find("hexpost bot: game 7: move b2 refused (429 rate_limited); retrying in 1 s "
                       "(same Idempotency-Key)\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("hexpost bot: game 7: move b2 refused (503 overloaded); retrying in 1 s "
                       "(same Idempotency-Key)\n"),
            std::string::npos)
      << r.err;
}

TEST(BotRun, QuietPrintsNothing) {
  GameServer server({});
  TempHome home;
  const auto r = testsupport::run({HEXPOST_CLI_PATH, "bot", "run", "--stop-after", "1", "--quiet"},
                                  "", bot_env(server, home));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(server.move_posts().size(), 1u);
  EXPECT_EQ(r.out, "");
}

// SIGTERM (or Ctrl-C) stops the bot with the summary. The bot runs under `sh`, which writes
// its pid and then execs it; the signal is sent once the bot has declined the challenge that
// follows the game, so every earlier event has been handled and printed.
TEST(BotRun, SigtermPrintsTheSummaryAndExitsZero) {
  GameServer server({});
  TempHome home;
  const std::string pid_file = home.dir + "/bot.pid";
  testsupport::RunResult r;
  std::thread bot([&] {
    r = testsupport::run({"/bin/sh", "-c", "echo $$ > \"$0\"; exec \"$@\"", pid_file,
                          HEXPOST_CLI_PATH, "bot", "run", "--games", "iso-path"},
                         "", bot_env(server, home));
  });
  const bool declined = server.wait_declined();
  int pid = 0;
  std::ifstream(pid_file) >> pid;
  if (pid > 0) ::kill(pid, declined ? SIGTERM : SIGKILL);
  bot.join();
  ASSERT_TRUE(declined) << r.err;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, kGameLines +
                       "hexpost bot: 1 game finished (1 won, 0 drawn, 0 lost), 1 move played, "
                       "0 games running\n");
}

}  // namespace
