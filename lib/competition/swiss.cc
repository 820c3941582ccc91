#include "lib/competition/swiss.h"

#include <algorithm>
#include <numeric>

namespace competition {
namespace {

int colour_difference(const SwissPlayer& p) {
  return std::accumulate(p.colours.begin(), p.colours.end(), 0);
}

bool last_two_are(const SwissPlayer& p, int colour) {
  const auto n = p.colours.size();
  return n >= 2 && p.colours[n - 1] == colour && p.colours[n - 2] == colour;
}

bool can_take(const SwissPlayer& p, int colour, bool forbid_three) {
  const int difference = colour_difference(p) + colour;
  return difference >= -2 && difference <= 2 && !(forbid_three && last_two_are(p, colour));
}

bool compatible(const SwissPlayer& a, const SwissPlayer& b, bool forbid_three) {
  return (can_take(a, 1, forbid_three) && can_take(b, -1, forbid_three)) ||
         (can_take(a, -1, forbid_three) && can_take(b, 1, forbid_three));
}

// Colour preference (C.04.1 / C.04.3 A.6): {colour, strength}; strength 3 absolute, 2 strong,
// 1 mild, 0 none.
std::pair<int, int> preference(const SwissPlayer& p) {
  const int d = colour_difference(p);
  if (d < -1 || last_two_are(p, -1)) return {1, 3};
  if (d > 1 || last_two_are(p, 1)) return {-1, 3};
  if (d != 0) return {d < 0 ? 1 : -1, 2};
  if (!p.colours.empty()) return {-p.colours.back(), 1};
  return {0, 0};
}

// Equal preferences: alternate from the most recent game in which the two had different colours.
int alternate_from_history(const SwissPlayer& a, const SwissPlayer& b) {
  auto ia = a.colours.rbegin();
  auto ib = b.colours.rbegin();
  for (; ia != a.colours.rend() && ib != b.colours.rend(); ++ia, ++ib)
    if (*ia != *ib) return -*ia;
  return 0;
}

struct Search {
  const std::vector<SwissPlayer>& players;
  std::vector<int> order;  // active players by score desc, pairing number asc
  std::vector<bool> taken;
  std::vector<std::pair<int, int>> pairs;
  bool forbid_three = true;
  long budget = 0;

  bool met(int a, int b) const {
    const auto& o = players[static_cast<std::size_t>(a)].opponents;
    return std::find(o.begin(), o.end(), b) != o.end();
  }
  double score(int p) const { return players[static_cast<std::size_t>(p)].score; }

  // Dutch order of opponents for `p`, the top unpaired player: the rest of its score group with
  // S2 (the lower half) first, then S1 upwards, then the lower score groups in order.
  std::vector<int> candidates(int p) const {
    std::vector<int> group;
    std::vector<int> lower;
    for (int q : order) {
      if (taken[static_cast<std::size_t>(q)]) continue;
      (score(q) == score(p) ? group : lower).push_back(q);
    }
    const std::size_t half = group.size() / 2;
    std::vector<int> out(group.begin() + static_cast<std::ptrdiff_t>(half), group.end());
    for (std::size_t i = half; i-- > 1;) out.push_back(group[i]);
    out.insert(out.end(), lower.begin(), lower.end());
    return out;
  }

  bool pair_rest() {
    if (--budget < 0) return false;
    auto top = std::find_if(order.begin(), order.end(),
                            [&](int q) { return !taken[static_cast<std::size_t>(q)]; });
    if (top == order.end()) return true;
    const int p = *top;
    const std::vector<int> opponents = candidates(p);  // while p still counts in its group
    taken[static_cast<std::size_t>(p)] = true;
    for (int q : opponents) {
      if (q == p || met(p, q)) continue;
      if (!compatible(players[static_cast<std::size_t>(p)], players[static_cast<std::size_t>(q)],
                      forbid_three))
        continue;
      taken[static_cast<std::size_t>(q)] = true;
      pairs.emplace_back(p, q);
      if (pair_rest()) return true;
      pairs.pop_back();
      taken[static_cast<std::size_t>(q)] = false;
      if (budget < 0) break;
    }
    taken[static_cast<std::size_t>(p)] = false;
    return false;
  }
};

// Bye candidates: no earlier bye, lowest score group first, lowest ranked first within it.
std::vector<int> bye_candidates(const std::vector<SwissPlayer>& players,
                                const std::vector<int>& order) {
  std::vector<int> out;
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    if (!players[static_cast<std::size_t>(*it)].had_bye) out.push_back(*it);
  return out;
}

std::optional<int> search(Search& s) {
  if (s.order.size() % 2 == 0) return s.pair_rest() ? std::optional<int>(kBye) : std::nullopt;
  for (int bye : bye_candidates(s.players, s.order)) {
    s.taken[static_cast<std::size_t>(bye)] = true;
    if (s.pair_rest()) return bye;
    s.taken[static_cast<std::size_t>(bye)] = false;
    if (s.budget < 0) break;
  }
  return std::nullopt;
}

Round to_round(const Search& s, int bye, bool top_seed_first) {
  Round round;
  int board = 0;
  for (auto [a, b] : s.pairs) {
    const int colour =
        swiss_colour(s.players[static_cast<std::size_t>(a)], s.players[static_cast<std::size_t>(b)],
                     board++, top_seed_first);
    round.push_back(colour > 0 ? Pairing{a, b} : Pairing{b, a});
  }
  if (bye != kBye) round.push_back({bye, kBye});
  return round;
}

}  // namespace

void swiss_record(std::vector<SwissPlayer>& players, const Pairing& pairing, double first_score) {
  auto& a = players[static_cast<std::size_t>(pairing.first)];
  a.score += first_score;
  if (pairing.second == kBye) {
    a.had_bye = true;
    return;
  }
  auto& b = players[static_cast<std::size_t>(pairing.second)];
  b.score += 1.0 - first_score;
  a.opponents.push_back(pairing.second);
  b.opponents.push_back(pairing.first);
  a.colours.push_back(1);
  b.colours.push_back(-1);
}

int swiss_colour(const SwissPlayer& a, const SwissPlayer& b, int board, bool top_seed_first) {
  for (bool forbid_three : {true, false}) {  // absolute preferences first
    const bool a_white = can_take(a, 1, forbid_three) && can_take(b, -1, forbid_three);
    const bool a_black = can_take(a, -1, forbid_three) && can_take(b, 1, forbid_three);
    if (a_white != a_black) return a_white ? 1 : -1;
    if (a_white) break;
  }
  const auto [ca, sa] = preference(a);
  const auto [cb, sb] = preference(b);
  if (ca != 0 && ca != cb) return ca;
  if (ca == 0 && cb != 0) return -cb;
  if (ca == 0) return (board % 2 == 0) == top_seed_first ? 1 : -1;  // no history: round 1
  if (sa != sb) return sa > sb ? ca : -cb;
  const int alternate = alternate_from_history(a, b);
  return alternate != 0 ? alternate : ca;
}

std::optional<Round> swiss_round(const std::vector<SwissPlayer>& players,
                                 const SwissOptions& options) {
  Search s{players, {}, std::vector<bool>(players.size(), false), {}, true, options.node_budget};
  for (int i = 0; i < static_cast<int>(players.size()); ++i)
    if (players[static_cast<std::size_t>(i)].active) s.order.push_back(i);
  std::stable_sort(s.order.begin(), s.order.end(),
                   [&](int a, int b) { return s.score(a) > s.score(b); });
  for (bool forbid_three : {true, false}) {
    s.forbid_three = forbid_three;
    s.budget = options.node_budget;
    std::fill(s.taken.begin(), s.taken.end(), false);
    s.pairs.clear();
    if (auto bye = search(s)) return to_round(s, *bye, options.top_seed_first);
  }
  return std::nullopt;
}

}  // namespace competition
