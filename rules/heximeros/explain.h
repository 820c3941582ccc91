#pragma once
// Messages for moves the pieces cannot make: which rule, in the game's own terms.

#include "rules/core/result.h"
#include "rules/heximeros/position.h"

namespace rules::heximeros {

// Precondition: `move` (a kStep, kStepCapture or kShot without declarations) is not among the
// pseudo-legal moves of the colour holding the Token.
RuleError explain_illegal(const Position& pos, Move move);

// "Silver's Cavalier"
std::string piece_description(Piece piece);

}  // namespace rules::heximeros
