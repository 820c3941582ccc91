// Knockout brackets: standard seeding order, byes for fields that are not a power of two, and
// matches of k games plus tie-break games. Pure functions, standard library only.
#pragma once

#include <vector>

#include "lib/competition/pairing.h"

namespace competition {

// The smallest power of two >= players.
int bracket_size(int players);

// Seeds (0-based) in bracket order for a power-of-two `size`: for 8, 0 7 3 4 1 6 2 5, i.e. the
// matches 1v8, 4v5, 2v7, 3v6 with 1 and 2 only meeting in the final.
std::vector<int> bracket_order(int size);

// First round of a field of `players` seeds (0 = top seed): bracket-order pairs, higher seed
// first; a seed paired with a number >= players has a bye (Pairing::second == kBye).
Round knockout_first_round(int players);

// The next round from the winners of the previous one, in its pairing order (a bye's holder counts
// as a winner): consecutive winners meet, the higher seed moving first in game 1.
Round knockout_next_round(const std::vector<int>& winners);

struct MatchConfig {
  int games = 1;          // regular games of a match
  int max_tiebreaks = 1;  // tie-break games after a level match; still level: higher seed advances
};

struct MatchStatus {
  bool decided = false;
  int winner = kBye;      // when decided
  int next_first = kBye;  // when not decided: who moves first in the next game
  int next_second = kBye;
  bool next_is_tiebreak = false;
};

// `higher` is the better seed; `higher_scores` its score in each game played so far, in order.
// Game i: the higher seed moves first in even-numbered games (0, 2, ...), colours alternate
// through the tie-breaks too.
MatchStatus match_status(int higher, int lower, const std::vector<double>& higher_scores,
                         const MatchConfig& config);

}  // namespace competition
