#include "services/tournament/worker.h"

#include <spdlog/spdlog.h>

#include "lib/fairness/fairness.h"
#include "services/tournament/tournament_logic.h"

namespace tourney {

storage::GameStarter tournament_game_starter(const domain::Catalog& catalog) {
  return [&catalog](const storage::ChallengeRecord& c, storage::Id game_id) {
    return domain::start_game(catalog, c, game_id, true);
  };
}

storage::SeedMaker fairness_seeds() {
  return [] {
    const fairness::Bytes seed = fairness::random_bytes(32);
    return std::make_pair(fairness::to_hex(seed), fairness::commitment(seed));
  };
}

CompetitionWorker::CompetitionWorker(storage::RatingsRepository& ratings,
                                     storage::TournamentsRepository& tournaments,
                                     const domain::Catalog& catalog, hxclock::Clock& clock,
                                     RatingPolicy policy, std::chrono::milliseconds interval)
    : ratings_(ratings),
      tournaments_(tournaments),
      catalog_(catalog),
      clock_(clock),
      policy_(policy),
      task_(interval, [this] {
        try {
          run_once();
        } catch (const std::exception& e) {
          spdlog::warn("competition worker: {}", e.what());
        }
      }) {}

int CompetitionWorker::advance(storage::Id tournament_id) {
  int steps = 0;
  const auto starter = tournament_game_starter(catalog_);
  const auto seeds = fairness_seeds();
  for (; steps < 100; ++steps) {
    const std::string now = hxclock::to_rfc3339(clock_.now());
    const bool stepped = tournaments_.step(
        tournament_id, [&](const storage::TournamentRecord& t) { return advance_step(t, now); },
        starter, seeds, now);
    if (!stepped) break;
  }
  return steps;
}

WorkDone CompetitionWorker::run_once() {
  WorkDone done;
  const std::string now = hxclock::to_rfc3339(clock_.now());
  while (done.games_rated < 1000 &&
         ratings_.rate_next_game(
             [this](const storage::FinishedGame& g) { return rate_game(g, policy_); }, now))
    ++done.games_rated;
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(clock_.now().time_since_epoch()).count();
  const auto period = competition::glicko2_period_index(seconds, policy_.glicko2);
  while (ratings_.close_next_period(
      period, [this](const storage::OpenPeriod& p) { return rate_period(p, policy_); }, now))
    ++done.periods_closed;
  for (storage::Id id : tournaments_.closed_entry_ids(now)) {
    // Fewer than 2 entrants: start_step declines, and the tournament waits for its organiser.
    if (tournaments_.step(id, start_step, tournament_game_starter(catalog_), fairness_seeds(), now))
      ++done.tournaments_started;
  }
  for (storage::Id id : tournaments_.running_ids()) done.tournament_steps += advance(id);
  return done;
}

}  // namespace tourney
