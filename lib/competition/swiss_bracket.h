// One Swiss bracket paired by a maximum weight matching whose weights carry the Dutch criteria
// (swiss_criteria.h) in their order, then the pairing the Dutch order of transpositions and
// exchanges reaches first among the best ones. Used by swiss.cc.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "lib/competition/swiss_criteria.h"

namespace competition::swiss_detail {

struct BracketResult {
  std::vector<std::pair<int, int>> pairs;  // higher-ranked player first
  std::vector<int> unpaired;               // downfloaters (in the last bracket: the bye, if any)
  bool for_next = false;  // C8 chose the downfloaters (false: the bracket has no next group)
};

// Pairs bracket `b`; `rest` are the players of the lower brackets, who together with the
// downfloaters must remain pairable (C4). nullopt when no pairing meets C1-C4.
std::optional<BracketResult> pair_bracket(const Context& c, const Bracket& b,
                                          const std::vector<int>& rest);

// One bracket as swiss_round paired it (for tests that check it against every alternative).
struct BracketTrace {
  Bracket bracket;
  std::vector<int> rest;
  BracketResult result;
};

// swiss_round, noting each bracket in `trace` when it is given.
std::optional<Round> paired_round(const std::vector<SwissPlayer>& players,
                                  const SwissOptions& options, std::vector<BracketTrace>* trace);

}  // namespace competition::swiss_detail
