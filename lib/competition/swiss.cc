#include "lib/competition/swiss.h"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "lib/competition/swiss_bracket.h"

namespace competition {
namespace {

using swiss_detail::Bracket;
using swiss_detail::Context;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Active players in ranking order.
std::vector<int> ranked(const Context& c) {
  std::vector<int> order;
  for (int p = 0; p < static_cast<int>(c.players->size()); ++p)
    if (c.player(p).active) order.push_back(p);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return c.rank[at(a)] < c.rank[at(b)]; });
  return order;
}

// Board order (C.04.2): the higher score of the pair, then the sum, then the higher rank.
void order_boards(const Context& c, std::vector<std::pair<int, int>>& pairs) {
  auto key = [&](const std::pair<int, int>& p) {
    const double a = c.player(p.first).score;
    const double b = c.player(p.second).score;
    return std::make_tuple(-std::max(a, b), -(a + b),
                           std::min(c.rank[at(p.first)], c.rank[at(p.second)]));
  };
  std::sort(pairs.begin(), pairs.end(),
            [&](const auto& x, const auto& y) { return key(x) < key(y); });
}

// The bracket of the players `moved_down` and the next score group of `left`; `rest` gets the
// players below it.
Bracket next_bracket(const Context& c, const std::vector<int>& moved_down,
                     const std::vector<int>& left, std::vector<int>& rest) {
  Bracket b;
  b.players = moved_down;
  b.score = left.empty() ? c.player(moved_down.back()).score : c.player(left.front()).score;
  auto it = left.begin();
  while (it != left.end() && c.player(*it).score == b.score) b.players.push_back(*it++);
  rest.assign(it, left.end());
  b.last = rest.empty();
  b.floats_the_bye = swiss_detail::floats_the_bye(c, b, rest);
  if (!b.floats_the_bye) {  // C8, for the next bracket's sake: not for a floater taking the bye
    auto next = rest.begin();
    while (next != rest.end() && c.player(*next).score == c.player(rest.front()).score)
      b.next.push_back(*next++);
    b.beyond_next.assign(next, rest.end());
  }
  swiss_detail::weigh_floaters(c, b);
  return b;
}

}  // namespace

std::optional<Round> swiss_round(const std::vector<SwissPlayer>& players,
                                 const SwissOptions& options) {
  return swiss_detail::paired_round(players, options, nullptr);
}

std::optional<Round> swiss_detail::paired_round(const std::vector<SwissPlayer>& players,
                                                const SwissOptions& options,
                                                std::vector<BracketTrace>* trace) {
  Context c = swiss_detail::make_context(players, options);
  std::vector<int> left = ranked(c);
  if (!swiss_detail::settle_bye_score(c, left)) return std::nullopt;
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> moved_down;
  int bye = kBye;
  while (!left.empty() || !moved_down.empty()) {
    std::vector<int> rest;
    const Bracket b = next_bracket(c, moved_down, left, rest);
    const auto result = swiss_detail::pair_bracket(c, b, rest);
    if (!result) return std::nullopt;
    if (trace) trace->push_back({b, rest, *result});
    pairs.insert(pairs.end(), result->pairs.begin(), result->pairs.end());
    moved_down = result->unpaired;
    left = rest;
    if (b.last) {
      if (!moved_down.empty()) bye = moved_down.front();
      break;
    }
  }
  order_boards(c, pairs);
  Round round;
  for (auto [a, b] : pairs)
    round.push_back(swiss_detail::colour_for(c, a, b) > 0 ? Pairing{a, b} : Pairing{b, a});
  if (bye != kBye) round.push_back({bye, kBye});
  return round;
}

namespace {

// Notes `mark` as p's float in round `round`; rounds before it without an entry were not
// played by p (no float).
void note_float(SwissPlayer& p, int round, int mark) {
  if (p.floats.size() < at(round)) p.floats.resize(at(round), 0);
  if (p.floats.size() == at(round))
    p.floats.push_back(mark);
  else
    p.floats[at(round)] = mark;
}

}  // namespace

void swiss_record(std::vector<SwissPlayer>& players, int round, const Pairing& pairing,
                  double first_score) {
  auto& a = players[at(pairing.first)];
  if (pairing.second == kBye) {
    a.score += first_score;
    a.had_bye = true;
    note_float(a, round, first_score > 0.0 ? kDownfloat : 0);
    return;
  }
  auto& b = players[at(pairing.second)];
  const int a_float = a.score > b.score ? kDownfloat : (a.score < b.score ? kUpfloat : 0);
  note_float(a, round, a_float);
  note_float(b, round, -a_float);
  a.score += first_score;
  b.score += 1.0 - first_score;
  a.opponents.push_back(pairing.second);
  b.opponents.push_back(pairing.first);
  a.colours.push_back(1);
  b.colours.push_back(-1);
}

void swiss_record_forfeit(std::vector<SwissPlayer>& players, int round, int winner, int loser) {
  swiss_record_unplayed(players, round, winner, 1.0);
  swiss_record_unplayed(players, round, loser, 0.0);
}

void swiss_record_unplayed(std::vector<SwissPlayer>& players, int round, int player,
                           double points) {
  auto& p = players[at(player)];
  note_float(p, round, points > 0.0 ? kDownfloat : 0);
  p.score += points;
  if (points >= 1.0) p.had_bye = true;
}

}  // namespace competition
