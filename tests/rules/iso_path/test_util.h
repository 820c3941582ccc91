#pragma once
// Helpers shared by the Iso-Path tests: positions written as text, and a brute-force turn
// enumerator that is independent of the bitboard generator in rules/iso_path/movegen.cc.

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rules/iso_path/state.h"

namespace rules::iso_path::testing {

// The cells= field of a position: every cell at height 1 except those listed ('W', 'B' or a
// height digit), then the `ballast` cells raised or lowered one tile at a time, in order, until
// the board holds as many tiles as it has cells (tiles are conserved). Fails the test if the
// ballast cannot absorb the difference.
std::string cells_text(const Geometry& geo,
                       std::initializer_list<std::pair<const char*, char>> cells,
                       std::initializer_list<const char*> ballast);

// A loaded position (white-seat=0, empty history); throws (failing the test) if load() rejects
// it.
std::unique_ptr<State> load_position(const std::string& cells, const char* to_move, int turns = 10,
                                     const char* board = "h4");

const IsoPathState& iso(const State& state);

// Every legal complete turn, found by trying every syntactically possible first action (each
// kind, every cell or pair of cells) and every second action of another kind, each checked on
// its own with check_action(); sorted. Threat is counted here from scratch.
std::vector<Move> brute_force_turns(const Position& position);

// Perft: the number of turn sequences of length `depth` (terminal positions end a line early
// and add nothing). `brute` chooses the enumerator.
std::uint64_t perft(const Position& position, int depth, bool brute = false);

}  // namespace rules::iso_path::testing
