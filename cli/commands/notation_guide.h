#pragma once
// How each game writes its moves, for players: `hexpost rules notation GAME` prints the guide
// (drawn from the game's rules README) and the legal moves of a new game grouped by kind;
// `hexpost show --legal` groups the legal moves the same way.

#include <string>
#include <utility>
#include <vector>

namespace cli {

// The guide of `game`, or empty when there is none.
std::string notation_guide(const std::string& game);

// What a move in `game` does, for grouping: "fence", "pawn step or jump", "die on c1", ...
std::string move_kind(const std::string& game, const std::string& move);

// `moves` grouped by move_kind, in order of first appearance.
std::vector<std::pair<std::string, std::vector<std::string>>> group_moves(
    const std::string& game, const std::vector<std::string>& moves);

// The groups as lines "  kind (n): m1 m2 ...", each listing at most `limit` moves (0: all),
// then "..." when there are more.
std::string format_move_groups(const std::string& game, const std::vector<std::string>& moves,
                               std::size_t limit);

}  // namespace cli
