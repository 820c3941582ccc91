#include "services/storage/ratings_repository.h"

#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {
namespace {

const std::string kRatingColumns =
    "r.game, r.system, r.account_id, a.username, r.rating, r.deviation, r.volatility, r.games, "
    "r.reached_2400, r.period";

// A rating from kRatingColumns starting at column `o`.
RatingRecord rating_from(const pqxx::row& row, int o = 0) {
  RatingRecord r;
  r.game = row[o].c_str();
  r.system = row[o + 1].c_str();
  r.account_id = row[o + 2].as<Id>();
  r.username = row[o + 3].c_str();
  r.rating = row[o + 4].as<double>();
  if (!row[o + 5].is_null()) r.deviation = row[o + 5].as<double>();
  if (!row[o + 6].is_null()) r.volatility = row[o + 6].as<double>();
  r.games = row[o + 7].as<int>();
  r.reached_2400 = row[o + 8].as<bool>();
  if (!row[o + 9].is_null()) r.period = row[o + 9].as<std::int64_t>();
  return r;
}

std::string opt(const std::optional<double>& v) { return v ? std::to_string(*v) : ""; }

void store_change(pqxx::transaction_base& tx, const RatingChange& c, std::optional<Id> game_id,
                  const std::string& at) {
  const RatingRecord& r = c.after;
  tx.exec_params(
      "INSERT INTO ratings (game, system, account_id, rating, deviation, volatility, games, "
      "reached_2400, period, updated_at) VALUES ($1, $2, $3, $4, NULLIF($5, '')::float8, "
      "NULLIF($6, '')::float8, $7, $8, NULLIF($9, '')::bigint, $10::timestamptz) ON CONFLICT "
      "(game, system, account_id) DO UPDATE SET rating = excluded.rating, deviation = "
      "excluded.deviation, volatility = excluded.volatility, games = excluded.games, "
      "reached_2400 = excluded.reached_2400, period = excluded.period, updated_at = "
      "excluded.updated_at",
      r.game, r.system, r.account_id, r.rating, opt(r.deviation), opt(r.volatility), r.games,
      r.reached_2400, r.period ? std::to_string(*r.period) : std::string(), at);
  tx.exec_params(
      "INSERT INTO rating_changes (game_id, game, system, account_id, rating_before, "
      "rating_after, deviation_after, period, created_at) VALUES (NULLIF($1, '')::bigint, $2, "
      "$3, $4, $5, $6, NULLIF($7, '')::float8, NULLIF($8, '')::bigint, $9::timestamptz)",
      game_id ? std::to_string(*game_id) : std::string(), r.game, r.system, r.account_id, c.before,
      r.rating, opt(r.deviation), r.period ? std::to_string(*r.period) : std::string(), at);
}

std::optional<FinishedGame> load_finished(pqxx::transaction_base& tx, Id game_id) {
  const pqxx::result g = tx.exec_params(
      "SELECT game, " + sql::ts("finished_at") +
          " FROM games WHERE id = $1 AND rated AND status = 'finished' AND NOT EXISTS (SELECT 1 "
          "FROM rating_changes WHERE game_id = $1)",
      game_id);
  if (g.empty()) return std::nullopt;
  FinishedGame f{game_id, g[0][0].c_str(), g[0][1].c_str(), {}, {}, {}};
  for (const auto& row : tx.exec_params(
           // A seat handed over to a replacement is rated for the player who left it, with
           // the placement of a resignation at the handover; the replacement is not rated.
           "WITH s AS (SELECT gs.seat, coalesce(h.leaver_id, gs.account_id) AS account_id, "
           "coalesce(h.leaver_placement, gs.placement) AS placement FROM game_seats gs LEFT JOIN "
           "LATERAL (SELECT l.leaver_id, l.leaver_placement FROM seat_leave_requests l WHERE "
           "l.game_id = gs.game_id AND l.seat = gs.seat AND l.status = 'handed_over' ORDER BY "
           "l.id LIMIT 1) h ON true WHERE gs.game_id = $1) "
           "SELECT s.account_id, coalesce(s.placement, 0), r.game, r.system, r.account_id, "
           "a.username, r.rating, r.deviation, r.volatility, r.games, r.reached_2400, r.period"
           " FROM s JOIN accounts a ON a.id = s.account_id LEFT JOIN ratings r ON "
           "r.game = $2 AND r.system = 'elo' AND r.account_id = s.account_id ORDER BY s.seat",
           game_id, f.game)) {
    f.seats.push_back(row[0].as<Id>());
    f.placements.push_back(row[1].as<int>());
    const bool rated_before = !row[2].is_null();
    f.elo.push_back(
        rated_before
            ? rating_from(row, 2)
            : RatingRecord{
                  f.game, "elo", f.seats.back(), row[5].c_str(), 1500, {}, {}, 0, false, {}});
  }
  return f;
}

void queue_period_results(pqxx::transaction_base& tx, const FinishedGame& f, const GameRating& g) {
  for (const auto& p : g.period_results)
    tx.exec_params(
        "INSERT INTO rating_period_results (game, period, game_id, account_id, opponent_id, "
        "score) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
        f.game, g.period, f.game_id, p.account_id, p.opponent_id, p.score);
  for (Id account : f.seats)  // Glicko-2 rows appear (provisional) with the first game
    tx.exec_params(
        "INSERT INTO ratings (game, system, account_id, rating, deviation, volatility, games, "
        "updated_at) VALUES ($1, 'glicko2', $2, 1500, 350, 0.06, 1, now()) ON CONFLICT (game, "
        "system, account_id) DO UPDATE SET games = ratings.games + 1",
        f.game, account);
}

std::vector<RatingChangeRecord> changes_from(const pqxx::result& result) {
  std::vector<RatingChangeRecord> out;
  for (const auto& row : result) {
    RatingChangeRecord c;
    if (!row[0].is_null()) c.game_id = row[0].as<Id>();
    c.game = row[1].c_str();
    c.system = row[2].c_str();
    c.username = row[3].c_str();
    c.before = row[4].as<double>();
    c.after = row[5].as<double>();
    if (!row[6].is_null()) c.deviation_after = row[6].as<double>();
    if (!row[7].is_null()) c.period = row[7].as<std::int64_t>();
    c.at = row[8].c_str();
    out.push_back(c);
  }
  return out;
}

const std::string kChangeSelect =
    "SELECT c.game_id, c.game, c.system, a.username, c.rating_before, c.rating_after, "
    "c.deviation_after, c.period, " +
    sql::ts("c.created_at") + " FROM rating_changes c JOIN accounts a ON a.id = c.account_id ";

// The first unrated finished game after the cursor (its event's position, game and whether its
// transaction has ended) and the committed frontier, in ONE statement, so that both come from
// one snapshot. Computed in two statements (READ COMMITTED: two snapshots), an event whose
// transaction committed in between was missed by the first and skipped by the frontier of the
// second: the game was never rated (seen with another database's transaction holding xmin back).
const std::string kNextAndFrontier =
    std::string("WITH n AS (SELECT e.txid, e.id, e.game_id, ") + sql::kEventCommitted +
    " AS ended FROM game_events e JOIN games g ON g.id = e.game_id WHERE (e.txid, e.id) > "
    "($1::xid8, $2::bigint) AND e.kind = 'game_finished' AND g.rated AND g.status = 'finished' "
    "AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = e.game_id) ORDER BY "
    "e.txid, e.id LIMIT 1), f AS (" +
    sql::kCommittedFrontier +
    ") SELECT n.txid::text, n.id, n.game_id, n.ended, f.txid::text, f.id FROM (SELECT 1) one "
    "LEFT JOIN n ON true LEFT JOIN f ON true";

void move_cursor(pqxx::work& tx, const pqxx::field& txid, const pqxx::field& id) {
  tx.exec_params(
      "UPDATE event_cursors SET last_txid = $1::xid8, last_event_id = $2 WHERE name = "
      "'ratings' AND ($1::xid8, $2::bigint) > (last_txid, last_event_id)",
      txid.c_str(), id.as<Id>());
}

}  // namespace

bool RatingsRepository::rate_next_game(const GameRater& rate, const std::string& at) {
  // The cursor is a (txid, id) position below which every event has been seen: it only moves
  // over events of transactions that have ended (sql::kEventCommitted), so an event that commits
  // late is still ahead of it when it becomes visible. Games are rated as soon as their event is
  // visible, also above that point; no rating_changes row yet is the condition that stops a
  // game being rated twice.
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::row cursor = tx.exec1(
        "SELECT last_txid::text, last_event_id FROM event_cursors WHERE name = 'ratings' FOR "
        "UPDATE");
    const pqxx::row next = tx.exec_params1(kNextAndFrontier, cursor[0].c_str(), cursor[1].as<Id>());
    const bool found = !next[0].is_null();
    if (found) {
      if (auto finished = load_finished(tx, next[2].as<Id>())) {
        const GameRating rating = rate(*finished);
        for (const auto& change : rating.elo) store_change(tx, change, finished->game_id, at);
        queue_period_results(tx, *finished, rating);
      }
      // Past the game only once its transaction has ended; otherwise the cursor stays.
      if (next[3].as<bool>()) move_cursor(tx, next[0], next[1]);
    } else if (!next[4].is_null()) {
      // No unrated game up to what has ended, in the same snapshot: move up to it.
      move_cursor(tx, next[4], next[5]);
    }
    tx.commit();
    return found;
  });
}

namespace {

// The queued results of one period of a pool not yet applied, and the Glicko-2 rows of
// everyone with results in it.
OpenPeriod load_open_period(pqxx::transaction_base& tx, const std::string& game,
                            std::int64_t period) {
  OpenPeriod p{game, period, {}, {}};
  for (const auto& row : tx.exec_params(
           "SELECT account_id, opponent_id, score FROM rating_period_results WHERE game = $1 "
           "AND period = $2 AND NOT applied ORDER BY account_id, game_id, opponent_id",
           p.game, p.period))
    p.results.push_back({row[0].as<Id>(), row[1].as<Id>(), row[2].as<double>()});
  for (const auto& row : tx.exec_params(
           "SELECT " + kRatingColumns +
               " FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.game = $1 AND "
               "r.system = 'glicko2' AND r.account_id IN (SELECT account_id FROM "
               "rating_period_results WHERE game = $1 AND period = $2)",
           p.game, p.period))
    p.current[row[2].as<Id>()] = rating_from(row);
  return p;
}

}  // namespace

std::vector<OpenPeriod> RatingsRepository::open_periods(const std::string& game) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<OpenPeriod> out;
    for (const auto& row : tx.exec_params(
             "SELECT DISTINCT period FROM rating_period_results WHERE game = $1 AND NOT applied "
             "ORDER BY period",
             game))
      out.push_back(load_open_period(tx, game, row[0].as<std::int64_t>()));
    return out;
  });
}

bool RatingsRepository::close_next_period(std::int64_t before_period, const PeriodRater& rate,
                                          const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec("SELECT 1 FROM event_cursors WHERE name = 'ratings' FOR UPDATE");
    const pqxx::result open = tx.exec_params(
        "SELECT game, period FROM rating_period_results WHERE NOT applied AND period < $1 "
        "ORDER BY period, game LIMIT 1",
        before_period);
    if (open.empty()) return false;
    const OpenPeriod p = load_open_period(tx, open[0][0].c_str(), open[0][1].as<std::int64_t>());
    for (const auto& change : rate(p)) store_change(tx, change, std::nullopt, at);
    tx.exec_params(
        "UPDATE rating_period_results SET applied = true WHERE game = $1 AND period = $2", p.game,
        p.period);
    tx.commit();
    return true;
  });
}

std::vector<RatingRecord> RatingsRepository::leaderboard(const std::string& game,
                                                         const std::string& system, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<RatingRecord> out;
    for (const auto& row : tx.exec_params(
             "SELECT " + kRatingColumns +
                 " FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE r.game = $1 AND "
                 "r.system = $2 ORDER BY r.rating DESC, a.username LIMIT $3",
             game, system, limit))
      out.push_back(rating_from(row));
    return out;
  });
}

std::vector<RatingRecord> RatingsRepository::ratings_of(const std::string& game, Id account_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<RatingRecord> out;
    for (const auto& row :
         tx.exec_params("SELECT " + kRatingColumns +
                            " FROM ratings r JOIN accounts a ON a.id = r.account_id WHERE "
                            "r.game = $1 AND r.account_id = $2 ORDER BY r.system",
                        game, account_id))
      out.push_back(rating_from(row));
    return out;
  });
}

std::vector<RatingChangeRecord> RatingsRepository::history(const std::string& game, Id account_id,
                                                           int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return changes_from(tx.exec_params(
        kChangeSelect + "WHERE c.game = $1 AND c.account_id = $2 ORDER BY c.id DESC LIMIT $3", game,
        account_id, limit));
  });
}

std::vector<RatingChangeRecord> RatingsRepository::changes_for_game(Id game_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return changes_from(
        tx.exec_params(kChangeSelect + "WHERE c.game_id = $1 ORDER BY c.system, c.id", game_id));
  });
}

}  // namespace storage
