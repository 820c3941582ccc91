#include "lib/clock/periodic.h"

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
    lock.lock();
  }
}

}  // namespace hxclock
