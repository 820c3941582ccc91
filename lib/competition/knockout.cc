#include "lib/competition/knockout.h"

#include <numeric>
#include <stdexcept>

namespace competition {

int bracket_size(int players) {
  int size = 1;
  while (size < players) size *= 2;
  return size;
}

std::vector<int> bracket_order(int size) {
  if (size < 1 || (size & (size - 1)) != 0)
    throw std::invalid_argument("bracket size must be a power of two");
  std::vector<int> order{0};
  for (int m = 1; m < size; m *= 2) {
    std::vector<int> next;
    for (int seed : order) {
      next.push_back(seed);
      next.push_back(2 * m - 1 - seed);
    }
    order = std::move(next);
  }
  return order;
}

Round knockout_first_round(int players) {
  if (players < 2) throw std::invalid_argument("a knockout needs at least 2 players");
  const auto order = bracket_order(bracket_size(players));
  Round round;
  for (std::size_t i = 0; i + 1 < order.size(); i += 2) {
    const int a = order[i];
    const int b = order[i + 1];
    round.push_back(b < players ? Pairing{a, b} : Pairing{a, kBye});
  }
  return round;
}

Round knockout_next_round(const std::vector<int>& winners) {
  Round round;
  for (std::size_t i = 0; i + 1 < winners.size(); i += 2) {
    const int a = std::min(winners[i], winners[i + 1]);
    const int b = std::max(winners[i], winners[i + 1]);
    round.push_back({a, b});
  }
  return round;
}

MatchStatus match_status(int higher, int lower, const std::vector<double>& higher_scores,
                         const MatchConfig& config) {
  const int played = static_cast<int>(higher_scores.size());
  const double higher_total = std::accumulate(higher_scores.begin(), higher_scores.end(), 0.0);
  const double lower_total = played - higher_total;
  const int regular_left = std::max(0, config.games - played);
  MatchStatus status;
  if (higher_total - lower_total > regular_left) return {true, higher, kBye, kBye, false};
  if (lower_total - higher_total > regular_left) return {true, lower, kBye, kBye, false};
  if (regular_left == 0 && played >= config.games + config.max_tiebreaks)
    return {true, higher, kBye, kBye, false};  // level after every tie-break: higher seed
  const bool higher_first = played % 2 == 0;
  status.next_first = higher_first ? higher : lower;
  status.next_second = higher_first ? lower : higher;
  status.next_is_tiebreak = regular_left == 0;
  return status;
}

}  // namespace competition
