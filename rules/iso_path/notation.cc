#include "rules/iso_path/notation.h"

#include <cctype>
#include <vector>

#include "rules/core/play.h"

namespace rules::iso_path {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Small positive decimal without sign or leading zero; -1 otherwise.
int parse_index(std::string_view digits) {
  if (digits.empty() || digits.size() > 2 || digits[0] == '0') return -1;
  int value = 0;
  for (char c : digits) {
    if (!is_digit(c)) return -1;
    value = value * 10 + (c - '0');
  }
  return value;
}

// Splits the turn into action tokens: whitespace separates actions, except around '-', and a
// lone "#" belongs to the action before it.
std::vector<std::string> action_tokens(std::string_view text) {
  std::string joined;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!is_space(text[i])) {
      joined += text[i];
      continue;
    }
    std::size_t next = i;
    while (next < text.size() && is_space(text[next])) ++next;
    const bool dash_before = !joined.empty() && joined.back() == '-';
    const bool glued_after = next < text.size() && (text[next] == '-' || text[next] == '#');
    if (!dash_before && !glued_after && next < text.size()) joined += ' ';
    i = next - 1;
  }
  std::vector<std::string> tokens;
  std::size_t start = 0;
  while (start <= joined.size()) {
    std::size_t end = joined.find(' ', start);
    if (end == std::string::npos) end = joined.size();
    if (end > start) tokens.push_back(joined.substr(start, end - start));
    start = end + 1;
  }
  return tokens;
}

RuleError unreadable(std::string_view token) {
  return bad_notation("cannot read '" + std::string(token) +
                      "': an action is T<from>-<to> (build), <from>-<to> (piece move) or "
                      "x<cell> (capture)");
}

Result<int> cell_in(const Geometry& geo, std::string_view cell, std::string_view token) {
  if (cell.empty()) return unreadable(token);
  const int index = parse_cell(geo, cell);
  if (index < 0) {
    return bad_notation("unknown cell '" + std::string(cell) + "' in '" + std::string(token) +
                        "': cells are a1-" + geo.name(geo.cells - 1) + " or 1-" +
                        std::to_string(geo.cells));
  }
  return index;
}

// One action token without '#'.
Result<Action> parse_action(const Geometry& geo, std::string_view token) {
  const char head = lower(token.empty() ? ' ' : token[0]);
  if (head == 'x') {
    Result<int> cell = cell_in(geo, token.substr(1), token);
    if (!cell) return cell.error();
    return Action{ActionKind::kCapture, *cell, 0};
  }
  const bool is_build = head == 't';
  const std::string_view body = is_build ? token.substr(1) : token;
  const std::size_t dash = body.find('-');
  if (dash == std::string_view::npos || body.find('-', dash + 1) != std::string_view::npos) {
    return unreadable(token);
  }
  Result<int> from = cell_in(geo, body.substr(0, dash), token);
  if (!from) return from.error();
  Result<int> to = cell_in(geo, body.substr(dash + 1), token);
  if (!to) return to.error();
  return Action{is_build ? ActionKind::kBuild : ActionKind::kMove, *from, *to};
}

}  // namespace

int parse_cell(const Geometry& geo, std::string_view text) {
  if (text.empty()) return -1;
  if (is_digit(text[0])) {
    const int number = parse_index(text);
    return number >= 1 && number <= geo.cells ? number - 1 : -1;
  }
  const int row = lower(text[0]) - 'a';
  const int index = parse_index(text.substr(1));
  if (row < 0 || row >= geo.rows || index < 1 || index > geo.row_length[row]) return -1;
  return geo.row_start[row] + index - 1;
}

std::string format_action(const Geometry& geo, const Action& action) {
  switch (action.kind) {
    case ActionKind::kBuild:
      return "T" + geo.name(action.from) + "-" + geo.name(action.to);
    case ActionKind::kMove:
      return geo.name(action.from) + "-" + geo.name(action.to);
    case ActionKind::kCapture:
      return "x" + geo.name(action.from);
    case ActionKind::kNone:
      break;
  }
  return "";
}

std::string format_turn(const Position& position, Move move) {
  if (!well_formed(*position.geo, move)) return "?";
  const Turn turn = decode_turn(move);
  std::string text = format_action(*position.geo, turn.first);
  if (turn.second.kind != ActionKind::kNone) {
    text += " " + format_action(*position.geo, turn.second);
  }
  const bool wins =
      !turn.false_win_claim && !turn_error(position, move).has_value() && turn_wins(position, move);
  if (wins || turn.false_win_claim) text += "#";
  return text;
}

Result<Move> parse_turn(const Position& position, std::string_view text) {
  const std::vector<std::string> tokens = action_tokens(strip_annotation(text));
  if (tokens.empty()) {
    return bad_notation("empty turn: write one or two actions, such as 'Tf3-b2 a2-b2'");
  }
  if (tokens.size() > 2) {
    return bad_notation("a turn has at most two actions, but '" + std::string(text) + "' has " +
                        std::to_string(tokens.size()));
  }
  std::vector<Action> actions;
  bool claims_win = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::string_view token = tokens[i];
    if (token.ends_with('#')) {
      if (i + 1 != tokens.size()) {
        return bad_notation("'#' may only end the last action, not '" + tokens[i] + "'");
      }
      claims_win = true;
      token.remove_suffix(1);
    }
    Result<Action> action = parse_action(*position.geo, token);
    if (!action) return action.error();
    actions.push_back(*action);
  }
  Move move = encode_turn(actions[0], actions.size() > 1 ? actions[1] : Action{});
  if (claims_win && (turn_error(position, move).has_value() || !turn_wins(position, move))) {
    move |= kFalseWinClaim;
  }
  return move;
}

}  // namespace rules::iso_path
