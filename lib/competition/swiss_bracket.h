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
  bool for_next = false;  // C8 chose the downfloaters (false: last, or paired for completion)
};

// Pairs bracket `b`; `rest` are the players of the lower brackets, who together with the
// downfloaters must remain pairable (C4). nullopt when no pairing meets C1-C4.
std::optional<BracketResult> pair_bracket(const Context& c, const Bracket& b,
                                          const std::vector<int>& rest);

// Whether bracket b (not the last) is the one C9 applies to in the text's words, a bracket that
// floats exactly one player, who will take the bye: it is on the bye's score (C5), it can be
// paired with one of its players taking the bye, and `rest`, the lower players, can be paired
// completely among themselves.
bool floats_the_bye(const Context& c, const Bracket& b, const std::vector<int>& rest);

// C5, the first criterion after completion: when `players` (the whole round) are odd, sets
// c.bye_score_limit to the lowest score whose bye-eligible players can take the bye with the
// rest paired; every bracket's completion check (C4) then keeps the bye at that score. False
// when the round cannot be paired at all.
bool settle_bye_score(Context& c, const std::vector<int>& players);

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
