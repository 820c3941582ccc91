#include "lib/competition/elo.h"

#include <algorithm>
#include <cmath>

namespace competition {

double elo_expected_score(double rating, double opponent, bool cap_difference) {
  double difference = rating - opponent;
  if (cap_difference) difference = std::clamp(difference, -kEloDifferenceCap, kEloDifferenceCap);
  return 1.0 / (1.0 + std::pow(10.0, -difference / 400.0));
}

double fide_k(const EloPlayer& player) {
  if (player.games < 30) return 40.0;
  if (player.reached_2400 || player.rating >= 2400.0) return 10.0;
  return 20.0;
}

double elo_change(const EloPlayer& player, double opponent, double score, const EloConfig& config) {
  const double k = config.fixed_k > 0.0 ? config.fixed_k : fide_k(player);
  return k * (score - elo_expected_score(player.rating, opponent, config.cap_difference));
}

}  // namespace competition
