// The rule checks behind validate(): one function per action kind, returning the rule an
// action breaks as a value (cheap: the brute-force enumerator in the tests calls it millions of
// times), and describe(), which words it. The generator in movegen.cc never calls these; the
// tests check that both agree.

#include <array>

#include "rules/iso_path/movegen.h"
#include "rules/iso_path/notation.h"

namespace rules::iso_path {

namespace {

constexpr std::array<const char*, 2> kColourNames = {"white", "black"};

ActionCheck check_build(const Position& position, const Action& build) {
  const CellSet own_home = position.geo->home[position.to_move];
  if (build.from == build.to) return {Violation::kSameCell, build.from};
  if (own_home & bit(build.from)) return {Violation::kOwnHomeRow, build.from};
  if (own_home & bit(build.to)) return {Violation::kOwnHomeRow, build.to};
  if (position.occupied() & bit(build.from)) return {Violation::kPieceOnSource, build.from};
  if (position.level[0] & bit(build.from)) return {Violation::kNoTileToTake, build.from};
  if (position.occupied() & bit(build.to)) return {Violation::kPieceOnTarget, build.to};
  if (position.level[2] & bit(build.to)) return {Violation::kTargetFull, build.to};
  return {};
}

ActionCheck check_move(const Position& position, const Action& step) {
  const Colour mover = position.to_move;
  if (!(position.occupied() & bit(step.from))) return {Violation::kNoPiece, step.from};
  if (!(position.pieces[mover] & bit(step.from))) return {Violation::kNotYourPiece, step.from};
  if (step.from == step.to) return {Violation::kStays, step.from};
  if (!(position.geo->adjacent[step.from] & bit(step.to))) {
    return {Violation::kNotAdjacent, step.to};
  }
  if (position.occupied() & bit(step.to)) return {Violation::kOccupied, step.to};
  if (position.level[1] & bit(step.to)) return {Violation::kHeightOne, step.to};
  if (!(position.standing_cells(mover) & bit(step.to))) return {Violation::kWrongHeight, step.to};
  return {};
}

ActionCheck check_capture(const Position& position, const Action& capture, CellSet capturable) {
  if (!(position.pieces[opponent(position.to_move)] & bit(capture.from))) {
    return {Violation::kNoEnemyPiece, capture.from};
  }
  if (!(capturable & bit(capture.from))) return {Violation::kNotThreatened, capture.from};
  return {};
}

std::string teleport_rows(const Geometry& geo) {
  std::string rows;
  for (const auto& pair : geo.teleport_pairs) {
    rows += (rows.empty() ? "" : ", ") + geo.name(pair[0]) + "-" + geo.name(pair[1]);
  }
  return rows;
}

const char* plural_name(ActionKind kind) {
  switch (kind) {
    case ActionKind::kBuild:
      return "builds";
    case ActionKind::kMove:
      return "piece moves";
    default:
      return "captures";
  }
}

// The turn without its first action: what may follow `first`, already applied to `after`.
std::optional<std::string> second_action_error(const Position& after, const Action& first,
                                               bool first_won, const Action& second,
                                               CellSet capturable) {
  const Geometry& geo = *after.geo;
  auto first_text = [&] { return format_action(geo, first); };  // only on the error path
  if (second.kind == ActionKind::kNone) {
    if (first_won) return std::nullopt;
    if (!has_second_action(after, first.kind, capturable)) {
      return "first action: " + first_text() + " leaves no legal second action";
    }
    return "the turn needs a second action after " + first_text() +
           ": only a winning action may stand alone";
  }
  if (first_won) return "second action: the game already ended with " + first_text() + "#";
  if (second.kind == first.kind) {
    return std::string("second action: a turn cannot have two ") + plural_name(first.kind) +
           "; the two actions must be of different kinds";
  }
  if (auto error = action_error(after, second, capturable)) return "second action: " + *error;
  return std::nullopt;
}

}  // namespace

ActionCheck check_action(const Position& position, const Action& action, CellSet capturable) {
  switch (action.kind) {
    case ActionKind::kBuild:
      return check_build(position, action);
    case ActionKind::kMove:
      return check_move(position, action);
    case ActionKind::kCapture:
      return check_capture(position, action, capturable);
    case ActionKind::kNone:
      break;
  }
  return {Violation::kEmpty, 0};
}

// The rule a failed check breaks, in the game's terms. One case per rule, so longer than most.
// Tests pin every message (IsoPathRules.IllegalActionsNameTheRule).
std::string describe(const Position& position, const Action& action, const ActionCheck& check) {
  const Geometry& geo = *position.geo;
  const std::string cell = geo.name(check.cell);
  const Colour mover = position.to_move;
  switch (check.violation) {
    case Violation::kNone:
      return "legal";
    case Violation::kEmpty:
      return "empty action";
    case Violation::kSameCell:
      return "a tile must move to a different cell, not back onto " + cell;
    case Violation::kOwnHomeRow:
      return cell + " is in your home row";
    case Violation::kPieceOnSource:
      return "a piece stands on " + cell + ", so its tiles cannot move";
    case Violation::kNoTileToTake:
      return cell + " has no tile to take";
    case Violation::kPieceOnTarget:
      return "a piece stands on " + cell + ", so no tile can be put there";
    case Violation::kTargetFull:
      return cell + " already has two tiles, the most a cell holds";
    case Violation::kNoPiece:
      return "there is no piece on " + cell;
    case Violation::kNotYourPiece:
      return cell + " holds a " + kColourNames[opponent(mover)] + " piece; you play " +
             kColourNames[mover];
    case Violation::kStays:
      return "a piece must move to another cell, not stay on " + cell;
    case Violation::kNotAdjacent:
      return geo.name(action.from) + " and " + cell + " are not adjacent (the only teleports are " +
             teleport_rows(geo) + ")";
    case Violation::kOccupied:
      return cell + " is occupied";
    case Violation::kHeightOne:
      return "a piece cannot stand at height 1, and " + cell + " has one tile";
    case Violation::kWrongHeight:
      return std::string(kColourNames[mover]) + " pieces stand only at height " +
             std::to_string(standing_height(mover)) + ", and " + cell + " is at height " +
             std::to_string(position.height(check.cell));
    case Violation::kNoEnemyPiece:
      return std::string("there is no ") + kColourNames[opponent(mover)] + " piece on " + cell +
             " to capture";
    case Violation::kNotThreatened:
      return "cannot capture " + cell + ": it was not threatened at the start of your turn";
  }
  return "";
}

std::optional<std::string> action_error(const Position& position, const Action& action,
                                        CellSet capturable) {
  const ActionCheck check = check_action(position, action, capturable);
  if (check.violation == Violation::kNone) return std::nullopt;
  return describe(position, action, check);
}

std::optional<std::string> turn_error(const Position& position, Move move) {
  if (!well_formed(*position.geo, move)) return "not a turn of this game";
  const Turn turn = decode_turn(move);
  const CellSet capturable = capturable_at_turn_start(position);
  if (auto error = action_error(position, turn.first, capturable)) {
    return "first action: " + *error;
  }
  Position after = position;
  const bool first_won = apply_action(after, turn.first);
  if (auto error = second_action_error(after, turn.first, first_won, turn.second, capturable)) {
    return error;
  }
  if (turn.false_win_claim) {
    return "'#' marks a winning turn, but " + format_turn(position, move & ~kFalseWinClaim) +
           " does not win";
  }
  return std::nullopt;
}

bool well_formed(const Geometry& geo, Move move) {
  if (move >> 29 != 0) return false;
  const Turn turn = decode_turn(move);
  if (turn.first.kind == ActionKind::kNone) return false;
  for (const Action& action : {turn.first, turn.second}) {
    if (action.kind == ActionKind::kNone && (action.from != 0 || action.to != 0)) return false;
    if (action.kind == ActionKind::kCapture && action.to != 0) return false;
    if (action.from >= geo.cells || action.to >= geo.cells) return false;
  }
  return true;
}

bool turn_wins(const Position& position, Move move) {
  Position after = position;
  return apply_turn(after, move & ~kFalseWinClaim).won;
}

}  // namespace rules::iso_path
