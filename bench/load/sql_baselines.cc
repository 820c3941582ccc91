#include "bench/load/sql_baselines.h"

#include <pqxx/pqxx>

#include <unistd.h>
#include <cstdio>
#include <fstream>
#include <regex>
#include <string>

namespace loadtest {
namespace {

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

// pgbench's tps for `script` (prepared statements) at `clients` for `seconds`, with `options`
// for its sessions (PGOPTIONS); 0 on failure.
double pgbench_tps(const std::string& url, const std::string& script_text, int clients,
                   double seconds, const std::string& options = "") {
  const std::string script = "/tmp/hexpost-pgbench-" + std::to_string(getpid()) + ".sql";
  std::ofstream(script) << script_text;
  const std::string out =
      run_command("PGOPTIONS=" + shell_quote(options) + " pgbench -n -M prepared -f " + script +
                  " -c " + std::to_string(clients) + " -j 2 -T " +
                  std::to_string(static_cast<int>(seconds)) + " " + shell_quote(url) + " 2>&1");
  std::remove(script.c_str());
  std::smatch m;
  if (std::regex_search(out, m, std::regex(R"(tps = ([0-9.]+))"))) return std::stod(m[1]);
  std::fprintf(stderr, "pgbench failed:\n%s\n", out.c_str());
  return 0;
}

}  // namespace

FloorGames make_floor_games(const std::string& url) {
  pqxx::connection c(url);
  pqxx::work tx(c);
  const pqxx::row ids = tx.exec1(
      "WITH g AS (INSERT INTO games (game, players, status, ply, position, to_move, server_seed, "
      "commitment, game_seed, last_hash) SELECT 'counting', 2, 'aborted', 0, 'floor', ARRAY[0], "
      "'\\x00', 'c', '\\x00', 'h' FROM generate_series(1, " +
      std::to_string(FloorGames::kCount) +
      ") RETURNING id), "
      "a AS (INSERT INTO accounts (username, email, password_hash, scopes) "
      "SELECT 'floor' || g.id || 'x' || seat, 'floor@bench.test', 'x', '{play}' "
      "FROM g CROSS JOIN generate_series(0, 1) seat RETURNING id, username), "
      "s AS (INSERT INTO game_seats (game_id, seat, account_id, slot) "
      "SELECT g.id, seat, a.id, seat FROM g CROSS JOIN generate_series(0, 1) seat "
      "JOIN a ON a.username = 'floor' || g.id || 'x' || seat) "
      "SELECT min(id), max(id) FROM g");
  tx.commit();
  // Vacuumed now, so that autovacuum's work on these rows does not land inside a floor's CPU
  // measurement.
  pqxx::nontransaction(c).exec("VACUUM ANALYZE games, game_seats, accounts");
  return {ids[0].as<long>(), ids[1].as<long>()};
}

double insert_tps(const std::string& url, int clients, double seconds) {
  pqxx::connection c(url);
  pqxx::nontransaction(c).exec(
      "CREATE TABLE IF NOT EXISTS bench_insert (id bigserial PRIMARY KEY, payload text NOT "
      "NULL, created_at timestamptz NOT NULL DEFAULT now())");
  const double tps =
      pgbench_tps(url, "INSERT INTO bench_insert (payload) VALUES ('hello');\n", clients, seconds);
  // Its rows vacuumed now, not by autovacuum during the next measurement.
  pqxx::nontransaction(c).exec("VACUUM ANALYZE bench_insert");
  return tps;
}

double move_floor_moves_per_s(const std::string& url, const FloorGames& games, int clients,
                              double seconds, int moves_per_statement) {
  const std::string k = std::to_string(moves_per_statement);
  const std::string script =
      "\\set g random(" + std::to_string(games.first) + ", " +
      std::to_string(games.last - moves_per_statement + 1) +
      ")\n"
      "WITH "
      "g AS (UPDATE games SET ply = ply + 1, version = version + 1, position = position, "
      "last_hash = 'floor', updated_at = now() WHERE id BETWEEN :g AND :g + " +
      k +
      " - 1 RETURNING id, ply), "
      "m AS (INSERT INTO moves (game_id, ply, seat, account_id, record, hash) SELECT g.id, g.ply, "
      "0, s.account_id, 'floor', 'floor' FROM g JOIN game_seats s ON s.game_id = g.id AND "
      "s.seat = 0), "
      "s AS (UPDATE game_seats SET list_rank = 1 - list_rank, list_key = list_key + 1 "
      "WHERE game_id BETWEEN :g AND :g + " +
      k +
      " - 1), "
      "e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload) SELECT g.id, "
      "'move', g.ply, ARRAY(SELECT account_id FROM game_seats WHERE game_id = g.id), "
      "'{\"record\": \"floor\"}' FROM g RETURNING id, game_id, ply), "
      "o AS (INSERT INTO mail_outbox (account_id, kind, event_id, event_kind, game_id, ply) "
      "SELECT s.account_id, 'your_turn', e.id, 'move', e.game_id, e.ply FROM e JOIN game_seats s "
      "ON s.game_id = e.game_id AND s.seat = 1) "
      "INSERT INTO idempotency_keys (account_id, key, request_hash, status, body) SELECT "
      "s.account_id, md5(random()::text), 'floor', 201, '{}' FROM g JOIN game_seats s ON "
      "s.game_id = g.id AND s.seat = 0;\n";
  // The service's batch statement runs a generic plan (its one parameter is a JSON array, so a
  // custom plan is never cheaper); the floor's does too, rather than being planned each time.
  return moves_per_statement *
         pgbench_tps(url, script, clients, seconds, "-c plan_cache_mode=force_generic_plan");
}

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

}  // namespace loadtest
