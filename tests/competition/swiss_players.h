// Players for the Swiss tests.
#pragma once

#include <vector>

#include "lib/competition/swiss.h"

namespace competition {

// `n` players before round 1: no points, colours, floats or bye.
inline std::vector<SwissPlayer> fresh(int n) {
  return std::vector<SwissPlayer>(static_cast<std::size_t>(n));
}

}  // namespace competition
