#include "services/storage/clocks_repository.h"

#include <algorithm>
#include <chrono>

#include "lib/clock/clock.h"
#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

using nlohmann::json;

const std::string kWeekendsOff = "coalesce((g.clock->>'weekends_off')::boolean, false)";
const std::string kVacationAllowed = "coalesce((g.clock->>'vacation')::boolean, true)";

// Re-times running seats (to move in active clocked games) matching `where`: the bank becomes
// what is left at `bank_at`, the clock runs again from `from` (NULL: stopped), the deadline, the
// reminder check and the list key follow, and each game's version moves on (so a move decided
// against the old clocks loses its conditional write and decides again). Returns the seats.
int retime(pqxx::transaction_base& tx, const std::string& where, const std::string& bank_at,
           const std::string& from, const std::vector<std::string>& params) {
  const std::string sql =
      "WITH x AS (SELECT s.game_id, s.seat, hx_remaining_s(s.bank_s, s.clock_from, " + bank_at +
      ", a.time_zone, " + kWeekendsOff + ") AS bank, " + from + " AS cfrom, a.time_zone AS tz, " +
      kWeekendsOff +
      " AS wo FROM game_seats s JOIN games g ON g.id = s.game_id JOIN accounts a ON a.id = "
      "s.account_id WHERE g.status = 'active' AND s.list_rank = 0 AND (g.clock->>'type') <> "
      "'none' AND " +
      where +
      "), u AS (UPDATE game_seats gs SET bank_s = x.bank, clock_from = x.cfrom, "
      "deadline = hx_deadline(x.cfrom, x.bank, x.tz, x.wo), next_reminder_at = x.cfrom, "
      "list_key = coalesce(extract(epoch FROM hx_deadline(x.cfrom, x.bank, x.tz, x.wo)), "
      "gs.list_key) FROM x WHERE gs.game_id = x.game_id AND gs.seat = x.seat "
      "RETURNING gs.game_id), v AS (UPDATE games SET version = version + 1 WHERE id IN "
      "(SELECT game_id FROM u) RETURNING id) SELECT (SELECT count(*) FROM u)";
  pqxx::result r;
  switch (params.size()) {
    case 1:
      r = tx.exec_params(sql, params[0]);
      break;
    case 2:
      r = tx.exec_params(sql, params[0], params[1]);
      break;
    default:
      r = tx.exec_params(sql, params[0], params[1], params[2]);
  }
  return r[0][0].as<int>();
}

void add_event(pqxx::transaction_base& tx, const std::string& kind,
               const std::vector<Id>& recipients, const json& payload, const std::string& at) {
  tx.exec_params(
      "WITH e AS (INSERT INTO game_events (kind, recipients, payload, created_at) VALUES ($1, "
      "ARRAY(SELECT jsonb_array_elements_text($2::jsonb)::bigint), $3::jsonb, $4::timestamptz) "
      "RETURNING id) SELECT pg_notify('hexpost_events', id::text) FROM e",
      kind, sql::json_array(recipients), payload.dump(), at);
}

// Days of vacation used in the UTC calendar year of `at` (a running one counted to its end).
const char* kUsedDays =
    "SELECT coalesce(sum(extract(epoch FROM ends_at - started_at)), 0) / 86400 FROM "
    "vacation_periods WHERE account_id = $1 AND started_at >= date_trunc('year', $2::timestamptz "
    "AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'";

VacationState vacation_in(pqxx::transaction_base& tx, Id account_id, const std::string& at) {
  VacationState state;
  const pqxx::row row = tx.exec_params1(
      "SELECT vacation_until > $2::timestamptz, " + sql::ts("vacation_started_at") + ", " +
          sql::ts("vacation_until") + ", (" + kUsedDays + ") FROM accounts WHERE id = $1",
      account_id, at);
  state.on_vacation = !row[0].is_null() && row[0].as<bool>();
  if (state.on_vacation) {
    state.started_at = sql::text(row[1]);
    state.until = sql::text(row[2]);
  }
  state.used_days = row[3].as<double>();
  return state;
}

json vacation_payload(const VacationState& v, double allowance_days, double days) {
  return {{"days", days},
          {"until", v.until},
          {"remaining_days", std::max(0.0, allowance_days - v.used_days)}};
}

}  // namespace

std::vector<Id> ClocksRepository::expired_games(const std::string& at, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    c.prepare("clocks_expired",
              "SELECT game_id FROM (SELECT game_id, deadline FROM game_seats WHERE deadline <= "
              "$1::timestamptz ORDER BY deadline LIMIT $2) x GROUP BY game_id ORDER BY "
              "min(deadline)");
    pqxx::nontransaction tx(c);
    std::vector<Id> ids;
    for (const auto& row : tx.exec_prepared("clocks_expired", at, limit)) {
      ids.push_back(row[0].as<Id>());
    }
    return ids;
  });
}

std::string ClocksRepository::explain_expired(const std::string& at, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    std::string plan;
    for (const auto& row : tx.exec_params(
             "EXPLAIN SELECT game_id FROM (SELECT game_id, deadline FROM game_seats WHERE "
             "deadline <= $1::timestamptz ORDER BY deadline LIMIT $2) x GROUP BY game_id ORDER "
             "BY min(deadline)",
             at, limit)) {
      plan += std::string(row[0].c_str()) + "\n";
    }
    return plan;
  });
}

int ClocksRepository::send_reminders(const std::string& at, const std::vector<double>& fractions,
                                     int limit) {
  static const std::string kSql =
      "WITH due AS (SELECT s.game_id, s.seat, s.account_id, s.bank_s, s.clock_from, "
      "s.turn_budget_s, s.reminder_level, s.deadline, a.time_zone AS tz, " +
      kWeekendsOff +
      " AS wo, g.ply FROM game_seats s JOIN games g ON g.id = s.game_id JOIN accounts a ON a.id "
      "= s.account_id WHERE s.next_reminder_at <= $1::timestamptz ORDER BY s.next_reminder_at "
      "LIMIT $3 FOR UPDATE OF s SKIP LOCKED), "
      "lv AS (SELECT due.*, (SELECT count(*) FROM unnest($2::float8[]) f WHERE due.turn_budget_s "
      "- hx_remaining_s(due.bank_s, due.clock_from, $1::timestamptz, due.tz, due.wo) >= "
      "f * due.turn_budget_s - 1e-6)::int AS reached FROM due), "
      "nx AS (SELECT lv.*, greatest(lv.reached, lv.reminder_level) AS level, "
      "($2::float8[])[greatest(lv.reached, lv.reminder_level) + 1] AS next_f FROM lv), "
      "u AS (UPDATE game_seats gs SET reminder_level = nx.level, next_reminder_at = CASE WHEN "
      "nx.next_f IS NULL OR nx.deadline IS NULL THEN NULL ELSE hx_deadline(nx.clock_from, "
      "nx.bank_s - (1 - nx.next_f) * nx.turn_budget_s, nx.tz, nx.wo) END FROM nx WHERE "
      "gs.game_id = nx.game_id AND gs.seat = nx.seat RETURNING gs.game_id, gs.seat, nx.reached, "
      "nx.reminder_level AS old_level, nx.account_id, nx.ply, nx.deadline), "
      "e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) "
      "SELECT game_id, 'reminder', ply, ARRAY[account_id], jsonb_build_object('game_id', "
      "game_id::text, 'seat', seat, 'ply', ply, 'fraction', ($2::float8[])[reached], "
      "'deadline', " +
      sql::ts("deadline") +
      "), $1::timestamptz FROM u WHERE reached > old_level RETURNING id) "
      "SELECT count(pg_notify('hexpost_events', id::text)) FROM e";
  std::string array = "{";
  for (std::size_t i = 0; i < fractions.size(); ++i) {
    array += (i ? "," : "") + std::to_string(fractions[i]);
  }
  array += "}";
  return pool_.run([&](pqxx::connection& c) {
    c.prepare("clocks_reminders", kSql);
    pqxx::nontransaction tx(c);
    return tx.exec_prepared("clocks_reminders", at, array, limit)[0][0].as<int>();
  });
}

std::vector<Id> ClocksRepository::dead_games(const std::string& cutoff, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    std::vector<Id> ids;
    for (const auto& row : tx.exec_params(
             "SELECT id FROM games WHERE status = 'active' AND (clock ->> 'type') = 'none' AND "
             "updated_at <= $1::timestamptz ORDER BY updated_at LIMIT $2",
             cutoff, limit)) {
      ids.push_back(row[0].as<Id>());
    }
    return ids;
  });
}

int ClocksRepository::report_ended_vacations(const std::string& at, int limit) {
  static const std::string kSql =
      "WITH v AS (UPDATE vacation_periods SET end_reported = true WHERE id IN (SELECT id FROM "
      "vacation_periods WHERE NOT end_reported AND ends_at <= $1::timestamptz ORDER BY ends_at "
      "LIMIT $2 FOR UPDATE SKIP LOCKED) AND NOT end_reported RETURNING account_id, started_at, "
      "ends_at), e AS (INSERT INTO game_events (kind, recipients, payload, created_at) SELECT "
      "'vacation_ended', ARRAY[account_id], jsonb_build_object('days', round((extract(epoch FROM "
      "ends_at - started_at) / 86400)::numeric, 2), 'until', " +
      sql::ts("ends_at") +
      "), $1::timestamptz FROM v RETURNING id) "
      "SELECT count(pg_notify('hexpost_events', id::text)) FROM e";
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return tx.exec_params(kSql, at, limit)[0][0].as<int>();
  });
}

VacationState ClocksRepository::vacation(Id account_id, const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return vacation_in(tx, account_id, at);
  });
}

VacationChange ClocksRepository::start_vacation(Id account_id, const std::string& at, int days,
                                                double allowance_days) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE", account_id);
    VacationState before = vacation_in(tx, account_id, at);
    if (before.on_vacation) return VacationChange::kAlreadyOnVacation;
    const double left = allowance_days - before.used_days;
    const double length = days > 0 ? days : left;
    if (length <= 0 || length > left + 1e-9) return VacationChange::kNoAllowance;
    tx.exec_params(
        "WITH p AS (INSERT INTO vacation_periods (account_id, started_at, ends_at) VALUES ($1, "
        "$2::timestamptz, $2::timestamptz + make_interval(secs => $3)) RETURNING ends_at) "
        "UPDATE accounts SET vacation_started_at = $2::timestamptz, vacation_until = "
        "(SELECT ends_at FROM p) WHERE id = $1",
        account_id, at, length * 86400);
    const VacationState after = vacation_in(tx, account_id, at);
    retime(tx, "s.account_id = $3 AND s.clock_from IS NOT NULL AND " + kVacationAllowed,
           "$1::timestamptz", "greatest(s.clock_from, $2::timestamptz)",
           {at, after.until, std::to_string(account_id)});
    add_event(tx, "vacation_started", {account_id}, vacation_payload(after, allowance_days, length),
              at);
    tx.commit();
    return VacationChange::kDone;
  });
}

VacationChange ClocksRepository::stop_vacation(Id account_id, const std::string& at,
                                               double allowance_days) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE", account_id);
    const VacationState before = vacation_in(tx, account_id, at);
    if (!before.on_vacation) return VacationChange::kNotOnVacation;
    tx.exec_params(
        "WITH p AS (UPDATE vacation_periods SET ends_at = $2::timestamptz, end_reported = true "
        "WHERE account_id = $1 AND ends_at > $2::timestamptz RETURNING 1) "
        "UPDATE accounts SET vacation_until = $2::timestamptz WHERE id = $1",
        account_id, at);
    retime(tx, "s.account_id = $2 AND s.clock_from > $1::timestamptz AND " + kVacationAllowed,
           "$1::timestamptz", "$1::timestamptz", {at, std::to_string(account_id)});
    VacationState after = vacation_in(tx, account_id, at);
    after.until = at;
    const double days =
        (hxclock::parse_rfc3339(at).value() - hxclock::parse_rfc3339(before.started_at).value()) /
        std::chrono::duration<double>(86400.0);
    add_event(tx, "vacation_ended", {account_id}, vacation_payload(after, allowance_days, days),
              at);
    tx.commit();
    return VacationChange::kDone;
  });
}

bool ClocksRepository::set_time_zone(Id account_id, const std::string& zone,
                                     const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    if (tx.exec_params("SELECT 1 FROM pg_timezone_names WHERE name = $1", zone).empty()) {
      return false;
    }
    // Running clocks: what is left is counted up to now in the old zone, then the deadline is
    // laid out again in the new one.
    retime(tx, "s.account_id = $2 AND s.clock_from IS NOT NULL", "$1::timestamptz",
           "greatest(s.clock_from, $1::timestamptz)", {at, std::to_string(account_id)});
    tx.exec_params("UPDATE accounts SET time_zone = $2 WHERE id = $1", account_id, zone);
    tx.exec_params(
        "UPDATE game_seats s SET deadline = hx_deadline(s.clock_from, s.bank_s, a.time_zone, " +
            kWeekendsOff +
            "), list_key = extract(epoch FROM hx_deadline(s.clock_from, s.bank_s, "
            "a.time_zone, " +
            kWeekendsOff +
            ")) FROM games g, accounts a WHERE g.id = s.game_id "
            "AND a.id = s.account_id AND s.account_id = $1 AND s.deadline IS NOT NULL",
        account_id);
    tx.commit();
    return true;
  });
}

std::string ClocksRepository::time_zone(Id account_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const auto r = tx.exec_params("SELECT time_zone FROM accounts WHERE id = $1", account_id);
    return r.empty() ? std::string("UTC") : std::string(r[0][0].c_str());
  });
}

bool ClocksRepository::set_paused(bool paused, const std::string& at, const std::string& by) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const auto changed = tx.exec_params(
        "UPDATE clock_control SET paused_at = CASE WHEN $1 THEN $2::timestamptz END WHERE "
        "(paused_at IS NOT NULL) <> $1",
        paused, at);
    if (changed.affected_rows() == 0) return false;
    if (paused) {
      retime(tx, "s.clock_from IS NOT NULL", "$1::timestamptz", "NULL::timestamptz", {at});
    } else {
      retime(
          tx, "s.clock_from IS NULL", "$1::timestamptz",
          "greatest($1::timestamptz, CASE WHEN " + kVacationAllowed + " THEN a.vacation_until END)",
          {at});
    }
    add_event(tx, paused ? "clocks_paused" : "clocks_resumed", {}, {{"by", by}, {"at", at}}, at);
    tx.commit();
    return true;
  });
}

bool ClocksRepository::paused() {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return tx.exec("SELECT paused_at IS NOT NULL FROM clock_control")[0][0].as<bool>();
  });
}

std::optional<OutageRecord> ClocksRepository::check_outage(const std::string& instance_id,
                                                           const std::string& at,
                                                           double threshold_s) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<OutageRecord> {
    pqxx::work tx(c);
    tx.exec("SELECT pg_advisory_xact_lock(8008)");  // 8008: the outage check, any instance
    const pqxx::row last = tx.exec_params1(
        "SELECT " + sql::ts("max(last_beat)") +
            ", extract(epoch FROM $1::timestamptz - max(last_beat)) FROM service_instances",
        at);
    std::optional<OutageRecord> outage;
    if (!last[1].is_null() && last[1].as<double>() > threshold_s) {
      OutageRecord o{last[0].c_str(), at, last[1].as<double>(), 0};
      o.seats = retime(tx, "s.clock_from IS NOT NULL", "$2::timestamptz",
                       "greatest(s.clock_from, $1::timestamptz)", {at, o.from});
      add_event(tx, "outage", {},
                {{"from", o.from}, {"to", o.to}, {"extended_by_s", o.extended_by_s}}, at);
      outage = o;
    }
    tx.exec_params(
        "INSERT INTO service_instances (instance_id, started_at, last_beat) VALUES ($1, "
        "$2::timestamptz, $2::timestamptz) ON CONFLICT (instance_id) DO UPDATE SET started_at "
        "= $2::timestamptz, last_beat = $2::timestamptz",
        instance_id, at);
    tx.commit();
    return outage;
  });
}

}  // namespace storage
