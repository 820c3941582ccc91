#pragma once
// events::EventHub: the one place a hexpostd instance learns about new game_events rows
// (docs/bot-protocol.md).
//
// One thread owns a dedicated database connection that LISTENs to `hexpost_events` (and the
// stream-control channel). On every notification, and at least every `poll` as a safety net
// (a NOTIFY can be lost with its connection), it reads the committed events after its frontier
// in stream order into a bounded in-memory ring and wakes every waiting stream. When
// PostgreSQL restarts, the thread reconnects and reads on from the same frontier, so nothing
// committed in between is skipped.
//
// Streams never read the global feed themselves: they copy what matches them out of the ring
// (read()), or, when they are further behind than the ring reaches, read their own events from
// the database up to frontier() and then continue from the ring.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "services/storage/event_feed.h"

namespace events {

using storage::EventRecord;
using storage::StreamPosition;

struct HubOptions {
  std::chrono::milliseconds poll{1000};  // re-read even without a NOTIFY this often
  std::size_t ring_capacity = 20000;     // events kept in memory
  int batch = 1000;                      // rows per read
};

class EventHub {
 public:
  using ControlHandler = std::function<void(const std::string& payload)>;
  using EventsHandler = std::function<void(const std::vector<EventRecord>& events)>;

  EventHub(std::string database_url, HubOptions options = {});
  ~EventHub();
  EventHub(const EventHub&) = delete;
  EventHub& operator=(const EventHub&) = delete;

  // Before start(): called on the hub thread for every stream-control payload.
  void on_control(ControlHandler handler);
  // Before start(): called on the hub thread with every batch of events read, in stream order,
  // before streams can see them.
  void on_events(EventsHandler handler);
  // Before start(): called (on the hub thread, or the caller of wake_all()) with the events just
  // added after the frontier advanced, and with none after every wake_all(): for waiters that
  // do not block in wait_past().
  using AdvanceHandler =
      std::function<void(const std::vector<std::shared_ptr<const EventRecord>>& added)>;
  void on_advance(AdvanceHandler handler);
  // Starts the thread. Tries to read the head synchronously first; when the database is down
  // the thread keeps trying and ready() stays false until it succeeds.
  void start();
  void stop();
  bool ready() const;

  // Every committed event at or before frontier() has been read into the ring (or was there
  // before the hub started).
  StreamPosition frontier() const;
  // Appends the ring's events after `cursor` that `match` accepts to `out` and sets `upto` to
  // the frontier. False when the ring does not reach back to `cursor` (nothing appended).
  bool read(const StreamPosition& cursor, const std::function<bool(const EventRecord&)>& match,
            std::vector<EventRecord>& out, StreamPosition& upto) const;
  // Blocks until the frontier passes `cursor`, `interrupt` is set, the hub stops, or `timeout`.
  void wait_past(const StreamPosition& cursor, std::chrono::milliseconds timeout,
                 const std::atomic<bool>& interrupt) const;
  // Wakes every waiter (after setting an interrupt flag).
  void wake_all() const;
  bool stopping() const { return stopping_; }

 private:
  void run();
  bool initialise();
  void read_new();
  void append(std::vector<EventRecord> events);
  std::chrono::milliseconds next_wait();

  // Ids announced by NOTIFY but not read yet: their rows wait for an older transaction (one
  // that may not NOTIFY, like a rate-limit update) to end, so the hub re-reads soon instead of
  // at the next poll. Only the hub thread touches these.
  std::map<storage::Id, std::chrono::steady_clock::time_point> awaited_;
  std::chrono::milliseconds retry_{1};
  HubOptions options_;
  storage::EventFeedConnection feed_;
  ControlHandler control_;
  EventsHandler events_;
  AdvanceHandler advanced_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  std::deque<std::shared_ptr<const EventRecord>> ring_;
  StreamPosition ring_base_;  // every event after this is in ring_
  StreamPosition frontier_;
  bool ready_ = false;
  std::atomic<bool> stopping_{false};
  std::mutex stop_mutex_;  // stop() may be called from two threads
  std::thread thread_;
};

}  // namespace events
