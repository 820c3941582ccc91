// hexpost_sweep_bench: the clock sweeper with 100,000 active games (docs/clocks.md,
// docs/benchmarks.md).
//
//   TEST_DATABASE_URL=postgresql://... build/test/bench/clocks/hexpost_sweep_bench [games]
//   [expired]
//
// Creates a scratch database (dropped at the end), starts one real game (iso-path, days per move)
// through the service's repositories, copies it to `games` active games whose deadlines are
// spread over the next 30 days, `expired` of them already past, and measures, in the same run:
//   - the idle sweep (nothing expired: the pass hexpostd makes every HEXPOST_SWEEP_S) against a
//     plain indexed SELECT of the expired rows (which finds none);
//   - the sweep that times out the `expired` games against the plain indexed SELECT of those rows;
//   - the plan of the sweeper's lookup (an index scan on game_seats_deadline, never a Seq Scan).
#include <pqxx/pqxx>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "lib/fairness/fairness.h"
#include "services/api/game_service.h"
#include "services/storage/migrations.h"
#include "services/storage/pool.h"
#include "tests/services/game/service_fixture.h"

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

storage::Id start_template_game(api::GameService& s, hxclock::TimePoint at) {
  const auto a =
      api::create_account(s, "benchA", "a@example.test", "correct horse a", false, false);
  const auto b =
      api::create_account(s, "benchB", "b@example.test", "correct horse b", false, false);
  storage::NewChallenge n;
  n.creator_id = a.id;
  n.game = "iso-path";
  n.clock_json = R"({"type":"per_move","days_per_move":30,"vacation":true,"weekends_off":false})";
  n.opponents = {b.id};
  const fairness::Bytes seed = fairness::random_bytes(32);
  n.server_seed_hex = fairness::to_hex(seed);
  n.commitment = fairness::commitment(seed);
  n.at = hxclock::to_rfc3339(at);
  const storage::Id challenge = s.challenges.create(n).id;
  const auto started = s.challenges.accept(
      challenge, b.id, "",
      [&s](const storage::ChallengeRecord& c, storage::Id id) {
        return domain::start_game(s.catalog, c, id);
      },
      hxclock::to_rfc3339(at));
  return *started.game_id;
}

// Copies the template; game k's running deadline is at + (k / games) * 30 days, and the first
// `expired` ones lie 1..expired seconds before `at`.
void copy_games(pqxx::connection& c, storage::Id id, int games, int expired,
                const std::string& at) {
  pqxx::work tx(c);
  tx.exec_params(
      "WITH n AS (INSERT INTO games (game, players, options, clock, rated, challenge_id, status, "
      "ply, version, position, to_move, server_seed, commitment, game_seed, setup_draws, "
      "last_hash, created_at, updated_at) SELECT game, players, options, clock, rated, "
      "challenge_id, status, ply, version, position, to_move, server_seed, commitment, "
      "game_seed, setup_draws, last_hash, created_at, updated_at FROM games, generate_series(1, "
      "$2) WHERE id = $1 RETURNING id), k AS (SELECT id, row_number() OVER (ORDER BY id) AS k "
      "FROM n) INSERT INTO game_seats (game_id, seat, account_id, slot, player_seed, list_rank, "
      "list_key, bank_s, clock_from, deadline, turn_budget_s, reminder_level, next_reminder_at) "
      "SELECT k.id, s.seat, s.account_id, s.slot, s.player_seed, s.list_rank, s.list_key, "
      "s.bank_s, s.clock_from, CASE WHEN s.deadline IS NULL THEN NULL WHEN k.k <= $3 THEN "
      "$4::timestamptz - make_interval(secs => k.k) ELSE $4::timestamptz + make_interval(secs "
      "=> k.k * 2592000.0 / $2) END, s.turn_budget_s, 3, NULL FROM k, game_seats s WHERE "
      "s.game_id = $1",
      id, games, expired, at);
  tx.exec("ANALYZE games");
  tx.exec("ANALYZE game_seats");
  tx.commit();
}

double baseline_select(pqxx::connection& c, const std::string& at, int rows_expected) {
  pqxx::nontransaction tx(c);
  const auto start = Clock::now();
  const auto r = tx.exec_params(
      "SELECT game_id FROM game_seats WHERE deadline <= $1::timestamptz ORDER BY deadline LIMIT "
      "$2",
      at, rows_expected + 1);
  const double ms = ms_since(start);
  if (static_cast<int>(r.size()) != rows_expected)
    std::printf("baseline found %zu rows\n", r.size());
  return ms;
}

// One autocommit UPDATE per expired game (a write that changes nothing): the floor of "one
// conditional write per game", without the load, the rules and the CTE.
double baseline_writes(pqxx::connection& c, const std::string& at, int rows) {
  pqxx::nontransaction tx(c);
  const auto ids = tx.exec_params(
      "SELECT game_id FROM game_seats WHERE deadline <= $1::timestamptz ORDER BY deadline LIMIT "
      "$2",
      at, rows);
  c.prepare("bench_touch", "UPDATE games SET version = version WHERE id = $1");
  const auto start = Clock::now();
  for (const auto& row : ids) tx.exec_prepared("bench_touch", row[0].as<storage::Id>());
  return ms_since(start);
}

}  // namespace

int main(int argc, char** argv) {
  const char* base = std::getenv("TEST_DATABASE_URL");
  if (base == nullptr || *base == '\0') {
    std::fprintf(stderr, "set TEST_DATABASE_URL (a PostgreSQL where a database may be created)\n");
    return 2;
  }
  const int games = argc > 1 ? std::atoi(argv[1]) : 100000;
  const int expired = argc > 2 ? std::atoi(argv[2]) : 1000;
  const std::string name = "sweep_bench_" + std::to_string(std::random_device{}() % 1000000);
  pqxx::connection admin(base);
  pqxx::nontransaction(admin).exec("CREATE DATABASE " + name);
  const std::string url = svctest::with_database(base, name);
  int rc = 0;
  try {
    storage::apply_migrations(url, storage::load_migrations(HEXPOST_BENCH_MIGRATIONS_DIR));
    storage::ConnectionPool pool(url, 4, 5000ms);
    const hxclock::TimePoint now = *hxclock::parse_rfc3339("2026-06-01T12:00:00Z");
    hxclock::ManualClock clock(now - 1h);
    api::GameServiceOptions options;
    options.clocks.reminder_fractions = {};  // measure timeouts alone
    api::GameService service(pool, domain::Catalog::from_registry(), options, clock);
    const storage::Id id = start_template_game(service, now - 1h);
    pqxx::connection c(url);
    auto start = Clock::now();
    copy_games(c, id, games - 1, expired, hxclock::to_rfc3339(now));
    std::printf("setup: %d active games (%d expired) in %.0f ms\n", games, expired,
                ms_since(start));
    std::printf("plan of the sweeper's lookup:\n%s",
                service.clocks.explain_expired(hxclock::to_rfc3339(now), 500).c_str());
    const std::string before = hxclock::to_rfc3339(now - 1h);
    const double idle_base = baseline_select(c, before, 0);
    start = Clock::now();
    const auto idle = service.sweeper.sweep_at(now - 1h);
    const double idle_ms = ms_since(start);
    std::printf("idle sweep (0 expired): %.2f ms; baseline indexed SELECT %.2f ms; ratio %.1f\n",
                idle_ms, idle_base, idle_ms / idle_base);
    const double base_ms = baseline_select(c, hxclock::to_rfc3339(now), expired);
    const double writes_ms = baseline_writes(c, hxclock::to_rfc3339(now), expired);
    start = Clock::now();
    const auto swept = service.sweeper.sweep_at(now);
    const double sweep_ms = ms_since(start);
    std::printf(
        "sweep of %d expired games: %.1f ms (%.3f ms per game, %d timeouts); baseline indexed "
        "SELECT of the %d rows %.2f ms; ratio %.0f\n",
        expired, sweep_ms, sweep_ms / std::max(1, swept.timeouts), swept.timeouts, expired, base_ms,
        sweep_ms / base_ms);
    std::printf("baseline: %d single-row UPDATEs %.1f ms; sweep / UPDATEs ratio %.1f\n", expired,
                writes_ms, sweep_ms / writes_ms);
    if (swept.timeouts != expired || idle.timeouts != 0) rc = 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hexpost_sweep_bench: %s\n", e.what());
    rc = 1;
  }
  pqxx::nontransaction(admin).exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  return rc;
}
