#pragma once
// A background thread that runs a task every `interval` until stopped: the shape shared by the
// heartbeat, the clock sweeper and the other workers inside hexpostd. The task must not throw
// (workers log their own failures); stop() wakes the thread at once and joins it.

#include <chrono>
#include <condition_variable>
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

 private:
  void loop();

  std::chrono::milliseconds interval_;
  std::function<void()> task_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace hxclock
