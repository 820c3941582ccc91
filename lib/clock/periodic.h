#pragma once
// A background thread that runs a task every `interval` until stopped: the shape shared by the
// heartbeat, the clock sweeper and the other workers inside hexpostd. The task must not throw
// (workers log their own failures); stop() wakes the thread at once and joins it.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace hxclock {

class PeriodicTask {
 public:
  PeriodicTask(std::chrono::milliseconds interval, std::function<void()> task);
  ~PeriodicTask();
  PeriodicTask(const PeriodicTask&) = delete;
  PeriodicTask& operator=(const PeriodicTask&) = delete;

  // Starts the thread (no-op while it runs). The first run is one interval after start().
  void start();
  // Stops and joins the thread; false when it was not running. A run in progress completes.
  bool stop();

  // When the last run ended (Unix seconds; 0 before the first), and how far the next run is
  // overdue: the time since the last run ended beyond one interval (0 when on time or never run).
  // For metrics.
  double last_run_seconds() const { return static_cast<double>(last_run_ms_.load()) / 1000; }
  double lag_seconds() const;

 private:
  void loop();

  std::chrono::milliseconds interval_;
  std::function<void()> task_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
  std::atomic<std::int64_t> last_run_ms_{0};
};

}  // namespace hxclock
