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

// A round robin at tables of `seats` for `players` entrants numbered 0..players-1 (an empty
// schedule when players < seats). Each round seats players / seats tables; the others sit out,
// a bye to whoever has had the fewest (the highest number first on ties). Rounds: `seats` when
// players == seats (one table: every player every seat once), else the fewest in which every pair
// could meet once, ceil(C(players, 2) / (tables * C(seats, 2))). The tables minimise the sum
// over all pairs of meetings^2 (the meetings are as even as the search finds: a greedy fill round
// by round, then swaps of two players of one round's tables while a swap lowers the sum);
// seats follow from assign_seats over the seat history, round by round. Tables are returned in
// seat order (first mover first). Deterministic.
std::vector<TableRound> table_round_robin(int players, int seats);

// Knockout at tables of `seats` where the top `advance` of each table go through (1 <= advance
// < seats). A round of m players: m == seats is the final; otherwise t tables, the most that
// keep at least `seats` players for the next round, t = min(m / seats, (m - seats) /
// (seats - advance)), and the m - t * seats top seeds go through on a bye. The field must end in
// exactly one final table: (players - seats) divisible by (seats - advance), players >= seats.
bool table_knockout_feasible(int players, int seats, int advance);
// Rounds of the bracket, the final included (0 when not feasible).
int table_knockout_rounds(int players, int seats, int advance);
// One round for `field` (player numbers, best seed first): the byes (top seeds) and the tables,
// the others dealt to the tables in serpentine order (1 2 .. t, t .. 2 1, ...), so each table
// mixes strong and weak seeds. Seats are not assigned here (tables in seed order).
TableRound table_knockout_round(const std::vector<int>& field, int seats, int advance);

}  // namespace competition
