#pragma once
// The clock sweeper (docs/clocks.md): finds games whose deadline has passed and has the play
// pipeline end them (PlayService::expire: the rules' resignation of the seat that ran out,
// through the same conditional write as a move, so a racing move or a second sweeper never
// produces a second outcome), sends reminders, aborts dead unclocked games and reports
// vacations that ran out, and settles the conditional lines a move or an ended game left waiting
// (an instance that died between a move's commit and its lines; a draw or an abort). hexpostd
// runs it on a thread; tests call
// sweep_at() with a ManualClock's instant.

#include <map>
#include <string>
#include <vector>

#include "lib/clock/clock.h"
#include "lib/clock/periodic.h"
#include "services/play/play_service.h"
#include "services/storage/clocks_repository.h"

namespace sweeper {

struct ClockOptions {
  double vacation_days_per_year = 30;                         // HEXPOST_VACATION_DAYS
  double outage_threshold_s = 600;                            // HEXPOST_OUTAGE_THRESHOLD_S
  std::vector<double> reminder_fractions = {0.5, 0.8, 0.95};  // HEXPOST_REMINDERS ("" = none)
  int dead_game_days = 90;       // HEXPOST_DEAD_GAME_DAYS (unclocked games; 0 = never)
  double sweep_interval_s = 30;  // HEXPOST_SWEEP_S
  int batch = 500;               // rows per statement
  bool auto_vacation = false;    // HEXPOST_AUTO_VACATION=1: a flag fall takes a vacation day
  // The clock of a challenge that names none: N days per move (0: unclocked).
  int default_days_per_move = 3;  // HEXPOST_DEFAULT_DAYS_PER_MOVE
  // How long the other seats have to vote when a player asks to leave a game.
  double leave_vote_s = 2 * 86400;  // HEXPOST_LEAVE_VOTE_S
};

// Reads the variables above (all optional). Throws std::invalid_argument naming a bad one.
ClockOptions clock_options(const std::map<std::string, std::string, std::less<>>& env);

struct SweepReport {
  int timeouts = 0;
  int reminders = 0;
  int dead_games = 0;
  int vacations_ended = 0;
  int conditional_replies = 0;  // replies of conditional lines a move left unsettled
  int leave_requests = 0;       // leave requests decided at their deadline
};

class ClockSweeper {
 public:
  ClockSweeper(play::PlayService& play, storage::ClocksRepository& clocks, hxclock::Clock& clock,
               ClockOptions options);
  ~ClockSweeper();
  ClockSweeper(const ClockSweeper&) = delete;
  ClockSweeper& operator=(const ClockSweeper&) = delete;

  // One full pass at the clock's now / at `now`.
  SweepReport sweep_once();
  SweepReport sweep_at(hxclock::TimePoint now);
  // The thread: sweep_once() every sweep_interval_s until stop(). Errors are logged, not thrown.
  void start() { task_.start(); }
  void stop() { task_.stop(); }
  // Its thread's schedule: when the last pass ended, and how late the next one is (metrics).
  const hxclock::PeriodicTask& schedule() const { return task_; }

  const ClockOptions& options() const { return options_; }

 private:
  // Aborts the unclocked games untouched for dead_game_days (one batch); returns how many.
  int abort_dead_games(hxclock::TimePoint now);
  // One logged pass of the thread.
  void sweep_and_log();
  play::PlayService& play_;
  storage::ClocksRepository& clocks_;
  hxclock::Clock& clock_;
  ClockOptions options_;
  hxclock::PeriodicTask task_;
};

}  // namespace sweeper
