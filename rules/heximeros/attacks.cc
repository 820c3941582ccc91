// Attack queries, seen from the target: walk the twelve axes outwards to the first piece and ask
// whether it captures along that axis at that distance; then the pieces that do not need a
// clear path (Cavalier leaps from the precomputed source lists, Dreadnaught sweeps) and the
// Militant's two-part captures. No board scan.

#include "rules/heximeros/movegen.h"

namespace rules::heximeros {

namespace {

// Does `piece` on `cell`, first piece seen from the target, capture it `distance` cells away
// along `axis` (the axis from the piece towards the target)?
bool captures_along(Piece piece, int cell, int axis, int distance) {
  const PieceRule& rule = rule_of(type_of(piece));
  const bool bonus = (piece & kBonus) != 0;
  switch (rule.style) {
    case MoveStyle::kSlide: {
      if (rule.captures_by_moving && (rule.directions >> axis & 1)) {
        const int limit = bonus ? rule.bonus_range : rule.range;
        if (limit == 0 || distance <= limit) return true;
      }
      if (rule.first_move_flat_step && (piece & kFirstMove) && distance == 1 && is_flat(axis)) {
        return true;
      }
      if (rule.shot_range > 0 && distance <= (bonus ? rule.bonus_shot_range : rule.shot_range)) {
        return Geometry::get().shooting_post(cell);
      }
      return false;
    }
    case MoveStyle::kMilitant:
      return distance == 1 &&
             (Geometry::get().militant_capture_axes(colour_of(piece)) >> axis & 1) != 0;
    default:
      return false;  // leaps and sweeps are checked separately
  }
}

// Along each axis to the first piece; along flats, when a Dreadnaught may be about, on to the
// doubled Dreadnaught range, since Dreadnaughts pass through pieces. A Dreadnaught never sweeps
// its own Sovereign, so remember whose Sovereigns stand in between.
std::uint8_t ray_attackers(const Board& board, int target, std::uint8_t colours, bool first_only,
                           std::uint8_t sweepers) {
  const Geometry& g = Geometry::get();
  const PieceRule& dreadnaught = rule_of(PieceType::kDreadnaught);
  std::uint8_t found = 0;
  for (int axis = 0; axis < kAxes; ++axis) {
    int c = target, distance = 0;
    do {
      c = g.step(c, axis);
      ++distance;
    } while (board[c] == kEmpty);
    if (c == kWall) continue;
    Piece piece = board[c];
    std::uint8_t owner = bit(colour_of(piece));
    if ((colours & owner) && !(found & owner) &&
        captures_along(piece, c, opposite_axis(axis), distance)) {
      found |= owner;
      if (first_only) return found;
    }
    if (!(dreadnaught.directions >> axis & 1) || !(colours & sweepers & ~found)) continue;
    std::uint8_t sovereigns_between = 0;
    while (true) {
      if (piece != kEmpty) {
        owner = bit(colour_of(piece));
        if (is(piece, PieceType::kDreadnaught) && (colours & owner) &&
            !(sovereigns_between & owner) &&
            distance <= ((piece & kBonus) ? dreadnaught.bonus_range : dreadnaught.range)) {
          found |= owner;
          if (first_only) return found;
        }
        if (is(piece, PieceType::kSovereign)) sovereigns_between |= owner;
      }
      c = g.step(c, axis);
      if (c == kWall || ++distance > dreadnaught.bonus_range) break;
      piece = board[c];
    }
  }
  return found;
}

std::uint8_t leap_attackers(const Board& board, int target, std::uint8_t colours) {
  const Geometry& g = Geometry::get();
  std::uint8_t found = 0;
  for (int bonus = 0; bonus < 2; ++bonus) {
    for (int source : g.leap_sources(target, bonus != 0)) {
      const Piece piece = board[source];
      if (!is(piece, PieceType::kCavalier) || (colours & bit(colour_of(piece))) == 0) continue;
      if (bonus == 0 || (piece & kBonus)) found |= bit(colour_of(piece));
    }
  }
  return found;
}

// A Militant on its first move steps forward and then captures; one with a Ground Zero bonus
// steps along any flat from Ground Zero and then captures. Either way the step cell must be
// empty and lie one capture-step behind the target.
std::uint8_t two_part_attackers(const Board& board, int target, std::uint8_t colours) {
  const Geometry& g = Geometry::get();
  const Piece at_ground_zero = board[g.ground_zero()];
  std::uint8_t found = 0;
  for (int colour = 0; colour < kColours; ++colour) {
    if ((colours & bit(colour)) == 0) continue;
    const std::uint16_t capture_axes = g.militant_capture_axes(colour);
    for (int axis = 0; axis < kAxes && !(found & bit(colour)); ++axis) {
      if ((capture_axes >> axis & 1) == 0) continue;
      const int via = g.step(target, opposite_axis(axis));
      if (board[via] != kEmpty) continue;
      const Piece behind = board[g.step(via, opposite_axis(kForward[colour]))];
      if (is(behind, PieceType::kMilitant) && colour_of(behind) == colour &&
          (behind & kFirstMove)) {
        found |= bit(colour);
      } else if (g.next_to_ground_zero(via) && is(at_ground_zero, PieceType::kMilitant) &&
                 colour_of(at_ground_zero) == colour && (at_ground_zero & kBonus)) {
        found |= bit(colour);
      }
    }
  }
  return found;
}

}  // namespace

std::uint8_t attackers(const Board& board, int target, std::uint8_t colours, bool first_only,
                       const AttackScope& scope) {
  if (board[target] != kEmpty) colours &= static_cast<std::uint8_t>(~bit(colour_of(board[target])));
  if (colours == 0) return 0;
  std::uint8_t found = ray_attackers(board, target, colours, first_only, scope.sweepers);
  if (first_only && found) return found;
  if (colours & scope.leapers & ~found) found |= leap_attackers(board, target, colours & ~found);
  if (first_only && found) return found;
  if (colours & scope.two_part & ~found) {
    found |= two_part_attackers(board, target, colours & scope.two_part & ~found);
  }
  return found;
}

}  // namespace rules::heximeros
