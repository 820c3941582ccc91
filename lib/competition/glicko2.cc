#include "lib/competition/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace competition {
namespace {

constexpr double kScale = 173.7178;  // Glicko-2 scale factor (400 / ln 10)
constexpr double kCentre = 1500.0;
constexpr std::int64_t kMondayOffset = 4 * 24 * 3600;  // 1970-01-05 was a Monday

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility by the Illinois algorithm (regula falsi variant) on f(x) = 0.
double new_volatility(double phi, double sigma, double v, double delta, const Glicko2Config& c) {
  const double a = std::log(sigma * sigma);
  const double tau2 = c.tau * c.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
  };
  double lo = a;
  double hi = 0.0;
  if (delta * delta > phi * phi + v) {
    hi = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * c.tau) < 0.0) ++k;
    hi = a - k * c.tau;
  }
  double f_lo = f(lo);
  double f_hi = f(hi);
  while (std::abs(hi - lo) > c.epsilon) {
    const double next = lo + (lo - hi) * f_lo / (f_hi - f_lo);
    const double f_next = f(next);
    if (f_next * f_hi <= 0.0) {
      lo = hi;
      f_lo = f_hi;
    } else {
      f_lo /= 2.0;
    }
    hi = next;
    f_hi = f_next;
  }
  return std::exp(lo / 2.0);
}

}  // namespace

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             const Glicko2Config& config) {
  if (games.empty()) return glicko2_idle(player, 1, config);
  const double mu = (player.rating - kCentre) / kScale;
  const double phi = player.deviation / kScale;
  double inverse_v = 0.0;
  double improvement = 0.0;
  for (const auto& game : games) {
    const double mu_j = (game.opponent.rating - kCentre) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
    improvement += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double sigma = new_volatility(phi, player.volatility, v, v * improvement, config);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * improvement;
  return {kCentre + kScale * mu_new, std::min(kScale * phi_new, config.max_deviation), sigma};
}

Glicko2Rating glicko2_idle(const Glicko2Rating& player, int idle_periods,
                           const Glicko2Config& config) {
  Glicko2Rating out = player;
  const double sigma = player.volatility * kScale;
  for (int i = 0; i < idle_periods && out.deviation < config.max_deviation; ++i)
    out.deviation =
        std::min(std::sqrt(out.deviation * out.deviation + sigma * sigma), config.max_deviation);
  return out;
}

bool glicko2_provisional(const Glicko2Rating& player, const Glicko2Config& config) {
  return player.deviation >= config.provisional_deviation;
}

std::int64_t glicko2_period_index(std::int64_t unix_seconds, const Glicko2Config& config) {
  const std::int64_t shifted = unix_seconds - kMondayOffset;
  const std::int64_t q = shifted / config.period_seconds;
  return shifted % config.period_seconds < 0 ? q - 1 : q;
}

}  // namespace competition
