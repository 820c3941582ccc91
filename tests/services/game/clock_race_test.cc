// The sweeper race: 1,000 games share one deadline; moves arrive 50 ms before it (on a
// server whose clock says so) and 50 ms after it (on another), while two sweepers run at
// deadline + 50 ms. Every game ends up with exactly one outcome. Also: the sweeper's lookup is
// an index scan.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "tests/services/game/clock_support.h"

namespace {

using namespace clocktest;

// Copies game `id` (seats and clocks included) `copies` times; returns the new ids in order.
std::vector<std::string> clone_game(const std::string& id, int copies) {
  pqxx::connection c(database_url());
  pqxx::work tx(c);
  const auto r = tx.exec_params(
      "WITH n AS (INSERT INTO games (game, players, options, clock, rated, challenge_id, status, "
      "ply, version, position, to_move, server_seed, commitment, game_seed, setup_draws, "
      "last_hash, created_at, updated_at) SELECT game, players, options, clock, rated, "
      "challenge_id, status, ply, version, position, to_move, server_seed, commitment, "
      "game_seed, setup_draws, last_hash, created_at, updated_at FROM games, generate_series(1, "
      "$2) WHERE id = $1 RETURNING id), s AS (INSERT INTO game_seats (game_id, seat, account_id, "
      "slot, player_seed, list_rank, list_key, bank_s, clock_from, deadline, turn_budget_s, "
      "reminder_level, next_reminder_at) SELECT n.id, s.seat, s.account_id, s.slot, "
      "s.player_seed, s.list_rank, s.list_key, s.bank_s, s.clock_from, s.deadline, "
      "s.turn_budget_s, s.reminder_level, s.next_reminder_at FROM n, game_seats s WHERE "
      "s.game_id = $1) SELECT id FROM n ORDER BY id",
      std::stoll(id), copies);
  tx.exec("ANALYZE game_seats");
  tx.commit();
  std::vector<std::string> ids;
  for (const auto& row : r) ids.push_back(row[0].c_str());
  return ids;
}

TEST(ClockRace, ThousandGamesOneDeadlineMovesAroundItTwoSweepersOneOutcomeEach) {
  SVC_REQUIRE_DB();
  const TimePoint t0 = at("2026-03-02T12:00:00Z");
  const TimePoint deadline = t0 + 24h;
  hxclock::ManualClock early(t0), late(t0);
  ClockedServer before(early), after(late);
  std::vector<Account> p = {make_account(*before.client, "swp"),
                            make_account(*before.client, "swp")};
  const std::string first = start_clocked(*before.client, p, {{"days_per_move", 1}});
  const json view = game(*before.client, first, p[0]);
  const Account& mover = view.at("to_move").at(0) == p[0].username ? p[0] : p[1];
  std::vector<std::string> ids = {first};
  for (auto& id : clone_game(first, 999)) ids.push_back(id);
  ASSERT_EQ(ids.size(), 1000u);
  const std::string plan = after.service().clocks.explain_expired(text(deadline), 500);
  EXPECT_NE(plan.find("game_seats_deadline"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("Seq Scan"), std::string::npos) << plan;

  early.set(deadline - 50ms);
  late.set(deadline + 50ms);
  std::atomic<int> accepted{0}, refused_early{0}, expired_late{0}, other{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      Client early_client(before.server->port()), late_client(after.server->port());
      for (std::size_t i = static_cast<std::size_t>(t); i < ids.size(); i += 4) {
        const bool in_time = i < 500;
        const Reply r =
            (in_time ? early_client : late_client)
                .post("/v1/games/" + ids[i] + "/moves", {{"move", "1"}, {"ply", 0}}, mover.token);
        const std::string code = r.body.is_object() ? r.body.value("code", "") : "";
        if (in_time && r.status == 201) {
          ++accepted;
        } else if (in_time && r.status == 409 && (code == "game_over" || code == "stale_ply")) {
          ++refused_early;  // a sweeper got there first (before the load, or before the store)
        } else if (!in_time && r.status == 409 && (code == "time_expired" || code == "game_over")) {
          ++expired_late;
        } else {
          ++other;
          std::printf("unexpected: %d %s\n", r.status, r.text.c_str());
        }
      }
    });
  }
  std::atomic<int> swept{0};
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&] {
      for (int pass = 0; pass < 3; ++pass)
        swept += after.service().sweeper.sweep_at(late.now()).timeouts;
    });
  }
  for (auto& t : threads) t.join();
  swept += after.service().sweeper.sweep_at(late.now()).timeouts;
  EXPECT_EQ(other.load(), 0);
  EXPECT_EQ(expired_late.load(), 500);
  EXPECT_EQ(accepted.load() + refused_early.load(), 500);

  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  const auto rows = tx.exec_params(
      "SELECT g.id, g.status, (SELECT count(*) FROM moves m WHERE m.game_id = g.id), "
      "(SELECT min(record) FROM moves m WHERE m.game_id = g.id), (SELECT count(*) FROM "
      "game_events e WHERE e.game_id = g.id AND e.kind = 'timeout'), (SELECT count(*) FROM "
      "game_events e WHERE e.game_id = g.id AND e.kind = 'game_finished') FROM games g WHERE "
      "g.id BETWEEN $1 AND $2 ORDER BY g.id",
      std::stoll(ids.front()), std::stoll(ids.back()));
  ASSERT_EQ(rows.size(), 1000u);
  int moved = 0, timed_out = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    ASSERT_EQ(row[2].as<int>(), 1) << "game " << row[0].c_str();  // exactly one entry
    const bool is_timeout = std::string(row[3].c_str()).rfind("resign", 0) == 0;
    if (is_timeout) {
      ++timed_out;
      EXPECT_EQ(std::string(row[1].c_str()), "finished");
      EXPECT_EQ(row[4].as<int>(), 1);
      EXPECT_EQ(row[5].as<int>(), 1);
    } else {
      ++moved;
      EXPECT_LT(i, 500u) << "a move after the deadline was stored";
      EXPECT_EQ(std::string(row[1].c_str()), "active");
      EXPECT_EQ(row[4].as<int>(), 0);
    }
  }
  EXPECT_EQ(moved, accepted.load());
  EXPECT_EQ(timed_out, 1000 - accepted.load());
  EXPECT_EQ(swept.load() + expired_late.load() >= 500, true);
  std::printf("race: %d moves in time, %d timeouts (%d by the sweepers)\n", moved, timed_out,
              swept.load());
}

}  // namespace
