// hexpost_bots_bench: N bots, each holding one event stream, playing concurrently against the
// real hexpostd (docs/benchmarks.md).
//
//   TEST_DATABASE_URL=postgresql://... build/test/bench/bots/hexpost_bots_bench [bots] [seconds]
//   [think_ms] [--watchers N]
//
// Creates a scratch database (dropped at the end) and N bot accounts (cheap argon2 parameters,
// in-process), starts hexpostd on it, pairs the bots into N/2 iso-path games (each bot finds its
// first turn in its stream's opening snapshot) and lets every bot
// play: on each `your_turn` line it thinks for think_ms (default 1000, +-50%: bots in
// correspondence games do not answer in a millisecond, and without it the run measures the
// saturated move path, not the streams), then GETs the game and POSTs a random legal move (its
// own connection, Connection: close). Measured in the same run:
//   - delivery latency of a move to the opponent's stream, from the mover's 201 (the COMMIT
//     happened before it: a lower bound) and from the mover's send (an upper bound);
//   - the baseline: the move request's own latency (send -> 201), and the ratio of the two;
//   - hexpostd's RSS (VmRSS and peak VmHWM) with every stream open.
//
// With --watchers N, N more streams stay open while the bots play, held by raw sockets on one
// thread of this process that reads and drops what arrives: half are game streams (ndjson) of
// the bots' games, half SSE event streams of spectator accounts that hear of nothing. Also
// measured then: GET /healthz every 10 ms on its own connection (its p99 under the load), and
// hexpostd's RSS before and after the watchers opened (per idle stream). RLIMIT_NOFILE is raised
// to its hard limit, for this process and the hexpostd it starts.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "services/api/game_service.h"
#include "services/storage/migrations.h"
#include "services/storage/pool.h"
#include "tests/services/bots/process.h"
#include "tests/services/game/service_fixture.h"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Bot {
  std::string name;
  std::string token;
};

struct MoveTimes {
  Clock::time_point sent, acked;
};

// Shared by all bot threads: when each (game, ply) move was sent and acknowledged, and the
// measured samples.
struct Ledger {
  std::mutex mutex;
  std::map<std::pair<std::string, int>, MoveTimes> moves;
  std::vector<double> from_ack, from_send, request;
  std::atomic<long> errors{0};
  std::map<std::string, int> refusals;  // problem code -> count
};

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

std::string rss_of(int pid, const char* field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(field, 0) == 0) return line.substr(std::string(field).size());
  }
  return "?";
}

class BotPlayer {
 public:
  BotPlayer(int port, Bot bot, Ledger& ledger, std::uint64_t seed, int think_ms)
      : port_(port), bot_(std::move(bot)), ledger_(ledger), rng_(seed), think_ms_(think_ms) {}

  void run(const std::atomic<bool>& stop) {
    httplib::Client stream("127.0.0.1", port_);
    stream.set_read_timeout(60, 0);
    std::string pending;
    stream.Get("/v1/stream/events", {{"Authorization", "Bearer " + bot_.token}},
               [&](const char* data, std::size_t size) {
                 pending.append(data, size);
                 for (std::size_t nl; (nl = pending.find('\n')) != std::string::npos;) {
                   const std::string line = pending.substr(0, nl);
                   pending.erase(0, nl + 1);
                   if (!line.empty()) on_line(json::parse(line, nullptr, false));
                 }
                 return !stop.load();
               });
  }

 private:
  void on_line(const json& event) {
    if (!event.is_object() || !event.contains("your_turn")) return;
    const json& turn = event["your_turn"];
    if (turn.value("stale", false)) return;
    const std::string game_id = turn.value("game_id", "");
    const int ply = turn.value("ply", 0);
    if (!event.value("snapshot", false) && ply > 0) record_delivery(game_id, ply);
    if (think_ms_ > 0) {
      std::uniform_int_distribution<int> think(think_ms_ / 2, think_ms_ * 3 / 2);
      std::this_thread::sleep_for(std::chrono::milliseconds(think(rng_)));
    }
    play(game_id);
  }

  void record_delivery(const std::string& game_id, int ply) {
    const auto now = Clock::now();
    std::lock_guard lock(ledger_.mutex);
    auto it = ledger_.moves.find({game_id, ply});
    if (it == ledger_.moves.end()) return;  // acknowledged after the stream line: see acked
    ledger_.from_send.push_back(ms(now - it->second.sent));
    if (it->second.acked != Clock::time_point{}) {
      ledger_.from_ack.push_back(ms(now - it->second.acked));
    } else {
      ledger_.from_ack.push_back(0);  // the stream beat the 201 to the client
    }
  }

  void play(const std::string& game_id) {
    httplib::Client c("127.0.0.1", port_);
    c.set_tcp_nodelay(true);
    const httplib::Headers auth = {{"Authorization", "Bearer " + bot_.token}};
    auto got = c.Get(("/v1/games/" + game_id).c_str(), auth);
    if (!got || got->status != 200) {
      ++ledger_.errors;
      std::lock_guard lock(ledger_.mutex);
      ledger_.refusals["GET " +
                       (got ? std::to_string(got->status) : httplib::to_string(got.error()))]++;
      return;
    }
    // The per-move cells (for web pages) are skipped: in mid-game they are thousands of
    // objects, and building them would make this driver's share of the 2 cores the largest.
    const json game = json::parse(
        got->body,
        [](int depth, json::parse_event_t event, json& parsed) {
          return !(depth == 1 && event == json::parse_event_t::key &&
                   parsed == "legal_moves_detail");
        },
        false);
    if (!game.value("your_turn", false) || !game["legal_moves"].is_array()) return;
    const auto& legal = game["legal_moves"];
    if (legal.empty()) return;
    std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
    const int ply = game.value("ply", 0);
    const json body = {{"move", legal[pick(rng_)]}, {"ply", ply}};
    const auto sent = Clock::now();
    {
      std::lock_guard lock(ledger_.mutex);
      ledger_.moves[{game_id, ply + 1}] = {sent, {}};
    }
    auto posted =
        c.Post(("/v1/games/" + game_id + "/moves").c_str(), auth, body.dump(), "application/json");
    const auto acked = Clock::now();
    if (!posted || posted->status != 201) {
      ++ledger_.errors;
      std::lock_guard lock(ledger_.mutex);
      ledger_.refusals[posted ? json::parse(posted->body, nullptr, false).value("code", "?")
                              : std::string("no answer")]++;
      return;
    }
    std::lock_guard lock(ledger_.mutex);
    ledger_.moves[{game_id, ply + 1}].acked = acked;
    ledger_.request.push_back(ms(acked - sent));
  }

  int port_;
  Bot bot_;
  Ledger& ledger_;
  std::mt19937_64 rng_;
  int think_ms_;
};

std::vector<Bot> make_bots(const std::string& url, int count) {
  storage::ConnectionPool pool(url, 2, std::chrono::milliseconds(5000));
  api::GameServiceOptions options;
  options.argon2 = {256, 1, 1};  // accounts are not what is measured
  api::GameService service(pool, domain::Catalog::from_registry(), options);
  std::vector<Bot> bots;
  for (int i = 0; i < count; ++i) {
    const std::string name = "bench_bot" + std::to_string(i);
    const auto created =
        api::create_account(service, name, name + "@example.test", "bench password", true, false);
    bots.push_back({name, *created.token});
  }
  return bots;
}

// Bot i challenges bot i + n/2 to iso-path; the other accepts. The games' ids.
std::vector<std::string> pair_up(int port, const std::vector<Bot>& bots) {
  httplib::Client c("127.0.0.1", port);
  std::vector<std::string> games;
  const std::size_t half = bots.size() / 2;
  for (std::size_t i = 0; i < half; ++i) {
    const json body = {{"game", "iso-path"}, {"players", 2}, {"opponents", {bots[i + half].name}}};
    auto created = c.Post("/v1/challenges", {{"Authorization", "Bearer " + bots[i].token}},
                          body.dump(), "application/json");
    const std::string id = json::parse(created->body)["id"];
    auto accepted =
        c.Post(("/v1/challenges/" + id + "/accept").c_str(),
               {{"Authorization", "Bearer " + bots[i + half].token}}, "{}", "application/json");
    if (accepted && accepted->status == 200) {
      games.push_back(json::parse(accepted->body)["game_id"].get<std::string>());
    }
  }
  return games;
}

struct RunSettings {
  int bots = 200;
  int seconds = 20;
  int think_ms = 1000;
  int watchers = 0;
};

// A stream request on a new loopback connection; -1 when it could not be sent.
int open_stream(int port, const std::string& path, const std::string& token, bool sse) {
  const int sock = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const std::string request = "GET " + path +
                              " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token +
                              (sse ? "\r\nAccept: text/event-stream" : "") + "\r\n\r\n";
  if (::connect(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::send(sock, request.data(), request.size(), MSG_NOSIGNAL) <= 0) {
    ::close(sock);
    return -1;
  }
  return sock;
}

// The idle watchers: sockets read (and dropped) by one thread until stop.
class Watchers {
 public:
  Watchers(int port, const std::vector<std::string>& games, const std::vector<Bot>& spectators,
           int count) {
    // In batches, each waiting for its answers' heads: a burst of thousands of requests at once
    // would only measure the server's queue of waiting requests (503 overloaded past it).
    constexpr int kBatch = 100;
    for (int first = 0; first < count; first += kBatch) {
      std::vector<int> batch;
      for (int i = first; i < std::min(count, first + kBatch); ++i) {
        const bool sse = i % 2 == 1;
        const std::size_t n = static_cast<std::size_t>(i / 2);
        const std::string path =
            sse ? "/v1/stream/events" : "/v1/games/" + games[n % games.size()] + "/stream";
        batch.push_back(open_stream(port, path, spectators[n % spectators.size()].token, sse));
      }
      for (int sock : batch) keep_if_opened(sock);
    }
    reader_ = std::thread([this] { drain(); });
  }
  ~Watchers() {
    stop_ = true;
    reader_.join();
    for (const auto& p : fds_) ::close(p.fd);
  }
  std::size_t opened() const { return fds_.size(); }
  int refused() const { return refused_; }
  long closed() const { return closed_.load(); }

 private:
  // Keeps the socket when its answer's head says 200.
  void keep_if_opened(int sock) {
    std::string head;
    char buffer[4096];
    while (sock >= 0 && head.find("\r\n\r\n") == std::string::npos) {
      const ssize_t n = ::recv(sock, buffer, sizeof buffer, 0);
      if (n <= 0) break;
      head.append(buffer, static_cast<std::size_t>(n));
    }
    if (head.rfind("HTTP/1.1 200", 0) == 0) {
      fds_.push_back({sock, POLLIN, 0});
      return;
    }
    ++refused_;
    if (sock >= 0) ::close(sock);
  }

  void drain() {
    char buffer[65536];
    while (!stop_) {
      if (::poll(fds_.data(), fds_.size(), 100) <= 0) continue;
      for (auto& p : fds_) {
        if (p.revents == 0 || p.fd < 0) continue;
        if (::recv(p.fd, buffer, sizeof buffer, MSG_DONTWAIT) == 0) {
          ++closed_;
          p.fd = -p.fd - 1;  // poll ignores it from now on; closed at the end
        }
      }
    }
    for (auto& p : fds_) {
      if (p.fd < 0) p.fd = -p.fd - 1;
    }
  }
  std::vector<pollfd> fds_;
  std::atomic<bool> stop_{false};
  std::atomic<long> closed_{0};
  int refused_ = 0;
  std::thread reader_;
};

// GET /healthz every 10 ms on one keep-alive connection until stop; the latencies in ms.
void probe_healthz(int port, const std::atomic<bool>& stop, std::vector<double>& out) {
  httplib::Client c("127.0.0.1", port);
  c.set_keep_alive(true);
  while (!stop) {
    const auto sent = Clock::now();
    if (auto r = c.Get("/healthz"); r && r->status == 200) out.push_back(ms(Clock::now() - sent));
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void raise_open_files() {
  rlimit limit{};
  ::getrlimit(RLIMIT_NOFILE, &limit);
  limit.rlim_cur = limit.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &limit);
}

long kib_of(const std::string& status_value) { return std::atol(status_value.c_str()); }

void report(Ledger& ledger, const RunSettings& run, const std::string& rss_idle, int pid) {
  const std::string rss = rss_of(pid, "VmRSS:");
  const std::string hwm = rss_of(pid, "VmHWM:");
  std::lock_guard lock(ledger.mutex);
  std::printf(
      "bots %d (streams open), games %d, %d s, think %d ms, moves acknowledged %zu (%.0f/s), "
      "errors %ld\n",
      run.bots, run.bots / 2, run.seconds, run.think_ms, ledger.request.size(),
      static_cast<double>(ledger.request.size()) / run.seconds, ledger.errors.load());
  for (const auto& [what, n] : ledger.refusals) std::printf("  failed: %s x%d\n", what.c_str(), n);
  const auto line = [](const char* what, const std::vector<double>& v) {
    std::printf("%-58s p50 %.1f ms, p99 %.1f ms\n", what, percentile(v, 0.5), percentile(v, 0.99));
  };
  line("delivery to the opponent's stream, from the mover's 201:", ledger.from_ack);
  line("delivery from the mover's send (upper bound):", ledger.from_send);
  line("baseline, the move request itself (send -> 201):", ledger.request);
  std::printf(
      "ratio delivery-from-201 / move request: p50 %.2f, p99 %.2f\n",
      percentile(ledger.from_ack, 0.5) / std::max(0.001, percentile(ledger.request, 0.5)),
      percentile(ledger.from_ack, 0.99) / std::max(0.001, percentile(ledger.request, 0.99)));
  std::printf("hexpostd RSS: idle%s, with %d streams%s (peak%s)\n", rss_idle.c_str(), run.bots,
              rss.c_str(), hwm.c_str());
}

// What the watchers cost and how plain requests fared meanwhile.
struct WatcherFigures {
  std::size_t opened = 0;
  int refused = 0;
  long closed = 0;
  std::string rss_before, rss_after;
  std::vector<double> healthz;
};

void report_watchers(const WatcherFigures& w, const RunSettings& run) {
  const long grown = kib_of(w.rss_after) - kib_of(w.rss_before);
  std::printf("watchers: %zu of %d open, %d refused (%ld closed by the server during the run)\n",
              w.opened, run.watchers, w.refused, w.closed);
  std::printf("hexpostd RSS before the watchers%s, with them%s: %.1f KB per idle stream\n",
              w.rss_before.c_str(), w.rss_after.c_str(),
              w.opened ? static_cast<double>(grown) / static_cast<double>(w.opened) : 0.0);
  std::printf("%-58s p50 %.1f ms, p99 %.1f ms (%zu probes)\n",
              "GET /healthz every 10 ms:", percentile(w.healthz, 0.5), percentile(w.healthz, 0.99),
              w.healthz.size());
}

// Starts hexpostd on `url`, lets the bots play for run.seconds and reports.
void run_bots(const std::string& url, const std::vector<Bot>& bots,
              const std::vector<Bot>& spectators, const RunSettings& run) {
  const int port = bottest::free_port();
  bottest::Process server({HEXPOSTD_PATH, "serve"},
                          {{"HEXPOST_DATABASE_URL", url},
                           {"HEXPOST_LISTEN", "127.0.0.1:" + std::to_string(port)},
                           {"HEXPOST_LOG_LEVEL", "warn"},
                           {"HEXPOST_THREADS", "32"},
                           {"HEXPOST_MAX_STREAMS", std::to_string(run.bots + run.watchers + 16)},
                           {"HEXPOST_MAX_STREAMS_PER_TOKEN", "100000"},
                           {"HEXPOST_RATE_PER_S", "100000"},
                           {"HEXPOST_RATE_BURST", "100000"},
                           {"HEXPOST_LOGIN_ADDRESS_BURST", "100000"},
                           {"HEXPOST_HASH_QUEUE", "4096"},
                           // Every bot connects from 127.0.0.1, as no real crowd of bots would.
                           {"HEXPOST_MAX_CONNECTIONS_PER_ADDRESS", "100000"}},
                          "/dev/stderr");
  httplib::Client probe("127.0.0.1", port);
  for (int i = 0; i < 200 && !probe.Get("/healthz"); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const std::string rss_idle = rss_of(server.pid(), "VmRSS:");
  // The games first: the bots find their first turns in their streams' opening snapshots, and
  // the watchers are measured idle, before anyone plays.
  const std::vector<std::string> games = pair_up(port, bots);
  WatcherFigures figures;
  std::unique_ptr<Watchers> watchers;
  if (run.watchers > 0) {
    figures.rss_before = rss_of(server.pid(), "VmRSS:");
    watchers = std::make_unique<Watchers>(port, games, spectators, run.watchers);
    std::this_thread::sleep_for(std::chrono::seconds(3));  // their first lines written
    figures.rss_after = rss_of(server.pid(), "VmRSS:");
  }
  Ledger ledger;
  std::atomic<bool> stop{false};
  std::vector<std::unique_ptr<BotPlayer>> players;
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < bots.size(); ++i) {
    players.push_back(std::make_unique<BotPlayer>(port, bots[i], ledger, i + 1, run.think_ms));
    threads.emplace_back([&, i] { players[i]->run(stop); });
  }
  std::thread prober([&] { probe_healthz(port, stop, figures.healthz); });
  std::this_thread::sleep_for(std::chrono::seconds(run.seconds));
  report(ledger, run, rss_idle, server.pid());  // before the server stops
  stop = true;
  prober.join();
  if (watchers) {
    figures.opened = watchers->opened();
    figures.closed = watchers->closed();
    figures.refused = watchers->refused();
    report_watchers(figures, run);
  }
  server.kill(15);
  for (auto& t : threads) t.join();
}

}  // namespace

int main(int argc, char** argv) {
  const char* base = std::getenv("TEST_DATABASE_URL");
  if (base == nullptr || *base == '\0') {
    std::fprintf(stderr, "set TEST_DATABASE_URL\n");
    return 2;
  }
  RunSettings run;
  std::vector<std::string> numbers;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--watchers" && i + 1 < argc) {
      run.watchers = std::atoi(argv[++i]);
    } else {
      numbers.emplace_back(argv[i]);
    }
  }
  if (numbers.size() > 0) run.bots = std::atoi(numbers[0].c_str());
  if (numbers.size() > 1) run.seconds = std::atoi(numbers[1].c_str());
  if (numbers.size() > 2) run.think_ms = std::atoi(numbers[2].c_str());
  raise_open_files();
  const std::string dbname = "bots_bench_" + std::to_string(getpid());
  {
    pqxx::connection c(base);
    pqxx::nontransaction(c).exec("CREATE DATABASE " + dbname);
  }
  const std::string url = svctest::with_database(base, dbname);
  storage::apply_migrations(url, storage::load_migrations(HEXPOST_BENCH_MIGRATIONS_DIR));
  // Spectators hold the SSE half of the watchers: one event stream each.
  const std::vector<Bot> everyone = make_bots(url, run.bots + std::max(1, (run.watchers + 1) / 2));
  const std::vector<Bot> bots(everyone.begin(), everyone.begin() + run.bots);
  const std::vector<Bot> spectators(everyone.begin() + run.bots, everyone.end());
  run_bots(url, bots, spectators, run);
  pqxx::connection c(base);
  pqxx::nontransaction(c).exec("DROP DATABASE IF EXISTS " + dbname + " WITH (FORCE)");
  return 0;
}
