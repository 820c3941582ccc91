// Round-robin schedules by the FIDE Berger tables (FIDE Handbook C.05, Annex 1).
#pragma once

#include "lib/competition/pairing.h"

namespace competition {

// The Berger table for `players` (>= 2) entrants numbered 0..players-1 (table number minus one).
// An odd field plays the table of players+1; whoever meets the missing last number has a bye
// (Pairing::second == kBye). Within a round, pairings are in table (board) order, colours as
// printed: the first number of a pairing moves first.
std::vector<Round> berger_rounds(int players);

// Double round robin: the Berger cycle with its last two rounds swapped (FIDE C.05 Annex 1: no
// three equal colours in a row across the cycles), then the Berger cycle in its own order again
// with colours reversed.
std::vector<Round> double_berger_rounds(int players);

}  // namespace competition
