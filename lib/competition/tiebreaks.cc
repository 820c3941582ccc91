#include "lib/competition/tiebreaks.h"

#include <algorithm>
#include <tuple>

#include "lib/competition/pairing.h"

namespace competition {
namespace {

using Scores = std::vector<double>;

Scores final_scores(int players, const std::vector<GameResult>& results) {
  Scores scores(static_cast<std::size_t>(players), 0.0);
  for (const auto& r : results) {
    scores[static_cast<std::size_t>(r.first)] += r.first_score;
    if (r.second != kBye) scores[static_cast<std::size_t>(r.second)] += 1.0 - r.first_score;
  }
  return scores;
}

double score_before(int player, int round, const std::vector<GameResult>& results) {
  double total = 0.0;
  for (const auto& r : results) {
    if (r.round >= round) continue;
    if (r.first == player) total += r.first_score;
    if (r.second == player) total += 1.0 - r.first_score;
  }
  return total;
}

// Adds one game's contributions for `me` against `opponent` (kBye: a virtual opponent).
void add_game(Standing& me, int opponent, double my_score, const GameResult& r, int rounds,
              const Scores& scores, const std::vector<GameResult>& results) {
  if (opponent == kBye) {
    me.buchholz +=
        score_before(me.player, r.round, results) + (1.0 - my_score) + 0.5 * (rounds - r.round);
    return;
  }
  const double theirs = scores[static_cast<std::size_t>(opponent)];
  me.buchholz += theirs;
  me.sonneborn_berger += my_score * theirs;
  ++me.games;
  if (scores[static_cast<std::size_t>(me.player)] == theirs) me.direct_encounter += my_score;
}

// Opponent scores counted in Buchholz, one per round entry, for the cut variants.
std::vector<std::vector<double>> buchholz_terms(int players, int rounds,
                                                const std::vector<GameResult>& results,
                                                std::vector<Standing>& table, const Scores& s) {
  std::vector<std::vector<double>> terms(static_cast<std::size_t>(players));
  for (const auto& r : results) {
    auto& a = table[static_cast<std::size_t>(r.first)];
    const double before = a.buchholz;
    add_game(a, r.second, r.first_score, r, rounds, s, results);
    terms[static_cast<std::size_t>(r.first)].push_back(a.buchholz - before);
    if (r.second == kBye) continue;
    auto& b = table[static_cast<std::size_t>(r.second)];
    const double before_b = b.buchholz;
    add_game(b, r.first, 1.0 - r.first_score, r, rounds, s, results);
    terms[static_cast<std::size_t>(r.second)].push_back(b.buchholz - before_b);
  }
  return terms;
}

auto sort_key(const Standing& s, TieBreakOrder order) {
  if (order == TieBreakOrder::kRoundRobin)
    return std::make_tuple(s.score, s.direct_encounter, s.sonneborn_berger, 0.0, 0.0, -s.player);
  return std::make_tuple(s.score, s.buchholz_cut1, s.buchholz, s.median_buchholz,
                         s.sonneborn_berger, -s.player);
}

}  // namespace

std::vector<Standing> standings(int players, int rounds, const std::vector<GameResult>& results,
                                TieBreakOrder order) {
  const Scores scores = final_scores(players, results);
  std::vector<Standing> table(static_cast<std::size_t>(players));
  for (int p = 0; p < players; ++p) {
    table[static_cast<std::size_t>(p)].player = p;
    table[static_cast<std::size_t>(p)].score = scores[static_cast<std::size_t>(p)];
  }
  auto terms = buchholz_terms(players, rounds, results, table, scores);
  for (int p = 0; p < players; ++p) {
    auto& t = terms[static_cast<std::size_t>(p)];
    auto& row = table[static_cast<std::size_t>(p)];
    std::sort(t.begin(), t.end());
    row.buchholz_cut1 = row.buchholz - (t.empty() ? 0.0 : t.front());
    row.median_buchholz = row.buchholz_cut1 - (t.size() < 2 ? 0.0 : t.back());
  }
  std::stable_sort(table.begin(), table.end(), [order](const Standing& a, const Standing& b) {
    return sort_key(a, order) > sort_key(b, order);
  });
  return table;
}

}  // namespace competition
