// hexpost_load: moves/s and latency of the game service next to PostgreSQL's own durable
// single-INSERT rate (pgbench at the same concurrency, same database, same run), plus the
// GET /v1/me/games p99 with 100,000 finished and 10,000 active games seeded by SQL.
//
//   hexpost_load --port P --database URL [--clients 16] [--seconds 10] [--game counting ...]
//                [--options JSON] [--mode both|all|post|get-post|stream-post] [--skip-pgbench]
//                [--me-games] [--board-svg] [--game-get] [--server-pid PID] [--postmaster-pid PID]
//                [--also-port P2 ...]
//
// --mode post: a move is one POST (the pair of players learn the new state from the 201 answer);
// get-post: each move is a GET of the game and then the POST (a polling client); stream-post:
// each client follows its event stream and answers each your_turn line with a GET and a POST
// (as bots do); both (default) runs get-post and then post, all runs the three, and each is
// compared with the same pgbench figure. Every mode plays
// legal moves of the real game. --game may be given several times (counting, hex-quoridor,
// iso-path, mojave, ...): each game runs every mode, and a table puts them side by side. Without
// --options, the counting game plays to 100,000 and other games use their default options.
// With the two pids (ops/bench-service passes them) each mode also prints the CPU one move cost
// PostgreSQL, the service and the driver, and the rate that cost allows on this machine's cores.
// --game-get, --board-svg: after each game's move modes, every client GETs /v1/games/{id} (or
// /v1/games/{id}/board.svg) of the games the last of them moved (a fixed set, no longer moving),
// with its own token, and the summary shows its requests/s and p99 next to the move figures.
// --also-port: more instances on the same database; every client sends each request to the
// next instance in turn (the CPU figures then count only the --server-pid instance).
#include <httplib.h>
#include <CLI/CLI.hpp>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <thread>

#include "bench/load/cpu_meter.h"
#include "bench/load/floor_report.h"
#include "bench/load/load_driver.h"
#include "bench/load/sql_baselines.h"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// The moves per statement of the batched SQL floor: about the service's mean batch under the
// benchmark's load (docs/game-service.md, "Write combining").
constexpr int kFloorBatch = 8;

struct Processes {
  pid_t postmaster = 0;
  pid_t service = 0;
  int metrics_port = 0;  // the service's metrics listener (its write batch sizes)
};

void me_games_p99(const loadtest::Endpoint& endpoint, const std::string& url) {
  const std::string user = loadtest::seed_me_games(url);
  // A token for the seeded account: log in needs a password, so give it a real one via SQL-free
  // path: create a fresh account and move the seeded seats to it.
  httplib::Client cli(endpoint.host, endpoint.port);
  cli.set_keep_alive(true);
  cli.set_tcp_nodelay(true);
  const std::string name = "mg" + std::to_string(getpid());
  auto res = cli.Post(
      "/v1/accounts",
      json{{"username", name}, {"email", name + "@b.t"}, {"password", "benchmark-pw"}}.dump(),
      "application/json");
  if (!res || res->status != 201) {
    std::fprintf(stderr, "could not create the measuring account\n");
    return;
  }
  const std::string token = json::parse(res->body).at("token");
  {
    pqxx::connection c(url);
    pqxx::work tx(c);
    tx.exec_params(
        "UPDATE game_seats SET account_id = (SELECT id FROM accounts WHERE username = "
        "$1) WHERE account_id = (SELECT id FROM accounts WHERE username = $2)",
        name, user);
    const auto counts = tx.exec_params(
        "SELECT count(*) FILTER (WHERE list_rank < 2), count(*) FROM game_seats s JOIN accounts a "
        "ON a.id = s.account_id WHERE a.username = $1",
        name);
    tx.commit();
    const auto totals = pqxx::nontransaction(c).exec(
        "SELECT count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = "
        "'finished') FROM games");
    std::printf(
        "me/games: database has %s active and %s finished games; the measured player has "
        "%s active of %s\n",
        totals[0][0].c_str(), totals[0][1].c_str(), counts[0][0].c_str(), counts[0][1].c_str());
  }
  const httplib::Headers headers = {{"Authorization", "Bearer " + token}};
  const std::vector<std::string> paths = {"/v1/me/games", "/v1/me/games?turn=mine",
                                          "/v1/me/games?status=finished",
                                          "/v1/me/games?status=active&limit=50"};
  for (const auto& path : paths) {
    std::vector<double> ms;
    std::string cursor;
    for (int i = 0; i < 1000; ++i) {
      const auto start = Clock::now();
      auto r = cli.Get(path.c_str(), headers);
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      if (!r || r->status != 200) {
        std::fprintf(stderr, "GET %s failed\n", path.c_str());
        return;
      }
    }
    std::printf("GET %-40s p50 %.2f ms  p99 %.2f ms  (1000 requests)\n", path.c_str(),
                loadtest::percentile(ms, 0.5), loadtest::percentile(ms, 0.99));
  }
}

// The CPU one move cost each party during a run, and the most moves/s that cost allows when the
// three share this machine's cores.
void print_cpu_per_move(const std::string& name, const loadtest::CpuSeconds& used, long moves) {
  if (moves == 0) return;
  const double ms = 1000.0 / static_cast<double>(moves);
  const double cores = std::thread::hardware_concurrency();
  std::printf(
      "cpu (%s): per move postgres %.3f ms, service %.3f ms, driver %.3f ms = %.3f ms; "
      "%.0f cores allow at most %.0f moves/s at that cost\n",
      name.c_str(), used.postgres * ms, used.service * ms, used.driver * ms, used.total() * ms,
      cores, cores * moves / used.total());
}

struct ModeFigures {
  std::string name;
  double moves_per_s = 0;
  double p99_ms = 0;
  long refusals = 0;
  long conflicts = 0;
  loadtest::RunCost cost;           // CPU per move by party, requests per move, mean batch
  std::vector<std::int64_t> games;  // the games the run moved
};

// One timed run of the driver in o.mode; prints its figures and returns the summary.
ModeFigures run_mode(const loadtest::DriverOptions& o, const std::vector<loadtest::Player>& players,
                     const std::string& name, const Processes& processes) {
  std::printf("running %d clients for %.0f s on %s, mode %s...\n", o.clients, o.seconds,
              o.game.c_str(), name.c_str());
  const loadtest::Batches batches_before =
      loadtest::read_batches("127.0.0.1", processes.metrics_port);
  const loadtest::CpuSeconds before =
      loadtest::cpu_seconds_now(processes.postmaster, processes.service);
  const loadtest::DriverStats s = loadtest::run_load(o, players);
  const loadtest::CpuSeconds used =
      loadtest::cpu_seconds_now(processes.postmaster, processes.service) - before;
  const loadtest::Batches batches = loadtest::read_batches("127.0.0.1", processes.metrics_port);
  const double moves_per_s = s.moves_ok / s.seconds;
  std::printf(
      "service (%s): %ld moves in %.1f s = %.0f moves/s; move latency p50 %.2f ms, p99 %.2f "
      "ms, max %.1f ms; %ld conflicts, %ld refused guesses, %ld 5xx, %ld other 4xx, %ld "
      "connection errors\n",
      name.c_str(), s.moves_ok, s.seconds, moves_per_s,
      loadtest::percentile(s.move_latencies_ms, 0.5),
      loadtest::percentile(s.move_latencies_ms, 0.99), s.max_request_ms, s.conflicts, s.refusals,
      s.server_errors + s.unavailable, s.client_errors, s.connection_errors);
  long total_requests = 0;
  for (const auto& [status, count] : s.status_counts) total_requests += count;
  std::printf("service (%s): %.0f HTTP requests/s in all\n", name.c_str(),
              total_requests / s.seconds);
  if (processes.postmaster > 0 && processes.service > 0) {
    print_cpu_per_move(name, used, s.moves_ok);
  }
  ModeFigures figures{name,       moves_per_s, loadtest::percentile(s.move_latencies_ms, 0.99),
                      s.refusals, s.conflicts, {},
                      {}};
  for (const loadtest::Ack& ack : s.acks) figures.games.push_back(ack.game_id);
  std::sort(figures.games.begin(), figures.games.end());
  figures.games.erase(std::unique(figures.games.begin(), figures.games.end()), figures.games.end());
  if (s.moves_ok > 0) {
    const double ms = 1000.0 / static_cast<double>(s.moves_ok);
    figures.cost = {name,
                    used.postgres * ms,
                    used.service * ms,
                    used.driver * ms,
                    static_cast<double>(total_requests) / static_cast<double>(s.moves_ok),
                    0};
    const double written = batches.count - batches_before.count;
    if (written > 0) figures.cost.mean_batch = (batches.sum - batches_before.sum) / written;
  }
  return figures;
}

// GET /v1/games/{id}<suffix> ("" the game, "/board.svg" its image) of the current position, by
// every client for `seconds`: client i reads games[i % size] (the games a move run left, no
// longer moving: every read after the first of each is a hit of the instance's copy) with its
// own token, as a signed-in page does. Prints requests/s, p50/p99 and the CPU per request by
// party; returns the figures with requests/s in place of moves/s.
ModeFigures run_game_reads(const loadtest::DriverOptions& o,
                           const std::vector<loadtest::Player>& players,
                           const std::vector<std::int64_t>& games, const std::string& suffix,
                           const Processes& processes) {
  const std::string name = o.game + (suffix.empty() ? ", game-get" : ", board-svg");
  std::vector<std::string> paths;
  for (const std::int64_t id : games) paths.push_back("/v1/games/" + std::to_string(id) + suffix);
  std::printf("running %d clients for %.0f s on %s, GET /v1/games/{id}%s of %zu games...\n",
              o.clients, o.seconds, o.game.c_str(), suffix.c_str(), paths.size());
  const loadtest::CpuSeconds before =
      loadtest::cpu_seconds_now(processes.postmaster, processes.service);
  const loadtest::ReadStats r =
      loadtest::run_reads(o.endpoints[0], paths, players, o.clients, o.seconds);
  const loadtest::CpuSeconds used =
      loadtest::cpu_seconds_now(processes.postmaster, processes.service) - before;
  const double per_s = r.seconds > 0 ? r.ok / r.seconds : 0;
  const double p99 = loadtest::percentile(r.latencies_ms, 0.99);
  std::printf(
      "service (%s): %ld GETs in %.1f s = %.0f requests/s; latency p50 %.2f ms, p99 %.2f ms; "
      "%ld failed\n",
      name.c_str(), r.ok, r.seconds, per_s, loadtest::percentile(r.latencies_ms, 0.5), p99,
      r.failed);
  if (processes.postmaster > 0 && processes.service > 0 && r.ok > 0) {
    const double ms = 1000.0 / static_cast<double>(r.ok);
    std::printf("cpu (%s): per request postgres %.3f ms, service %.3f ms, driver %.3f ms\n",
                name.c_str(), used.postgres * ms, used.service * ms, used.driver * ms);
  }
  return ModeFigures{name, per_s, p99, 0, r.failed, {}, games};
}

// The runs side by side: one line per game and mode.
// A game-get or board-svg line gives GETs/s and, in place of conflicts, its failed GETs.
void print_summary(const std::vector<ModeFigures>& runs) {
  std::printf("summary:\n%-28s %10s %10s %9s %9s\n", "game, mode", "per s", "p99 ms", "refused",
              "conflicts");
  for (const ModeFigures& r : runs) {
    std::printf("%-28s %10.0f %10.2f %9ld %9ld\n", r.name.c_str(), r.moves_per_s, r.p99_ms,
                r.refusals, r.conflicts);
  }
}

// pgbench's figures and the service's rates as shares of them. The SQL floor runs with one move
// per statement (no batching), with kFloorBatch (about the service's mean batch) and with one
// per client (the largest batch that many clients can form); with the postmaster's pid, each
// floor also prints PostgreSQL's CPU per move: the database's part of a move at that batch.
void compare_with_pgbench(const std::string& url, int clients, double seconds,
                          const std::vector<std::pair<std::string, double>>& rates,
                          pid_t postmaster) {
  const double tps = loadtest::insert_tps(url, clients, seconds);
  std::printf("pgbench: %.0f durable single-INSERT tps at %d clients\n", tps, clients);
  if (tps <= 0) return;
  const loadtest::FloorGames games = loadtest::make_floor_games(url);
  std::vector<int> batches = {1};
  if (kFloorBatch < clients) batches.push_back(kFloorBatch);
  if (clients > 1) batches.push_back(clients);
  double floor = 0;
  for (const int batch : batches) {
    const double before = loadtest::cpu_seconds_now(postmaster, 0).postgres;
    const double rate = loadtest::move_floor_moves_per_s(url, games, clients, seconds, batch);
    const double used = loadtest::cpu_seconds_now(postmaster, 0).postgres - before;
    if (rate <= 0) return;
    if (batch == 1) floor = rate;
    std::printf(
        "pgbench: SQL floor of a move, %d per statement: %.0f moves/s = %.1f%% of the "
        "INSERT rate",
        batch, rate, 100.0 * rate / tps);
    if (postmaster > 0)
      std::printf("; postgres %.3f ms CPU per move", 1000.0 * used / (rate * seconds));
    std::printf("\n");
  }
  const double cores = std::thread::hardware_concurrency();
  for (const auto& [m, rate] : rates) {
    std::printf(
        "ratio (%s): service moves/s = %.1f%% of the pgbench INSERT rate, %.0f%% of the move's "
        "SQL floor; 40%% of the INSERT rate would leave %.3f ms CPU per move for everything\n",
        m.c_str(), 100.0 * rate / tps, 100.0 * rate / floor, 1000.0 * cores / (0.4 * tps));
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"hexpost_load: game service load driver"};
  int port = 8080, clients = 16, games_per_pair = 4;
  double seconds = 10;
  std::string host = "127.0.0.1", database, options;
  std::vector<std::string> games = {"counting"};
  std::string mode = "both";
  bool skip_pgbench = false, me_games = false, board_svg = false, game_get = false;
  Processes processes;
  app.add_option("--host", host);
  app.add_option("--port", port)->required();
  std::vector<int> more_ports;
  app.add_option("--also-port", more_ports,
                 "another instance on the same database; each request goes to the next instance");
  app.add_option("--database", database, "the service's database (for pgbench and seeding)");
  app.add_option("--clients", clients);
  app.add_option("--games-per-pair", games_per_pair);
  app.add_option("--seconds", seconds);
  app.add_option("--game", games, "a game to play (repeat the option for several)");
  app.add_option("--options", options,
                 "challenge options JSON (default: counting plays to 100,000, others {})");
  app.add_option("--mode", mode, "post, get-post, stream-post, both (get-post and post) or all")
      ->check(CLI::IsMember({"post", "get-post", "stream-post", "both", "all"}));
  app.add_flag("--skip-pgbench", skip_pgbench);
  app.add_flag("--board-svg", board_svg,
               "after each game's move modes, GET board.svg of the games they moved");
  app.add_flag("--game-get", game_get,
               "after each game's move modes, GET /v1/games/{id} of the games they moved");
  app.add_flag("--me-games", me_games,
               "also seed 100k+10k games, measure GET /v1/me/games, then post moves again");
  app.add_option("--server-pid", processes.service, "the service's pid, for its CPU per move");
  app.add_option("--postmaster-pid", processes.postmaster,
                 "the database's postmaster pid, for PostgreSQL's CPU per move");
  app.add_option("--metrics-port", processes.metrics_port,
                 "a port serving the service's /metrics without a token, for its mean write batch");
  CLI11_PARSE(app, argc, argv);

  loadtest::DriverOptions o;
  o.endpoints = {{host, port}};
  for (int other : more_ports) o.endpoints.push_back({host, other});
  o.per_request_endpoint_rotation = !more_ports.empty();
  o.clients = clients;
  o.games_per_pair = games_per_pair;
  o.seconds = seconds;
  o.username_prefix = "lb" + std::to_string(getpid() % 100000) + "x";
  std::printf("creating %d players...\n", clients);
  const auto players = loadtest::create_players(o.endpoints[0], o.username_prefix, clients);
  std::vector<ModeFigures> runs, reads;               // move runs; game-get, board-svg runs
  std::vector<std::pair<std::string, double>> rates;  // "game, mode" -> moves/s
  for (const std::string& game : games) {
    o.game = game;
    o.options_json = !options.empty()     ? options
                     : game == "counting" ? R"({"target":100000})"
                                          : "{}";
    for (const std::string m : {"get-post", "post", "stream-post"}) {
      const bool both = mode == "both" && m != "stream-post";
      if (mode != "all" && !both && mode != m) continue;
      o.mode = m == "post"       ? loadtest::DriverOptions::Mode::kPostOnly
               : m == "get-post" ? loadtest::DriverOptions::Mode::kGetThenPost
                                 : loadtest::DriverOptions::Mode::kStreamThenPost;
      runs.push_back(run_mode(o, players, game + ", " + m, processes));
      rates.emplace_back(runs.back().name, runs.back().moves_per_s);
    }
    if (!runs.empty() && !runs.back().games.empty()) {
      if (game_get) reads.push_back(run_game_reads(o, players, runs.back().games, "", processes));
      if (board_svg) {
        reads.push_back(run_game_reads(o, players, runs.back().games, "/board.svg", processes));
      }
    }
  }
  std::vector<ModeFigures> summary = runs;
  summary.insert(summary.end(), reads.begin(), reads.end());
  print_summary(summary);
  if (processes.service > 0) {
    const loadtest::HttpFloor http =
        loadtest::measure_http_floor(o.endpoints[0], clients, seconds, processes.service);
    std::vector<loadtest::RunCost> costs;
    for (const ModeFigures& r : runs) costs.push_back(r.cost);
    if (!database.empty()) {
      loadtest::print_floor_ratios(database, clients, seconds, processes.postmaster, http, costs);
    }
  }
  if (!skip_pgbench && !database.empty())
    compare_with_pgbench(database, clients, seconds, rates, processes.postmaster);
  if (me_games && !database.empty()) {
    me_games_p99(o.endpoints[0], database);
    // The move path again with the seeded tables: its plans must not depend on a small database.
    o.mode = loadtest::DriverOptions::Mode::kPostOnly;
    run_mode(o, players, "post, 110,000 more games", processes);
  }
  return 0;
}
