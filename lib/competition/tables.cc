#include "lib/competition/tables.h"

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>
#include <tuple>

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

namespace competition {
namespace {

using Meetings = std::vector<std::vector<int>>;
using Tables = std::vector<std::vector<int>>;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

int design_rounds(int players, int seats) {
  if (players == seats) return seats;
  const long pairs = static_cast<long>(players) * (players - 1) / 2;
  const long per_round = static_cast<long>(players / seats) * seats * (seats - 1) / 2;
  return static_cast<int>((pairs + per_round - 1) / per_round);
}

// Players sitting out: the fewest byes so far first, the highest number first on ties.
std::vector<int> choose_byes(int players, int count, std::vector<int>& byes) {
  std::vector<int> order;
  for (int p = players - 1; p >= 0; --p) order.push_back(p);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return byes[at(a)] < byes[at(b)]; });
  order.resize(at(count));
  for (int p : order) ++byes[at(p)];
  return order;
}

void meet(Meetings& met, const std::vector<int>& table, int step) {
  for (int a : table)
    for (int b : table)
      if (a != b) met[at(a)][at(b)] += step;
}

// Cuts `free` into tables, each filled with the player who has met its members least; counts
// the new meetings into `met`.
Tables greedy_tables(std::vector<int> free, int seats, Meetings& met) {
  Tables tables;
  while (static_cast<int>(free.size()) >= seats) {
    std::vector<int> table{free.front()};
    free.erase(free.begin());
    while (static_cast<int>(table.size()) < seats) {
      auto added = [&](int p) {
        int sum = 0;
        for (int q : table) sum += met[at(p)][at(q)];
        return sum;
      };
      auto best = std::min_element(free.begin(), free.end(),
                                   [&](int a, int b) { return added(a) < added(b); });
      table.push_back(*best);
      free.erase(best);
    }
    meet(met, table, 1);
    tables.push_back(table);
  }
  return tables;
}

// The change of sum(meetings^2) when x and y (at tables a and b of one round) change places.
long swap_delta(const std::vector<int>& a, const std::vector<int>& b, int x, int y,
                const Meetings& met) {
  long delta = 0;
  for (int o : a)
    if (o != x) delta += (1 - 2L * met[at(x)][at(o)]) + (1 + 2L * met[at(y)][at(o)]);
  for (int o : b)
    if (o != y) delta += (1 - 2L * met[at(y)][at(o)]) + (1 + 2L * met[at(x)][at(o)]);
  return delta;
}

// One pass over every round's table pairs; true when a swap lowered sum(meetings^2).
bool improve_once(std::vector<Tables>& rounds, Meetings& met) {
  bool improved = false;
  for (auto& tables : rounds)
    for (std::size_t a = 0; a < tables.size(); ++a)
      for (std::size_t b = a + 1; b < tables.size(); ++b)
        for (int& x : tables[a])
          for (int& y : tables[b]) {
            if (swap_delta(tables[a], tables[b], x, y, met) >= 0) continue;
            meet(met, tables[a], -1);
            meet(met, tables[b], -1);
            std::swap(x, y);
            meet(met, tables[a], 1);
            meet(met, tables[b], 1);
            improved = true;
          }
  return improved;
}

struct Design {
  std::vector<TableRound> rounds;
  long meeting_cost = 0;  // sum over pairs of meetings^2
  int seat_cost = 0;      // sum over players of (most - fewest times in one seat)
};

// One design: byes, greedy tables round by round (players in number order, or shuffled by
// `rng`), swaps while they help, then seats.
Design one_design(int players, int seats, std::mt19937* rng) {
  Meetings met(at(players), std::vector<int>(at(players), 0));
  std::vector<int> byes(at(players), 0);
  std::vector<std::vector<int>> bye_lists;
  std::vector<Tables> rounds;
  for (int r = 0; r < design_rounds(players, seats); ++r) {
    bye_lists.push_back(choose_byes(players, players % seats, byes));
    std::vector<int> free;
    for (int p = 0; p < players; ++p)
      if (std::count(bye_lists.back().begin(), bye_lists.back().end(), p) == 0) free.push_back(p);
    if (rng != nullptr) std::shuffle(free.begin(), free.end(), *rng);
    rounds.push_back(greedy_tables(free, seats, met));
  }
  while (improve_once(rounds, met)) {
  }
  Design design;
  for (const auto& row : met)
    for (int m : row) design.meeting_cost += static_cast<long>(m) * m;
  std::vector<std::vector<int>> seat_counts(at(players), std::vector<int>(at(seats), 0));
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    TableRound round{{}, bye_lists[r]};
    for (const auto& table : rounds[r]) {
      round.tables.push_back(assign_seats(table, seat_counts));
      for (std::size_t i = 0; i < round.tables.back().size(); ++i)
        ++seat_counts[at(round.tables.back()[i])][i];
    }
    design.rounds.push_back(round);
  }
  for (const auto& counts : seat_counts) {
    const auto [low, high] = std::minmax_element(counts.begin(), counts.end());
    design.seat_cost += *high - *low;
  }
  return design;
}

}  // namespace

std::vector<TableRound> table_round_robin(int players, int seats) {
  if (seats < 2) throw std::invalid_argument("a table needs 2 or more seats");
  if (players < seats) return {};
  // Restarts from shuffled orders (a fixed seed, so the schedule is reproducible): the design
  // with the least sum(meetings^2) wins, then the one with the least seat spread.
  std::mt19937 rng(20261127);
  Design best = one_design(players, seats, nullptr);
  const int attempts = std::clamp(20000 / (players * players), 1, 200);
  for (int i = 1; i < attempts; ++i) {
    Design next = one_design(players, seats, &rng);
    if (std::tie(next.meeting_cost, next.seat_cost) < std::tie(best.meeting_cost, best.seat_cost))
      best = std::move(next);
  }
  return best.rounds;
}

namespace {

int knockout_tables(int players, int seats, int advance) {
  return std::min(players / seats, (players - seats) / (seats - advance));
}

}  // namespace

bool table_knockout_feasible(int players, int seats, int advance) {
  return advance >= 1 && advance < seats && players >= seats &&
         (players - seats) % (seats - advance) == 0;
}

int table_knockout_rounds(int players, int seats, int advance) {
  if (!table_knockout_feasible(players, seats, advance)) return 0;
  int rounds = 1;
  for (int m = players; m > seats; ++rounds)
    m -= knockout_tables(m, seats, advance) * (seats - advance);
  return rounds;
}

TableRound table_knockout_round(const std::vector<int>& field, int seats, int advance) {
  const int m = static_cast<int>(field.size());
  if (m == seats) return {{field}, {}};
  const int tables = knockout_tables(m, seats, advance);
  const int byes = m - tables * seats;
  TableRound round{std::vector<std::vector<int>>(at(tables)),
                   std::vector<int>(field.begin(), field.begin() + byes)};
  for (int i = 0; i < m - byes; ++i) {
    const int row = i / tables;
    const int column = row % 2 == 0 ? i % tables : tables - 1 - i % tables;
    round.tables[at(column)].push_back(field[at(byes + i)]);
  }
  return round;
}

}  // namespace competition
