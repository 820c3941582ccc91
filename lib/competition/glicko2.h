// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): pure functions, standard library
// only. Ratings are on the Glicko scale (1500/350); the conversion to the Glicko-2 scale is
// internal.
#pragma once

#include <cstdint>
#include <vector>

namespace competition {

struct Glicko2Rating {
  double rating = 1500.0;
  double deviation = 350.0;  // RD
  double volatility = 0.06;  // sigma
};

struct Glicko2Config {
  double tau = 0.5;                             // constrains volatility change (paper: 0.3 .. 1.2)
  double epsilon = 0.000001;                    // convergence tolerance of the Illinois iteration
  double max_deviation = 350.0;                 // RD never grows beyond the starting value
  double provisional_deviation = 110.0;         // provisional while RD >= this
  std::int64_t period_seconds = 7 * 24 * 3600;  // rating period: 7 days by default
};

// One game of the rating period, seen from the player being rated.
struct Glicko2Game {
  Glicko2Rating opponent;  // the opponent's rating at the start of the period
  double score = 0.0;      // 1 win, 0.5 draw, 0 loss (or a pairwise share, see placement.h)
};

// The player's rating after one rating period with these games (steps 2-8 of the paper).
// With no games only the deviation grows: phi' = sqrt(phi^2 + sigma^2) (step 6).
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             const Glicko2Config& config = {});

// The deviation after `idle_periods` periods without games (capped at max_deviation).
Glicko2Rating glicko2_idle(const Glicko2Rating& player, int idle_periods,
                           const Glicko2Config& config = {});

bool glicko2_provisional(const Glicko2Rating& player, const Glicko2Config& config = {});

// Index of the rating period containing `unix_seconds`. Periods are counted from Monday
// 1970-01-05 00:00 UTC, so weekly periods run Monday to Monday.
std::int64_t glicko2_period_index(std::int64_t unix_seconds, const Glicko2Config& config = {});

}  // namespace competition
