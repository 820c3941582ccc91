// The ratings worker's event cursor against a real PostgreSQL (label "db"): a game whose
// game_finished event commits late, after more than a thousand later events, is still rated, and
// every game is rated exactly once.

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "services/storage/migrations.h"
#include "services/storage/pool.h"
#include "services/storage/ratings_repository.h"
#include "tests/services/pg_support.h"

namespace {

using storage::Id;

// Two accounts and two finished rated two-player games between them; their ids.
std::vector<Id> seed_finished_games(pqxx::connection& c) {
  pqxx::nontransaction tx(c);
  tx.exec(
      "INSERT INTO accounts (username, email, password_hash, scopes) VALUES "
      "('ann', 'ann@example.test', 'x', '{play}'), ('bob', 'bob@example.test', 'x', '{play}')");
  std::vector<Id> games;
  for (const pqxx::row& row : tx.exec(
           "INSERT INTO games (game, players, rated, status, position, server_seed, commitment, "
           "game_seed, last_hash, finished_at) SELECT 'counting', 2, true, 'finished', 'p', "
           "'\\x00', 'c', '\\x00', 'h', now() FROM generate_series(1, 2) RETURNING id"))
    games.push_back(row[0].as<Id>());
  tx.exec(
      "INSERT INTO game_seats (game_id, seat, account_id, slot, placement) SELECT g.id, s, "
      "a.id, s, s + 1 FROM games g, generate_series(0, 1) s JOIN accounts a ON a.username = "
      "CASE WHEN s = 0 THEN 'ann' ELSE 'bob' END");
  return games;
}

// Runs rate_next_game until it has nothing left (at most 100 calls); the games it rated, in order.
std::vector<Id> rate_all(storage::RatingsRepository& ratings) {
  std::vector<Id> rated;
  const auto record = [&](const storage::FinishedGame& g) {
    rated.push_back(g.game_id);
    storage::GameRating rating;  // one rating row: what marks the game as rated
    rating.elo.push_back({g.elo.at(0), 1500});
    return rating;
  };
  for (int i = 0; i < 100 && ratings.rate_next_game(record, "2026-11-25T12:00:00Z"); ++i) {
  }
  return rated;
}

TEST(PgRatingsCursor, AGameFinishedByALateCommitIsRatedExactlyOnce) {
  HEXPOST_REQUIRE_DATABASE();
  testpg::ScratchDatabase db;
  storage::apply_migrations(db.url(), storage::load_migrations(HEXPOST_SOURCE_MIGRATIONS_DIR));
  pqxx::connection setup(db.url());
  const std::vector<Id> games = seed_finished_games(setup);
  storage::ConnectionPool pool(db.url(), 2, std::chrono::milliseconds(2000));
  storage::RatingsRepository ratings(pool);

  // The first game's event is written by a transaction that stays open (a lower id and txid)...
  pqxx::connection late_connection(db.url());
  pqxx::work late(late_connection);
  late.exec("INSERT INTO game_events (game_id, kind) VALUES (" + std::to_string(games[0]) +
            ", 'game_finished')");
  // ...while 1,500 other events and the second game's end commit after it.
  pqxx::nontransaction(setup).exec(
      "INSERT INTO game_events (game_id, kind) SELECT " + std::to_string(games[1]) +
      ", 'draw_offered' FROM generate_series(1, 1500); INSERT INTO game_events (game_id, kind) "
      "VALUES (" +
      std::to_string(games[1]) + ", 'game_finished')");
  EXPECT_EQ(rate_all(ratings), std::vector<Id>{games[1]});

  // Once it commits, the first game is rated too: the cursor had not moved past the open
  // transaction. (The old id cursor with its 1,000-event lookback had passed it for good.)
  late.commit();
  EXPECT_EQ(rate_all(ratings), std::vector<Id>{games[0]});
  EXPECT_EQ(rate_all(ratings), std::vector<Id>{});
}

}  // namespace
