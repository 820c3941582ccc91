// Leagues: divisions of a set size and season rollover with promotion and relegation
// (Little Golem / woogles style). Pure functions, standard library only.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

namespace competition {

using EntrantId = std::int64_t;

struct LeagueConfig {
  int division_size = 8;  // players per division (the lowest may hold fewer)
  int promote = 2;        // top k of every division but the first move up
  int relegate = 2;       // bottom k of every division but the last move down
};

// Division 0 is the top. Each division lists its players, best seed first.
using Divisions = std::vector<std::vector<EntrantId>>;

// The first season: players (strongest first) cut into divisions of division_size.
Divisions league_initial(const std::vector<EntrantId>& strongest_first, const LeagueConfig& config);

// The next season from the final rankings of this one (best first, per division).
// 1. The top `promote` of a division move up, the bottom `relegate` move down.
// 2. Players in `opted_out` leave; everyone else is re-registered automatically.
// 3. Newcomers join the lowest division.
// 4. A division left short is filled from the top of the one below (extra promotions); the lowest
//    division, when over size, splits into new divisions of division_size below it. A last division
//    of a single player joins the one above.
// In each new division, players are seeded: relegated from above, then stayers, then promoted
// from below, each in their final order.
Divisions league_rollover(const Divisions& final_rankings, const std::set<EntrantId>& opted_out,
                          const std::vector<EntrantId>& newcomers, const LeagueConfig& config);

}  // namespace competition
