#include "services/storage/messages_repository.h"

#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

// The message row `m` with its author: id, game, account, username, seat, ply, text, time.
const std::string kMessageColumns =
    "m.id, m.game_id, m.account_id, a.username, coalesce(s.seat, -1), m.ply, m.body, " +
    sql::ts("m.created_at");
const std::string kMessageFrom =
    " FROM game_messages m JOIN accounts a ON a.id = m.account_id LEFT JOIN game_seats s ON "
    "s.game_id = m.game_id AND s.account_id = m.account_id ";

MessageRecord message_from(const pqxx::row& r) {
  MessageRecord m;
  m.id = r[0].as<Id>();
  m.game_id = r[1].as<Id>();
  m.account_id = r[2].as<Id>();
  m.username = r[3].c_str();
  m.seat = r[4].as<int>();
  m.ply = r[5].as<int>();
  m.text = r[6].c_str();
  m.created_at = r[7].c_str();
  return m;
}

// $1 game, $2 author, $3 text, $4 time. `w` is the author's seat of the running game (no row:
// no such game, not seated or the game is over, and nothing else happens); `r` the other seated
// accounts that have not muted the author. The outbox rows follow the preference `message` as the
// trigger of migration 0006 does for the other kinds.
const std::string kPost =
    "WITH w AS (SELECT g.id, g.ply, gs.seat, a.username FROM games g JOIN game_seats gs ON "
    "gs.game_id = g.id AND gs.account_id = $2 JOIN accounts a ON a.id = gs.account_id WHERE g.id = "
    "$1 AND g.status = 'active' ORDER BY gs.seat LIMIT 1), "
    "m AS (INSERT INTO game_messages (game_id, account_id, ply, body, created_at) SELECT w.id, $2, "
    "w.ply, $3, $4::timestamptz FROM w RETURNING id, game_id, ply, created_at), "
    "r AS (SELECT DISTINCT gs.account_id FROM w JOIN game_seats gs ON gs.game_id = w.id WHERE "
    "gs.account_id <> $2 AND NOT EXISTS (SELECT 1 FROM message_mutes mu WHERE mu.account_id = "
    "gs.account_id AND mu.muted_id = $2)), "
    "e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) SELECT "
    "m.game_id, 'message', m.ply, ARRAY(SELECT account_id FROM r ORDER BY account_id), "
    "jsonb_build_object('game_id', m.game_id::text, 'message_id', m.id::text, 'ply', m.ply, "
    "'seat', w.seat, 'author', w.username, 'text', $3::text, 'created_at', " +
    sql::ts("m.created_at") +
    "), m.created_at FROM m, w RETURNING id), "
    "o AS (INSERT INTO mail_outbox (account_id, kind, event_id, event_kind, game_id, ply, "
    "payload, status, created_at) SELECT a.id, 'message', e.id, 'message', m.game_id, m.ply, "
    "jsonb_build_object('message_id', m.id::text, 'author', w.username, 'text', $3::text), "
    "CASE WHEN p.mode = 'digest' THEN 'held' ELSE 'queued' END, m.created_at FROM e, m, w, r JOIN "
    "accounts a ON a.id = r.account_id LEFT JOIN notification_prefs p ON p.account_id = a.id AND "
    "p.kind = 'message' WHERE coalesce(p.mode, CASE WHEN a.is_bot THEN 'off' ELSE 'every' END) <> "
    "'off') "
    "SELECT m.id, m.game_id, $2::bigint, w.username, w.seat, m.ply, $3::text, " +
    sql::ts("m.created_at") + ", e.id, pg_notify('hexpost_events', e.id::text) FROM m, w, e";

// $1 message, $2 reporter, $3 reason, $4 time, $5 the event's payload without the report's id
// and reporter. The event goes to every admin account.
const std::string kReport =
    "WITH k AS (INSERT INTO message_reports (message_id, reporter_id, reason, created_at) VALUES "
    "($1, $2, $3, $4::timestamptz) ON CONFLICT (message_id, reporter_id) DO NOTHING RETURNING id), "
    "d AS (SELECT ARRAY(SELECT id FROM accounts WHERE is_admin ORDER BY id) AS admins), "
    "e AS (INSERT INTO game_events (game_id, kind, ply, recipients, payload, created_at) SELECT "
    "($5::jsonb->>'game_id')::bigint, 'message_reported', ($5::jsonb->>'ply')::int, d.admins, "
    "$5::jsonb || jsonb_build_object('report_id', k.id::text, 'reporter', (SELECT username FROM "
    "accounts WHERE id = $2)), $4::timestamptz FROM k, d RETURNING id) "
    "SELECT k.id, e.id, to_json(d.admins)::text, pg_notify('hexpost_events', e.id::text) FROM k, "
    "e, d";

}  // namespace

PostedMessage MessagesRepository::post(Id game_id, Id account_id, const std::string& text,
                                       const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r = tx.exec_params(kPost, game_id, account_id, text, at);
    PostedMessage out;
    if (!r.empty()) {
      out.outcome = PostedMessage::Outcome::kPosted;
      out.message = message_from(r[0]);
      out.event_id = r[0][8].as<Id>();
    } else {
      // Why nothing was stored, for the answer (read in the same transaction).
      const pqxx::result why = tx.exec_params(
          "SELECT g.status = 'active', EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id "
          "AND s.account_id = $2) FROM games g WHERE g.id = $1",
          game_id, account_id);
      using Outcome = PostedMessage::Outcome;
      if (why.empty()) {
        out.outcome = Outcome::kNoGame;
      } else if (!why[0][1].as<bool>()) {
        out.outcome = Outcome::kNotSeated;
      } else {
        out.outcome = why[0][0].as<bool>() ? Outcome::kNoGame : Outcome::kGameOver;
      }
    }
    tx.commit();
    return out;
  });
}

std::vector<MessageRecord> MessagesRepository::list(Id game_id, Id viewer, Id after_id, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT " + kMessageColumns + kMessageFrom +
            "WHERE m.game_id = $1 AND m.id > $3 AND NOT EXISTS (SELECT 1 FROM message_mutes mu "
            "WHERE mu.account_id = $2 AND mu.muted_id = m.account_id) ORDER BY m.id LIMIT $4",
        game_id, viewer, after_id, limit);
    std::vector<MessageRecord> out;
    for (const auto& row : r) out.push_back(message_from(row));
    return out;
  });
}

std::optional<MessageRecord> MessagesRepository::find(Id game_id, Id message_id) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<MessageRecord> {
    pqxx::read_transaction tx(c);
    const pqxx::result r = tx.exec_params("SELECT " + kMessageColumns + kMessageFrom +
                                              "WHERE m.id = $1 AND "
                                              "m.game_id = $2",
                                          message_id, game_id);
    if (r.empty()) return std::nullopt;
    return message_from(r[0]);
  });
}

bool MessagesRepository::mute(Id account, const std::string& username, const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r = tx.exec_params(
        "WITH u AS (SELECT id FROM accounts WHERE lower(username) = lower($2)), "
        "i AS (INSERT INTO message_mutes (account_id, muted_id, created_at) SELECT $1, u.id, "
        "$3::timestamptz FROM u ON CONFLICT DO NOTHING) SELECT count(*) FROM u",
        account, username, at);
    tx.commit();
    return r[0][0].as<int>() > 0;
  });
}

bool MessagesRepository::unmute(Id account, const std::string& username) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r = tx.exec_params(
        "DELETE FROM message_mutes mu USING accounts a WHERE mu.account_id = $1 AND mu.muted_id = "
        "a.id AND lower(a.username) = lower($2)",
        account, username);
    tx.commit();
    return r.affected_rows() > 0;
  });
}

std::vector<std::string> MessagesRepository::muted(Id account) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<std::string> out;
    for (const auto& row : tx.exec_params("SELECT a.username FROM message_mutes mu JOIN accounts "
                                          "a ON a.id = mu.muted_id WHERE mu.account_id = $1 "
                                          "ORDER BY a.username",
                                          account)) {
      out.emplace_back(row[0].c_str());
    }
    return out;
  });
}

MessageReport MessagesRepository::report(const MessageRecord& message, Id reporter,
                                         const std::string& reason, const std::string& at) {
  const nlohmann::json payload = {{"game_id", std::to_string(message.game_id)},
                                  {"message_id", std::to_string(message.id)},
                                  {"ply", message.ply},
                                  {"author", message.username},
                                  {"text", message.text},
                                  {"reason", reason}};
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r =
        tx.exec_params(kReport, message.id, reporter, reason, at, payload.dump());
    tx.commit();
    MessageReport out;
    if (r.empty()) return out;
    out.id = r[0][0].as<Id>();
    out.event_id = r[0][1].as<Id>();
    out.admins = nlohmann::json::parse(r[0][2].c_str()).get<std::vector<Id>>();
    return out;
  });
}

}  // namespace storage
