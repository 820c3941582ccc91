#pragma once
// Reading game_events for the bot streams (docs/bot-protocol.md).
//
// Stream order is (txid, id): txid is the inserting transaction (migration 0004). Every read
// returns only rows whose transaction is older than the reading snapshot's xmin, so all
// transactions at or before the returned positions have ended and no row can later appear
// behind a position that was handed out. That makes "resume after position P" exact, which
// resuming after a bare bigserial id is not (ids are taken in statement order, not commit
// order).

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

// A place in the stream: every event at or before it has been seen.
struct StreamPosition {
  std::uint64_t txid = 0;
  Id id = 0;
  auto operator<=>(const StreamPosition&) const = default;
};

struct EventRecord {
  StreamPosition position;  // position.id is the event id
  std::optional<Id> game_id;
  std::optional<Id> challenge_id;
  std::string kind;
  std::optional<int> ply;
  std::vector<Id> recipients;
  std::string payload_json = "{}";
  std::string created_at;  // RFC 3339 UTC
};

inline constexpr const char* kEventsChannel = "hexpost_events";
inline constexpr const char* kStreamControlChannel = "hexpost_stream_control";

// One dedicated connection per hexpostd instance that LISTENs to the events and stream-control
// channels and reads the global feed. Not thread-safe: one thread (the event hub's) owns it.
// Any method may throw pqxx::broken_connection; the owner calls reset() and tries again later.
class EventFeedConnection {
 public:
  explicit EventFeedConnection(std::string url);
  ~EventFeedConnection();
  EventFeedConnection(const EventFeedConnection&) = delete;
  EventFeedConnection& operator=(const EventFeedConnection&) = delete;

  // Connects and LISTENs when not connected.
  void ensure_connected();
  // Forgets the connection (the next ensure_connected() opens a new one).
  void reset();
  struct Notifications {
    std::vector<Id> event_ids;         // payloads of the events channel (the new rows' ids)
    std::vector<std::string> control;  // payloads of the stream-control channel
  };
  // Waits up to `timeout` for notifications (returns at once with those already received).
  Notifications wait(std::chrono::milliseconds timeout);
  // Up to `limit` committed events after `after` in stream order.
  std::vector<EventRecord> committed_after(const StreamPosition& after, int limit);
  // The position of the newest committed event (or {0,0} when there is none).
  StreamPosition head();

 private:
  struct State;
  std::string url_;
  std::unique_ptr<State> state_;
};

class EventsRepository {
 public:
  explicit EventsRepository(ConnectionPool& pool) : pool_(pool) {}

  // Committed events for `account` (a recipient) strictly after `after` and at or before
  // `upto` (a position the hub handed out, so every transaction up to it has ended), in stream
  // order, at most `limit`.
  std::vector<EventRecord> for_account(Id account, const StreamPosition& after,
                                       const StreamPosition& upto, int limit);
  // The newest events for `account` (a recipient) whose kind is one of `kinds`, with an id
  // below `before_id` (0: from the newest), newest (highest id) first, at most `limit`.
  std::vector<EventRecord> recent_for_account(Id account, const std::vector<std::string>& kinds,
                                              Id before_id, int limit);
  // Whether the game's next move after event `event_id` was a conditional reply of `seat` (its
  // move event's payload says "conditional": true; docs/events.md).
  bool next_move_is_reply(Id game_id, Id event_id, int seat);
  // The stream position of an event id; empty when there is no such event.
  std::optional<StreamPosition> position_of(Id event_id);
  // NOTIFYs every instance on the stream-control channel (e.g. "a newer stream of token T
  // opened": their older streams of T close).
  void notify_stream_control(const std::string& payload);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
