#include "lib/competition/swiss_criteria.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

#include "lib/competition/matching.h"

namespace competition {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

int colour_difference(const SwissPlayer& p) {
  return std::accumulate(p.colours.begin(), p.colours.end(), 0);
}

bool last_two_are(const SwissPlayer& p, int colour) {
  const auto n = p.colours.size();
  return n >= 2 && p.colours[n - 1] == colour && p.colours[n - 2] == colour;
}

// E.3: alternate from the latest round (counted back from each one's last game) in which the
// two had different colours; 0 when there is none.
int alternate_from_history(const SwissPlayer& a, const SwissPlayer& b) {
  auto ia = a.colours.rbegin();
  auto ib = b.colours.rbegin();
  for (; ia != a.colours.rend() && ib != b.colours.rend(); ++ia, ++ib)
    if (*ia != *ib) return -*ia;
  return 0;
}

// swiss_colour given the two players' preferences.
int colour_with(const std::vector<SwissPlayer>& players, int a, int b, std::pair<int, int> pref_a,
                std::pair<int, int> pref_b, bool a_ranks_higher, bool top_seed_first) {
  const auto& pa = players[static_cast<std::size_t>(a)];
  const auto& pb = players[static_cast<std::size_t>(b)];
  const auto [ca, sa] = pref_a;
  const auto [cb, sb] = pref_b;
  if (ca != 0 && cb != 0 && ca != cb) return ca;  // E.1: both granted
  if (ca == 0 && cb != 0) return -cb;
  if (ca != 0 && cb == 0) return ca;
  if (ca != 0) {                              // the same preference
    if (sa != sb) return sa > sb ? ca : -cb;  // E.2: the stronger one
    if (sa == 3) {                            // two absolute ones: the wider difference
      const int da = std::abs(colour_difference(pa));
      const int db = std::abs(colour_difference(pb));
      if (da != db) return da > db ? ca : -cb;
    }
    if (const int alternate = alternate_from_history(pa, pb)) return alternate;  // E.3
    return a_ranks_higher ? ca : -cb;                                            // E.4
  }
  const int higher = a_ranks_higher ? a : b;  // E.5: no preference on either side
  const int initial = top_seed_first ? 1 : -1;
  const int higher_colour = higher % 2 == 0 ? initial : -initial;  // pairing number higher + 1
  return a_ranks_higher ? higher_colour : -higher_colour;
}

}  // namespace

int swiss_colour(const std::vector<SwissPlayer>& players, int a, int b, bool a_ranks_higher,
                 bool top_seed_first) {
  return colour_with(players, a, b, swiss_detail::preference(players[static_cast<std::size_t>(a)]),
                     swiss_detail::preference(players[static_cast<std::size_t>(b)]), a_ranks_higher,
                     top_seed_first);
}

namespace swiss_detail {

std::pair<int, int> preference(const SwissPlayer& p) {
  const int d = colour_difference(p);
  if (d < -1 || last_two_are(p, -1)) return {1, 3};
  if (d > 1 || last_two_are(p, 1)) return {-1, 3};
  if (d != 0) return {d < 0 ? 1 : -1, 2};
  if (!p.colours.empty()) return {-p.colours.back(), 1};
  return {0, 0};
}

Context make_context(const std::vector<SwissPlayer>& players, const SwissOptions& options) {
  Context c;
  c.players = &players;
  c.top_seed_first = options.top_seed_first;
  std::vector<int> order(players.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return players[static_cast<std::size_t>(a)].score > players[static_cast<std::size_t>(b)].score;
  });
  c.rank.assign(players.size(), 0);
  for (std::size_t i = 0; i < order.size(); ++i)
    c.rank[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  std::size_t played = 0;  // rounds so far: the longest float history
  for (const auto& p : players) played = std::max(played, p.floats.size());
  c.rounds_played = static_cast<int>(played);
  c.last_round = options.rounds > 0 && static_cast<int>(played) + 1 == options.rounds;
  c.topscore = static_cast<double>(played) / 2.0;  // over 50% of the maximum so far
  for (const auto& p : players) {
    c.preferences.push_back(preference(p));
    c.colour_differences.push_back(colour_difference(p));
    c.repeated_colour.push_back(last_two_are(p, 1) ? 1 : last_two_are(p, -1) ? -1 : 0);
  }
  return c;
}

bool topscorer(const Context& c, int p) { return c.last_round && c.player(p).score > c.topscore; }

int float_back(const Context& c, int p, int back) {
  const int round = c.rounds_played - back;
  if (round < 0) return 0;
  const auto& floats = c.player(p).floats;
  return static_cast<std::size_t>(round) < floats.size() ? floats[static_cast<std::size_t>(round)]
                                                         : 0;
}

bool compatible(const Context& c, int a, int b) {
  const auto& opponents = c.player(a).opponents;
  if (std::find(opponents.begin(), opponents.end(), b) != opponents.end()) return false;
  const auto [ca, sa] = c.preferences[static_cast<std::size_t>(a)];
  const auto [cb, sb] = c.preferences[static_cast<std::size_t>(b)];
  const bool same_absolute = sa == 3 && sb == 3 && ca == cb;
  return !same_absolute || topscorer(c, a) || topscorer(c, b);
}

bool bye_eligible(const Context& c, int p) {
  return !c.player(p).had_bye && c.player(p).score <= c.bye_score_limit;
}

int colour_for(const Context& c, int a, int b) {
  const auto ia = static_cast<std::size_t>(a);
  const auto ib = static_cast<std::size_t>(b);
  return colour_with(*c.players, a, b, c.preferences[ia], c.preferences[ib],
                     c.rank[ia] < c.rank[ib], c.top_seed_first);
}

namespace {

bool moved_down(const Context& c, const Bracket& b, int p) { return c.player(p).score > b.score; }

bool downfloated_lately(const Context& c, int p) {
  return float_back(c, p, 1) == kDownfloat || float_back(c, p, 2) == kDownfloat;
}

// C18/C20's score difference in half points: of MDP x paired with y; of MDP x floating on (one
// point more than paired with a resident, as the 2017 text's A.8 counted a downfloater's).
long long paired_difference(const Context& c, int x, int y) {
  return std::llround(2 * (c.player(x).score - c.player(y).score));
}
long long floating_difference(const Context& c, const Bracket& b, int x) {
  return std::llround(2 * (c.player(x).score - b.score)) + 2;
}

// Weights for values of which each player counts once: the lowest weighs 1, each higher one
// more than all the counts below it together. `counts`: value -> players that may take it.
std::vector<std::pair<long long, long long>> ladder(const std::map<long long, long long>& counts) {
  std::vector<std::pair<long long, long long>> weights;
  long long below = 1;
  for (auto [value, count] : counts) {
    weights.emplace_back(value, below);
    below += count * below;
  }
  return weights;
}

// C10-C13 for one player given the colour it gets.
void count_colour(const Context& c, int p, int colour, Quality& q) {
  const auto [wanted, strength] = c.preferences[static_cast<std::size_t>(p)];
  if (std::abs(c.colour_differences[static_cast<std::size_t>(p)] + colour) > 2)
    ++q[kTopscorerDifference];
  if (colour != 0 && c.repeated_colour[static_cast<std::size_t>(p)] == colour)  // last_two_are
    ++q[kTopscorerRepeat];
  if (wanted != 0 && wanted != colour) {
    ++q[kColourPreference];
    if (strength >= 2) ++q[kStrongPreference];
  }
}

}  // namespace

void weigh_floaters(const Context& c, Bracket& b) {
  std::map<long long, long long> scores;
  for (int p : b.players) ++scores[std::llround(2 * c.player(p).score)];
  b.floater_weights = ladder(scores);
  std::map<long long, long long> differences;
  for (int x : b.players) {
    if (!moved_down(c, b, x) || !downfloated_lately(c, x)) continue;
    std::set<long long> ends{floating_difference(c, b, x)};
    for (int y : b.players)
      if (c.player(y).score < c.player(x).score) ends.insert(paired_difference(c, x, y));
    for (long long d : ends) ++differences[d];
  }
  b.difference_weights = ladder(differences);
}

namespace {

// The weight of `value` on ladder `weights` of b (weighing a copy of b if it was not weighed).
long long weight_of(const Context& c, const Bracket& b,
                    std::vector<std::pair<long long, long long>> Bracket::*weights,
                    long long value) {
  if (b.floater_weights.empty() && !b.players.empty()) {  // not weighed yet: weigh a copy
    Bracket weighed = b;
    weigh_floaters(c, weighed);
    return weight_of(c, weighed, weights, value);
  }
  for (auto [key, weight] : b.*weights)
    if (key == value) return weight;
  return 0;  // not a value of the bracket
}

long long floater_weight(const Context& c, const Bracket& b, long long half_points) {
  return weight_of(c, b, &Bracket::floater_weights, half_points);
}

// C18 and C20 for MDP x ending with score difference `difference` (half points).
void count_repeated_downfloat(const Context& c, const Bracket& b, int x, long long difference,
                              Quality& q) {
  const long long weight = weight_of(c, b, &Bracket::difference_weights, difference);
  if (float_back(c, x, 1) == kDownfloat) q[kDownfloatAgainScore] = weight;
  if (float_back(c, x, 2) == kDownfloat) q[kDownfloatTwoAgoScore] = weight;
}

}  // namespace

Quality unpaired_cost(const Context& c, const Bracket& b, int p) {
  Quality q{};
  const long long weight = floater_weight(c, b, std::llround(2 * c.player(p).score));
  q[kFloaters] = 1;
  q[kFloaterScores] = weight;
  if (b.last || b.floats_the_bye)  // rounds so far less games over the board
    q[kByeUnplayed] = c.rounds_played - static_cast<long long>(c.player(p).colours.size());
  if (moved_down(c, b, p)) {
    count_repeated_downfloat(c, b, p, floating_difference(c, b, p), q);
  } else {  // a resident downfloater
    if (float_back(c, p, 1) == kDownfloat) ++q[kDownfloatAgain];
    if (float_back(c, p, 2) == kDownfloat) ++q[kDownfloatTwoAgo];
  }
  return q;
}

Quality pair_cost(const Context& c, const Bracket& b, int x, int y) {
  Quality q{};
  const int colour = colour_for(c, x, y);
  count_colour(c, x, colour, q);
  count_colour(c, y, -colour, q);
  const auto& px = c.player(x);
  const auto& py = c.player(y);
  if (px.score == py.score) return q;
  const int higher = px.score > py.score ? x : y;  // an MDP
  const int lower = px.score > py.score ? y : x;
  count_repeated_downfloat(c, b, higher, paired_difference(c, higher, lower), q);
  if (float_back(c, lower, 1) == kUpfloat) ++q[kUpfloatAgain];
  if (float_back(c, lower, 2) == kUpfloat) ++q[kUpfloatTwoAgo];
  const long long weight = floater_weight(c, b, std::llround(2 * c.player(higher).score));
  q[kUpfloatAgainScore] = q[kUpfloatAgain] * weight;
  q[kUpfloatTwoAgoScore] = q[kUpfloatTwoAgo] * weight;
  return q;
}

namespace {

// A greedy pairing of `players` (indices into it in mate; -1 unpaired), then repairs: an
// unpaired x takes the partner of a paired y when y can then meet another unpaired player or,
// for the last one of an odd number, take the bye. True when it ends complete; false proves
// nothing (the caller then runs a matching).
bool greedy_pairable(const Context& c, const std::vector<int>& players) {
  const int n = static_cast<int>(players.size());
  auto ok = [&](int i, int j) { return compatible(c, players[at(i)], players[at(j)]); };
  std::vector<int> mate(at(n), -1);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n && mate[at(i)] < 0; ++j)
      if (mate[at(j)] < 0 && ok(i, j)) mate[at(i)] = j, mate[at(j)] = i;
  std::vector<int> left;
  for (int i = 0; i < n; ++i)
    if (mate[at(i)] < 0) left.push_back(i);
  auto done = [&] {
    return left.empty() ||
           (left.size() == 1 && n % 2 == 1 && bye_eligible(c, players[at(left[0])]));
  };
  for (int round = 0; round < 4 * n && !done(); ++round) {
    const int x = left.back();
    bool moved = false;
    for (int y = 0; y < n && !moved; ++y) {
      const int z = mate[at(y)];  // x takes z, y is freed
      if (z < 0 || !ok(x, z)) continue;
      for (std::size_t k = 0; k + 1 < left.size() && !moved; ++k)
        if (ok(y, left[k])) {
          mate[at(x)] = z, mate[at(z)] = x, mate[at(y)] = left[k], mate[at(left[k])] = y;
          left.erase(left.begin() + static_cast<std::ptrdiff_t>(k));
          left.pop_back();
          moved = true;
        }
      if (!moved && left.size() == 1 && bye_eligible(c, players[at(y)])) {
        mate[at(x)] = z, mate[at(z)] = x, mate[at(y)] = -1;
        left = {y};
        moved = true;
      }
    }
    if (!moved) return false;
  }
  return done();
}

// The edges of a complete pairing of `players` (their indices): each compatible pair but those
// `skip` rules out, and with `bye` a vertex for the bye (index players.size()) joined to those
// who may take it; `weigh` gives an edge's weight beyond the 1 that makes it count.
template <typename Skip, typename Weigh>
std::vector<MatchEdge> completion_edges(const Context& c, const std::vector<int>& players, bool bye,
                                        const Skip& skip, const Weigh& weigh) {
  const int n = static_cast<int>(players.size());
  std::vector<MatchEdge> edges;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j)
      if (!skip(i, j) && compatible(c, players[at(i)], players[at(j)]))
        edges.push_back({i, j, 1 + weigh(i, j)});
    if (bye && bye_eligible(c, players[at(i)])) edges.push_back({i, n, 1 + weigh(i, n)});
  }
  return edges;
}

// Whether `mate` (over players and, when they are odd, the bye) leaves nobody out.
bool complete(const std::vector<int>& mate) {
  return std::count(mate.begin(), mate.end(), -1) == 0;
}

// Floaters first, each taking the first free player of `next` it may meet, then the rest of
// `next` in order; true when that pairs every floater and leaves at most one player, who is then
// in `left`.
bool next_bracket_pairs_greedily(const Context& c, const std::vector<int>& floaters,
                                 const std::vector<int>& next, std::vector<int>& left) {
  std::vector<bool> taken(next.size(), false);
  const auto take_partner = [&](int p, std::size_t from) {
    for (std::size_t j = from; j < next.size(); ++j)
      if (!taken[j] && compatible(c, p, next[j])) {
        taken[j] = true;
        return true;
      }
    return false;
  };
  for (int f : floaters)
    if (!take_partner(f, 0)) return false;
  for (std::size_t i = 0; i < next.size(); ++i) {
    if (taken[i]) continue;
    taken[i] = true;
    if (!take_partner(next[i], i + 1)) left.push_back(next[i]);
  }
  return left.size() <= 1;
}

}  // namespace

bool pairable(const Context& c, const std::vector<int>& players) {
  if (greedy_pairable(c, players)) return true;
  const auto none = [](int, int) { return false; };
  const auto nothing = [](int, int) { return MatchWeight{0}; };
  const bool bye = players.size() % 2 == 1;
  const int vertices = static_cast<int>(players.size()) + (bye ? 1 : 0);
  return complete(max_weight_matching(vertices, completion_edges(c, players, bye, none, nothing)));
}

bool pairable_with(const Context& c, std::vector<int> players, const std::vector<int>& more) {
  players.insert(players.end(), more.begin(), more.end());
  return pairable(c, players);
}

bool floats_the_bye(const Context& c, const Bracket& b, const std::vector<int>& rest) {
  return !rest.empty() && b.score == c.bye_score_limit && b.players.size() % 2 == 1 &&
         pairable(c, rest) && pairable(c, b.players);
}

bool settle_bye_score(Context& c, const std::vector<int>& players) {
  if (players.size() % 2 == 0) return pairable(c, players);
  std::vector<double> scores;
  for (int p : players)
    if (bye_eligible(c, p)) scores.push_back(c.player(p).score);
  std::sort(scores.begin(), scores.end());
  scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
  for (double score : scores) {
    c.bye_score_limit = score;
    if (pairable(c, players)) return true;
  }
  return false;
}

namespace {

// The best pairing of the next bracket as next_bracket_cost weighs it, made together with a
// complete pairing of `beyond` (none: the next bracket alone, its players free to stay out):
// its cost, and the players of the next bracket it leaves without a partner there. A pair of the
// next bracket weighs more than all floaters' weights together, and taking an edge at all more
// than every pair of the next bracket, so a complete pairing comes first.
struct NextPairing {
  std::pair<long long, long long> cost{0, 0};
  std::vector<int> left;
};

NextPairing next_bracket_matching(const Context& c, const Bracket& b,
                                  const std::vector<int>& floaters,
                                  const std::vector<int>& beyond) {
  std::vector<long long> weight;
  MatchWeight pair = 1;
  for (int f : floaters) {
    weight.push_back(unpaired_cost(c, b, f)[kFloaterScores]);
    pair += weight.back();
  }
  std::vector<int> players = floaters;
  players.insert(players.end(), b.next.begin(), b.next.end());
  const int next_end = static_cast<int>(players.size());
  players.insert(players.end(), beyond.begin(), beyond.end());
  const int floating = static_cast<int>(floaters.size());
  const MatchWeight edge = (pair + 1) * (next_end + 1);  // more than all next-bracket pairs
  const auto floaters_apart = [&](int, int j) { return j < floating; };  // they met above
  const auto next_pair = [&](int i, int j) -> MatchWeight {
    if (j >= next_end) return edge;
    return edge + 2 * pair + (i < floating ? weight[at(i)] : 0);
  };
  const bool bye = !beyond.empty() && players.size() % 2 == 1;
  const auto mate =
      max_weight_matching(static_cast<int>(players.size()) + (bye ? 1 : 0),
                          completion_edges(c, players, bye, floaters_apart, next_pair));
  NextPairing out;
  for (int i = 0; i < next_end; ++i) {
    if (mate[at(i)] >= 0 && mate[at(i)] < next_end) continue;
    out.left.push_back(players[at(i)]);
    ++out.cost.first;
    if (i < floating) out.cost.second += weight[at(i)];
  }
  return out;
}

}  // namespace

// C8 within C4: the next bracket (floaters and next group) paired with the most pairs, then
// pairing the floaters of the greatest weights, the players beyond it kept pairable. A greedy
// pass first, then the next bracket's best pairing alone; only when what that leaves cannot be
// paired with the players beyond is the whole of them matched at once.
std::pair<long long, long long> next_bracket_cost(const Context& c, const Bracket& b,
                                                  const std::vector<int>& floaters,
                                                  bool keep_beyond_pairable) {
  const std::vector<int> none;
  const std::vector<int>& beyond = keep_beyond_pairable ? b.beyond_next : none;
  const auto rest_pairable = [&](const std::vector<int>& left) {
    return beyond.empty() || pairable_with(c, left, beyond);
  };
  std::vector<int> left;
  if (next_bracket_pairs_greedily(c, floaters, b.next, left) && rest_pairable(left))
    return {static_cast<long long>(floaters.size() + b.next.size()) % 2, 0};
  const NextPairing alone = next_bracket_matching(c, b, floaters, none);
  if (rest_pairable(alone.left)) return alone.cost;
  return next_bracket_matching(c, b, floaters, beyond).cost;
}

Quality bracket_quality(const Context& c, const Bracket& b,
                        const std::vector<std::pair<int, int>>& pairs) {
  Quality total{};
  std::vector<int> unpaired = b.players;
  for (auto [x, y] : pairs) {
    const Quality q = pair_cost(c, b, x, y);
    for (int i = 0; i < kCriteria; ++i)
      total[static_cast<std::size_t>(i)] += q[static_cast<std::size_t>(i)];
    unpaired.erase(std::remove(unpaired.begin(), unpaired.end(), x), unpaired.end());
    unpaired.erase(std::remove(unpaired.begin(), unpaired.end(), y), unpaired.end());
  }
  for (int p : unpaired) {
    const Quality q = unpaired_cost(c, b, p);
    for (int i = 0; i < kCriteria; ++i)
      total[static_cast<std::size_t>(i)] += q[static_cast<std::size_t>(i)];
  }
  if (!b.next.empty())
    std::tie(total[kNextUnpaired], total[kNextFloaterScores]) = next_bracket_cost(c, b, unpaired);
  return total;
}

}  // namespace swiss_detail
}  // namespace competition
