// Swiss pairings after the FIDE (Dutch) System, FIDE Handbook C.04.3: score brackets paired top
// down, each by a maximum weight matching (matching.h) whose weights carry the pairing criteria
// in their order; docs/ratings-tournaments.md lists the criteria and how each is met. Pure
// functions, standard library only.
#pragma once

#include <optional>
#include <vector>

#include "lib/competition/pairing.h"

namespace competition {

// Float marks per round (SwissPlayer::floats), C.04.3 (2025) 1.4: a downfloat for meeting a
// lower score, or for scoring more than a loss without playing (a bye worth points, a forfeit
// win); no float for a round not played otherwise (absent, a zero-point bye, a forfeit loss).
inline constexpr int kDownfloat = -1;
inline constexpr int kUpfloat = 1;  // met a higher score

// A player's state before the round. The vector index is the pairing number: 0 is the top seed.
struct SwissPlayer {
  double score = 0.0;
  std::vector<int> opponents;  // pairing numbers met over the board (never met again)
  std::vector<int> colours;    // +1 moved first, -1 moved second, one entry per game played
  std::vector<int> floats;     // per round from the first: kDownfloat, kUpfloat or 0; rounds
                               // after the last entry were not played (no float)
  bool had_bye = false;        // a pairing-allocated bye, a full-point bye or a forfeit win: no
                               // pairing-allocated bye any more
  bool active = true;          // false: withdrawn, not paired
};

struct SwissOptions {
  bool top_seed_first = true;  // the initial colour: the top seed moves first in round 1
  int rounds = 0;  // planned rounds; in the last one topscorers may break C3 (0: unknown)
};

// The next round: pairings in board order (by the higher score of the pair, then its higher
// rank), the bye last. nullopt when no pairing satisfies the absolute criteria (no repeat, at
// most one bye, non-topscorers with the same absolute colour preference never meet).
std::optional<Round> swiss_round(const std::vector<SwissPlayer>& players,
                                 const SwissOptions& options = {});

// Records one pairing's result of round `round` (0 for the first) in the players' state: a game
// (`first` scored first_score, the other 1 - first_score; colours, opponents and floats noted)
// or a pairing-allocated bye (first_score = the bye's points, which may be 0; no pairing-allocated
// bye any more; a downfloat when it scores more than a loss, 1.4.3). Rounds before `round` that a
// player has no entry for were not played by it: no float.
void swiss_record(std::vector<SwissPlayer>& players, int round, const Pairing& pairing,
                  double first_score);

// Records a game of round `round` not played: `winner` scores 1 by forfeit, `loser` 0. No
// colours; the two have not met; the winner downfloats (it scored without playing), the loser
// has no float; the forfeit win counts as a bye (C.04.1: no pairing-allocated bye after it).
void swiss_record_forfeit(std::vector<SwissPlayer>& players, int round, int winner, int loser);

// Records a round `player` did not play over the board but scored `points` in: a bye it asked
// for (TRF H half a point, F a full point), a forfeit (+ 1, - 0), an absence (0). A downfloat
// when more than a loss (1.4.3); a full point bars the pairing-allocated bye, as a win's points
// scored without playing (C.04.1); less does not.
void swiss_record_unplayed(std::vector<SwissPlayer>& players, int round, int player, double points);

// The colour (+1 first, -1 second) for `a` against `b` by the Dutch allocation rules: grant both
// preferences, else the stronger one (two absolute ones: the wider colour difference), else
// alternate from the latest round in which they had different colours, else the higher ranked
// player's preference, else the initial colour to the higher ranked player if its pairing number
// is odd. `a_ranks_higher`: a is ahead of b in the ranking (score, then pairing number).
int swiss_colour(const std::vector<SwissPlayer>& players, int a, int b, bool a_ranks_higher,
                 bool top_seed_first);

}  // namespace competition
