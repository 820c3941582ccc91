// Shared types of the pairing libraries (berger.h, swiss.h, knockout.h).
// Players are numbered 0..n-1 in ranking order (0 = the top seed); kBye marks an empty seat.
#pragma once

#include <vector>

namespace competition {

inline constexpr int kBye = -1;

// One game of a round: `first` moves first (White in the FIDE tables). `second == kBye`: `first`
// has a bye.
struct Pairing {
  int first = 0;
  int second = kBye;
  bool operator==(const Pairing&) const = default;
};

using Round = std::vector<Pairing>;

}  // namespace competition
