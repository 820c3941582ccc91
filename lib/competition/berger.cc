#include "lib/competition/berger.h"

#include <stdexcept>
#include <utility>

namespace competition {
namespace {

// Round r (0-based) of the Berger table for an even n: round 0 pairs table k with k and n-1-k
// (0-based numbers); every later round adds n/2 (mod n-1) to every number except the last,
// and the last number alternates colours on table 1 (Black in odd table rounds, White in even).
Round berger_round(int n, int r, int real_players) {
  const int m = n - 1;
  auto shift = [&](int p) { return (p + r * (n / 2)) % m; };
  auto bye_aware = [&](int first, int second) {
    if (first >= real_players) return Pairing{second, kBye};
    if (second >= real_players) return Pairing{first, kBye};
    return Pairing{first, second};
  };
  Round round;
  const int p = shift(0);
  round.push_back(r % 2 == 0 ? bye_aware(p, n - 1) : bye_aware(n - 1, p));
  for (int k = 1; k < n / 2; ++k) round.push_back(bye_aware(shift(k), shift(n - 1 - k)));
  return round;
}

}  // namespace

std::vector<Round> berger_rounds(int players) {
  if (players < 2) throw std::invalid_argument("a round robin needs at least 2 players");
  const int n = players % 2 == 0 ? players : players + 1;
  std::vector<Round> rounds;
  for (int r = 0; r < n - 1; ++r) rounds.push_back(berger_round(n, r, players));
  return rounds;
}

std::vector<Round> double_berger_rounds(int players) {
  const auto cycle = berger_rounds(players);
  auto rounds = cycle;
  // FIDE C.05 Annex 1: the last two rounds of the first cycle change places, so that nobody
  // plays three games in a row with the same colour across the two cycles.
  if (rounds.size() >= 2) std::swap(rounds[rounds.size() - 2], rounds[rounds.size() - 1]);
  for (auto round : cycle) {
    for (auto& pairing : round)
      if (pairing.second != kBye) std::swap(pairing.first, pairing.second);
    rounds.push_back(round);
  }
  return rounds;
}

}  // namespace competition
