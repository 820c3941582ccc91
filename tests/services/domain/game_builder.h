#pragma once
// In-memory game rows for the pure tests of services/domain: a game started by
// domain::start_game from a filled challenge, turned into the GameRecord a repository would
// return, advanced by domain::game_after. No database.

#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "services/domain/game_logic.h"
#include "services/domain/model.h"

namespace domaintest {

inline constexpr domain::Id kGameId = 7;
inline constexpr domain::Id kStranger = 999;  // an account with no seat

// The counting game plus the rules registry (hex-quoridor and the others).
const domain::Catalog& catalog();

// A challenge of `players` accepted accounts 100, 101, ... with player seeds and a fixed server
// seed.
domain::ChallengeRecord challenge(const std::string& game, int players,
                                  const std::string& options_json = "{}");

// The active game at ply 0 that start_game makes of challenge(game, players, options_json);
// seat s is played by account_of(game, s), named "player<account>". last_hash is the commitment
// (the chain's start, per the fairness scheme).
domain::GameRecord started(const std::string& game, int players,
                           const std::string& options_json = "{}");

domain::Id account_of(const domain::GameRecord& game, int seat);

// The move-list row of `write` (for decide_draw, which reads resignations from the moves).
domain::MoveRecord move_row(const domain::Entry& write);

// The move hash of the fairness scheme, written out from its definition:
// hex(SHA-256(previous_hash "\n" ply "\n" record "\n" draws)).
std::string expected_hash(const std::string& previous, int ply, const std::string& record,
                          const std::string& draws);

// The draw `purpose` number k (from 0) of ply `ply` of `game`, uniform in [0, bound), as the
// fairness scheme defines it for the game's seed.
unsigned expected_draw(const domain::GameRecord& game, int ply, const std::string& purpose,
                       unsigned bound);

// A counting-game position (see counting_game.h).
std::string counting_position(int count, int turn, int seats, int out = 0, int winner = -1,
                              int target = 10);

// The refusal of a decision; a test failure (and a refusal no test expects) when it was decided.
template <class Decided>
domain::Refusal refusal_of(const std::variant<Decided, domain::Refusal>& decided) {
  if (const auto* refusal = std::get_if<domain::Refusal>(&decided)) return *refusal;
  ADD_FAILURE() << "expected a refusal, got a decision";
  return {domain::RefusalKind::kBadRequest, "(decided)", "(decided)"};
}

}  // namespace domaintest
