// Moves of different games posted while a write is under way share one statement
// (play::WriteCombiner): each still gets its own answer, and one refused write does not take
// the others down with it.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <pqxx/pqxx>
#include <thread>

#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

struct PlayedGame {
  std::string id;
  Account mover;
  std::string opponent;  // username
};

// A counting game between `mover` (to move) and new accounts: games are started until `mover`
// has the first turn.
PlayedGame game_where_to_move(Client& client, const Account& mover) {
  for (int attempt = 0; attempt < 40; ++attempt) {
    const Account opponent = make_account(client, "bto");
    const std::vector<Account> players = {mover, opponent};
    const std::string id = start_game(client, players, "counting", {{"target", 1000}});
    if (to_move(client.get("/v1/games/" + id, mover.token).body, players).username ==
        mover.username) {
      return {id, mover, opponent.username};
    }
  }
  ADD_FAILURE() << "no game with " << mover.username << " to move";
  return {};
}

// `count` games, each with a new account to move.
std::vector<PlayedGame> games_with_new_movers(Client& client, int count) {
  std::vector<PlayedGame> games;
  for (int i = 0; i < count; ++i)
    games.push_back(game_where_to_move(client, make_account(client, "bt")));
  return games;
}

// Holds row locks of games in one transaction, so that a write of those games waits in
// PostgreSQL and the writes posted meanwhile gather in the combiner's queue.
class RowLock {
 public:
  RowLock() : connection_(database_url()), tx_(connection_) {
    // Slower to detect a deadlock than the service (1 s): when one forms, the service's
    // statement is the one PostgreSQL cancels.
    tx_.exec("SET LOCAL deadlock_timeout = '20s'");
  }
  void lock(const std::string& game_id) {
    tx_.exec_params("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", std::stoll(game_id));
  }
  void lock_seats(const std::string& game_id) {
    tx_.exec_params("SELECT 1 FROM game_seats WHERE game_id = $1 FOR UPDATE", std::stoll(game_id));
  }
  std::string xid() { return tx_.exec1("SELECT pg_current_xact_id()::text")[0].c_str(); }
  void release() { tx_.commit(); }

 private:
  pqxx::connection connection_;
  pqxx::work tx_;
};

// Waits up to 10 s until some statement of the service waits for a row lock (held by the
// transaction `xid`, when given).
bool a_write_waits_for_a_lock(const std::string& xid = "") {
  pqxx::connection c(database_url());
  for (int i = 0; i < 1000; ++i) {
    pqxx::nontransaction tx(c);
    if (tx.exec_params("SELECT 1 FROM pg_stat_activity a WHERE wait_event_type = 'Lock' AND "
                       "query LIKE '%jsonb_to_recordset%' AND ($1 = '' OR EXISTS (SELECT 1 "
                       "FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted AND "
                       "l.transactionid::text = $1))",
                       xid)
            .size() == 1) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

long long distinct_move_transactions(const std::vector<std::string>& game_ids) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  return tx
      .exec_params1(
          "SELECT count(DISTINCT txid) FROM game_events WHERE kind = 'move' AND "
          "game_id IN (SELECT jsonb_array_elements_text($1::jsonb)::bigint)",
          json(game_ids).dump())[0]
      .as<long long>();
}

Reply post_move(int port, const PlayedGame& game, const std::string& key = "") {
  Client client(port);
  httplib::Headers headers;
  if (!key.empty()) headers.emplace("Idempotency-Key", key);
  return client.post("/v1/games/" + game.id + "/moves", {{"move", "1"}, {"ply", 0}},
                     game.mover.token, headers);
}

// Posts the first game's move and waits until it is blocked on `lock`, then posts the others,
// gives them time to queue behind it, releases the lock and runs `meanwhile`. Replies in the
// games' order.
std::vector<Reply> post_behind_a_held_lock(
    int port, const std::vector<PlayedGame>& games, const std::vector<std::string>& keys,
    const std::function<void()>& meanwhile = [] {}) {
  RowLock lock;
  lock.lock(games[0].id);
  std::vector<Reply> replies(games.size());
  std::vector<std::thread> threads;
  threads.emplace_back([&] { replies[0] = post_move(port, games[0], keys[0]); });
  EXPECT_TRUE(a_write_waits_for_a_lock());
  for (std::size_t i = 1; i < games.size(); ++i) {
    threads.emplace_back([&, i] { replies[i] = post_move(port, games[i], keys[i]); });
  }
  std::this_thread::sleep_for(std::chrono::seconds(1));
  lock.release();
  meanwhile();
  for (auto& t : threads) t.join();
  return replies;
}

TEST(Batching, MovesPostedMeanwhileShareOneTransactionAndEachGetsItsOwnAnswer) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client setup(server.port());
  const std::vector<PlayedGame> games = games_with_new_movers(setup, 6);
  const std::vector<Reply> replies =
      post_behind_a_held_lock(server.port(), games, std::vector<std::string>(games.size()));
  std::vector<std::string> queued_ids;
  for (std::size_t i = 0; i < games.size(); ++i) {
    ASSERT_EQ(replies[i].status, 201) << replies[i].text;
    EXPECT_EQ(replies[i].body.at("game").at("id"), games[i].id);
    EXPECT_EQ(replies[i].body.at("game").at("ply"), 1);
    EXPECT_EQ(replies[i].body.at("game").at("to_move").at(0), games[i].opponent);
    if (i > 0) queued_ids.push_back(games[i].id);
  }
  EXPECT_EQ(distinct_move_transactions(queued_ids), 1);
  EXPECT_EQ(distinct_move_transactions({games[0].id, games[1].id}), 2);
}

// Two moves of one account in two games with one Idempotency-Key, in one batch: the key's row
// can only be stored once, so the batch statement fails as a whole; each write is then tried
// alone. One of the two moves and the third game's move are stored; the other gets 422.
TEST(Batching, AWriteRefusedInsideABatchLeavesTheOthersStored) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client setup(server.port());
  const Account twice = make_account(setup, "bk");
  const std::vector<PlayedGame> games = {
      game_where_to_move(setup, make_account(setup, "bk")), game_where_to_move(setup, twice),
      game_where_to_move(setup, twice), game_where_to_move(setup, make_account(setup, "bk"))};
  const std::vector<Reply> replies =
      post_behind_a_held_lock(server.port(), games, {"", "same-key", "same-key", ""});
  EXPECT_EQ(replies[0].status, 201) << replies[0].text;
  EXPECT_EQ(replies[3].status, 201) << replies[3].text;
  const bool first_won = replies[1].status == 201;
  const Reply& lost = replies[first_won ? 2 : 1];
  EXPECT_EQ(replies[first_won ? 1 : 2].status, 201);
  EXPECT_EQ(lost.status, 422) << lost.text;
  EXPECT_EQ(lost.body.value("code", ""), "idempotency_key_reused");
  const PlayedGame& unchanged = games[first_won ? 2 : 1];
  EXPECT_EQ(setup.get("/v1/games/" + unchanged.id, twice.token).body.at("ply"), 0);
}

// A batch of two games that deadlocks with another transaction: that one holds the seat rows of
// game 2 and then asks for the row of game 1, which the batch has updated and holds while it
// waits for those seats. PostgreSQL cancels the batch statement, nothing of it is stored, and
// both writes are then stored one by one.
TEST(Batching, ABatchCancelledByADeadlockIsStoredWriteByWrite) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client setup(server.port());
  const std::vector<PlayedGame> games = games_with_new_movers(setup, 3);
  RowLock other;
  other.lock_seats(games[2].id);
  const std::vector<Reply> replies =
      post_behind_a_held_lock(server.port(), games, {"", "", ""}, [&] {
        EXPECT_TRUE(a_write_waits_for_a_lock(other.xid()));  // the batch {1, 2} at game 2's seats
        other.lock(games[1].id);  // the deadlock: returns once PostgreSQL cancelled the batch
        other.release();
      });
  for (const Reply& r : replies) EXPECT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(distinct_move_transactions({games[1].id, games[2].id}), 2);
}

}  // namespace
