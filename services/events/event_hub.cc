#include "services/events/event_hub.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

namespace events {

EventHub::EventHub(std::string database_url, HubOptions options)
    : options_(options), feed_(std::move(database_url)) {}

EventHub::~EventHub() { stop(); }

void EventHub::on_control(ControlHandler handler) { control_ = std::move(handler); }

void EventHub::on_events(EventsHandler handler) { events_ = std::move(handler); }

void EventHub::on_advance(AdvanceHandler handler) { advanced_ = std::move(handler); }

void EventHub::start() {
  try {
    initialise();
  } catch (const std::exception& e) {
    spdlog::warn("event hub: {}; retrying in the background", e.what());
    feed_.reset();
  }
  thread_ = std::thread([this] { run(); });
}

void EventHub::stop() {
  // Only the first call wakes: a later one (the destructor's) may come after the on_advance
  // handler's owner is gone.
  if (!stopping_.exchange(true)) wake_all();
  std::lock_guard lock(stop_mutex_);
  if (thread_.joinable()) thread_.join();
}

bool EventHub::ready() const {
  std::lock_guard lock(mutex_);
  return ready_;
}

bool EventHub::initialise() {
  {
    std::lock_guard lock(mutex_);
    if (ready_) return true;
  }
  feed_.ensure_connected();
  const StreamPosition head = feed_.head();
  std::lock_guard lock(mutex_);
  ring_base_ = frontier_ = head;
  ready_ = true;
  return true;
}

void EventHub::run() {
  while (!stopping_) {
    try {
      initialise();
      read_new();
      const auto notes = feed_.wait(next_wait());
      const auto now = std::chrono::steady_clock::now();
      for (storage::Id id : notes.event_ids) awaited_.emplace(id, now);
      if (!notes.event_ids.empty()) retry_ = std::chrono::milliseconds(1);
      for (const std::string& payload : notes.control) {
        if (control_) control_(payload);
      }
    } catch (const std::exception& e) {
      spdlog::warn("event hub: {}; reconnecting", e.what());
      feed_.reset();
      for (int i = 0; i < 10 && !stopping_; ++i) {
        std::this_thread::sleep_for(options_.poll / 10);
      }
    }
  }
}

void EventHub::read_new() {
  for (;;) {
    std::vector<EventRecord> batch = feed_.committed_after(frontier(), options_.batch);
    const bool full = static_cast<int>(batch.size()) == options_.batch;
    if (!batch.empty()) append(std::move(batch));
    if (!full || stopping_) return;
  }
}

std::chrono::milliseconds EventHub::next_wait() {
  // An id announced but never readable (its transaction rolled back after the NOTIFY was
  // queued cannot happen: NOTIFY is transactional) is dropped after a while all the same.
  const auto stale = std::chrono::steady_clock::now() - std::chrono::seconds(10);
  std::erase_if(awaited_, [&](const auto& entry) { return entry.second < stale; });
  if (awaited_.empty()) {
    retry_ = std::chrono::milliseconds(1);
    return options_.poll;
  }
  // 1, 2, 4, 4, ... ms: short transactions (a move, a rate-limit update) end within a few ms,
  // and a re-read that finds nothing new is one indexed query.
  const auto wait = retry_;
  retry_ = std::min({retry_ * 2, std::chrono::milliseconds(4), options_.poll});
  return wait;
}

void EventHub::append(std::vector<EventRecord> events) {
  for (const auto& e : events) awaited_.erase(e.position.id);
  if (events_) events_(events);
  std::vector<std::shared_ptr<const EventRecord>> added;
  added.reserve(events.size());
  for (auto& e : events) added.push_back(std::make_shared<const EventRecord>(std::move(e)));
  {
    std::lock_guard lock(mutex_);
    for (const auto& e : added) {
      frontier_ = e->position;
      ring_.push_back(e);
    }
    while (ring_.size() > options_.ring_capacity) {
      ring_base_ = ring_.front()->position;
      ring_.pop_front();
    }
  }
  changed_.notify_all();
  if (advanced_) advanced_(added);
}

StreamPosition EventHub::frontier() const {
  std::lock_guard lock(mutex_);
  return frontier_;
}

bool EventHub::read(const StreamPosition& cursor,
                    const std::function<bool(const EventRecord&)>& match,
                    std::vector<EventRecord>& out, StreamPosition& upto) const {
  std::vector<std::shared_ptr<const EventRecord>> picked;
  {
    std::lock_guard lock(mutex_);
    if (cursor < ring_base_) return false;
    upto = frontier_;
    // The ring is sorted by position: skip to the first event after the cursor.
    auto first =
        std::upper_bound(ring_.begin(), ring_.end(), cursor,
                         [](const StreamPosition& c, const std::shared_ptr<const EventRecord>& e) {
                           return c < e->position;
                         });
    for (auto it = first; it != ring_.end(); ++it) picked.push_back(*it);
  }
  for (const auto& e : picked) {
    if (match(*e)) out.push_back(*e);
  }
  return true;
}

void EventHub::wait_past(const StreamPosition& cursor, std::chrono::milliseconds timeout,
                         const std::atomic<bool>& interrupt) const {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, timeout,
                    [&] { return cursor < frontier_ || interrupt.load() || stopping_.load(); });
}

void EventHub::wake_all() const {
  { std::lock_guard lock(mutex_); }
  changed_.notify_all();
  if (advanced_) advanced_({});
}

}  // namespace events
