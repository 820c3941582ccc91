#pragma once
// Ratings per game pool and system (docs/ratings-tournaments.md). The ratings worker
// reads game_finished events through the "ratings" cursor: each call rates one finished game in
// one transaction with the cursor's advance, so every game counts exactly once.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct RatingRecord {
  std::string game;
  std::string system;  // elo, glicko2
  Id account_id = 0;
  std::string username;
  double rating = 1500;
  std::optional<double> deviation;   // Glicko-2
  std::optional<double> volatility;  // Glicko-2
  int games = 0;
  bool reached_2400 = false;
  std::optional<std::int64_t> period;  // Glicko-2: last period applied
};

struct RatingChange {
  RatingRecord after;
  double before = 0;
};

struct RatingChangeRecord {
  std::optional<Id> game_id;
  std::string game;
  std::string system;
  std::string username;
  double before = 0;
  double after = 0;
  std::optional<double> deviation_after;
  std::optional<std::int64_t> period;
  std::string at;
};

struct FinishedGame {
  Id game_id = 0;
  std::string game;
  std::string finished_at;  // RFC 3339
  std::vector<Id> seats;    // account per seat
  std::vector<int> placements;
  std::vector<RatingRecord> elo;  // current Elo per seat (defaults for newcomers)
};

struct PeriodResult {
  Id account_id = 0;
  Id opponent_id = 0;
  double score = 0;
};

struct GameRating {
  std::vector<RatingChange> elo;             // stored at once
  std::int64_t period = 0;                   // Glicko-2 rating period of the game
  std::vector<PeriodResult> period_results;  // queued for the period's end
};

struct OpenPeriod {
  std::string game;
  std::int64_t period = 0;
  std::vector<PeriodResult> results;
  std::map<Id, RatingRecord> current;  // Glicko-2 rows of everyone involved
};

using GameRater = std::function<GameRating(const FinishedGame&)>;
using PeriodRater = std::function<std::vector<RatingChange>(const OpenPeriod&)>;

class RatingsRepository {
 public:
  explicit RatingsRepository(ConnectionPool& pool) : pool_(pool) {}

  // Rates the next finished game after the cursor (unrated games only move the cursor).
  // False when there is none.
  bool rate_next_game(const GameRater& rate, const std::string& at);
  // Closes the oldest open rating period before `before_period` of one pool; false when none.
  bool close_next_period(std::int64_t before_period, const PeriodRater& rate,
                         const std::string& at);

  // Every period of the pool with queued results not yet applied, oldest first (one snapshot):
  // the games behind the live Glicko-2 estimate.
  std::vector<OpenPeriod> open_periods(const std::string& game);

  std::vector<RatingRecord> leaderboard(const std::string& game, const std::string& system,
                                        int limit);
  std::vector<RatingRecord> ratings_of(const std::string& game, Id account_id);
  std::vector<RatingChangeRecord> history(const std::string& game, Id account_id, int limit);
  std::vector<RatingChangeRecord> changes_for_game(Id game_id);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
