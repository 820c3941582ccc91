// Rating decisions for the ratings worker: one finished game (Elo now, Glicko-2 results queued
// for the period) and one closed Glicko-2 rating period. Pure: plain records in, records out.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lib/competition/elo.h"
#include "lib/competition/glicko2.h"
#include "services/storage/ratings_repository.h"

namespace tourney {

struct RatingPolicy {
  competition::EloConfig elo;
  competition::Glicko2Config glicko2;
  int elo_provisional_games = 5;  // Elo is provisional for a player's first games
};

// Reads HEXPOST_ELO_K (0: the FIDE K rules), HEXPOST_GLICKO2_TAU, HEXPOST_RATING_PERIOD_S and
// HEXPOST_PROVISIONAL_RD. Throws std::invalid_argument naming a bad variable.
RatingPolicy rating_policy(const std::map<std::string, std::string, std::less<>>& env);

// Elo for every seat against every other (pairwise by placement, K / (seats - 1)), from the
// ratings before the game; Glicko-2 pairwise results for the game's rating period.
storage::GameRating rate_game(const storage::FinishedGame& game, const RatingPolicy& policy);

// Glicko-2 for everyone with results in the period, opponents at their start-of-period ratings;
// idle periods since a player's last one first grow the deviation.
std::vector<storage::RatingChange> rate_period(const storage::OpenPeriod& period,
                                               const RatingPolicy& policy);

// The live Glicko-2 estimate, as lichess shows it: every open period (oldest first) rated as if
// it closed now with the games so far, from the official ratings, each period starting from
// the estimate after the one before. Only players with open results are in the map; everyone
// else's live rating is the official one.
std::map<storage::Id, storage::RatingRecord> live_glicko2(
    const std::vector<storage::OpenPeriod>& open, const RatingPolicy& policy);

bool provisional(const storage::RatingRecord& rating, const RatingPolicy& policy);

}  // namespace tourney
