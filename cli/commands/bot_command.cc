#include "cli/commands/bot_command.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "cli/commands/bot_engine.h"
#include "cli/commands/bot_report.h"
#include "cli/commands/exit_codes.h"
#include "cli/commands/move_commands.h"
#include "cli/commands/remote.h"

namespace cli {

namespace {

using nlohmann::json;

struct BotFlags {
  std::vector<std::string> games;  // empty: any
  std::string accept = "all";      // humans, bots, all
  int max_games = 10;
  std::string engine = "random";
  std::string engine_cmd;
  std::uint64_t seed = 0;
  std::string state_file;   // the last event id, kept across restarts
  std::string events_log;   // append "<id> <type>" for every event received (tests)
  int stop_after = 0;       // exit after this many of its games finished (0: never)
  int idle_timeout_s = 60;  // reconnect when nothing (not even a heartbeat) came for this long
  int max_plies = 0;        // resign a game that reaches this ply (0: never)
  bool quiet = false;       // no line per game event, no summary
};

// A refused request worth sending again after Retry-After: rate limited or overloaded.
bool retryable(const ApiProblem& p) { return p.status() == 429 || p.status() == 503; }

// Retry-After (1 s when absent), at most a minute.
std::chrono::seconds retry_delay(const ApiProblem& p) {
  return std::chrono::seconds(std::clamp(p.retry_after().value_or(1), 1, 60));
}

// A move refused with 429 or 503 is sent again this many times in all before the bot gives up
// on it and reconnects the stream (whose opening snapshot announces the turn again).
constexpr int kMoveAttempts = 8;

// The summary printed when SIGINT or SIGTERM stops the bot. The bot formats it after every
// event into the buffer not being published, then publishes that one; the handler only reads
// the published buffer and write()s it (async-signal-safe).
struct SignalSummary {
  char text[2][512] = {};
  std::atomic<int> published{-1};

  void publish(const std::string& line) {
    const int next = published.load() == 0 ? 1 : 0;
    const std::string with_newline = line + "\n";
    std::strncpy(text[next], with_newline.c_str(), sizeof text[next] - 1);
    published.store(next);
  }
};

SignalSummary g_signal_summary;

extern "C" void print_summary_and_exit(int) {
  const int at = g_signal_summary.published.load();
  if (at >= 0) {
    const char* text = g_signal_summary.text[at];
    [[maybe_unused]] const ssize_t written = ::write(STDOUT_FILENO, text, std::strlen(text));
  }
  ::_exit(0);
}

class Bot {
 public:
  // `stream` holds the event stream; requests go through a second connection of their own.
  Bot(Client& stream, const BotFlags& flags)
      : stream_(stream),
        client_(stream.config()),
        flags_(flags),
        report_([this](const std::string& id) { return client_.get_json("/v1/games/" + id); }),
        fallback_(random_engine(flags.seed ^ 0x9e3779b97f4a7c15)) {
    engine_ = flags.engine_cmd.empty() ? random_engine(flags.seed)
                                       : command_engine(flags.engine_cmd, flags.seed);
    if (!flags.state_file.empty()) {
      std::ifstream in(flags.state_file);
      std::getline(in, last_id_);
      // remember() appends to the events log before it saves the state file: after a kill
      // between the two, the log's last id is the newer position (resuming from the state file
      // would receive that event twice).
      if (!flags.events_log.empty()) last_id_ = last_logged_id(flags.events_log).value_or(last_id_);
    }
  }

  int run() {
    if (!flags_.quiet) {
      g_signal_summary.publish(report_.summary());
      ::signal(SIGINT, print_summary_and_exit);
      ::signal(SIGTERM, print_summary_and_exit);
    }
    try {
      const int code = play_until_done();
      print_summary();
      return code;
    } catch (...) {
      print_summary();  // also when it stops on an error (a revoked token)
      throw;
    }
  }

 private:
  int play_until_done() {
    auto backoff = std::chrono::seconds(1);
    while (!done_) {
      try {
        const std::string path =
            "/v1/stream/events" + (last_id_.empty() ? std::string() : "?since=" + last_id_);
        stream_.get_lines(
            path, [this](const std::string& line) { return on_line(line); }, flags_.idle_timeout_s);
        backoff = std::chrono::seconds(1);  // a clean end (replaced, server stopping)
        if (replaced_) return kExitOk;
      } catch (const ApiProblem& p) {
        if (p.status() == 401 || p.status() == 403) throw;
        if (p.status() == 400 && p.code() == "invalid_parameter") last_id_.clear();
        wait(p.retry_after() ? std::chrono::seconds(*p.retry_after()) : backoff,
             "HTTP " + std::to_string(p.status()) + " " + p.code());
        backoff = std::min(backoff * 2, std::chrono::seconds(60));
      } catch (const NetworkError& e) {
        wait(backoff, e.what());
        backoff = std::min(backoff * 2, std::chrono::seconds(60));
      }
    }
    return kExitOk;
  }

  void wait(std::chrono::seconds delay, const std::string& why) {
    std::cerr << "hexpost bot: " << why << "; reconnecting in " << delay.count() << " s\n";
    std::this_thread::sleep_for(delay);
  }

  bool on_line(const std::string& line) {
    if (line.empty()) return true;  // heartbeat
    const json event = json::parse(line, nullptr, false);
    if (!event.is_object()) return true;
    const std::string type = event.value("type", "");
    if (event.contains("id")) remember(event["id"].get<std::string>(), type);
    if (type == "closed") {
      replaced_ = event.value("reason", "") == "replaced";
      return false;
    }
    report(event);
    for (int attempt = 1;; ++attempt) {
      try {
        handle(type, event);
        break;
      } catch (const ApiProblem& p) {
        std::cerr << "hexpost bot: " << type << ": " << p.detail() << " (" << p.code() << ")\n";
        if (!retryable(p) || attempt >= 5) break;
        // Rate limited or overloaded: wait as told, then act on the same event again.
        std::this_thread::sleep_for(retry_delay(p));
      }
    }
    if (resync_) {
      // A move could not be delivered: reconnect, and the opening snapshot lists the turn again.
      resync_ = false;
      return false;
    }
    return !done_;
  }

  void print_summary() {
    if (!flags_.quiet) std::cout << report_.summary() << std::endl;
  }

  // The event's line on stdout (unless --quiet), and the summary a signal would print.
  void report(const json& event) {
    if (flags_.quiet) return;
    const std::string line = report_.line_for(event);
    if (!line.empty()) std::cout << line << std::endl;
    g_signal_summary.publish(report_.summary());
  }

  // The id of the last "<id> <type>" line of an events log, if any.
  static std::optional<std::string> last_logged_id(const std::string& path) {
    std::ifstream in(path);
    std::optional<std::string> last;
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) last = line.substr(0, line.find(' '));
    }
    return last;
  }

  void remember(const std::string& id, const std::string& type) {
    last_id_ = id;
    if (!flags_.events_log.empty()) {
      std::ofstream(flags_.events_log, std::ios::app) << id << " " << type << "\n";
    }
    if (!flags_.state_file.empty()) save_state(id);
  }

  // Write-then-rename, so a kill at any moment leaves the old id or the new one. (Truncating the
  // file in place could leave it empty, and the restarted bot would resume at the live frontier,
  // skipping what came in between.)
  void save_state(const std::string& id) const {
    const std::string temporary = flags_.state_file + ".tmp";
    std::ofstream(temporary, std::ios::trunc) << id;
    std::error_code error;
    std::filesystem::rename(temporary, flags_.state_file, error);
    if (error)
      std::cerr << "hexpost bot: cannot save " << flags_.state_file << ": " << error.message()
                << "\n";
  }

  void handle(const std::string& type, const json& event) {
    if (type == "challenge_received") consider(event.value("challenge", json::object()));
    if (event.contains("your_turn") && !event["your_turn"].value("stale", false)) {
      play(event["your_turn"].value("game_id", ""));
    }
    if (type == "game_started" && event.contains("game_id")) {
      active_.insert(event["game_id"].get<std::string>());
    }
    if ((type == "game_finished" || type == "game_aborted") && event.contains("game_id")) {
      active_.erase(event["game_id"].get<std::string>());
      if (flags_.stop_after > 0 && ++finished_ >= flags_.stop_after) done_ = true;
    }
  }

  bool wanted(const json& challenge) const {
    const std::string game = challenge.value("game", "");
    if (!flags_.games.empty() &&
        std::find(flags_.games.begin(), flags_.games.end(), game) == flags_.games.end()) {
      return false;
    }
    const bool bot = challenge.value("creator_is_bot", false);
    if ((flags_.accept == "humans" && bot) || (flags_.accept == "bots" && !bot)) return false;
    return static_cast<int>(active_.size()) < flags_.max_games;
  }

  void consider(const json& challenge) {
    const std::string id = challenge.value("id", "");
    if (id.empty() || challenge.value("status", "open") != "open") return;
    if (!wanted(challenge)) {
      client_.post_json("/v1/challenges/" + id + "/decline", {{"reason", "not accepted by bot"}});
      return;
    }
    const json answer = client_.post_json("/v1/challenges/" + id + "/accept", json::object());
    if (answer.contains("game_id") && answer["game_id"].is_string()) {
      active_.insert(answer["game_id"].get<std::string>());
    }
  }

  void play(const std::string& game_id) {
    if (game_id.empty()) return;
    const json game = client_.get_json("/v1/games/" + game_id);
    if (!game.value("your_turn", false) || !game["legal_moves"].is_array() ||
        game["legal_moves"].empty()) {
      return;
    }
    active_.insert(game_id);
    TurnRequest request;
    request.game_id = game_id;
    request.game = game.value("game", "");
    request.seat = game["your_seat"].is_number() ? game["your_seat"].get<int>() : 0;
    request.ply = game.value("ply", 0);
    request.position = game.value("position", "");
    const json& seat = game["seats"].at(static_cast<std::size_t>(request.seat));
    if (seat["remaining_s"].is_number()) {
      request.time_left = std::to_string(seat["remaining_s"].get<long long>());
    }
    request.legal_moves = game["legal_moves"].get<std::vector<std::string>>();
    if (flags_.max_plies > 0 && request.ply >= flags_.max_plies) {
      client_.post_json("/v1/games/" + game_id + "/resign", json::object());
      return;
    }
    submit(request, engine_->choose(request));
  }

  void submit(const TurnRequest& request, const std::string& move) {
    try {
      send_move(request, move);
    } catch (const ApiProblem& p) {
      if (retryable(p)) {
        std::cerr << "hexpost bot: game " << request.game_id << ": move not delivered after "
                  << kMoveAttempts << " attempts; reconnecting to see the turn again\n";
        resync_ = true;
        return;
      }
      if (p.status() != 422) return;  // stale: a later event tells what to do
      std::cerr << "hexpost bot: engine move '" << move << "' refused: " << p.detail() << "\n";
      send_move(request, fallback_->choose(request));
    }
  }

  // POSTs the move. No new your_turn comes after a refused move, so a 429 or 503 is sent again
  // after Retry-After, with the same Idempotency-Key (the server stores the move once even if
  // an earlier attempt did reach it). cli::post_move itself sends it again when no answer came.
  void send_move(const TurnRequest& request, const std::string& move) {
    const std::string key = new_idempotency_key();
    for (int attempt = 1;; ++attempt) {
      try {
        post_move(client_, request.game_id, move, request.ply, key);
        return;
      } catch (const ApiProblem& p) {
        if (!retryable(p) || attempt >= kMoveAttempts) throw;
        const auto delay = retry_delay(p);
        std::cerr << "hexpost bot: game " << request.game_id << ": move " << move << " refused ("
                  << p.status() << " " << p.code() << "); retrying in " << delay.count()
                  << " s (same Idempotency-Key)\n";
        std::this_thread::sleep_for(delay);
      }
    }
  }

  Client& stream_;
  Client client_;
  BotFlags flags_;
  BotReport report_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<Engine> fallback_;
  std::string last_id_;
  std::set<std::string> active_;
  int finished_ = 0;
  bool done_ = false;
  bool replaced_ = false;
  bool resync_ = false;  // end the stream after this event and reconnect
};

void add_run(CLI::App& bot, int& exit_code) {
  auto f = std::make_shared<BotFlags>();
  CLI::App* cmd = bot.add_subcommand("run", "hold the event stream and play as a bot");
  cmd->add_option("--games", f->games, "accept only these games (repeat or comma-separate)")
      ->delimiter(',');
  cmd->add_option("--accept", f->accept, "whose challenges to accept")
      ->check(CLI::IsMember({"humans", "bots", "all"}));
  cmd->add_option("--max-games", f->max_games, "games played at once (default 10)")
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--engine", f->engine, "move chooser: random")->check(CLI::IsMember({"random"}));
  cmd->add_option("--engine-cmd", f->engine_cmd,
                  "external engine program (line protocol: docs/bot-protocol.md)");
  cmd->add_option("--seed", f->seed, "seed of the random engine");
  cmd->add_option("--state-file", f->state_file, "keep the last event id here across restarts");
  cmd->add_option("--events-log", f->events_log, "append '<id> <type>' per event received");
  cmd->add_option("--stop-after", f->stop_after, "exit after this many games finished");
  cmd->add_option("--max-plies", f->max_plies, "resign a game that reaches this ply");
  cmd->add_option("--idle-timeout", f->idle_timeout_s, "reconnect after this many silent seconds")
      ->check(CLI::Range(1, 3600));
  cmd->add_flag("--quiet", f->quiet, "print no line per game event and no summary");
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      Bot b(client, *f);
      return b.run();
    });
  });
}

void add_create(CLI::App& bot, int& exit_code) {
  struct Flags {
    std::string username, email;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = bot.add_subcommand(
      "create", "create a bot account (password from stdin); prints its token once");
  cmd->add_option("USERNAME", f->username, "the bot's username")->required();
  cmd->add_option("--email", f->email, "contact address of the bot's operator")->required();
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      std::string password;
      std::getline(std::cin, password);
      const json created = client.post_json(
          "/v1/accounts",
          {{"username", f->username}, {"email", f->email}, {"password", password}, {"bot", true}});
      std::cout << created.value("token", "") << "\n";
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

void add_bot_commands(CLI::App& app, int& exit_code) {
  CLI::App* bot = app.add_subcommand("bot", "the reference bot and bot accounts");
  bot->require_subcommand(1);
  add_run(*bot, exit_code);
  add_create(*bot, exit_code);
}

}  // namespace cli
