#pragma once
// The flow of a HexiMeros game around the moves: the Token, declared checks, elimination,
// resignation and concession, the endings and the scoring (rules-spec §5.4-§5.6).

#include <optional>

#include "rules/core/game.h"
#include "rules/heximeros/position.h"

namespace rules::heximeros {

// Plays `move`. Precondition: check_move(pos, move) passed.
void apply_move(Position& pos, Move move);

// `colour` leaves the game (I-HM-30, I-HM-33): with three or more players still in, its
// Sovereign leaves the board and its pieces freeze; between the last two it is a concession
// and the other player wins. `how` is kResigned or kExpelled.
std::optional<RuleError> leave_game(Position& pos, int colour, Standing how);

// Placements by survival and scores by the optional scoring (I-HM-31); empty while playing.
Outcome outcome_of(const Position& pos);

}  // namespace rules::heximeros
