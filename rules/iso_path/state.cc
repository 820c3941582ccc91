#include "rules/iso_path/iso_path.h"

#include <algorithm>

#include "rules/core/play.h"
#include "rules/iso_path/notation.h"
#include "rules/iso_path/state.h"

namespace rules::iso_path {

namespace {

constexpr std::array<const char*, 2> kColourNames = {"white", "black"};

Result<std::unique_ptr<State>> create(const GameConfig& config, RandomSource& rng) {
  std::map<std::string, std::string> options;
  if (auto error = check_config(game_info(), config, options)) return *error;
  const Geometry* geo = geometry_for_side(options["board"] == "h5" ? 5 : 4);
  // I-IP-1: White moves first; which seat plays White is drawn.
  const int white_seat = static_cast<int>(rng.draw("first-player", 2));
  return std::unique_ptr<State>(std::make_unique<IsoPathState>(*geo, white_seat));
}

Result<std::unique_ptr<State>> load(std::string_view text) { return IsoPathState::load(text); }

}  // namespace

const GameInfo& game_info() {
  static const GameInfo info = [] {
    GameInfo i;
    i.id = "iso-path";
    i.name = "Hexagonal Iso-Path";
    i.player_counts = {2};
    i.options = {OptionSpec{"board",
                            "board size: h4 (37 cells, 4 pieces each) or h5 (61 cells, 5 pieces "
                            "each)",
                            "h4",
                            {"h4", "h5"}}};
    i.provisional = false;
    i.ruleset_version = "1";
    i.max_plies = kTurnLimit;
    return i;
  }();
  return info;
}

GameDef definition() { return GameDef{game_info(), &create, &load}; }

IsoPathState::IsoPathState(const Geometry& geo, int white_seat)
    : position_(initial_position(geo)), white_seat_(white_seat) {
  hash_ = position_hash(position_);
}

std::unique_ptr<State> IsoPathState::clone() const { return std::make_unique<IsoPathState>(*this); }

Result<Move> IsoPathState::parse_move(std::string_view text) const {
  return parse_turn(position_, text);
}

std::optional<RuleError> IsoPathState::validate(Move move) const {
  if (finished()) return RuleError{ErrorCode::kGameOver, "the game is over: " + summary()};
  if (auto error = turn_error(position_, move)) return illegal(*error);
  return std::nullopt;
}

std::string IsoPathState::format_move(Move move) const { return format_turn(position_, move); }

std::string IsoPathState::apply(Move move, RandomSource&) {
  std::string text = format_turn(position_, move);
  finish_turn(apply_turn(position_, move));
  return text;
}

// Ends the game when the rules say so, in this order: a win by the turn itself, the next side
// having no legal turn (I-IP-3), third repetition, then the turn limit (I-IP-4).
void IsoPathState::finish_turn(const TurnEffect& effect) {
  ++turns_;
  if (effect.captured) {
    history_.clear();
  } else {
    history_.push_back(hash_);
  }
  hash_ = position_hash(position_);
  const Colour mover = opponent(position_.to_move);
  if (effect.won) {
    const bool wiped_out = position_.pieces[position_.to_move] == 0;
    ending_ = {wiped_out ? EndReason::kLastPiece : EndReason::kHomeRow, mover};
  } else if (!has_turn(position_)) {
    ending_ = {EndReason::kNoTurn, mover};
  } else if (repetitions() >= 3) {
    ending_ = {EndReason::kRepetition, -1};
  } else if (turns_ >= kTurnLimit) {
    ending_ = {EndReason::kTurnBound, -1};
  }
}

int IsoPathState::repetitions() const {
  return 1 + static_cast<int>(std::count(history_.begin(), history_.end(), hash_));
}

std::vector<Move> IsoPathState::legal_moves() const {
  std::vector<Move> moves;
  if (finished()) return moves;
  moves.reserve(count_turns(position_));
  list_turns(position_, moves);
  return moves;
}

std::vector<int> IsoPathState::to_move() const {
  if (finished()) return {};
  return {seat_of(position_.to_move)};
}

std::string IsoPathState::side_name(int colour) const {
  return std::string(kColourNames[colour]) + " (seat " + std::to_string(seat_of(colour)) + ")";
}

std::string IsoPathState::summary() const {
  const int winner = ending_.winner,
            loser = winner < 0 ? -1 : opponent(static_cast<Colour>(winner));
  switch (ending_.reason) {
    case EndReason::kNone:
      return side_name(position_.to_move) + " to move";
    case EndReason::kHomeRow:
      return side_name(winner) + " reached " + kColourNames[loser] + "'s home row";
    case EndReason::kLastPiece:
      return side_name(winner) + " captured " + kColourNames[loser] + "'s last piece";
    case EndReason::kNoTurn:
      return side_name(loser) + " has no legal turn, so " + kColourNames[winner] + " wins";
    case EndReason::kResignation:
      return side_name(loser) + " resigned";
    case EndReason::kRepetition:
      return "draw by third repetition";
    case EndReason::kTurnBound:
      return "draw: " + std::to_string(kTurnLimit) + " turns without a result";
  }
  return "";
}

Outcome IsoPathState::outcome() const {
  Outcome outcome;
  outcome.summary = summary();
  if (!finished()) return outcome;
  outcome.finished = true;
  outcome.seats.assign(2, SeatResult{1, 0.5});
  if (ending_.winner >= 0) {
    outcome.seats[seat_of(ending_.winner)] = SeatResult{1, 1.0};
    outcome.seats[seat_of(opponent(static_cast<Colour>(ending_.winner)))] = SeatResult{2, 0.0};
  }
  return outcome;
}

std::optional<RuleError> IsoPathState::resign(int seat) {
  if (seat < 0 || seat > 1) {
    return bad_notation("resign " + std::to_string(seat) + ": no such seat (seats are 0 and 1)");
  }
  if (finished()) return RuleError{ErrorCode::kGameOver, "the game is over: " + summary()};
  const Colour resigning = seat == white_seat_ ? kWhite : kBlack;
  ending_ = {EndReason::kResignation, opponent(resigning)};
  return std::nullopt;
}

}  // namespace rules::iso_path
