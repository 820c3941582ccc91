// Multi-player tournament tables (3, 4 or 6 seats) and fair seat rotation across rounds.
// Standard library only.
#pragma once

#include <vector>

namespace competition {

struct TableRound {
  std::vector<std::vector<int>> tables;  // player numbers, in ranking order (seats come later)
  std::vector<int> byes;                 // players left over when the field does not divide
};

// Cuts `ranked` (best first: by score, then seed) into consecutive tables of `seats`; the
// n mod seats leftover players sit out with a bye, chosen from the bottom among those in
// `had_bye` == false first (had_bye indexed by player number; may be empty).
TableRound group_tables(const std::vector<int>& ranked, int seats,
                        const std::vector<bool>& had_bye);

// Seat order for one table (first mover first). seat_counts[player][seat] says how often the player
// has taken each seat so far. Chooses the ordering that minimises sum((count + 1)^2) over the
// seats taken, first in lexicographic order on ties: a table that meets `seats` times gives every
// player every seat exactly once (a partial Latin rectangle always extends).
std::vector<int> assign_seats(const std::vector<int>& table,
                              const std::vector<std::vector<int>>& seat_counts);

}  // namespace competition
