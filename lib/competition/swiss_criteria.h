// The FIDE Dutch criteria (C.04.3) as the Swiss pairing (swiss.cc) evaluates them: which pairs
// are allowed at all (absolute criteria) and what one bracket's outcome costs on each quality
// criterion. Exposed for the matching encoding (swiss_bracket.cc) and for tests that enumerate
// every pairing of a small bracket.
#pragma once

#include <array>
#include <limits>
#include <utility>
#include <vector>

#include "lib/competition/swiss.h"

namespace competition::swiss_detail {

// The round being paired.
struct Context {
  const std::vector<SwissPlayer>* players = nullptr;
  std::vector<int> rank;    // rank[p]: position in the ranking (score, then pairing number)
  bool last_round = false;  // SwissOptions::rounds says this round is the last
  double topscore = 0.0;    // in the last round, a score above this makes a topscorer
  bool top_seed_first = true;
  int rounds_played = 0;  // the longest float history: the rounds before this one
  std::vector<std::pair<int, int>> preferences;  // per player: preference(player(p))
  std::vector<int> colour_differences;           // per player: games moving first - second
  // Per player: the colour of its last two games when they had the same one, else 0.
  std::vector<int> repeated_colour;
  // C5: the pairing-allocated bye goes to a player of at most this score, the lowest that leaves
  // the round pairable (settle_bye_score); any score until that is settled.
  double bye_score_limit = std::numeric_limits<double>::infinity();

  const SwissPlayer& player(int p) const { return (*players)[static_cast<std::size_t>(p)]; }
};

Context make_context(const std::vector<SwissPlayer>& players, const SwissOptions& options);

// A.6: {colour, strength}: strength 3 absolute, 2 strong, 1 mild, 0 none (no game played).
std::pair<int, int> preference(const SwissPlayer& p);
bool topscorer(const Context& c, int p);
// p's float `back` rounds before this one (1: the previous round, whether p played in it or
// not): kDownfloat, kUpfloat or 0 (no float, also for a round p did not play and before the
// first round).
int float_back(const Context& c, int p, int back);
// C1 (not met before) and C3 (non-topscorers with the same absolute preference never meet).
bool compatible(const Context& c, int a, int b);
// C2: no pairing-allocated bye after one, after a full-point bye or after a forfeit win; C5: only
// to a player of the lowest score that can take it (Context::bye_score_limit).
bool bye_eligible(const Context& c, int p);
// The colour a gets against b (swiss_colour with the ranking of the context).
int colour_for(const Context& c, int a, int b);

// The quality criteria of one bracket, in their order (numbered as in the text applied from 1 July
// 2025, docs/ratings-tournaments.md); each counts something to minimise. Score weights (C7, C8,
// C18-C21) are floater_weight's: a higher score outweighs all the bracket's lower ones together.
enum Criterion {
  kFloaters,       // C6: players left unpaired (downfloaters; in the last bracket, the bye)
  kFloaterScores,  // C7: their scores, taken in descending order (floater_weight)
  // C8 (when Bracket::next is given): the next bracket (the downfloaters and the next
  // score group) paired as well as it can be: the players it leaves unpaired, and of those the
  // downfloaters' weights (the next bracket's pairs, then its scores).
  kNextUnpaired,
  kNextFloaterScores,
  kByeUnplayed,  // C9: the bye's player's rounds not played (Bracket::last or floats_the_bye)
  kTopscorerDifference,  // C10: colour difference beyond +-2 (topscorers, last round)
  kTopscorerRepeat,      // C11: the same colour three times running (topscorers, last round)
  kColourPreference,     // C12: colour preferences not granted
  kStrongPreference,     // C13: strong (or absolute) colour preferences not granted
  kDownfloatAgain,       // C14: resident downfloaters who downfloated in the previous round
  kUpfloatAgain,         // C15: MDP opponents who upfloated in the previous round
  kDownfloatTwoAgo,      // C16: resident downfloaters who downfloated two rounds before
  kUpfloatTwoAgo,        // C17: MDP opponents who upfloated two rounds before
  // C18-C21, the score differences (in descending order) of the MDPs who downfloated in the
  // previous round (weigh_differences: paired, to their opponent; floating on, one point more
  // than to the residents), and of the MDP opponents who upfloated in it (their MDP's score
  // weight: the residents share one score); then the same two rounds before.
  kDownfloatAgainScore,   // C18
  kUpfloatAgainScore,     // C19
  kDownfloatTwoAgoScore,  // C20
  kUpfloatTwoAgoScore,    // C21
  kCriteria
};
using Quality = std::array<long long, kCriteria>;

// One bracket: moved-down players first, then the residents, in ranking order.
struct Bracket {
  std::vector<int> players;
  double score = 0.0;  // the residents' score
  bool last = false;   // its one unpaired player (if any) gets the bye
  // C7 weight of a floater per score in half points, lowest score first (weigh_floaters).
  std::vector<std::pair<long long, long long>> floater_weights;
  // The next score group, whose bracket C8 looks at; empty when C8 does not apply (the last
  // bracket, or a bracket paired for the completion of the round).
  std::vector<int> next;
  // C18/C20 weight per score difference in half points, lowest first (weigh_floaters).
  std::vector<std::pair<long long, long long>> difference_weights;
  // Not the last bracket, but the one whose single downfloater will take the bye (C9 applies).
  bool floats_the_bye = false;
  // The players below the next score group, whom C8's next bracket must leave pairable (C4).
  std::vector<int> beyond_next;
};

// Fills b.floater_weights: the lowest score weighs 1, each higher score one more than all the
// players below it together, so that a smaller total is a smaller list of floaters' scores in
// descending order (among sets of the same size, which C6 has already fixed). Fills
// b.difference_weights the same way over the score differences the MDPs who downfloated one or
// two rounds before may end with.
void weigh_floaters(const Context& c, Bracket& b);

// The cost of leaving p unpaired in bracket b, and of the pair x-y (x ranked higher) made in it.
Quality unpaired_cost(const Context& c, const Bracket& b, int p);
Quality pair_cost(const Context& c, const Bracket& b, int x, int y);
// Whether `players` can all be paired under C1-C3, one of them taking the bye if they are odd;
// pairable_with: `players` and `more` together.
bool pairable(const Context& c, const std::vector<int>& players);
bool pairable_with(const Context& c, std::vector<int> players, const std::vector<int>& more);

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

// C8 when `floaters` leave bracket b: {kNextUnpaired, kNextFloaterScores} of the best pairing
// of the next bracket, one that leaves the players beyond it pairable (C4 is among the criteria
// C8 asks the next bracket to meet; without `keep_beyond_pairable` they are left out). No two
// floaters meet there: they could have met in b.
std::pair<long long, long long> next_bracket_cost(const Context& c, const Bracket& b,
                                                  const std::vector<int>& floaters,
                                                  bool keep_beyond_pairable = true);

// The bracket's quality when `pairs` are made and its other players float (or get the bye).
Quality bracket_quality(const Context& c, const Bracket& b,
                        const std::vector<std::pair<int, int>>& pairs);

}  // namespace competition::swiss_detail
