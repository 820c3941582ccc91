// Applying a move: tipping along the path, combat (§3.5, I-MJ-3), zugzwang (§3.6, I-MJ-4,
// I-MJ-6, I-MJ-8), and the counters of the draw bound (I-MJ-5).

#include "rules/mojave/position.h"

namespace rules::mojave {

namespace {

// Tips the die square by square in path order: tipping does not commute (§0.2).
int tip_along(int orientation, const Path& path) {
  for (int step = 0; step < path.first_count; ++step) {
    orientation = tipped(orientation, path.first_dir);
  }
  for (int step = 0; step < path.second_count; ++step) {
    orientation = tipped(orientation, path.second_dir);
  }
  return orientation;
}

int end_of(const Path& path) {
  int square = path.from;
  for (int step = 0; step < path.first_count; ++step) square = neighbour(square, path.first_dir);
  for (int step = 0; step < path.second_count; ++step) square = neighbour(square, path.second_dir);
  return square;
}

SquareList dice_next_to(const Board& board, int square, int side) {
  SquareList dice;
  for (int direction = 0; direction < kDirections; ++direction) {
    const int next = neighbour(square, direction);
    if (next != kNoSquare && board.holds(next, side)) dice.push_back(next);
  }
  return dice;
}

int sum_of_tops(const Board& board, const SquareList& dice) {
  int sum = 0;
  for (int square : dice) sum += board.top(square);
  return sum;
}

void remove_all(Board& board, const SquareList& dice) {
  for (int square : dice) board.remove(square);
}

// I-MJ-3, evaluated once around the die that just arrived: several opposing neighbours face it
// as a sum; a single opposing neighbour faces the sum of the mover's dice next to it (which is
// the plain duel when the arriving die is its only neighbour). The lower side loses all its
// dice in the comparison; a tie puts the opposing dice in zugzwang.
void resolve_combat(Board& board, int arrival, int mover, Effects& effects) {
  const SquareList defenders = dice_next_to(board, arrival, other_side(mover));
  if (defenders.empty()) return;
  SquareList attackers;
  if (defenders.size() == 1) {
    attackers = dice_next_to(board, defenders[0], mover);
  } else {
    attackers.push_back(arrival);
  }
  const int attack = sum_of_tops(board, attackers);
  const int defence = sum_of_tops(board, defenders);
  if (attack > defence) {
    effects.enemy_lost = defenders;
    remove_all(board, defenders);
  } else if (attack < defence) {
    effects.own_lost = attackers;
    remove_all(board, attackers);
  } else {
    effects.zugzwang = defenders;
  }
}

}  // namespace

Effects resolve_move(Board& board, const Zugzwang& pending, int mover, const Path& path) {
  Effects effects;
  const int orientation = tip_along(board.orientation(path.from), path);
  effects.destination = end_of(path);
  effects.final_top = top_face(orientation);
  board.remove(path.from);
  board.place(effects.destination, mover, orientation);
  if (pending.active() && pending.attacked.contains(path.from)) {
    // I-MJ-8: only one attacked die may withdraw; the others stay behind and are removed
    // before the withdrawn die's arrival is resolved.
    for (int square : pending.attacked) {
      if (square != path.from) effects.abandoned.push_back(square);
    }
    remove_all(board, effects.abandoned);
  }
  resolve_combat(board, effects.destination, mover, effects);
  effects.own_lost.sort_for_notation();
  effects.enemy_lost.sort_for_notation();
  effects.zugzwang.sort_for_notation();
  return effects;
}

Effects play_move(Position& position, Move move) {
  Effects effects;
  if (move == kPass) {
    effects.pass = true;
    ++position.passes;
  } else {
    effects = resolve_move(position.board, position.zugzwang, position.to_move, *decode(move));
    position.passes = 0;
  }
  position.to_move = other_side(position.to_move);
  position.zugzwang = {};
  if (!effects.zugzwang.empty()) {
    position.zugzwang = {effects.destination, effects.zugzwang};
    // I-MJ-6 (with I-MJ-4): dice in zugzwang that can neither be reinforced nor withdraw are
    // removed at once, which is the start of their owner's turn; that player then moves freely.
    if (!has_zugzwang_answer(position)) {
      remove_all(position.board, effects.zugzwang);
      position.zugzwang = {};
      effects.trapped = true;
    }
  }
  position.quiet_plies = effects.removed_any() ? 0 : position.quiet_plies + 1;
  return effects;
}

Effects preview_move(const Position& position, Move move) {
  Position copy = position;
  return play_move(copy, move);
}

}  // namespace rules::mojave
