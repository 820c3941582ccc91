// The competition worker inside hexpostd: rates finished games (through the ratings cursor),
// closes ended Glicko-2 rating periods, and advances running tournaments (next round, further
// match games, the end). Every unit of work is its own transaction; run_once() is safe to run
// on several instances at once (cursor row lock, tournament row lock with SKIP LOCKED).
#pragma once

#include <chrono>

#include "lib/clock/clock.h"
#include "lib/clock/periodic.h"
#include "services/domain/game_logic.h"
#include "services/storage/ratings_repository.h"
#include "services/storage/tournaments_repository.h"
#include "services/tournament/rating_logic.h"

namespace tourney {

// Starts a tournament game with the pairing's seat order (domain::start_game, keep_slot_order).
storage::GameStarter tournament_game_starter(const domain::Catalog& catalog);
// A fresh server seed and its commitment for each tournament game.
storage::SeedMaker fairness_seeds();

struct WorkDone {
  int games_rated = 0;
  int periods_closed = 0;
  int tournament_steps = 0;
  int tournaments_started = 0;  // open ones whose entry window closed (with 2 entrants or more)
};

class CompetitionWorker {
 public:
  CompetitionWorker(storage::RatingsRepository& ratings,
                    storage::TournamentsRepository& tournaments, const domain::Catalog& catalog,
                    hxclock::Clock& clock, RatingPolicy policy, std::chrono::milliseconds interval);

  // One pass over everything pending. Throws on database errors (the thread logs them).
  WorkDone run_once();
  // Steps one tournament until it has nothing more to do; the number of steps taken.
  int advance(storage::Id tournament_id);
  const RatingPolicy& policy() const { return policy_; }

  void start() { task_.start(); }
  void stop() { task_.stop(); }
  // Its thread's schedule: when the last pass ended, and how late the next one is (metrics).
  const hxclock::PeriodicTask& schedule() const { return task_; }

 private:
  storage::RatingsRepository& ratings_;
  storage::TournamentsRepository& tournaments_;
  const domain::Catalog& catalog_;
  hxclock::Clock& clock_;
  RatingPolicy policy_;
  hxclock::PeriodicTask task_;
};

}  // namespace tourney
