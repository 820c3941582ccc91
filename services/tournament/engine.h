// Tournament decisions: which games the next round holds, when a round or the tournament is
// over, and the standings. Pure (lib/competition plus plain structs): the worker loads a
// State, calls decide(), and stores the Decision in one transaction.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lib/competition/tiebreaks.h"

namespace tournament {

enum class Format { kRoundRobin, kDoubleRoundRobin, kSwiss, kKnockout, kLeague };

std::optional<Format> parse_format(std::string_view text);
std::string format_name(Format format);

// Per-format settings (the "options"-independent part of POST /v1/tournaments "settings").
struct Settings {
  int games_per_match = 1;   // knockout: games per match
  int max_tiebreaks = 1;     // knockout: tie-break games after a level match
  int division_size = 8;     // league
  int promote = 2;           // league
  int relegate = 2;          // league
  bool all_at_once = false;  // round robin / league: every round starts at once (ICCF style)
  int timeout_limit = 2;     // games lost on time before an entrant forfeits the rest (0: never)
  double swiss_bye_points = 1.0;
  int advance = 0;  // knockout at tables: the top `advance` of each table go through (0: seats-1)
};

struct Entrant {
  int division = 0;
  bool active = true;  // false: withdrawn or forfeited; later pairings are forfeits
};

// One stored row of tournament_games, seats as seeds (entrant index), first mover first.
struct PlayedGame {
  int round = 1;
  int board = 0;
  int match_game = 0;
  int division = 0;
  std::vector<int> seats;                     // one seat: a bye
  std::optional<std::vector<double>> scores;  // per seat, once decided
};

struct State {
  Format format = Format::kRoundRobin;
  Settings settings;
  int planned_rounds = 0;         // Swiss and table rounds
  int players_per_game = 2;       // 3, 4 or 6: table rounds (see decide)
  int current_round = 0;          // 0: not started
  std::vector<Entrant> entrants;  // index = seed (0 = top)
  std::vector<PlayedGame> games;
};

// A row to store. With `scores` set it needs no game (a bye or a forfeit).
using NewPairing = PlayedGame;

struct Decision {
  std::vector<NewPairing> pairings;  // to create now (possibly of several rounds)
  int current_round = 0;             // the tournament's round after this decision
  bool round_started = false;        // pairings open a new round (event)
  bool finished = false;
};

// The next step. Called at the start (current_round 0) and whenever games finish.
// Multi-player tables (players_per_game > 2): a round robin, double round robin or league plays
// each division's table design (competition::table_round_robin; the double round robin twice,
// seats rotated by one in the second cycle); a Swiss plays `planned_rounds` table rounds:
// entrants ranked by score (then seed) sit at consecutive tables, seats assigned fairly from each
// player's seat history (competition/tables.h). Either way the players left over have a bye
// worth 1/players_per_game (the share of a table's point a random seat expects).
Decision decide(const State& state);

// The pairings of `round` as decide() will create them, for the formats whose schedule is fixed
// from the start (round robin, double round robin and league, also at tables; empty otherwise).
// Entrants who are out by now appear as forfeits.
std::vector<NewPairing> scheduled_round(const State& state, int round);

// Knockout at tables: how many of each table go through, and whether the entrants can end in
// one final table (competition::table_knockout_feasible). Always true for two-player formats.
int knockout_advance(const State& state);
bool field_can_start(const State& state);

// Rounds the tournament will have (knockout: bracket rounds; Swiss: planned; round robin and
// league: the Berger cycle(s) or, at tables, the table design of the largest division).
int total_rounds(const State& state);

// Standings of one division (0 for every format but leagues), best first; Standing::player is
// the seed. Knockout: by the round reached, then seed; score = games won.
std::vector<competition::Standing> division_standings(const State& state, int division);

// Divisions in this state (1 unless a league).
int division_count(const State& state);

}  // namespace tournament
