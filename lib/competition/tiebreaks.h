// Standings and tie-breaks (FIDE Handbook C.02 §13): Sonneborn-Berger and direct encounter for
// round robins; Buchholz, Buchholz cut-1 and median Buchholz for Swiss. Standard library only.
#pragma once

#include <vector>

namespace competition {

// One finished game, or a bye (second == kBye, first_score = the bye's points).
struct GameResult {
  int round = 1;  // 1-based
  int first = 0;  // pairing numbers (0 = top seed)
  int second = -1;
  double first_score = 0.0;  // 1, 0.5 or 0 (second scores 1 - first_score)
};

enum class TieBreakOrder {
  kRoundRobin,  // score, direct encounter, Sonneborn-Berger, seed
  kSwiss,       // score, Buchholz cut-1, Buchholz, median Buchholz, Sonneborn-Berger, seed
};

struct Standing {
  int player = 0;
  double score = 0.0;
  double direct_encounter = 0.0;  // points against the players with the same score
  double sonneborn_berger = 0.0;  // beaten opponents' scores + half of drawn opponents' scores
  double buchholz = 0.0;          // sum of opponents' scores (a bye: a virtual opponent)
  double buchholz_cut1 = 0.0;     // without the lowest opponent score
  double median_buchholz = 0.0;   // without the highest and the lowest (Harkness)
  int games = 0;                  // games played (byes excluded)
};

// Standings of `players` entrants after `rounds` rounds, best first. A bye counts in Buchholz as a
// game against a virtual opponent (FIDE C.02 13.15.2, 2012): the player's score before the
// round + (1 - the bye's points) + 0.5 per later round. It adds nothing to Sonneborn-Berger.
std::vector<Standing> standings(int players, int rounds, const std::vector<GameResult>& results,
                                TieBreakOrder order);

}  // namespace competition
