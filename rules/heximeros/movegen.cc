#include "rules/heximeros/movegen.h"

namespace rules::heximeros {

namespace {

void record(Undo& undo, int cell, Piece before) {
  undo.cell[undo.count] = static_cast<std::int16_t>(cell);
  undo.before[undo.count] = before;
  ++undo.count;
}

// The piece as it stands after moving from `from` to `to`: promoted or hatted, first move
// spent, and holding a Ground Zero bonus if it landed there and its type earns one.
Piece moved_piece(Piece piece, int from, int to, PieceType promotion) {
  PieceType type = type_of(piece);
  Piece flags = 0;
  if (promotion != PieceType::kNone) {
    type = promotion;
    // A Militant promoted to Prelate treats its next move as the Prelate's first [SRC].
    if (rule_of(type).first_move_flat_step) flags |= kFirstMove;
  } else if (gets_hat(piece, from, to)) {
    type = PieceType::kHattedMilitant;
  }
  if (to == Geometry::get().ground_zero() && rule_of(type).ground_zero_bonus) flags |= kBonus;
  return make_piece(type, colour_of(piece), flags);
}

bool is_enemy(Piece target, int colour) {
  return target != kEmpty && target != kWallPiece && colour_of(target) != colour;
}

void emit(std::vector<Move>& out, Piece piece, MoveKind kind, int from, int to, int via = 0) {
  const Move base = encode({kind, from, to, via});
  out.push_back(base);
  const PieceType type = type_of(piece);
  if (type != PieceType::kMilitant && type != PieceType::kHattedMilitant) return;
  if (!may_promote(piece, from, to)) return;
  for (const PieceRule& rule : kPieceRules) {
    if (rule.promotion_target) out.push_back(base | static_cast<Move>(rule.type) << 33);
  }
}

// The Prelate's first move may also step one cell along a flat (I-HM-20).
void flat_steps(const Board& board, int from, Piece piece, std::vector<Move>& out) {
  const Geometry& g = Geometry::get();
  const PieceRule& rule = rule_of(type_of(piece));
  for (int axis = 1; axis < kAxes; axis += 2) {
    if (rule.directions >> axis & 1) continue;
    const int c = g.step(from, axis);
    if (board[c] == kEmpty || is_enemy(board[c], colour_of(piece))) {
      emit(out, piece, MoveKind::kStep, from, c);
    }
  }
}

// The Archer shoots from a shooting post over empty cells (I-HM-21).
void shots(const Board& board, int from, Piece piece, std::vector<Move>& out) {
  const Geometry& g = Geometry::get();
  const PieceRule& rule = rule_of(type_of(piece));
  const int reach = (piece & kBonus) ? rule.bonus_shot_range : rule.shot_range;
  for (int axis = 0; axis < kAxes; ++axis) {
    int c = from;
    for (int n = 0; n < reach; ++n) {
      c = g.step(c, axis);
      if (board[c] == kEmpty) continue;
      if (is_enemy(board[c], colour_of(piece))) emit(out, piece, MoveKind::kShot, from, c);
      break;
    }
  }
}

void slide_moves(const Board& board, int from, Piece piece, std::vector<Move>& out) {
  const Geometry& g = Geometry::get();
  const PieceRule& rule = rule_of(type_of(piece));
  const int colour = colour_of(piece);
  int limit = (piece & kBonus) ? rule.bonus_range : rule.range;
  if (limit == 0) limit = kCells;
  for (int axis = 0; axis < kAxes; ++axis) {
    if ((rule.directions >> axis & 1) == 0) continue;
    int c = from;
    for (int n = 0; n < limit; ++n) {
      c = g.step(c, axis);
      const Piece there = board[c];
      if (there == kEmpty) {
        emit(out, piece, MoveKind::kStep, from, c);
        continue;
      }
      if (rule.captures_by_moving && is_enemy(there, colour)) {
        emit(out, piece, MoveKind::kStep, from, c);
      }
      break;
    }
  }
  if (rule.first_move_flat_step && (piece & kFirstMove)) flat_steps(board, from, piece, out);
  if (rule.shot_range > 0 && g.shooting_post(from)) shots(board, from, piece, out);
}

void leap_moves(const Board& board, int from, Piece piece, std::vector<Move>& out) {
  const Geometry& g = Geometry::get();
  const int colour = colour_of(piece);
  for (int bonus = 0; bonus <= ((piece & kBonus) ? 1 : 0); ++bonus) {
    for (int to : g.leaps(from, bonus != 0)) {
      if (board[to] == kEmpty || is_enemy(board[to], colour)) {
        emit(out, piece, MoveKind::kStep, from, to);
      }
    }
  }
}

// The Dreadnaught: up to its range along a flat, capturing every piece on the cells it passes
// and lands on, its own too, but never its own Sovereign, which ends the route (I-HM-8).
void sweep_moves(const Board& board, int from, Piece piece, std::vector<Move>& out) {
  const Geometry& g = Geometry::get();
  const PieceRule& rule = rule_of(type_of(piece));
  const int colour = colour_of(piece);
  const int limit = (piece & kBonus) ? rule.bonus_range : rule.range;
  for (int axis = 0; axis < kAxes; ++axis) {
    if ((rule.directions >> axis & 1) == 0) continue;
    int c = from;
    for (int n = 0; n < limit; ++n) {
      c = g.step(c, axis);
      if (c == kWall) break;
      if (is(board[c], PieceType::kSovereign) && colour_of(board[c]) == colour) break;
      emit(out, piece, MoveKind::kStep, from, c);
    }
  }
}

// The Militant [SRC, I-HM-16, I-HM-24]: one flat forward (two on its first move); captures one
// cell along a forward-oblique flat or line; on its first move it may step forward and then
// capture, never two and then capture. With a Ground Zero bonus it steps one or two cells
// along any flat, or one and then captures.
void militant_moves(const Board& board, int from, Piece piece, std::vector<Move>& out) {
  const Geometry& g = Geometry::get();
  const int colour = colour_of(piece);
  const int forward = kForward[colour];
  const bool first = (piece & kFirstMove) != 0, bonus = (piece & kBonus) != 0;
  const std::uint16_t capture_axes = g.militant_capture_axes(colour);
  const std::uint16_t step_axes = bonus ? kFlats : static_cast<std::uint16_t>(1u << forward);
  for (int axis = 0; axis < kAxes; ++axis) {
    if ((step_axes >> axis & 1) == 0) continue;
    const int via = g.step(from, axis);
    if (board[via] != kEmpty) continue;
    emit(out, piece, MoveKind::kStep, from, via);
    if (!first && !bonus) continue;
    if (const int second = g.step(via, axis); board[second] == kEmpty) {
      emit(out, piece, MoveKind::kStep, from, second);
    }
    for (int capture = 0; capture < kAxes; ++capture) {
      if ((capture_axes >> capture & 1) == 0) continue;
      const int target = g.step(via, capture);
      if (is_enemy(board[target], colour)) {
        emit(out, piece, MoveKind::kStepCapture, from, target, via);
      }
    }
  }
  for (int capture = 0; capture < kAxes; ++capture) {
    if ((capture_axes >> capture & 1) == 0) continue;
    const int target = g.step(from, capture);
    if (is_enemy(board[target], colour)) emit(out, piece, MoveKind::kStep, from, target);
  }
}

}  // namespace

bool gets_hat(Piece piece, int from, int to) {
  if (!is(piece, PieceType::kMilitant)) return false;
  const Geometry& g = Geometry::get();
  if (to == g.ground_zero()) return false;  // hatted when it leaves (I-HM-24)
  return from == g.ground_zero() || g.progress(to, colour_of(piece)) >= 0;
}

bool may_promote(Piece piece, int from, int to) {
  const Geometry& g = Geometry::get();
  const int colour = colour_of(piece);
  const bool foreign_base_line = (g.base_lines(to) & ~bit(colour)) != 0;
  if (is(piece, PieceType::kHattedMilitant)) return foreign_base_line;
  if (!is(piece, PieceType::kMilitant)) return false;
  return foreign_base_line || (g.progress(from, colour) < 0 && g.progress(to, colour) >= 0);
}

void play_on_board(Board& board, Move move, Undo& undo) {
  const MoveFields f = decode(move);
  const Piece piece = board[f.from];
  undo.count = 0;
  if (f.kind == MoveKind::kShot) {
    record(undo, f.from, piece);
    record(undo, f.to, board[f.to]);
    board[f.to] = kEmpty;
    board[f.from] = static_cast<Piece>(piece & ~(kBonus | kFirstMove));
    return;
  }
  if (is(piece, PieceType::kDreadnaught)) {
    const Geometry& g = Geometry::get();
    const AxisStep route = axis_between(g.coord(f.from), g.coord(f.to));
    int c = f.from;
    for (int n = 1; n < route.steps; ++n) {
      c = g.step(c, route.axis);
      record(undo, c, board[c]);
      board[c] = kEmpty;
    }
  }
  record(undo, f.from, piece);
  record(undo, f.to, board[f.to]);
  board[f.from] = kEmpty;
  board[f.to] = moved_piece(piece, f.from, f.to, f.promotion);
}

void take_back(Board& board, const Undo& undo) {
  for (int i = undo.count - 1; i >= 0; --i) board[undo.cell[i]] = undo.before[i];
}

void piece_moves(const Board& board, int from, std::vector<Move>& out) {
  const Piece piece = board[from];
  if (piece == kEmpty || piece == kWallPiece) return;
  switch (rule_of(type_of(piece)).style) {
    case MoveStyle::kSlide:
      slide_moves(board, from, piece, out);
      break;
    case MoveStyle::kLeap:
      leap_moves(board, from, piece, out);
      break;
    case MoveStyle::kSweep:
      sweep_moves(board, from, piece, out);
      break;
    case MoveStyle::kMilitant:
      militant_moves(board, from, piece, out);
      break;
  }
}

void colour_moves(const Board& board, int colour, std::vector<Move>& out) {
  for (int c = 0; c < kCells; ++c) {
    if (board[c] != kEmpty && colour_of(board[c]) == colour) piece_moves(board, c, out);
  }
}

}  // namespace rules::heximeros
