#pragma once
// `hexpost verify GAME_ID`: checks a game against its fairness data with the same code the
// server uses (lib/fairness) and the rules library:
//   1. the commitment is SHA-256 of the revealed server seed;
//   2. the game seed re-derives from the server seed, the game id and the player seeds;
//   3. the seat assignment and every setup draw re-derive (ply 0);
//   4. every entry replays with the rules library, with draws re-derived from the game seed,
//      giving the same record text and the same draws as stored;
//   5. every hash of the chain recomputes, from the commitment to the last hash;
//   6. the final position matches the server's.
// While the game is active the seed is secret: steps 1-3 are skipped, step 4 replays with the
// recorded draws instead, and the report says so.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cli {

struct VerifyReport {
  std::vector<std::string> differences;  // empty: everything checked matches
  std::vector<std::string> notes;        // what was checked, or skipped and why
  int entries = 0;                       // entries replayed
  bool ok() const { return differences.empty(); }
};

// `game` is GET /v1/games/{id}, `fairness` GET /v1/games/{id}/fairness. Pure.
VerifyReport verify_game(const nlohmann::json& game, const nlohmann::json& fairness);

void add_verify_command(CLI::App& app, int& exit_code);

}  // namespace cli
