#include "services/storage/mail_repository.h"

#include <nlohmann/json.hpp>

#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

const std::string kItemColumns =
    "id, account_id, kind, coalesce(event_kind, ''), coalesce(game_id, 0), coalesce(ply, 0), "
    "payload::text, " +
    sql::ts("created_at");

OutboxItem item_from(const pqxx::row& r) {
  OutboxItem item;
  item.id = r[0].as<Id>();
  item.account_id = r[1].as<Id>();
  item.kind = r[2].c_str();
  item.event_kind = r[3].c_str();
  item.game_id = r[4].as<Id>();
  item.ply = r[5].as<int>();
  item.payload_json = r[6].c_str();
  item.created_at = r[7].c_str();
  return item;
}

std::vector<OutboxItem> items_from(const pqxx::result& r) {
  std::vector<OutboxItem> out;
  for (const auto& row : r) out.push_back(item_from(row));
  return out;
}

// Records what became of one send attempt (inside the claiming transaction).
void record_outcome(pqxx::work& tx, const ClaimedMail& mail, const SendOutcome& o,
                    const std::string& now, int hard_bounce_limit) {
  const char* status = "failed";
  if (o.verdict == SendVerdict::kSent) status = "sent";
  if (o.verdict == SendVerdict::kRetry) status = "queued";
  if (o.verdict == SendVerdict::kSuppressed) status = "suppressed";
  tx.exec_params(
      "UPDATE mail_outbox SET status = $2, attempts = attempts + CASE WHEN $2 = 'suppressed' "
      "THEN 0 ELSE 1 END, last_error = NULLIF($3, ''), next_attempt_at = CASE WHEN $2 = "
      "'queued' THEN $4::timestamptz ELSE next_attempt_at END, sent_at = CASE WHEN $2 = 'sent' "
      "THEN $5::timestamptz END WHERE id = $1",
      mail.id, status, o.error, o.next_attempt_at.empty() ? now : o.next_attempt_at, now);
  if (o.verdict == SendVerdict::kSent) {
    tx.exec_params(
        "UPDATE mail_suppressions SET hard_bounces = 0, updated_at = $2 WHERE address = "
        "lower($1) AND hard_bounces > 0 AND NOT suppressed",
        mail.to_address, now);
  } else if (o.verdict == SendVerdict::kHardBounce) {
    tx.exec_params(
        "INSERT INTO mail_suppressions (address, hard_bounces, suppressed, last_error, "
        "updated_at) VALUES (lower($1), 1, $3 <= 1, $2, $4) ON CONFLICT (address) DO UPDATE SET "
        "hard_bounces = mail_suppressions.hard_bounces + 1, suppressed = "
        "mail_suppressions.hard_bounces + 1 >= $3, last_error = $2, updated_at = $4",
        mail.to_address, o.error, hard_bounce_limit, now);
  }
}

}  // namespace

std::map<std::string, std::string> MailRepository::preferences(Id account_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    std::map<std::string, std::string> out;
    for (const auto& r : tx.exec_params(
             "SELECT kind, mode FROM notification_prefs WHERE account_id = $1", account_id)) {
      out[r[0].c_str()] = r[1].c_str();
    }
    return out;
  });
}

void MailRepository::set_preferences(Id account_id,
                                     const std::map<std::string, std::string>& modes) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    for (const auto& [kind, mode] : modes) {
      tx.exec_params(
          "INSERT INTO notification_prefs (account_id, kind, mode) VALUES ($1, $2, $3) "
          "ON CONFLICT (account_id, kind) DO UPDATE SET mode = EXCLUDED.mode",
          account_id, kind, mode);
    }
    tx.commit();
  });
}

void MailRepository::rotate_secret(Id account_id) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params(
        "UPDATE accounts SET mail_secret = decode(replace(gen_random_uuid()::text || "
        "gen_random_uuid()::text, '-', ''), 'hex') WHERE id = $1",
        account_id);
  });
}

std::optional<MailAccount> MailRepository::account(Id account_id) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<MailAccount> {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT a.id, a.username, a.email, encode(a.mail_secret, 'hex'), coalesce(s.suppressed, "
        "false), coalesce(s.hard_bounces, 0) FROM accounts a LEFT JOIN mail_suppressions s ON "
        "s.address = lower(a.email) WHERE a.id = $1",
        account_id);
    if (r.empty()) return std::nullopt;
    return MailAccount{r[0][0].as<Id>(), r[0][1].c_str(),    r[0][2].c_str(),
                       r[0][3].c_str(),  r[0][4].as<bool>(), r[0][5].as<int>()};
  });
}

SuppressionState MailRepository::suppression(const std::string& address) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT hard_bounces, suppressed FROM mail_suppressions WHERE address = lower($1)",
        address);
    if (r.empty()) return SuppressionState{};
    return SuppressionState{r[0][0].as<int>(), r[0][1].as<bool>()};
  });
}

std::vector<OutboxItem> MailRepository::unrendered(const std::string& now, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return items_from(tx.exec_params("SELECT " + kItemColumns +
                                         " FROM mail_outbox WHERE status = 'queued' AND "
                                         "next_attempt_at <= $1::timestamptz AND message IS NULL "
                                         "ORDER BY next_attempt_at, id LIMIT $2",
                                     now, limit));
  });
}

std::vector<OutboxItem> MailRepository::digest_items(Id digest_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return items_from(tx.exec_params(
        "SELECT " + kItemColumns + " FROM mail_outbox WHERE digest_id = $1 ORDER BY id",
        digest_id));
  });
}

void MailRepository::store_rendered(const RenderedRow& row) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params(
        "UPDATE mail_outbox SET message_id = $2, to_address = $3, subject = $4, message = $5 "
        "WHERE id = $1 AND message IS NULL",
        row.id, row.message_id, row.to_address, row.subject, row.message);
  });
}

void MailRepository::fail_unrendered(Id id, const std::string& error) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params(
        "UPDATE mail_outbox SET status = 'failed', last_error = $2 WHERE id = $1 AND message IS "
        "NULL",
        id, error);
  });
}

void MailRepository::purge_before(const std::string& before, int limit) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params0(
        "WITH o AS (DELETE FROM mail_outbox WHERE id IN (SELECT id FROM mail_outbox WHERE "
        "created_at < $1::timestamptz LIMIT $2)) "
        "DELETE FROM mail_inbound WHERE message_id IN (SELECT message_id FROM mail_inbound "
        "WHERE received_at < $1::timestamptz LIMIT $2)",
        before, limit);
  });
}

int MailRepository::make_digests(const std::string& now, double period_s) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    // One statement per run: held rows are locked (SKIP LOCKED), so two instances never fold
    // the same row twice.
    const pqxx::row r = tx.exec_params1(
        "WITH due AS (SELECT account_id FROM mail_outbox WHERE status = 'held' GROUP BY "
        "account_id HAVING min(created_at) <= $1::timestamptz - make_interval(secs => $2)), "
        "h AS (SELECT id, account_id FROM mail_outbox WHERE status = 'held' AND account_id IN "
        "(SELECT account_id FROM due) FOR UPDATE SKIP LOCKED), "
        "d AS (INSERT INTO mail_outbox (account_id, kind, status, created_at) SELECT DISTINCT "
        "account_id, 'digest', 'queued', $1::timestamptz FROM h RETURNING id, account_id), "
        "u AS (UPDATE mail_outbox o SET status = 'digested', digest_id = d.id FROM h, d WHERE "
        "o.id = h.id AND d.account_id = h.account_id RETURNING o.id) "
        "SELECT (SELECT count(*) FROM d), (SELECT count(*) FROM u)",
        now, period_s);
    return r[0].as<int>();
  });
}

int MailRepository::send_due(const std::string& now, int limit, int hard_bounce_limit,
                             const std::function<SendOutcome(const ClaimedMail&)>& send) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result rows = tx.exec_params(
        "SELECT o.id, o.message_id, o.to_address, o.message, o.attempts, coalesce(s.suppressed, "
        "false) FROM mail_outbox o LEFT JOIN mail_suppressions s ON s.address = "
        "lower(o.to_address) WHERE o.status = 'queued' AND o.next_attempt_at <= $1::timestamptz "
        "AND o.message IS NOT NULL ORDER BY o.next_attempt_at, o.id LIMIT $2 FOR UPDATE OF o "
        "SKIP LOCKED",
        now, limit);
    for (const auto& r : rows) {
      const ClaimedMail mail{r[0].as<Id>(), r[1].c_str(),   r[2].c_str(),
                             r[3].c_str(),  r[4].as<int>(), r[5].as<bool>()};
      const SendOutcome outcome =
          mail.suppressed ? SendOutcome{SendVerdict::kSuppressed, "address suppressed", "", false}
                          : send(mail);
      record_outcome(tx, mail, outcome, now, hard_bounce_limit);
      if (outcome.stop_batch) break;
    }
    tx.commit();
    return static_cast<int>(rows.size());
  });
}

std::optional<MailRepository::SeatIdentity> MailRepository::seat_identity(Id game_id, int seat) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<SeatIdentity> {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT a.id, a.email, encode(a.mail_secret, 'hex') FROM game_seats s JOIN accounts a "
        "ON a.id = s.account_id WHERE s.game_id = $1 AND s.seat = $2",
        game_id, seat);
    if (r.empty()) return std::nullopt;
    return SeatIdentity{r[0][0].as<Id>(), r[0][1].c_str(), r[0][2].c_str()};
  });
}

bool MailRepository::claim_inbound(const std::string& message_id, const std::string& now) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return !tx.exec_params(
                  "INSERT INTO mail_inbound (message_id, received_at) VALUES ($1, $2) ON "
                  "CONFLICT (message_id) DO UPDATE SET received_at = EXCLUDED.received_at "
                  "WHERE mail_inbound.outcome = '' AND mail_inbound.received_at < "
                  "EXCLUDED.received_at - interval '10 minutes' RETURNING 1",
                  message_id, now)
                .empty();
  });
}

void MailRepository::set_inbound_outcome(const std::string& message_id,
                                         const std::string& outcome) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params("UPDATE mail_inbound SET outcome = $2 WHERE message_id = $1", message_id,
                   outcome);
  });
}

void MailRepository::forget_inbound(const std::string& message_id) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params("DELETE FROM mail_inbound WHERE message_id = $1", message_id);
  });
}

Id MailRepository::enqueue_reply(Id account_id, Id game_id, const std::string& payload_json,
                                 const std::string& now) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return tx
        .exec_params1(
            "INSERT INTO mail_outbox (account_id, kind, game_id, payload, created_at) VALUES "
            "($1, 'reply', $2, $3::jsonb, $4) RETURNING id",
            account_id, game_id, payload_json, now)[0]
        .as<Id>();
  });
}

void MailRepository::unsubscribe(Id account_id, const std::string& kind) {
  set_preferences(account_id, {{kind, "off"}});
}

std::pair<std::string, std::string> MailRepository::challenge_summary(Id challenge_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT a.username, c.game FROM challenges c JOIN accounts a ON a.id = c.creator_id "
        "WHERE c.id = $1",
        challenge_id);
    if (r.empty()) return std::pair<std::string, std::string>{};
    return std::pair<std::string, std::string>{r[0][0].c_str(), r[0][1].c_str()};
  });
}

}  // namespace storage
