#pragma once
// The clocks' SQL (docs/clocks.md): the sweeper's index lookups and set-based passes
// (reminders, dead unclocked games, ended vacations), vacation, time zones, the admin pause and
// the outage check at start. Every instant comes from the caller (the injected clock) as RFC 3339
// text; nothing here calls now(). Per-seat clocks in moves are written by GamesRepository.

#include <optional>
#include <string>
#include <vector>

#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct VacationState {
  bool on_vacation = false;
  std::string started_at;  // RFC 3339, when on vacation
  std::string until;       // RFC 3339, when on vacation
  double used_days = 0;    // this UTC calendar year, the current vacation counted to its end
};

enum class VacationChange { kDone, kAlreadyOnVacation, kNotOnVacation, kNoAllowance };

struct OutageRecord {
  std::string from;  // the newest heartbeat before the start
  std::string to;    // this start
  double extended_by_s = 0;
  int seats = 0;  // running clocks extended
};

class ClocksRepository {
 public:
  explicit ClocksRepository(ConnectionPool& pool) : pool_(pool) {}

  // Games with a seat whose deadline is at or before `at`, most overdue first (index range scan
  // of game_seats_deadline).
  std::vector<Id> expired_games(const std::string& at, int limit);
  // The plan of that lookup, for tests and the benchmark (EXPLAIN text).
  std::string explain_expired(const std::string& at, int limit);
  // Reminder events for seats that crossed one of `fractions` of their turn's time (once each per
  // turn: the highest fraction reached). Returns the number of events written.
  int send_reminders(const std::string& at, const std::vector<double>& fractions, int limit);
  // Active unclocked games untouched since `cutoff`, longest untouched first.
  std::vector<Id> dead_games(const std::string& cutoff, int limit);
  // vacation_ended events for vacations that ran out by themselves. Returns count.
  int report_ended_vacations(const std::string& at, int limit);

  VacationState vacation(Id account_id, const std::string& at);
  // Starts a vacation of `days` (0: all that is left of `allowance_days` this year).
  VacationChange start_vacation(Id account_id, const std::string& at, int days,
                                double allowance_days);
  VacationChange stop_vacation(Id account_id, const std::string& at, double allowance_days);

  // False when `zone` is not in pg_timezone_names. The account's running clocks keep the time
  // they had left at `at` and get deadlines laid out in the new zone.
  bool set_time_zone(Id account_id, const std::string& zone, const std::string& at);
  std::string time_zone(Id account_id);

  // The admin pause. False when already in that state.
  bool set_paused(bool paused, const std::string& at, const std::string& by);
  bool paused();

  // At start, before any sweep: if no instance beat for more than threshold_s, every running
  // clock is frozen for the gap (deadlines move by its length) and an outage event is written.
  // Registers the instance (last_beat = at) in the same transaction, under an advisory lock, so
  // two instances starting together extend once.
  std::optional<OutageRecord> check_outage(const std::string& instance_id, const std::string& at,
                                           double threshold_s);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
