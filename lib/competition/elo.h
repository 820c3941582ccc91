// Elo ratings as FIDE computes them (FIDE Handbook B.02 §8): pure functions, standard library only.
#pragma once

namespace competition {

// FIDE's 400-point rule: a rating difference above 400 counts as 400. FIDE applies it for all
// games; it is optional here (EloConfig::cap_difference) and on by default.
inline constexpr double kEloDifferenceCap = 400.0;

struct EloConfig {
  bool cap_difference = true;  // apply the 400-point rule
  double fixed_k = 0.0;        // > 0: use this K for everyone instead of the FIDE K rules
};

struct EloPlayer {
  double rating = 1500.0;
  int games = 0;              // rated games played before this one
  bool reached_2400 = false;  // has ever been rated 2400 or more (FIDE: K stays 10 afterwards)
};

// Expected score of a player rated `rating` against `opponent`: 1 / (1 + 10^(-D/400)).
// FIDE publishes this as a table rounded to 2 decimals; the continuous formula is used here.
double elo_expected_score(double rating, double opponent, bool cap_difference = true);

// FIDE K: 40 for the first 30 games, 10 once the player has reached 2400, otherwise 20.
double fide_k(const EloPlayer& player);

// K * (score - expected) for one game; score is 1, 0.5 or 0 (or a pairwise share, see placement.h).
double elo_change(const EloPlayer& player, double opponent, double score, const EloConfig& config);

}  // namespace competition
