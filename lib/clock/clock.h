#pragma once
// The one source of "now" for the service. Every time computation (deadlines, expiries, rate
// limits, reminders, retries, rating periods) asks a Clock and passes the instant to SQL as a
// parameter; no code mixes this with PostgreSQL's now() or reads the system clock itself.
// Tests inject a ManualClock and move time forward without sleeping.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hxclock {

using TimePoint = std::chrono::sys_time<std::chrono::microseconds>;

class Clock {
 public:
  virtual ~Clock() = default;
  virtual TimePoint now() const = 0;
};

// The system's wall clock.
class SystemClock final : public Clock {
 public:
  TimePoint now() const override;
};

// A clock that stands still until told to move. Thread-safe.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(TimePoint start) : micros_(start.time_since_epoch().count()) {}
  TimePoint now() const override { return TimePoint(std::chrono::microseconds(micros_.load())); }
  void set(TimePoint t) { micros_.store(t.time_since_epoch().count()); }
  void advance(std::chrono::microseconds by) { micros_.fetch_add(by.count()); }

 private:
  std::atomic<std::int64_t> micros_;
};

// The process-wide system clock (what hexpostd uses unless told otherwise).
Clock& system_clock();

// RFC 3339 in UTC with microseconds: "2026-11-24T03:51:47.123456Z". PostgreSQL accepts it as a
// timestamptz parameter.
std::string to_rfc3339(TimePoint t);
// RFC 3339 with seconds only: "2026-11-24T03:51:47Z" (for JSON answers and records).
std::string to_rfc3339_seconds(TimePoint t);
// Parses what to_rfc3339 and PostgreSQL's to_char(... 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') print, with
// or without fractional seconds, with "Z" or a numeric offset. Empty on anything else.
std::optional<TimePoint> parse_rfc3339(std::string_view text);

}  // namespace hxclock
