// Multi-player results as pairwise outcomes by placement (docs/ratings-tournaments.md).
// A game of n seats counts as n-1 games for each player, one against every other seat: a better
// placement is a win (1), an equal placement a draw (0.5), a worse one a loss (0). Elo divides K by
// n-1 so a whole multi-player game moves a rating as much as one two-player game.
#pragma once

#include <vector>

namespace competition {

struct PairwiseOutcome {
  int seat = 0;
  int opponent_seat = 0;
  double score = 0.0;  // seat's score against opponent_seat
};

// placements[seat] is 1 for the winner; equal numbers mean a shared place.
// Returns every ordered pair (seat, opponent) with seat != opponent.
std::vector<PairwiseOutcome> pairwise_outcomes(const std::vector<int>& placements);

// Per-seat Elo weight for a game of `seats` seats: 1 / (seats - 1).
double pairwise_weight(int seats);

}  // namespace competition
