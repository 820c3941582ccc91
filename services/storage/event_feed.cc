#include "services/storage/event_feed.h"

#include <pqxx/pqxx>

#include <cstdlib>
#include <utility>

#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

const std::string kColumns =
    "e.txid::text, e.id, e.game_id, e.challenge_id, e.kind, e.ply, to_json(e.recipients)::text, "
    "e.payload::text, " +
    sql::ts("e.created_at");

EventRecord event_from(const pqxx::row& row) {
  EventRecord e;
  e.position.txid = row[0].as<std::uint64_t>();
  e.position.id = row[1].as<Id>();
  if (!row[2].is_null()) e.game_id = row[2].as<Id>();
  if (!row[3].is_null()) e.challenge_id = row[3].as<Id>();
  e.kind = row[4].c_str();
  if (!row[5].is_null()) e.ply = row[5].as<int>();
  e.recipients = nlohmann::json::parse(row[6].c_str()).get<std::vector<Id>>();
  e.payload_json = row[7].c_str();
  e.created_at = row[8].c_str();
  return e;
}

std::vector<EventRecord> events_from(const pqxx::result& r) {
  std::vector<EventRecord> out;
  out.reserve(r.size());
  for (const auto& row : r) out.push_back(event_from(row));
  return out;
}

class Listener : public pqxx::notification_receiver {
 public:
  Listener(pqxx::connection_base& c, const std::string& channel, std::vector<std::string>& sink)
      : pqxx::notification_receiver(c, channel), sink_(sink) {}
  void operator()(const std::string& payload, int) override { sink_.push_back(payload); }

 private:
  std::vector<std::string>& sink_;
};

}  // namespace

struct EventFeedConnection::State {
  explicit State(const std::string& url)
      : connection(url),
        events(connection, kEventsChannel, event_payloads),
        control(connection, kStreamControlChannel, control_payloads) {}
  pqxx::connection connection;
  std::vector<std::string> event_payloads;
  std::vector<std::string> control_payloads;
  Listener events;
  Listener control;
};

EventFeedConnection::EventFeedConnection(std::string url) : url_(std::move(url)) {}

EventFeedConnection::~EventFeedConnection() = default;

void EventFeedConnection::ensure_connected() {
  if (!state_) state_ = std::make_unique<State>(url_);
}

void EventFeedConnection::reset() { state_.reset(); }

EventFeedConnection::Notifications EventFeedConnection::wait(std::chrono::milliseconds timeout) {
  ensure_connected();
  State& s = *state_;
  // Notifications that arrived while a query ran may already sit in the payload lists (libpqxx
  // hands them to the receivers when it checks after a query), or are delivered by get_notifs()
  // at once; only with none of either does the wait block.
  const bool pending = !s.event_payloads.empty() || !s.control_payloads.empty();
  if (!pending && s.connection.get_notifs() == 0) {
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(timeout).count();
    s.connection.await_notification(static_cast<long>(us / 1'000'000),
                                    static_cast<long>(us % 1'000'000));
  }
  if (!s.connection.is_open()) throw pqxx::broken_connection("event feed connection lost");
  Notifications out;
  for (const auto& payload : s.event_payloads) {
    char* end = nullptr;
    const long long id = std::strtoll(payload.c_str(), &end, 10);
    if (end != payload.c_str() && *end == '\0' && id > 0) out.event_ids.push_back(id);
  }
  out.control = std::move(s.control_payloads);
  s.event_payloads.clear();
  s.control_payloads.clear();
  return out;
}

std::vector<EventRecord> EventFeedConnection::committed_after(const StreamPosition& after,
                                                              int limit) {
  ensure_connected();
  pqxx::nontransaction tx(state_->connection);
  return events_from(tx.exec_params("SELECT " + kColumns +
                                        " FROM game_events e WHERE (e.txid, e.id) > ($1::xid8, "
                                        "$2) AND " +
                                        sql::kEventCommitted + " ORDER BY e.txid, e.id LIMIT $3",
                                    std::to_string(after.txid), after.id, limit));
}

StreamPosition EventFeedConnection::head() {
  ensure_connected();
  pqxx::nontransaction tx(state_->connection);
  const pqxx::result r =
      tx.exec("SELECT f.txid::text, f.id FROM (" + sql::kCommittedFrontier + ") f");
  if (r.empty()) return {};
  return {r[0][0].as<std::uint64_t>(), r[0][1].as<Id>()};
}

std::vector<EventRecord> EventsRepository::for_account(Id account, const StreamPosition& after,
                                                       const StreamPosition& upto, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return events_from(tx.exec_params(
        "SELECT " + kColumns +
            " FROM game_events e WHERE e.recipients @> ARRAY[$1::bigint] AND (e.txid, e.id) > "
            "($2::xid8, $3) AND (e.txid, e.id) <= ($4::xid8, $5) ORDER BY e.txid, e.id LIMIT $6",
        account, std::to_string(after.txid), after.id, std::to_string(upto.txid), upto.id, limit));
  });
}

std::vector<EventRecord> EventsRepository::recent_for_account(Id account,
                                                              const std::vector<std::string>& kinds,
                                                              Id before_id, int limit) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return events_from(tx.exec_params(
        "SELECT " + kColumns +
            " FROM game_events e WHERE e.recipients @> ARRAY[$1::bigint] AND e.kind IN (SELECT "
            "jsonb_array_elements_text($2::jsonb)) AND ($3::bigint = 0 OR e.id < $3::bigint) ORDER "
            "BY e.id DESC "
            "LIMIT $4",
        account, nlohmann::json(kinds).dump(), before_id, limit));
  });
}

bool EventsRepository::next_move_is_reply(Id game_id, Id event_id, int seat) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT coalesce((payload->>'conditional')::boolean, false) AND (payload->>'seat')::int = "
        "$3 FROM game_events WHERE game_id = $1 AND id > $2 AND kind = 'move' ORDER BY id LIMIT 1",
        game_id, event_id, seat);
    return !r.empty() && r[0][0].as<bool>();
  });
}

std::optional<StreamPosition> EventsRepository::position_of(Id event_id) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<StreamPosition> {
    pqxx::nontransaction tx(c);
    const pqxx::result r =
        tx.exec_params("SELECT txid::text, id FROM game_events WHERE id = $1", event_id);
    if (r.empty()) return std::nullopt;
    return StreamPosition{r[0][0].as<std::uint64_t>(), r[0][1].as<Id>()};
  });
}

void EventsRepository::notify_stream_control(const std::string& payload) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params("SELECT pg_notify($1, $2)", std::string(kStreamControlChannel), payload);
  });
}

}  // namespace storage
