// hexpost_load: moves/s and latency of the game service next to PostgreSQL's own durable
// single-INSERT rate (pgbench at the same concurrency, same database, same run), plus the
// GET /v1/me/games p99 with 100,000 finished and 10,000 active games seeded by SQL.
//
//   hexpost_load --port P --database URL [--clients 16] [--seconds 10] [--game counting]
//                [--options '{"target":100000}'] [--mode both|post|get-post] [--skip-pgbench]
//                [--me-games]
//
// --mode post: a move is one POST (the pair of players learn the new state from the 201 answer);
// get-post: each move is a GET of the game and then the POST (a polling client); both (default)
// runs get-post and then post, and compares each with the same pgbench figure.
#include <httplib.h>
#include <CLI/CLI.hpp>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <regex>
#include <string>

#include "bench/load/load_driver.h"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::string run_command(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, pipe)) out += buf;
  pclose(pipe);
  return out;
}

std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// pgbench's tps for `script` (prepared statements) at `clients` for `seconds`; 0 on failure.
double pgbench_tps(const std::string& url, const std::string& script_text, int clients,
                   double seconds) {
  const std::string script = "/tmp/hexpost-pgbench-" + std::to_string(getpid()) + ".sql";
  std::ofstream(script) << script_text;
  const std::string out = run_command(
      "pgbench -n -M prepared -f " + script + " -c " + std::to_string(clients) + " -j 2 -T " +
      std::to_string(static_cast<int>(seconds)) + " " + shell_quote(url) + " 2>&1");
  std::remove(script.c_str());
  std::smatch m;
  if (std::regex_search(out, m, std::regex(R"(tps = ([0-9.]+))"))) return std::stod(m[1]);
  std::fprintf(stderr, "pgbench failed:\n%s\n", out.c_str());
  return 0;
}

// PostgreSQL's own durable single-INSERT rate: the baseline every figure is compared with.
double insert_tps(const std::string& url, int clients, double seconds) {
  pqxx::connection c(url);
  pqxx::nontransaction(c).exec(
      "CREATE TABLE IF NOT EXISTS bench_insert (id bigserial PRIMARY KEY, payload text NOT "
      "NULL, created_at timestamptz NOT NULL DEFAULT now())");
  return pgbench_tps(url, "INSERT INTO bench_insert (payload) VALUES ('hello');\n", clients,
                     seconds);
}

// The SQL floor of a move: the rows one move writes in the service's tables (the game row, a
// move row, both seat rows, the move event, its "your turn" outbox row and an idempotency row),
// in one statement and one commit as the service does, on the games the run left behind, with
// none of the service's reading, validation, clock arithmetic or HTTP. No service doing this
// work per move, one move per transaction, can be faster on this machine.
double move_floor_tps(const std::string& url, int clients, double seconds) {
  pqxx::connection c(url);
  const pqxx::row ids = pqxx::nontransaction(c).exec1("SELECT min(id), max(id) FROM games");
  if (ids[0].is_null()) return 0;
  const std::string script =
      "\\set g random(" + std::string(ids[0].c_str()) + ", " + ids[1].c_str() +
      ")\n"
      "WITH g AS (UPDATE games SET ply = ply + 1, version = version + 1, position = position, "
      "last_hash = 'floor', updated_at = now() WHERE id = :g RETURNING id, ply), "
      "m AS (INSERT INTO moves (game_id, ply, seat, account_id, record, hash) SELECT g.id, g.ply, "
      "0, s.account_id, 'floor', 'floor' FROM g JOIN game_seats s ON s.game_id = g.id AND "
      "s.seat = 0), "
      "s AS (UPDATE game_seats SET list_rank = 1 - list_rank, list_key = list_key + 1 WHERE "
      "game_id = :g), "
      "e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload) SELECT g.id, "
      "'move', g.ply, ARRAY(SELECT account_id FROM game_seats WHERE game_id = :g), "
      "'{\"record\": \"floor\"}' FROM g RETURNING id, game_id, ply), "
      "o AS (INSERT INTO mail_outbox (account_id, kind, event_id, event_kind, game_id, ply) "
      "SELECT s.account_id, 'your_turn', e.id, 'move', e.game_id, e.ply FROM e JOIN game_seats s "
      "ON s.game_id = e.game_id AND s.seat = 1) "
      "INSERT INTO idempotency_keys (account_id, key, request_hash, status, body) SELECT "
      "s.account_id, md5(random()::text), 'floor', 201, '{}' FROM g JOIN game_seats s ON "
      "s.game_id = g.id AND s.seat = 0;\n";
  return pgbench_tps(url, script, clients, seconds);
}

// 100,000 finished and 10,000 active games over 1,000 synthetic accounts (plus the measured
// account, which plays 1,100 of them), written straight into the tables.
std::string seed_me_games(const std::string& url) {
  pqxx::connection c(url);
  pqxx::work tx(c);
  tx.exec(R"SQL(
    INSERT INTO accounts (username, email, password_hash, scopes)
    SELECT 'seed' || g, 'seed' || g || '@bench.test', 'x', '{play}' FROM generate_series(0, 1000) g
    ON CONFLICT DO NOTHING;
    CREATE TEMP TABLE seed_ids AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n
      FROM accounts WHERE username LIKE 'seed%';
    WITH g AS (
      INSERT INTO games (game, players, status, ply, position, to_move, server_seed, commitment,
                         game_seed, last_hash, result, finished_at, created_at, updated_at)
      SELECT 'counting', 2, CASE WHEN i <= 100000 THEN 'finished' ELSE 'active' END, 20,
             'count=5;turn=0;seats=2;out=0;winner=-1;target=100000',
             CASE WHEN i <= 100000 THEN '{}'::int[] ELSE ARRAY[i % 2] END,
             '\x00', 'c', '\x00', 'h',
             CASE WHEN i <= 100000 THEN '{"summary":"seed","seats":[{"placement":1,"score":1},{"placement":2,"score":0}]}'::jsonb END,
             CASE WHEN i <= 100000 THEN now() - (i || ' minutes')::interval END,
             now() - (i || ' minutes')::interval, now() - (i || ' seconds')::interval
      FROM generate_series(1, 110000) i
      RETURNING id, status, to_move)
    INSERT INTO game_seats (game_id, seat, account_id, slot, list_rank, list_key)
    SELECT g.id, s.seat, a.id, s.seat,
           CASE WHEN g.status <> 'active' THEN 2 WHEN s.seat = ANY(g.to_move) THEN 0 ELSE 1 END,
           CASE WHEN g.status <> 'active' THEN -(extract(epoch FROM now()) - g.id)
                ELSE extract(epoch FROM now()) - g.id END
    FROM g CROSS JOIN (VALUES (0), (1)) s(seat)
    JOIN seed_ids a ON a.n = CASE WHEN s.seat = 0 AND g.id % 100 = 0 THEN 1000
                                  ELSE (g.id * 7 + s.seat * 13) % 1000 END;
  )SQL");
  tx.commit();
  pqxx::nontransaction q(c);
  q.exec("ANALYZE games; ANALYZE game_seats");
  return "seed1000";
}

void me_games_p99(const loadtest::Endpoint& endpoint, const std::string& url) {
  const std::string user = seed_me_games(url);
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

// One timed run of the driver in o.mode; prints its figures and returns moves/s.
double run_mode(const loadtest::DriverOptions& o, const std::vector<loadtest::Player>& players,
                const std::string& name) {
  std::printf("running %d clients for %.0f s on %s, mode %s...\n", o.clients, o.seconds,
              o.game.c_str(), name.c_str());
  const loadtest::DriverStats s = loadtest::run_load(o, players);
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
  return moves_per_s;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"hexpost_load: game service load driver"};
  int port = 8080, clients = 16, games_per_pair = 4;
  double seconds = 10;
  std::string host = "127.0.0.1", database, game = "counting", options = R"({"target":100000})";
  std::string mode = "both";
  bool skip_pgbench = false, me_games = false;
  app.add_option("--host", host);
  app.add_option("--port", port)->required();
  app.add_option("--database", database, "the service's database (for pgbench and seeding)");
  app.add_option("--clients", clients);
  app.add_option("--games-per-pair", games_per_pair);
  app.add_option("--seconds", seconds);
  app.add_option("--game", game);
  app.add_option("--options", options, "challenge options JSON");
  app.add_option("--mode", mode, "post, get-post or both")
      ->check(CLI::IsMember({"post", "get-post", "both"}));
  app.add_flag("--skip-pgbench", skip_pgbench);
  app.add_flag("--me-games", me_games,
               "also seed 100k+10k games, measure GET /v1/me/games, then post moves again");
  CLI11_PARSE(app, argc, argv);

  loadtest::DriverOptions o;
  o.endpoints = {{host, port}};
  o.clients = clients;
  o.games_per_pair = games_per_pair;
  o.game = game;
  o.options_json = options;
  o.seconds = seconds;
  o.username_prefix = "lb" + std::to_string(getpid() % 100000) + "x";
  std::printf("creating %d players...\n", clients);
  const auto players = loadtest::create_players(o.endpoints[0], o.username_prefix, clients);
  std::vector<std::pair<std::string, double>> rates;  // mode -> moves/s
  for (const std::string& m : {std::string("get-post"), std::string("post")}) {
    if (mode != "both" && mode != m) continue;
    o.mode = m == "post" ? loadtest::DriverOptions::Mode::kPostOnly
                         : loadtest::DriverOptions::Mode::kGetThenPost;
    rates.emplace_back(m, run_mode(o, players, m));
  }
  if (!skip_pgbench && !database.empty()) {
    const double tps = insert_tps(database, clients, seconds);
    const double floor = move_floor_tps(database, clients, seconds);
    std::printf("pgbench: %.0f durable single-INSERT tps at %d clients\n", tps, clients);
    std::printf(
        "pgbench: %.0f tps for the SQL floor of a move (its rows, one statement) = %.1f%% "
        "of the INSERT rate\n",
        floor, tps > 0 ? 100.0 * floor / tps : 0.0);
    for (const auto& [m, rate] : rates) {
      if (tps > 0 && floor > 0) {
        std::printf(
            "ratio (%s): service moves/s = %.1f%% of the pgbench INSERT rate, %.0f%% of "
            "the move's SQL floor\n",
            m.c_str(), 100.0 * rate / tps, 100.0 * rate / floor);
      }
    }
  }
  if (me_games && !database.empty()) {
    me_games_p99(o.endpoints[0], database);
    // The move path again with the seeded tables: its plans must not depend on a small database.
    o.mode = loadtest::DriverOptions::Mode::kPostOnly;
    run_mode(o, players, "post, 110,000 more games");
  }
  return 0;
}
