#pragma once
// The clock sweeper (issue 8; docs/clocks.md): ends games whose deadline has passed (the rules'
// resignation of the seat that ran out, through the same conditional write as a move, so a
// racing move or a second sweeper never produces a second outcome), sends reminders, aborts dead
// unclocked games and reports vacations that ran out. hexpostd runs it on a thread; tests call
// sweep_at() with a ManualClock's instant.

#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "lib/clock/clock.h"
#include "lib/clock/periodic.h"
#include "services/domain/game_logic.h"
#include "services/storage/clocks_repository.h"
#include "services/storage/games_repository.h"

namespace sweeper {

struct ClockOptions {
  double vacation_days_per_year = 30;                         // HEXPOST_VACATION_DAYS
  double outage_threshold_s = 600;                            // HEXPOST_OUTAGE_THRESHOLD_S
  std::vector<double> reminder_fractions = {0.5, 0.8, 0.95};  // HEXPOST_REMINDERS ("" = none)
  int dead_game_days = 90;       // HEXPOST_DEAD_GAME_DAYS (unclocked games; 0 = never)
  double sweep_interval_s = 30;  // HEXPOST_SWEEP_S
  int batch = 500;               // rows per statement
  bool auto_vacation = false;    // HEXPOST_AUTO_VACATION=1: a flag fall takes a vacation day
};

// Reads the variables above (all optional). Throws std::invalid_argument naming a bad one.
ClockOptions clock_options(const std::map<std::string, std::string, std::less<>>& env);

struct SweepReport {
  int timeouts = 0;
  int reminders = 0;
  int dead_games = 0;
  int vacations_ended = 0;
};

class ClockSweeper {
 public:
  ClockSweeper(const domain::Catalog& catalog, storage::GamesRepository& games,
               storage::ClocksRepository& clocks, hxclock::Clock& clock, ClockOptions options);
  ~ClockSweeper();
  ClockSweeper(const ClockSweeper&) = delete;
  ClockSweeper& operator=(const ClockSweeper&) = delete;

  // One full pass at the clock's now / at `now`.
  SweepReport sweep_once();
  SweepReport sweep_at(hxclock::TimePoint now);
  // Times out every seat of the game whose deadline is at or before `now`. Returns the timeout
  // entries this call stored (0 when a move or another sweeper got there first).
  int expire_game(storage::Id game_id, hxclock::TimePoint now);
  // Flag falls this sweeper turned into vacation days since it was made (auto_vacation).
  int auto_vacations() const { return auto_vacations_.load(); }

  // The thread: sweep_once() every sweep_interval_s until stop(). Errors are logged, not thrown.
  void start() { task_.start(); }
  void stop() { task_.stop(); }

  const ClockOptions& options() const { return options_; }

 private:
  // One logged pass of the thread.
  void sweep_and_log();
  // With auto_vacation, a seat that ran out takes one day of its player's vacation allowance
  // (Little Golem style) instead of losing, while a whole day is left and the game allows it.
  bool try_auto_vacation(const storage::GameRecord& game, int seat, const std::string& at);

  const domain::Catalog& catalog_;
  storage::GamesRepository& games_;
  storage::ClocksRepository& clocks_;
  hxclock::Clock& clock_;
  ClockOptions options_;
  std::atomic<int> auto_vacations_{0};
  hxclock::PeriodicTask task_;
};

}  // namespace sweeper
