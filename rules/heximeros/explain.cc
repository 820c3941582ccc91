#include "rules/heximeros/explain.h"

#include <algorithm>
#include <string>

#include "rules/heximeros/movegen.h"

namespace rules::heximeros {

namespace {

using Message = std::optional<std::string>;

std::string name_of(PieceType type) { return rule_of(type).name; }

// The first occupied cell strictly between `from` and `to` along `route`, or -1.
int first_blocker(const Board& board, int from, AxisStep route) {
  const Geometry& g = Geometry::get();
  int c = from;
  for (int n = 1; n < route.steps; ++n) {
    c = g.step(c, route.axis);
    if (board[c] != kEmpty) return c;
  }
  return -1;
}

Message check_ownership(const Position& pos, const MoveFields& f) {
  const Piece piece = pos.board[f.from];
  if (piece == kEmpty) return "there is no piece on " + cell_name(f.from);
  if (colour_of(piece) != pos.mover) {
    return "the " + name_of(type_of(piece)) + " on " + cell_name(f.from) + " is " +
           kColourNames[colour_of(piece)] + "'s, and " + kColourNames[pos.mover] + " has the Token";
  }
  return std::nullopt;
}

Message check_promotion(const MoveFields& f, Piece piece) {
  if (f.promotion == PieceType::kNone) return std::nullopt;
  const PieceType type = type_of(piece);
  if (type != PieceType::kMilitant && type != PieceType::kHattedMilitant) {
    return std::string("only a Militant may be promoted");
  }
  if (!may_promote(piece, f.from, f.to)) {
    return std::string("only a Militant reaching its Center Line or a Base Line may be promoted");
  }
  if (!rule_of(f.promotion).promotion_target) {
    return "a Militant may not be promoted to a " + name_of(f.promotion);
  }
  return std::nullopt;
}

Message check_target(const Board& board, const MoveFields& f, Piece piece) {
  const Piece target = board[f.to];
  if (target == kEmpty || colour_of(target) != colour_of(piece)) return std::nullopt;
  if (is(piece, PieceType::kDreadnaught)) return std::nullopt;
  return cell_name(f.to) + " holds " + piece_description(target) +
         ": only the Dreadnaught captures its own colour";
}

Message explain_shot(const Position& pos, const MoveFields& f, Piece piece) {
  const Geometry& g = Geometry::get();
  const PieceRule& rule = rule_of(type_of(piece));
  if (rule.shot_range == 0) {
    return "only the Archer shoots; the " + std::string(rule.name) +
           " captures by moving onto the piece";
  }
  if (!g.shooting_post(f.from)) {
    return "the Archer on " + cell_name(f.from) +
           " stands on a Base Line, not a shooting position (I-HM-21)";
  }
  if (pos.board[f.to] == kEmpty) return "there is nothing to shoot on " + cell_name(f.to);
  if (auto own = check_target(pos.board, f, piece)) return own;
  const AxisStep route = axis_between(g.coord(f.from), g.coord(f.to));
  const int reach = (piece & kBonus) ? rule.bonus_shot_range : rule.shot_range;
  if (route.axis < 0 || route.steps > reach) {
    return "the Archer shoots along a flat or line up to " + std::to_string(rule.shot_range) +
           " cells (" + std::to_string(rule.bonus_shot_range) + " after Ground Zero)";
  }
  if (int blocker = first_blocker(pos.board, f.from, route); blocker >= 0) {
    return "the shot is blocked at " + cell_name(blocker);
  }
  return std::nullopt;
}

Message explain_step_capture(const MoveFields& f, Piece piece) {
  const Geometry& g = Geometry::get();
  if (!is(piece, PieceType::kMilitant)) {
    return std::string("only a Militant steps and then captures");
  }
  if (axis_between(g.coord(f.from), g.coord(f.via)).steps >= 2) {
    return std::string("a Militant may not move two cells and then capture");
  }
  if (!(piece & (kFirstMove | kBonus))) {
    return std::string(
        "a Militant steps and then captures only on its first move or from Ground Zero");
  }
  return std::nullopt;
}

Message explain_militant(const Board& board, const MoveFields& f, Piece piece) {
  const Geometry& g = Geometry::get();
  const int colour = colour_of(piece);
  const AxisStep route = axis_between(g.coord(f.from), g.coord(f.to));
  if (route.axis < 0) return std::nullopt;
  const bool bonus = (piece & kBonus) != 0;
  if ((g.militant_capture_axes(colour) >> route.axis & 1) && route.steps == 1 &&
      board[f.to] == kEmpty) {
    return std::string("a Militant moves diagonally only to capture");
  }
  if (route.axis != kForward[colour] && !(bonus && is_flat(route.axis))) return std::nullopt;
  if (route.steps == 2 && !(piece & kFirstMove) && !bonus) {
    return std::string("only a Militant's first move may go two cells forward");
  }
  if (route.steps <= 2 && board[f.to] != kEmpty) {
    return std::string("a Militant captures only diagonally forward");
  }
  if (int blocker = first_blocker(board, f.from, route); blocker >= 0) {
    return "the path is blocked at " + cell_name(blocker);
  }
  return std::nullopt;
}

Message explain_slide(const Board& board, const MoveFields& f, Piece piece) {
  const Geometry& g = Geometry::get();
  const PieceRule& rule = rule_of(type_of(piece));
  const AxisStep route = axis_between(g.coord(f.from), g.coord(f.to));
  if (route.axis < 0) return std::nullopt;
  if (!(rule.directions >> route.axis & 1)) {
    if (rule.first_move_flat_step && route.steps == 1) {
      return std::string("the Prelate steps along a flat only on its first move (I-HM-20)");
    }
    return std::nullopt;
  }
  const bool bonus = (piece & kBonus) != 0;
  if (rule.range > 0 && route.steps > (bonus ? rule.bonus_range : rule.range)) {
    if (rule.ground_zero_bonus && !bonus && route.steps <= rule.bonus_range) {
      return "only a piece that ended its last move on Ground Zero moves doubled; the " +
             std::string(rule.name) + " has no bonus";
    }
    return std::nullopt;
  }
  if (int blocker = first_blocker(board, f.from, route); blocker >= 0) {
    return "the path is blocked at " + cell_name(blocker);
  }
  if (!rule.captures_by_moving && board[f.to] != kEmpty) {
    return "the Archer captures only by shooting: write B" + cell_name(f.from) + "*" +
           cell_name(f.to);
  }
  return std::nullopt;
}

Message explain_sweep(const Board& board, const MoveFields& f, Piece piece) {
  const Geometry& g = Geometry::get();
  const PieceRule& rule = rule_of(type_of(piece));
  const AxisStep route = axis_between(g.coord(f.from), g.coord(f.to));
  if (route.axis < 0 || !(rule.directions >> route.axis & 1)) return std::nullopt;
  int c = f.from;
  for (int n = 1; n <= route.steps; ++n) {
    c = g.step(c, route.axis);
    if (is(board[c], PieceType::kSovereign) && colour_of(board[c]) == colour_of(piece)) {
      return "the Dreadnaught may never capture its own Sovereign (on " + cell_name(c) + ")";
    }
  }
  if (!(piece & kBonus) && route.steps > rule.range && route.steps <= rule.bonus_range) {
    return std::string(
        "only a piece that ended its last move on Ground Zero moves doubled; the Dreadnaught "
        "has no bonus");
  }
  return std::nullopt;
}

Message explain_leap(const MoveFields& f, Piece piece) {
  const Geometry& g = Geometry::get();
  const auto& doubled = g.leaps(f.from, true);
  const bool is_doubled = std::find(doubled.begin(), doubled.end(), f.to) != doubled.end();
  if (is_doubled && !(piece & kBonus)) {
    return std::string(
        "only a piece that ended its last move on Ground Zero moves doubled; the Cavalier has "
        "no bonus");
  }
  return std::nullopt;
}

Message explain_movement(const Position& pos, const MoveFields& f, Piece piece) {
  if (f.kind == MoveKind::kShot) return explain_shot(pos, f, piece);
  if (f.kind == MoveKind::kStepCapture) return explain_step_capture(f, piece);
  if (auto own = check_target(pos.board, f, piece)) return own;
  switch (rule_of(type_of(piece)).style) {
    case MoveStyle::kSlide:
      return explain_slide(pos.board, f, piece);
    case MoveStyle::kLeap:
      return explain_leap(f, piece);
    case MoveStyle::kSweep:
      return explain_sweep(pos.board, f, piece);
    case MoveStyle::kMilitant:
      return explain_militant(pos.board, f, piece);
  }
  return std::nullopt;
}

}  // namespace

std::string piece_description(Piece piece) {
  return std::string(kColourNames[colour_of(piece)]) + "'s " + name_of(type_of(piece));
}

RuleError explain_illegal(const Position& pos, Move move) {
  const MoveFields f = decode(move);
  if (auto message = check_ownership(pos, f)) return illegal(*message);
  const Piece piece = pos.board[f.from];
  if (f.from == f.to) return illegal("a move must leave its cell");
  if (auto message = check_promotion(f, piece)) return illegal(*message);
  if (auto message = explain_movement(pos, f, piece)) return illegal(*message);
  return illegal(rule_of(type_of(piece)).movement_rule);
}

}  // namespace rules::heximeros
