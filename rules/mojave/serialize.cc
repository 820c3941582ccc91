#include "rules/mojave/serialize.h"
#include "rules/core/text.h"

#include <charconv>
#include <vector>

#include "rules/dice/cube_die.h"

namespace rules::mojave {

namespace {

constexpr std::string_view kSideNames[] = {"red", "black"};
constexpr std::string_view kHeader = "mojave 1";

RuleError bad_position(const std::string& message) {
  return RuleError{ErrorCode::kBadPosition, "bad Mojave position: " + message};
}

std::string dice_list(const Board& board, int side) {
  std::string text;
  for (int square = 0; square < kSquares; ++square) {
    if (!board.holds(square, side)) continue;
    if (!text.empty()) text += ',';
    const dice::Orientation o = dice::all_orientations()[board.orientation(square)];
    text += square_name(square) + ":" + dice::format_orientation(o);
  }
  return text;
}

std::string zugzwang_text(const Zugzwang& zugzwang) {
  if (!zugzwang.active()) return "none";
  std::string text = square_name(zugzwang.attacker) + ">";
  for (int i = 0; i < zugzwang.attacked.size(); ++i) {
    text += (i > 0 ? "," : "") + square_name(zugzwang.attacked[i]);
  }
  return text;
}

// The value of "key=value" with the expected key, nullopt otherwise. The value may be empty
// ("red="): a side may have lost every die.
std::optional<std::string_view> field(std::string_view text, std::string_view key) {
  if (text.size() <= key.size() || text.substr(0, key.size()) != key || text[key.size()] != '=') {
    return std::nullopt;
  }
  return text.substr(key.size() + 1);
}

std::optional<int> number(std::string_view text, int low, int high) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < low || value > high) {
    return std::nullopt;
  }
  return value;
}

std::optional<int> whole_square(std::string_view text) {
  std::size_t pos = 0;
  std::optional<int> square = parse_square(text, pos);
  if (!square || pos != text.size()) return std::nullopt;
  return square;
}

std::optional<RuleError> load_dice(std::string_view list, int side, Board& board) {
  if (list.empty()) return std::nullopt;
  for (std::string_view entry : split(list, ',')) {
    const std::size_t colon = entry.find(':');
    if (colon == std::string_view::npos) return bad_position("die '" + std::string(entry) + "'");
    std::optional<int> square = whole_square(entry.substr(0, colon));
    std::optional<dice::Orientation> o = dice::parse_orientation(entry.substr(colon + 1));
    if (!square || !o) return bad_position("die '" + std::string(entry) + "'");
    if (!board.empty(*square)) return bad_position("two dice on " + square_name(*square));
    board.place(*square, side, dice::orientation_index(*o));
  }
  if (board.count(side) > kDicePerSide) {
    return bad_position(std::string(kSideNames[side]) + " has more than 15 dice");
  }
  return std::nullopt;
}

std::optional<RuleError> check_zugzwang(const Position& position) {
  const Zugzwang& zugzwang = position.zugzwang;
  if (!zugzwang.active()) return std::nullopt;
  if (!position.board.holds(zugzwang.attacker, other_side(position.to_move))) {
    return bad_position("the attacking die must belong to the player who is not to move");
  }
  for (int i = 0; i < zugzwang.attacked.size(); ++i) {
    const int square = zugzwang.attacked[i];
    if (!position.board.holds(square, position.to_move) || !adjacent(square, zugzwang.attacker) ||
        (i > 0 && !notation_order(zugzwang.attacked[i - 1], square))) {
      return bad_position("attacked die " + square_name(square));
    }
  }
  if (!position.finished() && !has_zugzwang_answer(position)) {
    return bad_position("dice in zugzwang without an answer are removed when the tie is made");
  }
  return std::nullopt;
}

std::optional<RuleError> load_zugzwang(std::string_view text, Position& position) {
  if (text == "none") return std::nullopt;
  const std::size_t arrow = text.find('>');
  if (arrow == std::string_view::npos) return bad_position("zugzwang '" + std::string(text) + "'");
  std::optional<int> attacker = whole_square(text.substr(0, arrow));
  const std::vector<std::string_view> attacked = split(text.substr(arrow + 1), ',');
  if (!attacker || attacked.size() > 3) {
    return bad_position("zugzwang '" + std::string(text) + "'");
  }
  position.zugzwang.attacker = *attacker;
  for (std::string_view name : attacked) {
    std::optional<int> square = whole_square(name);
    if (!square) return bad_position("zugzwang '" + std::string(text) + "'");
    position.zugzwang.attacked.push_back(*square);
  }
  return std::nullopt;
}

std::optional<int> side_named(std::string_view name) {
  if (name == kSideNames[kRed]) return kRed;
  if (name == kSideNames[kBlack]) return kBlack;
  return std::nullopt;
}

// Fields after the header, in order: to, quiet, passes, resigned, adjudication.
std::optional<RuleError> load_counters(const std::vector<std::string_view>& fields,
                                       Position& position) {
  auto to = field(fields[2], "to");
  auto quiet = field(fields[3], "quiet");
  auto passes = field(fields[4], "passes");
  auto resigned = field(fields[5], "resigned");
  auto adjudication = field(fields[6], "adjudication");
  std::optional<int> to_side = to ? side_named(*to) : std::nullopt;
  std::optional<int> quiet_plies = quiet ? number(*quiet, 0, kQuietPlyLimit) : std::nullopt;
  std::optional<int> pass_count = passes ? number(*passes, 0, kPassLimit) : std::nullopt;
  std::optional<int> resigned_side = resigned ? side_named(*resigned) : std::nullopt;
  if (!to_side) return bad_position("expected to=red or to=black");
  if (!quiet_plies) return bad_position("expected quiet=0..100");
  if (!pass_count) return bad_position("expected passes=0..2");
  if (!resigned || (*resigned != "none" && !resigned_side)) {
    return bad_position("expected resigned=none, red or black");
  }
  if (!adjudication || (*adjudication != "none" && *adjudication != "dice-count")) {
    return bad_position("expected adjudication=none or dice-count");
  }
  position.to_move = *to_side;
  position.quiet_plies = *quiet_plies;
  position.passes = *pass_count;
  position.resigned = resigned_side.value_or(-1);
  position.adjudicate_by_count = *adjudication == "dice-count";
  return std::nullopt;
}

}  // namespace

std::string serialize_position(const Position& position) {
  std::string text(kHeader);
  text += " to=" + std::string(kSideNames[position.to_move]);
  text += " quiet=" + std::to_string(position.quiet_plies);
  text += " passes=" + std::to_string(position.passes);
  text += " resigned=";
  text += position.resigned < 0 ? "none" : kSideNames[position.resigned];
  text += position.adjudicate_by_count ? " adjudication=dice-count" : " adjudication=none";
  text += " zugzwang=" + zugzwang_text(position.zugzwang);
  text += " red=" + dice_list(position.board, kRed);
  text += " black=" + dice_list(position.board, kBlack);
  return text;
}

Result<Position> load_position(std::string_view text) {
  const std::vector<std::string_view> fields = split(text, ' ');
  if (fields.size() != 10 || std::string(fields[0]) + " " + std::string(fields[1]) != kHeader) {
    return bad_position("expected '" + std::string(kHeader) + "' and 8 fields");
  }
  Position position;
  if (auto error = load_counters(fields, position)) return *error;
  auto zugzwang = field(fields[7], "zugzwang");
  auto red = field(fields[8], "red");
  auto black = field(fields[9], "black");
  if (!zugzwang || !red || !black) return bad_position("expected zugzwang=, red= and black=");
  if (auto error = load_dice(*red, kRed, position.board)) return *error;
  if (auto error = load_dice(*black, kBlack, position.board)) return *error;
  if (position.board.count(kRed) + position.board.count(kBlack) == 0) {
    return bad_position("no dice on the board");
  }
  if (auto error = load_zugzwang(*zugzwang, position)) return *error;
  if (auto error = check_zugzwang(position)) return *error;
  return position;
}

}  // namespace rules::mojave
