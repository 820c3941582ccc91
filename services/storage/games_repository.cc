#include "services/storage/games_repository.h"

#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

using nlohmann::json;

// `at` is the parameter holding the clock's instant (remaining time is computed for it).
std::string game_columns(const std::string& at) {
  return "g.id, g.game, g.players, g.options::text, g.clock::text, g.rated, g.challenge_id, "
         "g.status, g.ply, g.version, g.position, to_json(g.to_move)::text, "
         "to_json(g.moved_seats)::text, to_json(g.draw_offers)::text, coalesce(g.result::text, "
         "''), encode(g.server_seed, 'hex'), g.commitment, encode(g.game_seed, 'hex'), "
         "g.setup_draws, g.last_hash, " +
         sql::ts("g.created_at") + ", " + sql::ts("g.updated_at") + ", " +
         sql::ts("g.finished_at") +
         ", (SELECT json_agg(json_build_object('seat', s.seat, 'account_id', s.account_id, "
         "'username', a.username, 'slot', s.slot, 'player_seed', s.player_seed, 'placement', "
         "s.placement, 'score', s.score, 'deadline', " +
         sql::ts("s.deadline") + ", 'remaining_s', round(hx_remaining_s(s.bank_s, s.clock_from, " +
         at +
         "::timestamptz, a.time_zone, coalesce((g.clock->>'weekends_off')::boolean, false)))) "
         "ORDER BY s.seat) FROM game_seats s JOIN accounts a ON a.id = s.account_id WHERE "
         "s.game_id = g.id)::text, g.has_conditionals";
}
constexpr int kGameColumnCount = 25;

GameRecord game_from(const pqxx::row& row, int at = 0) {
  GameRecord g;
  g.id = row[at + 0].as<Id>();
  g.game = row[at + 1].c_str();
  g.players = row[at + 2].as<int>();
  g.options_json = row[at + 3].c_str();
  g.clock_json = row[at + 4].c_str();
  g.rated = row[at + 5].as<bool>();
  if (!row[at + 6].is_null()) g.challenge_id = row[at + 6].as<Id>();
  g.status = row[at + 7].c_str();
  g.ply = row[at + 8].as<int>();
  g.version = row[at + 9].as<std::int64_t>();
  g.position = row[at + 10].c_str();
  g.to_move = sql::int_array(row[at + 11]);
  g.moved_seats = sql::int_array(row[at + 12]);
  g.draw_offers = sql::int_array(row[at + 13]);
  g.result_json = row[at + 14].c_str();
  g.server_seed_hex = row[at + 15].c_str();
  g.commitment = row[at + 16].c_str();
  g.game_seed_hex = row[at + 17].c_str();
  g.setup_draws = row[at + 18].c_str();
  g.last_hash = row[at + 19].c_str();
  g.created_at = sql::text(row[at + 20]);
  g.updated_at = sql::text(row[at + 21]);
  g.finished_at = sql::text(row[at + 22]);
  if (!row[at + 23].is_null()) {
    for (const json& s : json::parse(row[at + 23].c_str())) {
      SeatRecord seat;
      seat.seat = s.at("seat").get<int>();
      seat.account_id = s.at("account_id").get<Id>();
      seat.username = s.at("username").get<std::string>();
      seat.slot = s.at("slot").get<int>();
      seat.player_seed = s.at("player_seed").get<std::string>();
      if (!s.at("placement").is_null()) seat.placement = s.at("placement").get<int>();
      if (!s.at("score").is_null()) seat.score = s.at("score").get<double>();
      if (!s.at("deadline").is_null()) seat.deadline = s.at("deadline").get<std::string>();
      if (!s.at("remaining_s").is_null()) seat.remaining_s = s.at("remaining_s").get<double>();
      g.seats.push_back(std::move(seat));
    }
  }
  g.has_conditionals = row[at + 24].as<bool>();
  return g;
}

std::optional<StoredResponse> stored_from(const pqxx::field& field) {
  if (field.is_null()) return std::nullopt;
  const json j = json::parse(field.c_str());
  return StoredResponse{j.at("hash").get<std::string>(), j.at("status").get<int>(),
                        j.at("body").get<std::string>()};
}

bool is_idempotency_violation(const pqxx::unique_violation& e) {
  return std::string(e.what()).find("idempotency_keys_pkey") != std::string::npos;
}

// Seat updates shared by both writes: final placements, the list ordering columns and the seat
// clocks (docs/clocks.md), for every game the `g` step updated. `g` returns, besides the game's
// new row, the write's inputs: `at` the clock's instant, `fin` finished, `plc`/`scr` placements
// and scores (JSON arrays by seat), `mover` the seat that made a move (-1 for other entries and
// status changes).
// The three steps are MATERIALIZED: inlined, every use of a column repeated the whole expression
// chain below it (hx_deadline of bank of bank1 of rem...), which cost ~0.3 ms per move.
//   sc: each seat with what the clock needs (old values: the statement's snapshot); the one
//       clock_control row is read by a subquery: as a join, the never-analysed table counted
//       as ~2,200 rows and the planner updated game_seats by a sequential scan
//   sd: the new bank and the instant the clock (re)starts from
//   s:  the update; RETURNING feeds the answer's and the move event's deadlines
const char* kSeatUpdate =
    "sc AS MATERIALIZED (SELECT gs.game_id, gs.seat, gs.account_id, g.status, g.to_move, g.clock, "
    "g.at, g.fin, g.plc, g.scr, (g.clock->>'type') <> 'none' AS clocked, a.time_zone AS tz, "
    "coalesce((g.clock->>'weekends_off')::boolean, false) AS wo, "
    "g.status = 'active' AND gs.seat = ANY(g.to_move) AND (g.clock->>'type') <> 'none' AS run, "
    "gs.list_rank = 0 AS was, gs.seat = g.mover AS mover, "
    "(SELECT cc.paused_at FROM clock_control cc LIMIT 1) AS paused_at, "
    "CASE WHEN coalesce((g.clock->>'vacation')::boolean, true) THEN a.vacation_until END AS vac, "
    "hx_remaining_s(gs.bank_s, gs.clock_from, g.at, a.time_zone, "
    "coalesce((g.clock->>'weekends_off')::boolean, false)) AS rem, "
    "gs.bank_s, gs.clock_from, gs.deadline, gs.turn_budget_s, gs.reminder_level, "
    "gs.next_reminder_at FROM g JOIN game_seats gs ON gs.game_id = g.id "
    "JOIN accounts a ON a.id = gs.account_id), "
    "sb AS MATERIALIZED (SELECT sc.*, run AND (NOT was OR mover) AS starts, "
    "CASE WHEN NOT clocked THEN NULL WHEN mover THEN hx_bank_after_move(clock, rem) "
    "WHEN was AND NOT run THEN CASE WHEN clock->>'type' = 'bank' THEN rem "
    "ELSE hx_turn_budget_s(clock, NULL) END ELSE bank_s END AS bank1 FROM sc), "
    "sd AS MATERIALIZED (SELECT sb.*, "
    "CASE WHEN starts THEN hx_turn_budget_s(clock, bank1) ELSE bank1 END AS bank, "
    "CASE WHEN NOT run THEN NULL WHEN NOT starts THEN clock_from "
    "WHEN paused_at IS NOT NULL THEN NULL ELSE greatest(at, vac) END AS cfrom "
    "FROM sb), "
    "s AS (UPDATE game_seats gs SET "
    "placement = CASE WHEN sd.fin THEN (sd.plc ->> gs.seat)::int ELSE gs.placement END, "
    "score = CASE WHEN sd.fin THEN (sd.scr ->> gs.seat)::float8 ELSE gs.score END, "
    "bank_s = sd.bank, clock_from = sd.cfrom, "
    "deadline = CASE WHEN sd.starts THEN hx_deadline(sd.cfrom, sd.bank, sd.tz, sd.wo) "
    "WHEN sd.run THEN sd.deadline END, "
    "turn_budget_s = CASE WHEN sd.starts THEN sd.bank WHEN sd.run THEN sd.turn_budget_s END, "
    "reminder_level = CASE WHEN sd.starts THEN 0 ELSE sd.reminder_level END, "
    "next_reminder_at = CASE WHEN sd.starts THEN sd.cfrom WHEN sd.run THEN sd.next_reminder_at "
    "END, "
    "list_rank = CASE WHEN sd.status <> 'active' THEN 2 WHEN gs.seat = ANY(sd.to_move) THEN 0 "
    "ELSE 1 END, "
    "list_key = CASE WHEN sd.status <> 'active' THEN -extract(epoch FROM sd.at) "
    "WHEN gs.seat = ANY(sd.to_move) AND sd.was AND NOT sd.mover THEN gs.list_key "
    "WHEN gs.seat = ANY(sd.to_move) THEN coalesce(extract(epoch FROM "
    "hx_deadline(sd.cfrom, sd.bank, sd.tz, sd.wo)), extract(epoch FROM sd.at) + 1e9) "
    "ELSE extract(epoch FROM sd.at) END "
    "FROM sd WHERE gs.game_id = sd.game_id AND gs.seat = sd.seat "
    "RETURNING gs.game_id, gs.seat, gs.deadline, round(hx_remaining_s(gs.bank_s, gs.clock_from, "
    "sd.at, sd.tz, sd.wo)) AS remaining_s)";

// The seat clocks the statement wrote for game g, for answers:
// {"<seat>": {"deadline","remaining_s"}}.
const char* kClocksJson =
    "(SELECT jsonb_object_agg(s.seat::text, jsonb_build_object('deadline', to_char(s.deadline "
    "AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'), 'remaining_s', s.remaining_s)) "
    "FROM s WHERE s.game_id = g.id)";

// g.body with its clock slots (EntryWrite::response_body) filled from `s`: the body split at \x01
// alternates text and slots ("d0", "r1"). Plain text work: parsing the answer as jsonb to set
// the seats' clocks cost ~0.17 ms per move.
const char* kFilledSlots =
    "coalesce((SELECT string_agg(CASE WHEN u.n % 2 = 1 THEN u.x ELSE (SELECT CASE left(u.x, 1) "
    "WHEN 'd' THEN coalesce('\"' || to_char(s.deadline AT TIME ZONE 'UTC', "
    "'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') || '\"', 'null') "
    "ELSE coalesce(s.remaining_s::bigint::text, 'null') END FROM s WHERE s.game_id = g.id "
    "AND s.seat = substr(u.x, 2)::int) END, '' ORDER BY u.n) "
    "FROM unnest(string_to_array(g.body, E'\\x01')) WITH ORDINALITY u(x, n)), g.body)";

// The move event's "your turn" outbox rows (docs/mail.md): one per account of a seat to move
// whose preference is not off (bots default to off), in the move's transaction. Every other
// mailable event kind is enqueued by the trigger of migration 0008.
const char* kYourTurnMail =
    "INSERT INTO mail_outbox (account_id, kind, event_id, event_kind, game_id, ply, payload, "
    "status, created_at) SELECT a.id, 'your_turn', e.id, 'move', g.id, g.ply, '{}', "
    "CASE WHEN p.mode = 'digest' THEN 'held' ELSE 'queued' END, g.at "
    "FROM g JOIN e ON e.game_id = g.id JOIN game_seats ms ON ms.game_id = g.id AND ms.seat = "
    "ANY(g.to_move) "
    "JOIN accounts a ON a.id = ms.account_id LEFT JOIN notification_prefs p "
    "ON p.account_id = a.id AND p.kind = 'your_turn' "
    "WHERE coalesce(p.mode, CASE WHEN a.is_bot THEN 'off' ELSE 'every' END) <> 'off'";

// The recipients of an event of game g, as bigint[].
const char* kRecipientsArray =
    "ARRAY(SELECT jsonb_array_elements_text(g.recipients::jsonb)::bigint)";

}  // namespace

namespace {

// The columns after game_columns() in both loads: the stored answer for (account, key) and,
// when `with_moves`, the moves after ply `after_ply` (SQL expressions or placeholders).
std::string load_extras(const std::string& account, const std::string& key,
                        const std::string& with_moves, const std::string& after_ply) {
  return ", (SELECT json_build_object('hash', request_hash, 'status', status, 'body', body) FROM "
         "idempotency_keys WHERE account_id = " +
         account + " AND key = " + key + " AND " + key + " <> '')::text, CASE WHEN " + with_moves +
         " THEN (SELECT json_agg(json_build_object('ply', m.ply, 'seat', m.seat, "
         "'username', a.username, 'record', m.record, 'draws', m.draws, 'hash', m.hash, 'at', " +
         sql::ts("m.created_at") +
         ") ORDER BY m.ply) FROM moves m JOIN accounts a ON a.id = m.account_id WHERE m.game_id = "
         "g.id AND m.ply > " +
         after_ply + ")::text END";
}

LoadedGame loaded_from(const pqxx::row& row, int at) {
  LoadedGame loaded;
  loaded.game = game_from(row, at);
  loaded.stored = stored_from(row[at + kGameColumnCount]);
  if (!row[at + kGameColumnCount + 1].is_null()) {
    for (const json& m : json::parse(row[at + kGameColumnCount + 1].c_str())) {
      loaded.moves.push_back({m.at("ply").get<int>(), m.at("seat").get<int>(),
                              m.at("username").get<std::string>(),
                              m.at("record").get<std::string>(), m.at("draws").get<std::string>(),
                              m.at("hash").get<std::string>(), m.at("at").get<std::string>()});
    }
  }
  return loaded;
}

}  // namespace

GamesRepository::GamesRepository(ConnectionPool& pool) : pool_(pool), notifier_(pool.url()) {}

std::optional<LoadedGame> GamesRepository::load(Id game_id, const std::string& at, bool with_moves,
                                                Id account_id, const std::string& idempotency_key,
                                                int moves_after) {
  // One statement (one snapshot, one round trip): the row, its seats, optionally the move list
  // and the stored answer for an idempotency key.
  static const std::string kSql = "SELECT " + game_columns("$5") +
                                  load_extras("$2", "$3", "$4", "$6") +
                                  " FROM games g WHERE g.id = $1";
  return pool_.run([&](pqxx::connection& c) -> std::optional<LoadedGame> {
    c.prepare("games_load", kSql);
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_prepared("games_load", game_id, account_id, idempotency_key,
                                            with_moves, at, moves_after);
    if (r.empty()) return std::nullopt;
    return loaded_from(r[0], 0);
  });
}

GamesRepository::AuthenticatedLoad GamesRepository::load_as(const std::string& token_hash,
                                                            Id game_id, const std::string& at,
                                                            bool with_moves,
                                                            const std::string& idempotency_key,
                                                            int moves_after) {
  static const std::string kSql =
      "WITH t AS (" + std::string(sql::kLiveToken) + ") SELECT t.*, " + game_columns("$3") +
      load_extras("t.account_id", "$5", "$4", "$6") + " FROM t LEFT JOIN games g ON g.id = $2";
  return pool_.run([&](pqxx::connection& c) {
    c.prepare("games_load_as", kSql);
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_prepared("games_load_as", token_hash, game_id, at, with_moves,
                                            idempotency_key, moves_after);
    AuthenticatedLoad out;
    if (r.empty()) return out;
    out.principal = sql::principal_from(r[0]);
    if (!r[0][sql::kLiveTokenColumns].is_null()) {
      out.loaded = loaded_from(r[0], sql::kLiveTokenColumns);
    }
    return out;
  });
}

std::optional<StoredResponse> GamesRepository::stored_response(Id account_id,
                                                               const std::string& key) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<StoredResponse> {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT json_build_object('hash', request_hash, 'status', status, 'body', body)::text "
        "FROM idempotency_keys WHERE account_id = $1 AND key = $2",
        account_id, key);
    if (r.empty()) return std::nullopt;
    return stored_from(r[0][0]);
  });
}

namespace {

// The batch statement's input: one JSON object per write, `n` its index in the batch. JSON
// values that the statement casts (to_move, result, ...) travel as text.
std::string entries_json(const std::vector<const EntryWrite*>& writes) {
  json rows = json::array();
  for (std::size_t n = 0; n < writes.size(); ++n) {
    const EntryWrite& w = *writes[n];
    rows.push_back({{"n", n},
                    {"game_id", w.game_id},
                    {"expected_ply", w.expected_ply},
                    {"expected_version", w.expected_version},
                    {"position", w.position},
                    {"to_move", sql::json_array(w.to_move)},
                    {"moved_seats", sql::json_array(w.moved_seats)},
                    {"draw_offers", sql::json_array(w.draw_offers)},
                    {"is_move", w.is_move},
                    {"seat", w.seat},
                    {"finished", w.finished},
                    {"result", w.finished ? w.result_json : std::string("null")},
                    {"finished_event", w.finished_event_json},
                    {"hash", w.hash},
                    {"account_id", w.account_id},
                    {"token_id", w.token_id},
                    {"record", w.record},
                    {"draws", w.draws},
                    {"recipients", sql::json_array(w.recipients)},
                    {"payload", w.event_payload_json},
                    {"idem_key", w.idempotency_key},
                    {"request_hash", w.request_hash},
                    {"response_status", w.response_status},
                    {"body", w.response_body},
                    {"placements", sql::json_array(w.placements)},
                    {"scores", sql::json_array(w.scores)},
                    {"at", w.at},
                    {"extra_kind", w.extra_event_kind},
                    {"extra_payload", w.extra_event_payload_json}});
  }
  return rows.dump();
}

// The batch statement of store_entries(): one row per write in `w`, applied where its game row
// still matches. A write is refused (no row) once the mover's deadline has passed (`at` is the
// clock's instant), so a move and the sweeper's timeout can never both be stored, and once the
// token it was made with is revoked (w.token_id, see ContextCache; a scalar subquery, so that the
// planner probes the key per write rather than hashing every live token). extra_kind: one
// more event (the sweeper's "timeout") in the same transaction. The deadline check names
// games.id, not w.game_id, so that it runs once per matched game: on w alone the planner
// ran it for every (game, write) pair it tried (1 ms of a 3 ms batch of 7). `w` is in game
// order, so that batches of two instances, when the plan follows w (as on large tables),
// lock game rows in one order and do not deadlock; when one does, write_entries() recovers.
const std::string kAppendEntriesSql =
    "WITH w AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(n int, "
    "game_id bigint, expected_ply int, expected_version bigint, position text, to_move text, "
    "moved_seats text, draw_offers text, "
    "is_move boolean, seat int, finished boolean, result text, finished_event text, hash text, "
    "account_id bigint, "
    "token_id bigint, record text, draws text, recipients text, payload text, idem_key text, "
    "request_hash text, response_status int, body text, placements text, scores text, "
    "at timestamptz, extra_kind text, extra_payload text) ORDER BY game_id), "
    "g AS (UPDATE games SET ply = games.ply + 1, version = games.version + 1, "
    "position = w.position, "
    "to_move = ARRAY(SELECT jsonb_array_elements_text(w.to_move::jsonb)::int), "
    "moved_seats = ARRAY(SELECT jsonb_array_elements_text(w.moved_seats::jsonb)::int), "
    "draw_offers = ARRAY(SELECT jsonb_array_elements_text(w.draw_offers::jsonb)::int), "
    "status = CASE WHEN w.finished THEN 'finished' ELSE games.status END, "
    "result = CASE WHEN w.finished THEN w.result::jsonb ELSE games.result END, "
    "finished_at = CASE WHEN w.finished THEN w.at ELSE games.finished_at END, "
    "last_hash = w.hash, updated_at = w.at FROM w "
    "WHERE games.id = w.game_id AND games.ply = w.expected_ply "
    "AND games.version = w.expected_version AND games.status = 'active' "
    "AND NOT (w.is_move AND EXISTS (SELECT 1 FROM game_seats x WHERE x.game_id = games.id "
    "AND x.seat = w.seat AND x.deadline <= w.at)) "
    "AND (w.token_id = 0 OR coalesce((SELECT tk.revoked_at IS NULL FROM tokens tk "
    "WHERE tk.id = w.token_id), false)) "
    "RETURNING games.id, games.ply, games.version, games.to_move, games.status, games.clock, "
    "games.has_conditionals AS cond, w.n, w.at, w.finished AS fin, w.finished_event, "
    "w.placements::jsonb AS plc, "
    "w.scores::jsonb AS scr, "
    "CASE WHEN w.is_move THEN w.seat ELSE -1 END AS mover, w.seat, w.account_id, w.record, "
    "w.draws, w.hash, w.recipients, w.payload, w.result, w.idem_key, w.request_hash, "
    "w.response_status, w.body, w.extra_kind, w.extra_payload), "
    "m AS (INSERT INTO moves (game_id, ply, seat, account_id, record, draws, hash, created_at) "
    "SELECT id, ply, seat, account_id, record, draws, hash, at FROM g RETURNING 1), " +
    std::string(kSeatUpdate) +
    ", e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) "
    "SELECT g.id, 'move', g.ply, " +
    kRecipientsArray +
    ", g.payload::jsonb || jsonb_build_object('deadlines', (SELECT jsonb_agg(to_char("
    "s.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') ORDER BY s.seat) "
    "FROM s WHERE s.game_id = g.id)), g.at FROM g RETURNING id, game_id), "
    "t AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) "
    "SELECT g.id, g.extra_kind, g.ply, " +
    kRecipientsArray +
    ", g.extra_payload::jsonb, g.at FROM g WHERE g.extra_kind <> '' RETURNING id, game_id), "
    "f AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) "
    "SELECT g.id, 'game_finished', g.ply, " +
    kRecipientsArray +
    ", g.finished_event::jsonb, g.at FROM g WHERE g.fin RETURNING id, game_id), "
    "c AS (SELECT g.id, " +
    std::string(kClocksJson) +
    " AS clocks FROM g), "
    "b AS (SELECT g.id, " +
    std::string(kFilledSlots) +
    " AS body FROM g), "
    "o AS (" +
    std::string(kYourTurnMail) +
    "), "
    "i AS (INSERT INTO idempotency_keys (account_id, key, request_hash, status, body, "
    "created_at) SELECT g.account_id, g.idem_key, g.request_hash, g.response_status, b.body, "
    "g.at FROM g JOIN b ON b.id = g.id WHERE g.idem_key <> '' RETURNING 1) "
    "SELECT g.n, g.version, e.id, array_to_string(ARRAY[e.id] || "
    "ARRAY(SELECT id FROM t WHERE t.game_id = g.id) || "
    "ARRAY(SELECT id FROM f WHERE f.game_id = g.id), ','), b.body, c.clocks::text, g.cond "
    "FROM g JOIN e ON e.game_id = g.id JOIN b ON b.id = g.id JOIN c ON c.id = g.id";

}  // namespace

std::vector<WriteResult> GamesRepository::write_entries(
    const std::vector<const EntryWrite*>& writes) {
  try {
    return pool_.run([&](pqxx::connection& c) { return store_entries(c, writes); });
  } catch (const pqxx::unique_violation& e) {
    if (writes.size() == 1) {
      WriteResult lost;
      lost.outcome =
          is_idempotency_violation(e) ? WriteOutcome::kDuplicateKey : WriteOutcome::kConflict;
      return {lost};
    }
  } catch (const pqxx::deadlock_detected&) {
    if (writes.size() == 1) throw;
  }
  // One write's failure (an idempotency key stored meanwhile, or a deadlock with another
  // instance's batch) fails the whole statement, and none of it was stored: each write is tried
  // again on its own, where the failure is that write's answer alone.
  std::vector<WriteResult> results;
  for (const EntryWrite* w : writes) results.push_back(write_entries({w}).front());
  return results;
}

std::vector<WriteResult> GamesRepository::store_entries(
    pqxx::connection& c, const std::vector<const EntryWrite*>& writes) {
  c.prepare("games_append_entries", kAppendEntriesSql);
  pqxx::nontransaction tx(c);
  const pqxx::result r = tx.exec_prepared("games_append_entries", entries_json(writes));
  std::vector<WriteResult> results(writes.size());  // kConflict unless a row says otherwise
  for (const auto& row : r) {
    const std::size_t n = row[0].as<std::size_t>();
    WriteResult& result = results.at(n);
    result.outcome = WriteOutcome::kApplied;
    result.version = row[1].as<std::int64_t>();
    result.event_id = row[2].as<Id>();
    result.response_body = sql::text(row[4]);
    result.clocks_json = sql::text(row[5]);
    result.has_conditionals = row[6].as<bool>();
    result.event_ids = sql::text(row[3]);
  }
  return results;
}

WriteResult GamesRepository::update_status(const StatusWrite& w) {
  static const std::string kSql =
      "WITH g AS (UPDATE games SET version = version + 1, status = $3, "
      "draw_offers = ARRAY(SELECT jsonb_array_elements_text($4::jsonb)::int), "
      "to_move = ARRAY(SELECT jsonb_array_elements_text($5::jsonb)::int), "
      "result = CASE WHEN $6 THEN $7::jsonb ELSE result END, "
      "finished_at = CASE WHEN $6 THEN $13::timestamptz ELSE finished_at END, "
      "updated_at = $13::timestamptz "
      "WHERE id = $1 AND version = $2 AND status = 'active' "
      "RETURNING id, ply, version, to_move, status, clock, $13::timestamptz AS at, "
      "$6::boolean AS fin, $11::jsonb AS plc, $12::jsonb AS scr, -1 AS mover), " +
      std::string(kSeatUpdate) +
      ", e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) "
      "SELECT id, $8, ply, ARRAY(SELECT jsonb_array_elements_text($9::jsonb)::bigint), "
      "$10::jsonb, $13::timestamptz FROM g RETURNING id) "
      "SELECT g.version, e.id, (SELECT count(*) FROM s) FROM g, e";
  return pool_.run([&](pqxx::connection& c) {
    WriteResult result;
    c.prepare("games_update_status", kSql);
    pqxx::nontransaction tx(c);
    const pqxx::result r =
        tx.exec_prepared("games_update_status", w.game_id, w.expected_version, w.status,
                         sql::json_array(w.draw_offers), sql::json_array(w.to_move), w.finished,
                         w.finished ? w.result_json : std::string("null"), w.event_kind,
                         sql::json_array(w.recipients), w.event_payload_json,
                         sql::json_array(w.placements), sql::json_array(w.scores), w.at);
    if (r.empty()) return result;
    result.outcome = WriteOutcome::kApplied;
    result.version = r[0][0].as<std::int64_t>();
    result.event_id = r[0][1].as<Id>();
    notifier_.post(std::to_string(result.event_id));
    return result;
  });
}

void GamesRepository::announce(const WriteResult& written) {
  if (written.outcome != WriteOutcome::kApplied) return;
  const std::string& event_ids = written.event_ids;
  for (std::size_t from = 0; from < event_ids.size();) {
    const std::size_t comma = std::min(event_ids.find(',', from), event_ids.size());
    notifier_.post(event_ids.substr(from, comma - from));
    from = comma + 1;
  }
}

std::vector<GameListItem> GamesRepository::list_for_player(
    Id account_id, const GameListFilter& filter, const std::optional<GameListCursor>& after,
    int limit, const std::string& at) {
  int min_rank = 0, max_rank = 2;
  if (filter.my_turn_only) max_rank = 0;
  if (filter.status == "active") max_rank = std::min(max_rank, 1);
  if (filter.status == "finished" || filter.status == "aborted") min_rank = 2;
  static const std::string kSql = "SELECT s.list_rank, s.list_key, " + game_columns("$10") +
                                  " FROM game_seats s JOIN games g ON g.id = s.game_id "
                                  "WHERE s.account_id = $1 AND s.list_rank BETWEEN $2 AND $3 "
                                  "AND (s.list_rank, s.list_key, s.game_id) > ($4, $5, $6) "
                                  "AND ($7 = '' OR g.game = $7) AND ($8 = '' OR g.status = $8) "
                                  "ORDER BY s.list_rank, s.list_key, s.game_id LIMIT $9";
  const GameListCursor cursor = after.value_or(GameListCursor{-1, 0, 0});
  return pool_.run([&](pqxx::connection& c) {
    c.prepare("games_list_for_player", kSql);
    pqxx::nontransaction tx(c);
    const pqxx::result r =
        tx.exec_prepared("games_list_for_player", account_id, min_rank, max_rank, cursor.rank,
                         cursor.key, cursor.game_id, filter.game, filter.status, limit, at);
    std::vector<GameListItem> items;
    for (const auto& row : r) {
      GameListItem item;
      item.rank = row[0].as<int>();
      item.key = row[1].as<double>();
      item.game = game_from(row, 2);
      items.push_back(std::move(item));
    }
    return items;
  });
}

std::vector<GameRecord> GamesRepository::list(const GameListFilter& filter, Id before_id, int limit,
                                              const std::string& at) {
  static const std::string kSql =
      "SELECT " + game_columns("$6") +
      " FROM games g WHERE ($1 = 0 OR g.id < $1) AND ($2 = '' OR g.game = $2) "
      "AND ($3 = '' OR g.status = $3) AND ($4 = 0 OR EXISTS (SELECT 1 FROM game_seats x WHERE "
      "x.game_id = g.id AND x.account_id = $4)) ORDER BY g.id DESC LIMIT $5";
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(kSql, before_id, filter.game, filter.status,
                                          filter.account_id.value_or(0), limit, at);
    std::vector<GameRecord> games;
    for (const auto& row : r) games.push_back(game_from(row));
    return games;
  });
}

}  // namespace storage
