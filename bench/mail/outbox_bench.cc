// hexpost_outbox_bench: what the mail outbox trigger (migrations 0006, 0008) adds to an event
// insert. Moves no longer go through it (their rows are a step of the move statement), so it
// measures "game_finished" events, mailed to both recipients.
//
//   TEST_DATABASE_URL=postgresql://... build/test/bench/mail/hexpost_outbox_bench [events]
//
// Creates a scratch database (dropped at the end), 1,000 two-player games, and inserts `events`
// "game_finished" events one statement (one commit) each, in alternating rounds
// with the trigger disabled (the baseline) and enabled. Prints both and the ratio, plus the cost
// when the recipient has mail off (the trigger runs, inserts nothing). Timings vary with the
// machine's load: compare the ratio, measured in the same run.
#include <pqxx/pqxx>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "services/storage/migrations.h"
#include "tests/services/pg_support.h"

namespace {

using Clock = std::chrono::steady_clock;

void seed(pqxx::connection& c) {
  pqxx::nontransaction tx(c);
  tx.exec(
      "INSERT INTO accounts (username, email, password_hash, scopes) SELECT 'user' || g, 'u' || "
      "g || '@example.test', 'x', '{}' FROM generate_series(1, 2000) g");
  tx.exec(
      "INSERT INTO games (game, players, position, to_move, server_seed, commitment, game_seed, "
      "last_hash) SELECT 'counting', 2, 'p', '{1}', '\\x00', 'c', '\\x00', 'h' FROM "
      "generate_series(1, 1000)");
  tx.exec(
      "INSERT INTO game_seats (game_id, seat, account_id, slot) SELECT id, s, 2 * id - 1 + s, "
      "s FROM games, generate_series(0, 1) s");
}

// Milliseconds per event for `n` single-row autocommit inserts.
double insert_events(pqxx::connection& c, int n, int offset) {
  c.prepare("event",
            "INSERT INTO game_events (game_id, kind, ply, recipients, payload) VALUES ($1::bigint, "
            "'game_finished', $2::int, ARRAY[2 * $1::bigint - 1, 2 * $1::bigint], "
            "'{\"winner\": 0}')");
  const auto start = Clock::now();
  for (int i = 0; i < n; ++i) {
    pqxx::nontransaction tx(c);
    tx.exec_prepared("event", 1 + (offset + i) % 1000, offset + i);
  }
  c.unprepare("event");
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count() / n;
}

void set_trigger(pqxx::connection& c, bool on) {
  pqxx::nontransaction(c).exec(std::string("ALTER TABLE game_events ") +
                               (on ? "ENABLE" : "DISABLE") + " TRIGGER game_events_mail");
}

}  // namespace

int main(int argc, char** argv) {
  if (testpg::base_url().empty()) {
    std::fprintf(stderr, "set TEST_DATABASE_URL\n");
    return 2;
  }
  const int events = argc > 1 ? std::atoi(argv[1]) : 3000;
  testpg::ScratchDatabase db;
  storage::apply_migrations(db.url(), storage::load_migrations(HEXPOST_BENCH_MIGRATIONS_DIR));
  pqxx::connection c(db.url());
  seed(c);
  double off = 0, on = 0;
  const int rounds = 3;
  for (int r = 0; r < rounds; ++r) {
    set_trigger(c, false);
    off += insert_events(c, events / rounds, 2 * r * events);
    set_trigger(c, true);
    on += insert_events(c, events / rounds, (2 * r + 1) * events);
  }
  pqxx::nontransaction(c).exec(
      "INSERT INTO notification_prefs (account_id, kind, mode) SELECT id, 'game_over', 'off' "
      "FROM accounts");
  const double muted = insert_events(c, events / rounds, 7 * events);
  const long long rows =
      pqxx::nontransaction(c).exec("SELECT count(*) FROM mail_outbox")[0][0].as<long long>();
  std::printf("game_finished events, one commit each (%d per variant):\n", events);
  std::printf("  trigger disabled (baseline)   %.3f ms/event\n", off / rounds);
  std::printf("  trigger enabled               %.3f ms/event  ratio %.2f\n", on / rounds, on / off);
  std::printf("  enabled, recipient mail off   %.3f ms/event  ratio %.2f\n", muted,
              muted / (off / rounds));
  std::printf("  outbox rows written           %lld\n", rows);
  return 0;
}
