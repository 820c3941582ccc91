#include "services/tournament/rating_logic.h"

#include <charconv>
#include <stdexcept>

#include "lib/clock/clock.h"
#include "lib/competition/placement.h"

namespace tourney {
namespace {

namespace comp = competition;

double number(const std::map<std::string, std::string, std::less<>>& env, const std::string& name,
              double fallback, double min, double max) {
  auto it = env.find(name);
  if (it == env.end() || it->second.empty()) return fallback;
  double value = 0;
  auto [end, ec] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), value);
  if (ec != std::errc() || end != it->second.data() + it->second.size() || value < min ||
      value > max)
    throw std::invalid_argument(name + " must be a number from " + std::to_string(min) + " to " +
                                std::to_string(max) + ", not '" + it->second + "'");
  return value;
}

comp::Glicko2Rating glicko_of(const storage::RatingRecord& r) {
  return {r.rating, r.deviation.value_or(350.0), r.volatility.value_or(0.06)};
}

}  // namespace

RatingPolicy rating_policy(const std::map<std::string, std::string, std::less<>>& env) {
  RatingPolicy p;
  p.elo.fixed_k = number(env, "HEXPOST_ELO_K", 0, 0, 100);
  p.glicko2.tau = number(env, "HEXPOST_GLICKO2_TAU", 0.5, 0.2, 2.0);
  p.glicko2.period_seconds =
      static_cast<std::int64_t>(number(env, "HEXPOST_RATING_PERIOD_S", 7 * 24 * 3600, 60, 1e8));
  p.glicko2.provisional_deviation = number(env, "HEXPOST_PROVISIONAL_RD", 110, 1, 350);
  return p;
}

storage::GameRating rate_game(const storage::FinishedGame& game, const RatingPolicy& policy) {
  storage::GameRating out;
  const int seats = static_cast<int>(game.seats.size());
  const double weight = comp::pairwise_weight(seats);
  std::vector<double> delta(game.seats.size(), 0.0);
  for (const auto& o : comp::pairwise_outcomes(game.placements)) {
    const auto& me = game.elo[static_cast<std::size_t>(o.seat)];
    const auto& them = game.elo[static_cast<std::size_t>(o.opponent_seat)];
    delta[static_cast<std::size_t>(o.seat)] +=
        weight *
        comp::elo_change({me.rating, me.games, me.reached_2400}, them.rating, o.score, policy.elo);
    out.period_results.push_back({game.seats[static_cast<std::size_t>(o.seat)],
                                  game.seats[static_cast<std::size_t>(o.opponent_seat)], o.score});
  }
  for (std::size_t i = 0; i < game.seats.size(); ++i) {
    storage::RatingChange change{game.elo[i], game.elo[i].rating};
    change.after.rating += delta[i];
    change.after.games += 1;
    change.after.reached_2400 = change.after.reached_2400 || change.after.rating >= 2400;
    out.elo.push_back(change);
  }
  const auto finished = hxclock::parse_rfc3339(game.finished_at);
  const auto seconds =
      finished
          ? std::chrono::duration_cast<std::chrono::seconds>(finished->time_since_epoch()).count()
          : 0;
  out.period = comp::glicko2_period_index(seconds, policy.glicko2);
  return out;
}

std::vector<storage::RatingChange> rate_period(const storage::OpenPeriod& period,
                                               const RatingPolicy& policy) {
  std::map<storage::Id, std::vector<comp::Glicko2Game>> games;
  for (const auto& r : period.results)
    games[r.account_id].push_back({glicko_of(period.current.at(r.opponent_id)), r.score});
  std::vector<storage::RatingChange> out;
  for (const auto& [account, played] : games) {
    const storage::RatingRecord& before = period.current.at(account);
    comp::Glicko2Rating start = glicko_of(before);
    if (before.period && *before.period < period.period - 1)
      start = comp::glicko2_idle(start, static_cast<int>(period.period - *before.period - 1),
                                 policy.glicko2);
    const comp::Glicko2Rating after = comp::glicko2_update(start, played, policy.glicko2);
    storage::RatingChange change{before, before.rating};
    change.after.rating = after.rating;
    change.after.deviation = after.deviation;
    change.after.volatility = after.volatility;
    change.after.period = period.period;
    out.push_back(change);
  }
  return out;
}

std::map<storage::Id, storage::RatingRecord> live_glicko2(
    const std::vector<storage::OpenPeriod>& open, const RatingPolicy& policy) {
  std::map<storage::Id, storage::RatingRecord> live;
  for (storage::OpenPeriod period : open) {
    for (auto& [account, rating] : period.current) {
      auto estimate = live.find(account);
      if (estimate != live.end()) rating = estimate->second;
    }
    for (const auto& change : rate_period(period, policy))
      live[change.after.account_id] = change.after;
  }
  return live;
}

bool provisional(const storage::RatingRecord& rating, const RatingPolicy& policy) {
  if (rating.system == "elo") return rating.games < policy.elo_provisional_games;
  return comp::glicko2_provisional(glicko_of(rating), policy.glicko2);
}

}  // namespace tourney
