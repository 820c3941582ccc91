#include "rules/hex_quoridor/notation.h"

#include <cctype>

#include "rules/core/play.h"

namespace rules::hex_quoridor {

namespace {

std::string without_spaces(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  }
  return out;
}

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Splits a cell name off the front of `text` (letter, then digits); empty when there is none.
std::string_view take_cell(std::string_view& text) {
  if (text.empty() || !std::isalpha(static_cast<unsigned char>(text[0]))) return {};
  std::size_t end = 1;
  while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
  if (end == 1) return {};
  std::string_view cell = text.substr(0, end);
  text.remove_prefix(end);
  return cell;
}

// Why `cell` (lower case; `spelled` is the player's spelling) is not a cell of this board.
RuleError cell_problem(const Geometry& geo, std::string_view cell, std::string_view spelled) {
  const char last_row = static_cast<char>('a' + geo.row_count() - 1);
  const int row = cell[0] - 'a';
  const std::string quoted = "'" + std::string(spelled) + "'";
  if (row < 0 || row >= geo.row_count()) {
    return bad_notation(quoted + " is not a cell: rows run from a to " + last_row);
  }
  return bad_notation(quoted + " is not a cell: row " + cell[0] + " has cells 1 to " +
                      std::to_string(geo.row_length(row)));
}

// The part of `compact` spelled as `part`, a piece of its lower-case copy `token`.
std::string_view spelled(std::string_view compact, std::string_view token, std::string_view part) {
  return compact.substr(static_cast<std::size_t>(part.data() - token.data()), part.size());
}

int parse_direction(std::string_view& text) {
  // Two-letter directions first, so "ne" is not read as "n" + "e".
  static constexpr std::array<std::string_view, 6> kNames = {"ne", "nw", "sw", "se", "e", "w"};
  static constexpr std::array<int, 6> kDirs = {hex::kNE, hex::kNW, hex::kSW,
                                               hex::kSE, hex::kE,  hex::kW};
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (text.substr(0, kNames[i].size()) == kNames[i]) {
      text.remove_prefix(kNames[i].size());
      return kDirs[i];
    }
  }
  return -1;
}

// `token` is `compact` in lower case; messages quote the player's own spelling.
Result<std::uint64_t> parse_fence(const Geometry& geo, std::string_view token,
                                  std::string_view compact) {
  std::string_view rest = token.substr(1);
  const std::string_view cell_text = take_cell(rest);
  const std::string quoted = "'" + std::string(compact) + "'";
  const auto original = [&](std::string_view part) {
    return std::string(spelled(compact, token, part));
  };
  if (cell_text.empty())
    return bad_notation(quoted + ": a fence is F<cell><dir><sign>, e.g. Fe5E+");
  const int cell = parse_cell(geo, cell_text);
  if (cell < 0) return cell_problem(geo, cell_text, spelled(compact, token, cell_text));
  const int dir = parse_direction(rest);
  if (dir < 0) {
    return bad_notation(quoted + ": '" + original(rest) +
                        "' does not start with a direction (E, NE, NW, W, SW or SE)");
  }
  if (rest.empty() || (rest[0] != '+' && rest[0] != '-')) {
    return bad_notation(quoted + ": the fence needs a sign, + or -, after its direction");
  }
  const int sign = rest[0] == '+' ? 0 : 1;
  rest.remove_prefix(1);
  if (!rest.empty()) return bad_notation(quoted + ": unexpected '" + original(rest) + "'");
  // Canonical name: the fence's cell and direction with the direction in {E, NE, NW}.
  const int id = geo.fence_id(cell, dir, sign);
  if (id >= 0) {
    const Fence& f = geo.fences()[id];
    return fence_move(f.cell, f.dir, f.sign);
  }
  return fence_move(cell, dir, sign);  // does not fit; validate() says why
}

}  // namespace

int parse_cell(const Geometry& geo, std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return -1;
  const int row = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  if (row < 0 || row >= geo.row_count()) return -1;
  int number = 0;
  for (char c : text.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
    number = number * 10 + (c - '0');
  }
  if (number < 1 || number > geo.row_length(row) || text[1] == '0') return -1;
  return geo.first_in_row(row) + number - 1;
}

Result<std::uint64_t> parse_move(const Geometry& geo, std::string_view text) {
  const std::string compact = without_spaces(strip_annotation(text));
  const std::string token = lowercase(compact);
  if (token.empty()) {
    return bad_notation("empty move: expected a cell such as e5, a fence such as Fe5E+, or pass");
  }
  if (token == "pass") return kPass;
  if (token[0] == 'f' && token.size() > 1 && std::isalpha(static_cast<unsigned char>(token[1]))) {
    return parse_fence(geo, token, compact);
  }
  std::string_view rest = token;
  const std::string_view cell_text = take_cell(rest);
  if (cell_text.empty() || !rest.empty()) {
    return bad_notation(
        "'" + compact +
        "' is not a move: expected a cell such as e5, a fence such as Fe5E+, or pass");
  }
  const int cell = parse_cell(geo, cell_text);
  if (cell < 0) return cell_problem(geo, cell_text, spelled(compact, token, cell_text));
  return pawn_move(cell);
}

std::string format_move(const Geometry& geo, std::uint64_t move) {
  switch (move_kind(move)) {
    case kPawnMove:
      return geo.cell_name(move_cell(move));
    case kFenceMove:
      if (move_cell(move) >= geo.cell_count() || move_dir(move) >= 6) return "?";
      return fence_name(geo, move_cell(move), move_dir(move), move_sign(move));
    default:
      return move == kPass ? "pass" : "?";
  }
}

}  // namespace rules::hex_quoridor
