#pragma once
// The figures a load run is compared with, measured by pgbench on the service's own database in
// the same run: PostgreSQL's durable single-INSERT rate and the SQL floor of a move.

#include <string>

namespace loadtest {

// PostgreSQL's own durable single-INSERT rate (one autocommit INSERT per transaction) at
// `clients`: the baseline every figure is compared with. 0 when pgbench failed.
double insert_tps(const std::string& url, int clients, double seconds);

// The SQL floor's own games: kCount games, each between two accounts of its own, so that the
// floor's clients rarely meet on a row (a game's or an account's, which its move's foreign keys
// lock), and 'aborted', so that no list counts them.
struct FloorGames {
  static constexpr int kCount = 4000;
  long first = 0;
  long last = 0;
};
FloorGames make_floor_games(const std::string& url);

// The SQL floor of a move: the rows one move writes in the service's tables (the game row, a
// move row, both seat rows, the move event, its "your turn" outbox row and an idempotency row)
// in one statement and one commit, for `moves_per_statement` games at once, with none of the
// service's reading, validation, clock arithmetic or HTTP, and with pgbench, not the service
// and the driver, on the machine's cores. Returns moves/s (transactions/s times the moves per
// statement), on `games`, with generic plans as the service's prepared statements have: 0 when
// pgbench failed.
double move_floor_moves_per_s(const std::string& url, const FloorGames& games, int clients,
                              double seconds, int moves_per_statement);

// Seeds 100,000 finished and 10,000 active games over 1,000 synthetic accounts (plus one that
// plays 1,100 of them) straight into the tables; returns that account's username.
std::string seed_me_games(const std::string& url);

}  // namespace loadtest
