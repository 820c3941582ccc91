#include "services/storage/conditionals_repository.h"

#include <nlohmann/json.hpp>

#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

using nlohmann::json;

const std::string kColumns =
    "game_id, account_id, seat, base_ply, lines::text, " + sql::ts("stored_at");

ConditionalLines lines_from(const pqxx::row& row) {
  ConditionalLines c;
  c.game_id = row[0].as<Id>();
  c.account_id = row[1].as<Id>();
  c.seat = row[2].as<int>();
  c.base_ply = row[3].as<int>();
  c.lines = json::parse(row[4].c_str()).get<std::vector<domain::Line>>();
  c.stored_at = sql::text(row[5]);
  return c;
}

std::vector<ConditionalLines> all_lines(const pqxx::result& r) {
  std::vector<ConditionalLines> out;
  for (const auto& row : r) out.push_back(lines_from(row));
  return out;
}

// The game row is updated (and so locked: a move's UPDATE waits for this statement's commit and
// then returns the flag it set) when still active at ply $2; the lines replace the row of
// ($1, $3), and empty lines delete it.
const char* kStoreSql =
    "WITH g AS (UPDATE games SET has_conditionals = true WHERE id = $1 AND ply = $2 "
    "AND status = 'active' RETURNING id), "
    "d AS (DELETE FROM conditional_lines WHERE game_id = $1 AND account_id = $3 "
    "AND jsonb_array_length($5::jsonb) = 0 AND EXISTS (SELECT 1 FROM g)), "
    "i AS (INSERT INTO conditional_lines (game_id, account_id, seat, base_ply, lines, stored_at) "
    "SELECT $1, $3, $4, $2, $5::jsonb, $6::timestamptz FROM g WHERE jsonb_array_length($5::jsonb) "
    "> 0 "
    "ON CONFLICT (game_id, account_id) DO UPDATE SET seat = excluded.seat, "
    "base_ply = excluded.base_ply, lines = excluded.lines, stored_at = excluded.stored_at), "
    "h AS (INSERT INTO conditional_history (game_id, account_id, seat, base_ply, lines, "
    "stored_at) SELECT $1, $3, $4, $2, $5::jsonb, $6::timestamptz FROM g "
    "WHERE jsonb_array_length($5::jsonb) > 0) "
    "SELECT count(*) FROM g";

}  // namespace

bool ConditionalsRepository::store(const ConditionalLines& c) {
  return pool_.run([&](pqxx::connection& conn) {
    pqxx::work tx(conn);
    const bool stored = tx.exec_params1(kStoreSql, c.game_id, c.base_ply, c.account_id, c.seat,
                                        json(c.lines).dump(), c.stored_at)[0]
                            .as<int>() == 1;
    tx.commit();
    return stored;
  });
}

void ConditionalsRepository::clear(Id game_id, Id account_id) {
  pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    tx.exec_params("DELETE FROM conditional_lines WHERE game_id = $1 AND account_id = $2", game_id,
                   account_id);
  });
}

std::optional<ConditionalLines> ConditionalsRepository::find(Id game_id, Id account_id) {
  return pool_.run([&](pqxx::connection& conn) -> std::optional<ConditionalLines> {
    pqxx::nontransaction tx(conn);
    const pqxx::result r = tx.exec_params("SELECT " + kColumns +
                                              " FROM conditional_lines WHERE game_id = $1 AND "
                                              "account_id = $2",
                                          game_id, account_id);
    if (r.empty()) return std::nullopt;
    return lines_from(r[0]);
  });
}

std::vector<ConditionalLines> ConditionalsRepository::of_game(Id game_id) {
  return pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    return all_lines(tx.exec_params(
        "SELECT " + kColumns + " FROM conditional_lines WHERE game_id = $1 ORDER BY seat",
        game_id));
  });
}

bool ConditionalsRepository::advance(Id game_id, Id account_id, int from_ply, int to_ply,
                                     const std::vector<domain::Line>& lines) {
  return pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    if (lines.empty()) {
      return !tx.exec_params(
                    "DELETE FROM conditional_lines WHERE game_id = $1 AND account_id = "
                    "$2 AND base_ply = $3 RETURNING 1",
                    game_id, account_id, from_ply)
                  .empty();
    }
    return !tx.exec_params(
                  "UPDATE conditional_lines SET base_ply = $4, lines = $5::jsonb "
                  "WHERE game_id = $1 AND account_id = $2 AND base_ply = $3 RETURNING 1",
                  game_id, account_id, from_ply, to_ply, json(lines).dump())
                .empty();
  });
}

void ConditionalsRepository::clear_game(Id game_id) {
  pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    tx.exec_params("DELETE FROM conditional_lines WHERE game_id = $1", game_id);
  });
}

void ConditionalsRepository::settle_flag(Id game_id) {
  pool_.run([&](pqxx::connection& conn) {
    pqxx::work tx(conn);
    // Read committed: the second statement's snapshot is taken after the lock is held, so it
    // sees every row a store committed before it.
    tx.exec_params("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id);
    tx.exec_params(
        "UPDATE games SET has_conditionals = false WHERE id = $1 AND has_conditionals AND NOT "
        "EXISTS (SELECT 1 FROM conditional_lines WHERE game_id = $1)",
        game_id);
    tx.commit();
  });
}

std::vector<Id> ConditionalsRepository::pending_games(int limit) {
  return pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    std::vector<Id> ids;
    for (const auto& row : tx.exec_params(
             "SELECT g.id FROM games g WHERE g.has_conditionals AND (g.status <> 'active' OR "
             "EXISTS (SELECT 1 FROM conditional_lines c WHERE c.game_id = g.id AND "
             "(c.base_ply < g.ply OR c.seat = ANY(g.to_move))) OR NOT EXISTS (SELECT 1 FROM "
             "conditional_lines c WHERE c.game_id = g.id)) ORDER BY g.id LIMIT $1",
             limit)) {
      ids.push_back(row[0].as<Id>());
    }
    return ids;
  });
}

void ConditionalsRepository::suppress_turn_mail(Id game_id, Id account_id, int ply) {
  pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    // Both branches are covered by the outbox's partial indexes (queued rows by the due index,
    // held rows by account).
    tx.exec_params(
        "UPDATE mail_outbox SET status = 'suppressed' WHERE kind = 'your_turn' AND game_id = $1 "
        "AND account_id = $2 AND ply = $3 AND (status = 'queued' OR (status = 'held' AND "
        "account_id = $2))",
        game_id, account_id, ply);
  });
}

std::vector<ConditionalLines> ConditionalsRepository::history(Id game_id) {
  return pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    return all_lines(tx.exec_params(
        "SELECT " + kColumns + " FROM conditional_history WHERE game_id = $1 ORDER BY id",
        game_id));
  });
}

}  // namespace storage
