#include "services/storage/seats_repository.h"

#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

using nlohmann::json;

const std::string kColumns =
    "r.id, r.game_id, r.seat, r.leaver_id, l.username, r.replacement_id, "
    "coalesce(p.username, ''), to_json(r.voters)::text, to_json(r.approvals)::text, "
    "to_json(r.refusals)::text, r.accepted, r.status, " +
    sql::ts("r.deadline") + ", " + sql::ts("r.created_at");

LeaveRequest request_from(const pqxx::row& row) {
  LeaveRequest r;
  r.id = row[0].as<Id>();
  r.game_id = row[1].as<Id>();
  r.seat = row[2].as<int>();
  r.leaver_id = row[3].as<Id>();
  r.leaver = row[4].c_str();
  if (!row[5].is_null()) r.replacement_id = row[5].as<Id>();
  r.replacement = row[6].c_str();
  r.voters = sql::int_array(row[7]);
  r.approvals = sql::int_array(row[8]);
  r.refusals = sql::int_array(row[9]);
  r.accepted = row[10].as<bool>();
  r.status = row[11].c_str();
  r.deadline = row[12].c_str();
  r.created_at = row[13].c_str();
  return r;
}

// The request's event, and the game's version moved on (the game's JSON shows the request).
void add_event(pqxx::transaction_base& tx, const LeaveRequest& r, const std::string& kind,
               const std::vector<Id>& recipients, const std::string& at) {
  tx.exec_params(
      "WITH v AS (UPDATE games SET version = version + 1, updated_at = $5::timestamptz WHERE id "
      "= $1), e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) "
      "SELECT $1, $2, (SELECT ply FROM games WHERE id = $1), ARRAY(SELECT "
      "jsonb_array_elements_text($3::jsonb)::bigint), $4::jsonb, $5::timestamptz RETURNING id) "
      "SELECT pg_notify('hexpost_events', id::text) FROM e",
      r.game_id, kind, sql::json_array(recipients), domain::leave_request_json(r), at);
}

std::string int_list(const std::vector<int>& values) { return sql::json_array(values); }
const std::string kIntArray = "ARRAY(SELECT jsonb_array_elements_text(";

}  // namespace

std::optional<LeaveRequest> SeatsRepository::pending(Id game_id) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<LeaveRequest> {
    pqxx::read_transaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT " + kColumns +
            " FROM seat_leave_requests r JOIN accounts l ON l.id = r.leaver_id LEFT JOIN accounts "
            "p ON p.id = r.replacement_id WHERE r.game_id = $1 AND r.status = 'pending'",
        game_id);
    if (r.empty()) return std::nullopt;
    return request_from(r[0]);
  });
}

bool SeatsRepository::replacement_allowed(Id game_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT coalesce((t.settings->>'allow_replacement')::boolean, false) FROM "
        "tournament_games tg JOIN tournaments t ON t.id = tg.tournament_id WHERE tg.game_id = $1",
        game_id);
    return r.empty() || r[0][0].as<bool>();
  });
}

WriteOutcome SeatsRepository::create(LeaveRequest& request, std::int64_t expected_version,
                                     const std::vector<Id>& recipients, const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r = tx.exec_params(
        "INSERT INTO seat_leave_requests (game_id, seat, leaver_id, replacement_id, voters, "
        "deadline, created_at) SELECT $1, $2, $3, NULLIF($4, 0), " +
            kIntArray +
            "$5::jsonb)::int), $6::timestamptz, $7::timestamptz FROM games WHERE id = $1 AND "
            "version = $8 AND status = 'active' ON CONFLICT DO NOTHING RETURNING id, " +
            sql::ts("created_at"),
        request.game_id, request.seat, request.leaver_id, request.replacement_id.value_or(0),
        int_list(request.voters), request.deadline, at, expected_version);
    if (r.empty()) return WriteOutcome::kConflict;
    request.id = r[0][0].as<Id>();
    request.created_at = r[0][1].c_str();
    add_event(tx, request, "leave_requested", recipients, at);
    tx.commit();
    return WriteOutcome::kApplied;
  });
}

WriteOutcome SeatsRepository::update(const LeaveRequest& request, const std::string& kind,
                                     const std::vector<Id>& recipients, const std::string& at) {
  // The request as it was before this change: one vote fewer, or not yet accepted.
  const bool vote = kind == "leave_vote";
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r = tx.exec_params(
        "UPDATE seat_leave_requests SET approvals = " + kIntArray +
            "$2::jsonb)::int), refusals = " + kIntArray +
            "$3::jsonb)::int), accepted = $4 WHERE id = $1 AND status = 'pending' AND "
            "cardinality(approvals) + cardinality(refusals) = $5 AND accepted = $6 RETURNING id",
        request.id, int_list(request.approvals), int_list(request.refusals), request.accepted,
        static_cast<int>(request.approvals.size() + request.refusals.size()) - (vote ? 1 : 0),
        vote && request.accepted);
    if (r.empty()) return WriteOutcome::kConflict;
    add_event(tx, request, kind, recipients, at);
    tx.commit();
    return WriteOutcome::kApplied;
  });
}

bool SeatsRepository::close(Id request_id, const std::string& status, const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r = tx.exec_params(
        "UPDATE seat_leave_requests SET status = $2, resolved_at = $3::timestamptz WHERE id = $1 "
        "AND status = 'pending' RETURNING id",
        request_id, status, at);
    tx.commit();
    return !r.empty();
  });
}

WriteOutcome SeatsRepository::hand_over(const domain::Entry& e, const LeaveRequest& request,
                                        int leaver_placement) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result g = tx.exec_params(
        "UPDATE games SET ply = ply + 1, version = version + 1, last_hash = $4, draw_offers = " +
            kIntArray +
            "$5::jsonb)::int), updated_at = $6::timestamptz WHERE id = $1 AND ply = $2 AND "
            "version = $3 AND status = 'active' RETURNING ply",
        e.game_id, e.expected_ply, e.expected_version, e.hash, int_list(e.draw_offers), e.at);
    if (g.empty()) return WriteOutcome::kConflict;
    const int ply = g[0][0].as<int>();
    tx.exec_params(
        "INSERT INTO moves (game_id, ply, seat, account_id, record, draws, hash, created_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz)",
        e.game_id, ply, e.seat, e.account_id, e.record, e.draws, e.hash, e.at);
    const pqxx::result seat = tx.exec_params(
        "UPDATE game_seats SET account_id = $3 WHERE game_id = $1 AND seat = $2 AND account_id = "
        "$4 RETURNING seat",
        e.game_id, e.seat, e.account_id, request.leaver_id);
    const pqxx::result closed = tx.exec_params(
        "UPDATE seat_leave_requests SET status = 'handed_over', resolved_at = $2::timestamptz, "
        "handover_ply = $3, leaver_placement = $4 WHERE id = $1 AND status = 'pending' RETURNING "
        "id",
        request.id, e.at, ply, leaver_placement);
    if (seat.empty() || closed.empty()) return WriteOutcome::kConflict;  // rolled back
    tx.exec_params(
        "WITH e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) "
        "VALUES ($1, 'seat_replaced', $2, ARRAY(SELECT jsonb_array_elements_text($3::jsonb)::"
        "bigint), $4::jsonb, $5::timestamptz) RETURNING id) SELECT pg_notify('hexpost_events', "
        "id::text) FROM e",
        e.game_id, ply, sql::json_array(e.recipients), e.event_payload_json, e.at);
    tx.commit();
    return WriteOutcome::kApplied;
  });
}

std::vector<Id> SeatsRepository::due(const std::string& at, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<Id> ids;
    for (const auto& row : tx.exec_params(
             "SELECT game_id FROM seat_leave_requests WHERE status = 'pending' AND deadline <= "
             "$1::timestamptz ORDER BY deadline LIMIT $2",
             at, limit)) {
      ids.push_back(row[0].as<Id>());
    }
    return ids;
  });
}

}  // namespace storage
