#include "lib/competition/tables.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace competition {

TableRound group_tables(const std::vector<int>& ranked, int seats,
                        const std::vector<bool>& had_bye) {
  if (seats < 2) throw std::invalid_argument("a table needs 2 or more seats");
  TableRound out;
  std::vector<int> playing = ranked;
  const std::size_t leftover = ranked.size() % static_cast<std::size_t>(seats);
  auto bye_ok = [&](int p) { return had_bye.empty() || !had_bye[static_cast<std::size_t>(p)]; };
  for (bool eligible_only : {true, false}) {
    for (auto it = playing.rbegin(); it != playing.rend() && out.byes.size() < leftover;) {
      if (!eligible_only || bye_ok(*it)) {
        out.byes.push_back(*it);
        it = std::make_reverse_iterator(playing.erase(std::next(it).base()));
      } else {
        ++it;
      }
    }
  }
  for (std::size_t i = 0; i < playing.size(); i += static_cast<std::size_t>(seats))
    out.tables.emplace_back(playing.begin() + static_cast<std::ptrdiff_t>(i),
                            playing.begin() + static_cast<std::ptrdiff_t>(i) + seats);
  return out;
}

std::vector<int> assign_seats(const std::vector<int>& table,
                              const std::vector<std::vector<int>>& seat_counts) {
  std::vector<int> order = table;
  std::sort(order.begin(), order.end());
  std::vector<int> best = table;
  long best_cost = std::numeric_limits<long>::max();
  do {
    long cost = 0;
    for (std::size_t seat = 0; seat < order.size(); ++seat) {
      const long c = seat_counts[static_cast<std::size_t>(order[seat])][seat] + 1;
      cost += c * c;
    }
    if (cost < best_cost) {
      best_cost = cost;
      best = order;
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

}  // namespace competition
