// Swiss pairings after the FIDE Dutch system (FIDE Handbook C.04.3) as far as practical; the
// deviations are listed in docs/ratings-tournaments.md. Pure functions, standard library only.
#pragma once

#include <optional>
#include <vector>

#include "lib/competition/pairing.h"

namespace competition {

// A player's state before the round. The vector index is the pairing number: 0 is the top seed.
struct SwissPlayer {
  double score = 0.0;
  std::vector<int> opponents;  // pairing numbers already met (never met again)
  std::vector<int> colours;    // +1 moved first, -1 moved second, one entry per game played
  bool had_bye = false;        // a second bye is never given
  bool active = true;          // false: withdrawn, not paired
};

struct SwissOptions {
  bool top_seed_first = true;  // round 1: the top seed moves first on board 1 (then alternating)
  long node_budget = 400000;   // backtracking steps before the search gives up
};

// The next round: pairings in board order (higher score group first), the bye last.
// Hard rules: no repeat, at most one bye each, a colour difference within +-2; no three equal
// colours in a row unless no pairing exists otherwise. nullopt when no pairing satisfies the hard
// rules (the tournament has run out of rounds).
std::optional<Round> swiss_round(const std::vector<SwissPlayer>& players,
                                 const SwissOptions& options = {});

// Records one pairing's result in the players' state: a game (`first` scored first_score, the
// other 1 - first_score; colours and opponents noted) or a bye (first_score = the bye's points).
void swiss_record(std::vector<SwissPlayer>& players, const Pairing& pairing, double first_score);

// The colour (first = +1) the better-ranked player `a` gets against `b` under the Dutch rules.
int swiss_colour(const SwissPlayer& a, const SwissPlayer& b, int board, bool top_seed_first);

}  // namespace competition
