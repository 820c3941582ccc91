#pragma once
// service_instances: one row per hexpostd instance id, with its start time and a periodic
// heartbeat. A later issue uses the gap between the newest heartbeat and a restart to detect
// outages (clocks must not run while the service was down).

#include <chrono>
#include <optional>
#include <string>

#include "lib/clock/clock.h"
#include "lib/clock/periodic.h"

namespace storage {

class ConnectionPool;

struct InstanceRecord {
  std::string instance_id;
  std::chrono::system_clock::time_point started_at;
  std::chrono::system_clock::time_point last_beat;
};

class InstanceRepository {
 public:
  // Times come from `clock` (the service's injected clock), never from PostgreSQL's now(): the
  // outage check compares heartbeats with that clock.
  explicit InstanceRepository(ConnectionPool& pool, hxclock::Clock& clock = hxclock::system_clock())
      : pool_(pool), clock_(clock) {}

  // Inserts the instance, or restarts it (started_at = last_beat = the clock's now) if the id
  // exists.
  void register_start(const std::string& instance_id);
  // Sets last_beat to the clock's now. False when the instance is not registered.
  bool beat(const std::string& instance_id);
  std::optional<InstanceRecord> find(const std::string& instance_id);

 private:
  ConnectionPool& pool_;
  hxclock::Clock& clock_;
};

// Calls repo.beat(id) every `interval` on its own thread until stop() (or destruction), plus a
// last beat on stop. Failures are logged once per outage, never thrown.
class Heartbeat {
 public:
  Heartbeat(InstanceRepository& repo, std::string instance_id, std::chrono::milliseconds interval);
  ~Heartbeat();
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;

  void start() { task_.start(); }
  // Stops the thread, then beats once more (if it was running).
  void stop();

 private:
  void beat_once();

  InstanceRepository& repo_;
  std::string instance_id_;
  bool failing_ = false;
  hxclock::PeriodicTask task_;
};

}  // namespace storage
