#include "lib/clock/periodic.h"

#include <algorithm>
#include <utility>

namespace hxclock {

PeriodicTask::PeriodicTask(std::chrono::milliseconds interval, std::function<void()> task)
    : interval_(interval), task_(std::move(task)) {}

PeriodicTask::~PeriodicTask() { stop(); }

void PeriodicTask::start() {
  std::lock_guard lock(mutex_);
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] { loop(); });
}

bool PeriodicTask::stop() {
  {
    std::lock_guard lock(mutex_);
    if (!thread_.joinable()) return false;
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  return true;
}

void PeriodicTask::loop() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    lock.unlock();
    task_();
    last_run_ms_.store(std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count());
    lock.lock();
  }
}

double PeriodicTask::lag_seconds() const {
  const std::int64_t last = last_run_ms_.load();
  if (last == 0) return 0;
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  return std::max<double>(0, static_cast<double>(now - last - interval_.count()) / 1000);
}

}  // namespace hxclock
