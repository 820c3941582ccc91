// Legal moves: pseudo-legal moves judged by the check rules. Judging a move means playing it
// on a scratch board and asking who attacks which Sovereign. For the full list this is done
// for every move, so each Sovereign gets a zone of the cells whose change could alter an attack
// on it, and a move that touches no cell of the zone keeps the attacks computed once before
// the loop. The near part of a zone: the twelve rays up to and including the first piece (the
// blockers, and every attacker that needs a clear path). The far part: the flats on to the
// doubled Dreadnaught range, the Cavalier leap sources, the cells behind a two-part Militant
// capture, and Ground Zero. Changes there matter only
//   - for the mover's own attacks, when the moving piece is a Dreadnaught, Cavalier, Militant
//     or Sovereign (which alone can start, stop or unblock such an attack by moving);
//   - for attacks on the mover's Sovereign, when the move captures (removing an attacker);
//     a move can never give an opponent a new attack through a far cell.

#include <algorithm>
#include <bit>

#include "rules/heximeros/explain.h"
#include "rules/heximeros/movegen.h"

namespace rules::heximeros {

namespace {

class CellSet {
 public:
  void set(int cell) { words_[cell >> 6] |= std::uint64_t{1} << (cell & 63); }
  bool test(int cell) const { return (words_[cell >> 6] >> (cell & 63) & 1) != 0; }
  bool touched_by(const Undo& undo) const {
    for (int i = 0; i < undo.count; ++i) {
      if (test(undo.cell[i])) return true;
    }
    return false;
  }

 private:
  std::array<std::uint64_t, (kCells + 64) / 64> words_{};
};

struct Zone {
  CellSet near;
  CellSet far;
  bool touched_by(const Undo& undo, bool far_matters) const {
    return near.touched_by(undo) || (far_matters && far.touched_by(undo));
  }
};

class Evaluator {
 public:
  // `bulk`: many moves will be judged, so precompute the zones and the attacks before moving.
  Evaluator(const Position& pos, bool bulk);

  // Judges a pseudo-legal move without declarations; `wanted` limits which Sovereigns to test
  // for Verdict::declarable.
  Verdict judge(Move move, std::uint8_t wanted);
  std::uint8_t pending() const { return pending_; }

 private:
  void build_zone(Zone& zone, int target) const;

  Board board_;
  int mover_;
  std::uint8_t others_;
  std::array<int, kColours> sovereign_{};
  std::uint8_t own_before_ = 0;  // colours attacking the mover's Sovereign before the move
  std::uint8_t pending_ = 0;     // declared checks to relieve
  std::uint8_t objecting_ = 0;   // other colours objecting to self-check
  std::uint8_t attacked_before_ = 0;
  bool bulk_;
  AttackScope scope_;
  std::array<Zone, kColours> zones_{};
};

Evaluator::Evaluator(const Position& pos, bool bulk)
    : board_(pos.board), mover_(pos.mover), bulk_(bulk) {
  others_ = pos.active() & static_cast<std::uint8_t>(~bit(mover_));
  for (int colour = 0; colour < kColours; ++colour) sovereign_[colour] = pos.sovereign(colour);
  own_before_ = pos.threats;
  pending_ = pos.declared_by[mover_] & own_before_;
  objecting_ = pos.objecting & others_;
  if (!bulk_) return;
  // Only the mover's pieces change during a move, so the others' kinds of pieces are known.
  scope_ = {bit(mover_), bit(mover_), bit(mover_)};
  for (int c = 0; c < kCells; ++c) {
    const Piece piece = board_[c];
    if (piece == kEmpty) continue;
    const std::uint8_t owner = bit(colour_of(piece));
    if (is(piece, PieceType::kDreadnaught)) scope_.sweepers |= owner;
    if (is(piece, PieceType::kCavalier)) scope_.leapers |= owner;
    if (is(piece, PieceType::kMilitant) && (piece & (kFirstMove | kBonus)))
      scope_.two_part |= owner;
  }
  if (pending_ || objecting_) build_zone(zones_[mover_], sovereign_[mover_]);
  for (int colour = 0; colour < kColours; ++colour) {
    if ((others_ & bit(colour)) == 0) continue;
    if (attackers(board_, sovereign_[colour], bit(mover_), true, scope_)) {
      attacked_before_ |= bit(colour);
    }
    build_zone(zones_[colour], sovereign_[colour]);
  }
}

void Evaluator::build_zone(Zone& zone, int target) const {
  const Geometry& g = Geometry::get();
  const int sweep_reach = rule_of(PieceType::kDreadnaught).bonus_range;
  for (int axis = 0; axis < kAxes; ++axis) {
    // Up to the first piece; along flats on to the doubled Dreadnaught range, which passes
    // through pieces.
    bool blocked = false;
    int c = target;
    for (int n = 1;; ++n) {
      c = g.step(c, axis);
      if (c == kWall || (blocked && (!is_flat(axis) || n > sweep_reach))) break;
      (blocked ? zone.far : zone.near).set(c);
      blocked = blocked || board_[c] != kEmpty;
    }
  }
  for (int bonus = 0; bonus < 2; ++bonus) {
    for (int source : g.leap_sources(target, bonus != 0)) zone.far.set(source);
  }
  for (int colour = 0; colour < kColours; ++colour) {
    const std::uint16_t capture_axes = g.militant_capture_axes(colour);
    for (int axis = 0; axis < kAxes; ++axis) {
      if ((capture_axes >> axis & 1) == 0) continue;
      const int via = g.step(target, opposite_axis(axis));
      if (via == kWall) continue;
      zone.near.set(via);
      const int behind = g.step(via, opposite_axis(kForward[colour]));
      if (behind != kWall) zone.far.set(behind);
    }
  }
  zone.far.set(g.ground_zero());
}

// What a played move changed, as far as the zones care.
struct Change {
  std::uint8_t captured_sovereigns = 0;
  bool captures = false;
  bool mobile_attacker = false;  // the moving piece can change attacks through far cells
};

Change summarise(const Undo& undo, int from) {
  Change change;
  for (int i = 0; i < undo.count; ++i) {
    const Piece before = undo.before[i];
    if (undo.cell[i] == from) {
      const PieceType type = type_of(before);
      change.mobile_attacker = type == PieceType::kDreadnaught || type == PieceType::kCavalier ||
                               type == PieceType::kMilitant || type == PieceType::kSovereign;
    } else if (before != kEmpty) {
      change.captures = true;
      if (is(before, PieceType::kSovereign)) change.captured_sovereigns |= bit(colour_of(before));
    }
  }
  return change;
}

Verdict Evaluator::judge(Move move, std::uint8_t wanted) {
  Undo undo;
  play_on_board(board_, move, undo);
  const MoveFields f = decode(move);
  const auto [captured_sovereigns, captures, mobile_attacker] = summarise(undo, f.from);
  const std::uint8_t others_after = others_ & static_cast<std::uint8_t>(~captured_sovereigns);
  Verdict verdict;
  // Attacks on the mover's Sovereign: only the declarers (to relieve) and the objectors not
  // attacking yet (to expose it to) matter.
  const std::uint8_t watched = (pending_ | (objecting_ & ~own_before_)) & others_after;
  if (watched) {
    const int own = sovereign_[mover_];
    const bool own_moved = f.from == own && f.kind != MoveKind::kShot;
    const std::uint8_t after =
        own_moved || !bulk_ || zones_[mover_].touched_by(undo, pending_ && captures)
            ? attackers(board_, own_moved ? f.to : own, watched, false, scope_)
            : own_before_ & watched;
    verdict.relieves = (after & pending_) == 0;
    const unsigned exposed = after & objecting_ & ~own_before_;
    if (exposed) verdict.objector = std::countr_zero(exposed);
  }
  for (int colour = 0; colour < kColours; ++colour) {
    if ((wanted & others_after & bit(colour)) == 0) continue;
    const bool attacked = !bulk_ || zones_[colour].touched_by(undo, mobile_attacker)
                              ? attackers(board_, sovereign_[colour], bit(mover_), true, scope_)
                              : (attacked_before_ & bit(colour)) != 0;
    if (attacked) verdict.declarable |= bit(colour);
  }
  take_back(board_, undo);
  return verdict;
}

struct Judged {
  Move move;
  Verdict verdict;
};

// The check filters in order (I-HM-12, I-HM-13): keep the moves that relieve every binding
// declared check, if any does; of those, keep the moves that expose the Sovereign to no new
// objecting attacker, if any does. There is no checkmate, so a filter that would leave nothing
// is waived.
std::vector<Judged> filter_by_check_rules(std::vector<Judged> judged) {
  const auto relieving = [](const Judged& j) { return j.verdict.relieves; };
  if (std::any_of(judged.begin(), judged.end(), relieving)) {
    std::erase_if(judged, [](const Judged& j) { return !j.verdict.relieves; });
  }
  const auto clean = [](const Judged& j) { return j.verdict.objector < 0; };
  if (std::any_of(judged.begin(), judged.end(), clean)) {
    std::erase_if(judged, [](const Judged& j) { return j.verdict.objector >= 0; });
  }
  return judged;
}

std::vector<Judged> judge_all(const Position& pos) {
  std::vector<Move> pseudo;
  colour_moves(pos.board, pos.mover, pseudo);
  Evaluator evaluator(pos, true);
  const std::uint8_t everyone = pos.active();
  std::vector<Judged> judged;
  judged.reserve(pseudo.size());
  for (Move move : pseudo) judged.push_back({move, evaluator.judge(move, everyone)});
  return filter_by_check_rules(std::move(judged));
}

std::string names(std::uint8_t colours) {
  std::string text;
  for (int colour = 0; colour < kColours; ++colour) {
    if ((colours & bit(colour)) == 0) continue;
    if (!text.empty()) text += " and ";
    text += kColourNames[colour];
  }
  return text;
}

std::optional<RuleError> check_command(const Position& pos, const MoveFields& f) {
  const std::string mover = kColourNames[pos.mover];
  switch (f.kind) {
    case MoveKind::kPass: {
      std::vector<Move> pseudo;
      colour_moves(pos.board, pos.mover, pseudo);
      if (pseudo.empty()) return std::nullopt;
      return illegal(mover + " has a legal move and may not pass (I-HM-11)");
    }
    case MoveKind::kAcceptDraw:
      if (pos.draw_offer >= 0 && pos.draw_offer != pos.mover) return std::nullopt;
      return illegal("there is no draw offer to accept");
    case MoveKind::kOfferDraw:
      if (pos.active_count() != 2) {
        return illegal("a draw may be offered only between the last two players (I-HM-14)");
      }
      if ((pos.commands & kUsedOffer) || pos.draw_offer == pos.mover) {
        return illegal(mover + " has already offered a draw");
      }
      return std::nullopt;
    case MoveKind::kSetObjection:
      if (pos.commands & kUsedSetting) {
        return illegal(mover + " has already changed the setting this turn (I-HM-38)");
      }
      if (((pos.objecting & bit(pos.mover)) != 0) == f.setting) {
        return illegal(mover + "'s self-check objection is already " + (f.setting ? "on" : "off"));
      }
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

// Why a pseudo-legal move that fails a check filter is still rejected: only if the filter
// leaves some other move (otherwise it is waived).
std::optional<RuleError> check_filters(const Position& pos, Move move, const Verdict& verdict,
                                       std::uint8_t pending) {
  if (verdict.relieves && verdict.objector < 0) return std::nullopt;
  const std::vector<Judged> allowed = judge_all(pos);
  const bool kept =
      std::any_of(allowed.begin(), allowed.end(), [&](const Judged& j) { return j.move == move; });
  if (kept) return std::nullopt;
  const std::string mover = kColourNames[pos.mover];
  if (!verdict.relieves) {
    return illegal(mover + " is in declared check by " + names(pending) + " and must relieve it");
  }
  return illegal("this move puts " + mover + "'s Sovereign under attack by " +
                 kColourNames[verdict.objector] + ", who objects to self-check (I-HM-13)");
}

}  // namespace

void refresh_derived(Position& pos) {
  pos.sovereign_cell.fill(-1);
  for (int c = 0; c < kCells; ++c) {
    const Piece piece = pos.board[c];
    if (is(piece, PieceType::kSovereign) && pos.sovereign_cell[colour_of(piece)] < 0) {
      pos.sovereign_cell[colour_of(piece)] = static_cast<std::int16_t>(c);
    }
  }
  const std::uint8_t others = pos.active() & static_cast<std::uint8_t>(~bit(pos.mover));
  const int own = pos.sovereign(pos.mover);  // -1 while a resigning mover hands on the Token
  pos.threats = pos.finished() || own < 0 ? 0 : attackers(pos.board, own, others);
}

std::uint8_t binding_checks(const Position& pos, int colour) {
  const std::uint8_t declared = pos.declared_by[colour] & pos.active();
  const int sovereign = pos.sovereign(colour);
  if (declared == 0 || sovereign < 0) return 0;
  return attackers(pos.board, sovereign, declared);
}

std::vector<Move> legal_moves(const Position& pos) {
  std::vector<Move> moves;
  if (pos.finished()) return moves;
  if (pos.draw_offer >= 0 && pos.draw_offer != pos.mover) {
    moves.push_back(encode({MoveKind::kAcceptDraw}));
  }
  const std::vector<Judged> judged = judge_all(pos);
  if (judged.empty()) moves.push_back(encode({MoveKind::kPass}));
  for (const Judged& j : judged) {
    // Every subset of the Sovereigns it attacks may be declared (I-HM-27).
    const std::uint8_t declarable = j.verdict.declarable;
    for (std::uint8_t subset = declarable;; subset = (subset - 1) & declarable) {
      moves.push_back(with_declarations(j.move, subset));
      if (subset == 0) break;
    }
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::optional<RuleError> check_move(const Position& pos, Move move) {
  if (pos.finished()) return RuleError{ErrorCode::kGameOver, "the game is over"};
  const MoveFields f = decode(move);
  if (f.kind != MoveKind::kStep && f.kind != MoveKind::kStepCapture && f.kind != MoveKind::kShot) {
    return check_command(pos, f);
  }
  if (f.from >= kCells || f.to >= kCells || f.via >= kCells) return illegal("no such cell");
  const Move plain = without_declarations(move);
  std::vector<Move> own;
  piece_moves(pos.board, f.from, own);
  const bool owns = pos.board[f.from] != kEmpty && colour_of(pos.board[f.from]) == pos.mover;
  if (!owns || std::find(own.begin(), own.end(), plain) == own.end()) {
    return explain_illegal(pos, plain);
  }
  const std::uint8_t others = pos.active() & static_cast<std::uint8_t>(~bit(pos.mover));
  if (const std::uint8_t strangers = f.declared & ~others) {
    const int colour = std::countr_zero(static_cast<unsigned>(strangers));
    if (colour == pos.mover)
      return illegal(kColourNames[colour] + std::string(" cannot declare check on itself"));
    return illegal(std::string(kColourNames[colour]) + " has no Sovereign in play: remove +" +
                   kColourNames[colour]);
  }
  Evaluator evaluator(pos, false);
  const Verdict verdict = evaluator.judge(plain, f.declared);
  if (const std::uint8_t undeserved = f.declared & ~verdict.declarable) {
    const int colour = std::countr_zero(static_cast<unsigned>(undeserved));
    return illegal(std::string("no ") + kColourNames[pos.mover] + " piece attacks " +
                   kColourNames[colour] + "'s Sovereign: remove +" + kColourNames[colour]);
  }
  return check_filters(pos, plain, verdict, evaluator.pending());
}

}  // namespace rules::heximeros
