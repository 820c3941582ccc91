#include "rules/heximeros/turn.h"

#include <bit>
#include <string>

#include "rules/heximeros/movegen.h"

namespace rules::heximeros {

namespace {

void depart(Position& pos, int colour, Standing how) {
  pos.departure[colour] = static_cast<std::int8_t>(pos.departed_count() + 1);
  pos.standing[colour] = how;
  pos.declared_by[colour] = 0;
  for (std::uint8_t& declarers : pos.declared_by) declarers &= ~bit(colour);
  if (pos.draw_offer == colour) pos.draw_offer = -1;
}

// Scoring and eliminations for what the move took off the board. Captures of one's own
// pieces (the Dreadnaught's sweep) score nothing (I-HM-15); Sovereigns taken together leave in
// the order of the route (I-HM-29).
bool settle_captures(Position& pos, const Undo& undo, int from) {
  bool captured = false;
  for (int i = 0; i < undo.count; ++i) {
    const Piece victim = undo.before[i];
    if (undo.cell[i] == from || victim == kEmpty) continue;
    captured = true;
    const int owner = colour_of(victim);
    if (owner == pos.mover) continue;
    pos.points[pos.mover] += rule_of(type_of(victim)).capture_points;
    if (is(victim, PieceType::kSovereign)) depart(pos, owner, Standing::kCaptured);
  }
  return captured;
}

// A declared check binds until the declared player's next turn, and lapses as soon as the
// declarer no longer attacks (another player relieved it) (I-HM-28).
void update_checks(Position& pos) {
  pos.declared_by[pos.mover] = 0;
  for (int colour = 0; colour < kColours; ++colour) {
    if (pos.declared_by[colour]) pos.declared_by[colour] = binding_checks(pos, colour);
  }
}

void finish(Position& pos, Ending ending) {
  pos.ending = ending;
  pos.draw_offer = -1;  // answered or moot
}

void check_endings(Position& pos) {
  if (pos.active_count() <= 1) {
    finish(pos, Ending::kLastSovereign);
  } else if (pos.quiet >= kQuietRounds * pos.active_count()) {
    finish(pos, Ending::kQuietDraw);
  } else if (pos.ply >= kPlyLimit) {
    finish(pos, Ending::kPlyCap);
  }
}

void pass_token(Position& pos, bool captured) {
  update_checks(pos);
  pos.quiet = captured ? 0 : pos.quiet + 1;
  ++pos.ply;
  if (pos.draw_offer >= 0 && pos.draw_offer != pos.mover) pos.draw_offer = -1;
  pos.commands = 0;
  check_endings(pos);
  if (!pos.finished()) pos.mover = pos.next_in_turn(pos.mover);
  refresh_derived(pos);
}

void apply_command(Position& pos, const MoveFields& f) {
  if (f.kind == MoveKind::kSetObjection) {
    pos.objecting = f.setting ? pos.objecting | bit(pos.mover)
                              : pos.objecting & static_cast<std::uint8_t>(~bit(pos.mover));
    pos.commands |= kUsedSetting;
  } else if (f.kind == MoveKind::kOfferDraw) {
    pos.draw_offer = pos.mover;
    pos.commands |= kUsedOffer;
  } else {
    finish(pos, Ending::kAgreedDraw);
  }
  ++pos.ply;
  if (!pos.finished() && pos.ply >= kPlyLimit) finish(pos, Ending::kPlyCap);
}

int retention(const Position& pos, int colour, bool draw) {
  int total = 0;
  for (int c = 0; c < kCells; ++c) {
    const Piece piece = pos.board[c];
    if (piece == kEmpty || colour_of(piece) != colour) continue;
    const PieceRule& rule = rule_of(type_of(piece));
    total += draw ? rule.draw_retention_points : rule.capture_points;
  }
  return total;
}

double points_of(const Position& pos, int colour, bool won, bool drew) {
  const Standing standing = pos.standing[colour];
  const bool forfeits = standing == Standing::kResigned || standing == Standing::kExpelled;
  int total = forfeits ? 0 : pos.points[colour];
  if (pos.departure[colour] > 0) total += kDeparturePoints[pos.departure[colour] - 1];
  if (standing == Standing::kExpelled) total += kExpulsionPoints;
  if (won) total += kVictoryPoints + retention(pos, colour, false);
  if (drew) total += kDrawPoints + retention(pos, colour, true);
  return total;
}

std::string colour_list(std::uint8_t colours) {
  std::string text;
  const int count = std::popcount(static_cast<unsigned>(colours));
  int listed = 0;
  for (int colour = 0; colour < kColours; ++colour) {
    if ((colours & bit(colour)) == 0) continue;
    if (listed > 0) text += listed + 1 == count ? " and " : ", ";
    text += kColourNames[colour];
    ++listed;
  }
  return text;
}

std::string summary_of(const Position& pos) {
  const std::uint8_t in = pos.active();
  const std::string survivors = colour_list(in);
  switch (pos.ending) {
    case Ending::kLastSovereign:
      return survivors + " wins: the last Sovereign on the board";
    case Ending::kConcession: {
      int last = 0;
      for (int colour = 0; colour < kColours; ++colour) {
        if (pos.departure[colour] > pos.departure[last]) last = colour;
      }
      const bool expelled = pos.standing[last] == Standing::kExpelled;
      return std::string(kColourNames[last]) + (expelled ? " was expelled: " : " conceded: ") +
             survivors + " wins";
    }
    case Ending::kAgreedDraw:
      return survivors + " agreed a draw";
    case Ending::kQuietDraw:
      return "drawn between " + survivors + ": " + std::to_string(kQuietRounds) +
             " rounds without a capture";
    case Ending::kPlyCap:
      return "drawn between " + survivors + " at the " + std::to_string(kPlyLimit) + "-ply limit";
    case Ending::kNone:
      break;
  }
  return "";
}

}  // namespace

void apply_move(Position& pos, Move move) {
  const MoveFields f = decode(move);
  if (f.kind == MoveKind::kSetObjection || f.kind == MoveKind::kOfferDraw ||
      f.kind == MoveKind::kAcceptDraw) {
    apply_command(pos, f);
    return;
  }
  if (f.kind == MoveKind::kPass) {
    pass_token(pos, false);
    return;
  }
  Undo undo;
  play_on_board(pos.board, move, undo);
  refresh_derived(pos);  // Sovereign cells, for the eliminations and checks below
  const bool captured = settle_captures(pos, undo, f.from);
  // A promotion earns the capture value of the new piece (§5.6).
  if (f.promotion != PieceType::kNone) pos.points[pos.mover] += rule_of(f.promotion).capture_points;
  for (int colour = 0; colour < kColours; ++colour) {
    if ((f.declared & bit(colour)) && (pos.active() & bit(colour))) {
      pos.declared_by[colour] |= bit(pos.mover);
    }
  }
  pass_token(pos, captured);
}

std::optional<RuleError> leave_game(Position& pos, int colour, Standing how) {
  if (pos.finished()) return RuleError{ErrorCode::kGameOver, "the game is over"};
  if (!(pos.active() & bit(colour))) {
    return illegal(std::string(kColourNames[colour]) + " has already left the game");
  }
  const int sovereign = pos.sovereign(colour);
  if (pos.active_count() == 2) {
    // Concession: the Sovereign passes to the last opponent, who wins [SRC].
    const int other = std::countr_zero(static_cast<unsigned>(pos.active() & ~bit(colour)));
    pos.board[sovereign] = make_piece(PieceType::kSovereign, other);
    depart(pos, colour, how == Standing::kExpelled ? how : Standing::kConceded);
    finish(pos, Ending::kConcession);
    refresh_derived(pos);
    return std::nullopt;
  }
  // Resignation: the Sovereign goes off the board and the army freezes [SRC].
  pos.board[sovereign] = kEmpty;
  depart(pos, colour, how);
  refresh_derived(pos);
  for (int c = 0; c < kColours; ++c) {
    if (pos.declared_by[c]) pos.declared_by[c] = binding_checks(pos, c);
  }
  if (pos.mover == colour) {
    pos.mover = pos.next_in_turn(colour);
    pos.commands = 0;
    refresh_derived(pos);
  }
  return std::nullopt;
}

Outcome outcome_of(const Position& pos) {
  Outcome outcome;
  if (!pos.finished()) return outcome;
  outcome.finished = true;
  const std::uint8_t in = pos.active();
  const bool decisive = pos.ending == Ending::kLastSovereign || pos.ending == Ending::kConcession;
  for (int seat = 0; seat < pos.seats; ++seat) {
    const int colour = pos.seat_colour[seat];
    const bool survivor = (in & bit(colour)) != 0;
    // Placement by survival: the survivors share first place, then later departures rank
    // higher (I-HM-31).
    const int key = survivor ? kColours + 1 : pos.departure[colour];
    int better = 0;
    for (int other = 0; other < pos.seats; ++other) {
      const int other_colour = pos.seat_colour[other];
      const int other_key = (in & bit(other_colour)) ? kColours + 1 : pos.departure[other_colour];
      better += other_key > key;
    }
    SeatResult result;
    result.placement = better + 1;
    const bool won = survivor && decisive, drew = survivor && !decisive;
    if (pos.scoring) {
      result.score = points_of(pos, colour, won, drew);
    } else {
      result.score = won ? 1.0 : drew ? 0.5 : 0.0;
    }
    outcome.seats.push_back(result);
  }
  outcome.summary = summary_of(pos);
  return outcome;
}

}  // namespace rules::heximeros
