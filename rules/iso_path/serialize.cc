// serialize() and load(): the one-line position format documented in iso_path.h.

#include <algorithm>
#include <array>
#include <charconv>

#include "rules/iso_path/state.h"

namespace rules::iso_path {

namespace {

constexpr std::array<const char*, 2> kColourNames = {"white", "black"};

struct ReasonName {
  EndReason reason;
  const char* name;
};
constexpr std::array<ReasonName, 6> kReasonNames = {{{EndReason::kHomeRow, "home-row"},
                                                     {EndReason::kLastPiece, "last-piece"},
                                                     {EndReason::kNoTurn, "no-turn"},
                                                     {EndReason::kResignation, "resignation"},
                                                     {EndReason::kRepetition, "repetition"},
                                                     {EndReason::kTurnBound, "turn-limit"}}};

std::string format_ending(const Ending& ending) {
  if (ending.reason == EndReason::kNone) return "none";
  std::string text = ending.winner < 0 ? "draw" : kColourNames[ending.winner];
  for (const ReasonName& entry : kReasonNames) {
    if (entry.reason == ending.reason) text += std::string(":") + entry.name;
  }
  return text;
}

bool parse_ending(std::string_view text, Ending& ending) {
  ending = Ending{};
  if (text == "none") return true;
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string_view who = text.substr(0, colon), why = text.substr(colon + 1);
  const bool draw_reason = why == "repetition" || why == "turn-limit";
  if (who == "draw") {
    if (!draw_reason) return false;
  } else if (who == "white" || who == "black") {
    if (draw_reason) return false;
    ending.winner = who == "white" ? kWhite : kBlack;
  } else {
    return false;
  }
  for (const ReasonName& entry : kReasonNames) {
    if (why == entry.name) ending.reason = entry.reason;
  }
  return ending.reason != EndReason::kNone;
}

char cell_char(const Position& position, int cell) {
  const int piece = position.piece_at(cell);
  if (piece == kWhite) return 'W';
  if (piece == kBlack) return 'B';
  return static_cast<char>('0' + position.height(cell));
}

std::string format_cells(const Position& position) {
  const Geometry& geo = *position.geo;
  std::string text;
  for (int row = 0; row < geo.rows; ++row) {
    if (row > 0) text += '/';
    for (int i = 0; i < geo.row_length[row]; ++i) {
      text += cell_char(position, geo.row_start[row] + i);
    }
  }
  return text;
}

bool parse_cells(std::string_view text, Position& position) {
  const Geometry& geo = *position.geo;
  position.level = {};
  position.pieces = {};
  int row = 0, in_row = 0;
  for (char c : text) {
    if (c == '/') {
      if (in_row != geo.row_length[row] || ++row >= geo.rows) return false;
      in_row = 0;
      continue;
    }
    if (in_row >= geo.row_length[row]) return false;
    const int cell = geo.row_start[row] + in_row++;
    if (c == 'W' || c == 'B') {
      const Colour colour = c == 'W' ? kWhite : kBlack;
      position.pieces[colour] |= bit(cell);
      position.level[standing_height(colour)] |= bit(cell);
    } else if (c >= '0' && c <= '2') {
      position.level[c - '0'] |= bit(cell);
    } else {
      return false;
    }
  }
  return row == geo.rows - 1 && in_row == geo.row_length[row];
}

std::string hex_word(std::uint64_t value) {
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) text[i] = "0123456789abcdef"[value & 15];
  return text;
}

bool parse_history(std::string_view text, std::vector<std::uint64_t>& history) {
  history.clear();
  if (text == "-") return true;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = std::min(text.find(',', start), text.size());
    const std::string_view word = text.substr(start, end - start);
    std::uint64_t value = 0;
    auto [last, error] = std::from_chars(word.data(), word.data() + word.size(), value, 16);
    if (word.size() != 16 || error != std::errc() || last != word.data() + word.size() ||
        hex_word(value) != word) {
      return false;
    }
    history.push_back(value);
    start = end + 1;
  }
  return true;
}

bool parse_int(std::string_view text, int& value) {
  auto [last, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && text[0] >= '0' && text[0] <= '9' && (text == "0" || text[0] != '0') &&
         error == std::errc() && last == text.data() + text.size();
}

// Splits "key=value key=value ..." and checks the keys are exactly `keys`, in order.
bool split_fields(std::string_view text, const std::array<std::string_view, 8>& keys,
                  std::array<std::string_view, 8>& values) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    const std::string_view field = text.substr(start, end - start);
    if (i == 0) {
      if (field != keys[0]) return false;
    } else {
      if (field.size() <= keys[i].size() || field.substr(0, keys[i].size()) != keys[i] ||
          field[keys[i].size()] != '=') {
        return false;
      }
      values[i] = field.substr(keys[i].size() + 1);
    }
    if (end == text.size()) return i + 1 == keys.size();
    start = end + 1;
  }
  return false;
}

RuleError bad_position(const std::string& why) {
  return RuleError{ErrorCode::kBadPosition, "not an Iso-Path position: " + why};
}

}  // namespace

std::string IsoPathState::serialize() const {
  std::string history = history_.empty() ? "-" : "";
  for (std::size_t i = 0; i < history_.size(); ++i) {
    history += (i > 0 ? "," : "") + hex_word(history_[i]);
  }
  return "iso-path board=h" + std::to_string(position_.geo->side) +
         " white-seat=" + std::to_string(white_seat_) + " turns=" + std::to_string(turns_) +
         " to-move=" + kColourNames[position_.to_move] + " cells=" + format_cells(position_) +
         " result=" + format_ending(ending_) + " history=" + history;
}

Result<std::unique_ptr<State>> IsoPathState::load(std::string_view text) {
  static constexpr std::array<std::string_view, 8> kKeys = {
      "iso-path", "board", "white-seat", "turns", "to-move", "cells", "result", "history"};
  std::array<std::string_view, 8> value;
  if (!split_fields(text, kKeys, value)) {
    return bad_position(
        "expected the fields iso-path board= white-seat= turns= to-move= cells= "
        "result= history=");
  }
  const Geometry* geo = value[1] == "h4"   ? geometry_for_side(4)
                        : value[1] == "h5" ? geometry_for_side(5)
                                           : nullptr;
  if (geo == nullptr) return bad_position("board must be h4 or h5");
  int white_seat = 0;
  if (!parse_int(value[2], white_seat) || white_seat < 0 || white_seat > 1) {
    return bad_position("white-seat must be 0 or 1");
  }
  auto state = std::make_unique<IsoPathState>(*geo, white_seat);
  if (!parse_int(value[3], state->turns_)) return bad_position("turns must be a number");
  if (value[4] != "white" && value[4] != "black") {
    return bad_position("to-move must be white or black");
  }
  state->position_.to_move = value[4] == "white" ? kWhite : kBlack;
  if (!parse_cells(value[5], state->position_)) {
    return bad_position("cells must list the board's rows, separated by '/', as W, B, 0, 1 or 2");
  }
  if (!parse_ending(value[6], state->ending_)) return bad_position("unknown result");
  if (!parse_history(value[7], state->history_)) {
    return bad_position("history must be '-' or comma-separated 16-digit hex hashes");
  }
  state->hash_ = position_hash(state->position_);
  if (auto why = state->consistency_error()) return bad_position(*why);
  return std::unique_ptr<State>(std::move(state));
}

// A finished game's result must match its final position.
std::optional<std::string> IsoPathState::ending_error() const {
  const Position& p = position_;
  if (ending_.winner < 0) return std::nullopt;
  const Colour winner = static_cast<Colour>(ending_.winner), loser = opponent(winner);
  if (ending_.reason == EndReason::kHomeRow && !(p.pieces[winner] & p.geo->home[loser])) {
    return "a home-row win needs the winner's piece in the loser's home row";
  }
  if (ending_.reason == EndReason::kLastPiece && p.pieces[loser] != 0) {
    return "a last-piece win needs the loser to have no pieces";
  }
  if (ending_.reason == EndReason::kNoTurn && (p.to_move != loser || has_turn(p))) {
    return "a no-turn win needs the loser to move without a legal turn";
  }
  return std::nullopt;
}

// What no game played under these rules can reach. Finished games keep their final position,
// so the checks that only hold during play apply to unfinished ones.
std::optional<std::string> IsoPathState::consistency_error() const {
  const Geometry& geo = *position_.geo;
  const Position& p = position_;
  if (p.total_tiles() != geo.cells) {
    return "the board holds " + std::to_string(geo.cells) + " tiles, not " +
           std::to_string(p.total_tiles());
  }
  for (Colour colour : {kWhite, kBlack}) {
    if (std::popcount(p.pieces[colour]) > geo.pieces_per_colour) {
      return std::string("too many ") + kColourNames[colour] + " pieces";
    }
  }
  if (turns_ < 0 || turns_ > kTurnLimit) return "turns must be 0 to 300";
  if (static_cast<int>(history_.size()) > turns_) return "history is longer than the game";
  if (repetitions() > 3) return "a position occurred more than three times";
  const bool ended = ending_.reason != EndReason::kNone;
  if (ending_.reason == EndReason::kRepetition && repetitions() != 3) {
    return "a draw by repetition needs the position three times";
  }
  if (ending_.reason == EndReason::kTurnBound && turns_ != kTurnLimit) {
    return "a draw by the turn limit needs 300 turns";
  }
  if (ended) return ending_error();
  if ((p.pieces[kWhite] & geo.home[kBlack]) || (p.pieces[kBlack] & geo.home[kWhite])) {
    return "a piece stands in the opponent's home row, but the game goes on";
  }
  if (p.pieces[kWhite] == 0 || p.pieces[kBlack] == 0) return "a side has no pieces left";
  if (repetitions() >= 3 || turns_ >= kTurnLimit) return "the game should have ended in a draw";
  if (!has_turn(p)) return "the side to move has no legal turn, so the game should have ended";
  return std::nullopt;
}

}  // namespace rules::iso_path
