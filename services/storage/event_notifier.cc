#include "services/storage/event_notifier.h"

#include <pqxx/pqxx>

#include <chrono>
#include <utility>

#include "services/storage/sql_util.h"

namespace storage {

namespace {

// A wake-up queue this long means the database has been unreachable for a while: the oldest
// wake-ups are dropped (listeners' polls find their events).
constexpr std::size_t kMaxPending = 100000;

}  // namespace

EventNotifier::EventNotifier(std::string database_url)
    : url_(std::move(database_url)), thread_([this] { run(); }) {}

EventNotifier::~EventNotifier() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  queued_.notify_one();
  thread_.join();
}

void EventNotifier::post(std::string event_id) {
  {
    std::lock_guard lock(mutex_);
    if (pending_.size() >= kMaxPending) pending_.erase(pending_.begin());
    pending_.push_back(std::move(event_id));
  }
  queued_.notify_one();
}

void EventNotifier::run() {
  std::vector<std::string> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      queued_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
      if (pending_.empty()) return;  // stopping, and everything was sent
      batch.swap(pending_);
    }
    send(batch);
    batch.clear();
  }
}

void EventNotifier::send(const std::vector<std::string>& ids) {
  try {
    if (!connection_ || !connection_->is_open()) {
      connection_ = std::make_unique<pqxx::connection>(url_);
      connection_->prepare("events_notify",
                           "SELECT count(pg_notify('hexpost_events', id)) FROM "
                           "jsonb_array_elements_text($1::jsonb) id");
    }
    pqxx::nontransaction tx(*connection_);
    tx.exec_prepared("events_notify", sql::json_array(ids));
  } catch (const std::exception&) {
    connection_.reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace storage
