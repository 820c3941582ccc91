#pragma once
// Bots for the tournament tests: they play tournament games through the HTTP API (random legal
// moves from GET /v1/games/{id}, POST .../moves), then finish each game with the result a script
// chooses (the loser resigns; a draw is offered and accepted), so final standings are exact.

#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tests/services/game/service_fixture.h"

namespace tourneytest {

using svctest::json;

// The result of a pairing, given the usernames first mover first: the winning seat, or -1 for a
// draw.
using Script = std::function<int(const std::vector<std::string>& usernames)>;

struct Field {
  std::vector<svctest::Account> players;  // in entry (seed) order
  std::map<std::string, svctest::Account> by_name;
  int strength(const std::string& username) const;  // entry index: 0 is the strongest
};

Field make_field(svctest::Client& client, const std::string& stem, int players);

// Plays every active game of the tournament to its scripted result; the number of games played.
int play_open_games(svctest::Client& client, const Field& field, const json& tournament,
                    const Script& script, std::mt19937& rng);

// Creates the tournament (organised by the first player), lets everyone join, starts it, and
// plays round after round (the competition worker stepping between them) until it is finished.
// Returns the final tournament view.
// `after_start` runs once the tournament has started (given its id).
json run_tournament(svctest::TestServer& server, svctest::Client& client, const Field& field,
                    const json& spec, const Script& script,
                    const std::function<void(const std::string&)>& after_start = {});

// "username score" per standings row, for exact comparisons.
std::vector<std::string> standings_lines(const json& tournament);

}  // namespace tourneytest
