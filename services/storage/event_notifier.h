#pragma once
// Sends NOTIFY hexpost_events for committed events, from one background thread on a connection of
// its own.
//
// Why after COMMIT: a NOTIFY inside the writing transaction holds PostgreSQL's one notify lock
// until that commit's WAL flush is done, which serialises every notifying commit in the cluster
// (measured: ~250-330 notifying inserts/s at 16 clients against ~5,000 without;
// docs/game-service.md). A notify-only transaction writes no WAL and holds the lock briefly.
// Why a thread: the request answers right after its COMMIT instead of paying a second round trip
// and transaction, and ids that queue up while one batch is sent go out together, in one
// statement.
//
// NOTIFY is only a wake-up: listeners read game_events after the last id they saw and also poll,
// so a wake-up lost to a crash or a broken connection delays an event but never loses it. Failed
// batches are dropped (after a short pause, so a database outage is not a busy loop).

#include <pqxx/connection>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace storage {

class EventNotifier {
 public:
  explicit EventNotifier(std::string database_url);
  // Sends what is queued, then stops.
  ~EventNotifier();
  EventNotifier(const EventNotifier&) = delete;
  EventNotifier& operator=(const EventNotifier&) = delete;

  // Queues the wake-up for a committed event id; never blocks on the database.
  void post(std::string event_id);

 private:
  void run();
  void send(const std::vector<std::string>& ids);

  std::string url_;
  std::unique_ptr<pqxx::connection> connection_;  // the thread's alone
  std::mutex mutex_;
  std::condition_variable queued_;
  std::vector<std::string> pending_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace storage
