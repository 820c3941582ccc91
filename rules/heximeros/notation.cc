#include "rules/heximeros/notation.h"

#include <algorithm>
#include <cctype>

#include "rules/core/play.h"
#include "rules/heximeros/explain.h"
#include "rules/heximeros/movegen.h"

namespace rules::heximeros {

namespace {

constexpr const char* kExample = "C[-4,-10]-[-2,-7]";

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool starts_cell(char c) {
  return c == '[' || c == '(' || c == 'g' || c == 'e' || c == 'w' || c == 'n' || c == 's';
}

// The text of one turn without whitespace, lower-cased for matching; `original` keeps the
// player's spelling at the same offsets for error messages.
struct Reader {
  std::string lowered;
  std::string original;
  std::size_t pos = 0;

  bool done() const { return pos >= lowered.size(); }
  char peek() const { return done() ? '\0' : lowered[pos]; }
  // The cell-like token starting at `start`, quoted by error messages.
  std::string token(std::size_t start) const {
    std::size_t end = start;
    if (end < original.size() && (original[end] == '[' || original[end] == '(')) {
      while (end < original.size() && original[end] != ']' && original[end] != ')') ++end;
      end = std::min(end + 1, original.size());
    } else {
      while (end < original.size() && std::isalnum(static_cast<unsigned char>(original[end])) &&
             lower(original[end]) != 'x') {
        ++end;
      }
    }
    if (end == start) end = std::min(start + 1, original.size());
    return original.substr(start, end - start);
  }
  bool read_number(int& value, bool allow_sign) {
    bool negative = false;
    if (allow_sign && peek() == '-') {
      negative = true;
      ++pos;
    }
    if (!is_digit(peek())) return false;
    value = 0;
    while (is_digit(peek()) && value < 10000) value = value * 10 + (lowered[pos++] - '0');
    if (negative) value = -value;
    return true;
  }
};

// "[q,r]" or "(q,r)": axial coordinates.
bool read_axial(Reader& in, Coord& c) {
  const char close = in.peek() == '[' ? ']' : ')';
  ++in.pos;
  if (!in.read_number(c.q, true) || in.peek() != ',') return false;
  ++in.pos;
  if (!in.read_number(c.r, true) || in.peek() != close) return false;
  ++in.pos;
  return true;
}

// "e3s25", "n4", "w2", "gz": the doubled-height map reference (x = q, y = q + 2r).
bool read_map_reference(Reader& in, Coord& c) {
  if (in.lowered.compare(in.pos, 2, "gz") == 0) {
    in.pos += 2;
    c = {0, 0};
    return true;
  }
  int x = 0, y = 0;
  bool any = false;
  if (in.peek() == 'e' || in.peek() == 'w') {
    const int sign = in.peek() == 'e' ? 1 : -1;
    ++in.pos;
    if (!in.read_number(x, false)) return false;
    x *= sign;
    any = true;
  }
  if (in.peek() == 'n' || in.peek() == 's') {
    const int sign = in.peek() == 'n' ? 1 : -1;
    ++in.pos;
    if (!in.read_number(y, false)) return false;
    y *= sign;
    any = true;
  }
  if (!any || (y - x) % 2 != 0) return false;
  c = {x, (y - x) / 2};
  return true;
}

Result<int> read_cell(Reader& in) {
  const std::size_t start = in.pos;
  Coord c;
  const bool read =
      (in.peek() == '[' || in.peek() == '(') ? read_axial(in, c) : read_map_reference(in, c);
  const int cell = read ? Geometry::get().cell_at(c) : -1;
  if (cell < 0) {
    return bad_notation("'" + in.token(start) + "' is not a cell of the board (write [q,r] or " +
                        "a map reference such as s24)");
  }
  return cell;
}

Result<std::uint8_t> read_declarations(Reader& in) {
  std::uint8_t declared = 0;
  while (in.peek() == '+') {
    const std::size_t start = ++in.pos;
    while (std::isalpha(static_cast<unsigned char>(in.peek()))) ++in.pos;
    const std::string name = in.lowered.substr(start, in.pos - start);
    int colour = -1;
    for (int k = 0; k < kColours; ++k) {
      std::string full = kColourNames[k];
      for (char& ch : full) ch = lower(ch);
      if (name == full || (name.size() == 1 && name[0] == kColourLetters[k])) colour = k;
    }
    if (colour < 0) {
      return bad_notation("'+" + in.original.substr(start, in.pos - start) +
                          "' is not a colour (Silver, Blue, Yellow, Orange, Green, Red)");
    }
    declared |= bit(colour);
  }
  return declared;
}

struct Parsed {
  MoveFields fields;
  PieceType letter = PieceType::kNone;
  bool hat = false;  // "=H": the explicit form of an unpromoted Militant's hat
};

// "=R": the promotion; "=H" is the explicit form of the automatic hat.
std::optional<RuleError> read_promotion(Reader& in, Parsed& parsed) {
  if (in.peek() != '=') return std::nullopt;
  const std::size_t start = in.pos++;
  PieceType& promotion = parsed.fields.promotion;
  promotion = in.done() ? PieceType::kNone : piece_type_from_letter(in.lowered[in.pos++]);
  if (promotion == PieceType::kNone) {
    return bad_notation("'" + in.original.substr(start, in.pos - start) + "' is not a piece");
  }
  if (promotion == PieceType::kHattedMilitant) {
    parsed.hat = true;
    promotion = PieceType::kNone;
  }
  return std::nullopt;
}

Result<Parsed> read_move(Reader& in, bool with_letter) {
  Parsed parsed;
  MoveFields& f = parsed.fields;
  if (with_letter) parsed.letter = piece_type_from_letter(in.lowered[in.pos++]);
  Result<int> from = read_cell(in);
  if (!from) return from.error();
  const std::size_t separator = in.pos;
  const char sep = in.peek();
  if (sep != '-' && sep != 'x' && sep != '*') {
    return bad_notation("expected '-', 'x' or '*' after " + cell_name(*from) + ", not '" +
                        in.token(separator) + "'");
  }
  ++in.pos;
  Result<int> to = read_cell(in);
  if (!to) return to.error();
  f = {sep == '*' ? MoveKind::kShot : MoveKind::kStep, *from, *to};
  if (sep != '*' && (in.peek() == '-' || in.peek() == 'x') && in.pos + 1 < in.lowered.size() &&
      starts_cell(in.lowered[in.pos + 1])) {
    ++in.pos;
    Result<int> target = read_cell(in);
    if (!target) return target.error();
    f = {MoveKind::kStepCapture, *from, *target, *to};
  }
  if (auto error = read_promotion(in, parsed)) return *error;
  Result<std::uint8_t> declared = read_declarations(in);
  if (!declared) return declared.error();
  f.declared = *declared;
  if (!in.done()) {
    return bad_notation("unexpected '" + in.original.substr(in.pos) + "' after the move");
  }
  return parsed;
}

// The letter must name the piece on the starting cell (a Hatted Militant answers to M too).
std::optional<RuleError> check_letter(const Position& pos, const Parsed& parsed) {
  const Piece piece = pos.board[parsed.fields.from];
  if (piece == kEmpty || parsed.letter == PieceType::kNone) return std::nullopt;
  const PieceType type = type_of(piece);
  if (type == parsed.letter ||
      (type == PieceType::kHattedMilitant && parsed.letter == PieceType::kMilitant)) {
    if (parsed.hat && !gets_hat(piece, parsed.fields.from, parsed.fields.to)) {
      return illegal("=H: only a Militant reaching its Center Line is hatted");
    }
    return std::nullopt;
  }
  return illegal("there is no " + std::string(rule_of(parsed.letter).name) + " on " +
                 cell_name(parsed.fields.from) + ": it holds " + piece_description(piece));
}

std::optional<Move> read_command(std::string_view text) {
  std::string words;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!words.empty() && words.back() != ' ') words += ' ';
    } else {
      words += lower(c);
    }
  }
  if (!words.empty() && words.back() == ' ') words.pop_back();
  if (words == "pass") return encode({MoveKind::kPass});
  if (words == "accept draw") return encode({MoveKind::kAcceptDraw});
  if (words == "offer draw") return encode({MoveKind::kOfferDraw});
  for (bool on : {false, true}) {
    if (words == std::string("set object-self-check ") + (on ? "on" : "off")) {
      MoveFields f{MoveKind::kSetObjection};
      f.setting = on;
      return encode(f);
    }
  }
  return std::nullopt;
}

}  // namespace

PieceType piece_type_from_letter(char letter) {
  const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
  for (const PieceRule& rule : kPieceRules) {
    if (rule.letter == upper) return rule.type;
  }
  return PieceType::kNone;
}

int parse_cell(std::string_view text) {
  Reader in;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    in.original += c;
    in.lowered += lower(c);
  }
  if (in.lowered.empty() || !starts_cell(in.lowered[0])) return -1;
  Result<int> cell = read_cell(in);
  return cell.ok() && in.done() ? *cell : -1;
}

Result<Move> parse_move(const Position& pos, std::string_view text) {
  text = strip_annotation(text);
  if (text.empty()) return bad_notation(std::string("empty move: write e.g. ") + kExample);
  // Every move names a cell with digits (only Ground Zero has none); commands have none.
  const bool has_digits = std::any_of(text.begin(), text.end(), is_digit);
  std::string lowered;
  for (char c : text) lowered += lower(c);
  if (!has_digits || lowered.rfind("set", 0) == 0 || lowered.find("draw") != std::string::npos) {
    if (std::optional<Move> command = read_command(text)) return *command;
    return bad_notation("'" + std::string(text) + "' is not a move or a command: write e.g. " +
                        kExample + ", or pass, offer draw, accept draw, set object-self-check " +
                        "on|off");
  }
  Reader in;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    in.original += c;
    in.lowered += lower(c);
  }
  std::optional<RuleError> first_error;
  for (bool with_letter : {true, false}) {
    if (with_letter && piece_type_from_letter(in.lowered[0]) == PieceType::kNone) continue;
    in.pos = 0;
    Result<Parsed> parsed = read_move(in, with_letter);
    if (parsed.ok()) {
      if (auto wrong = check_letter(pos, *parsed)) return *wrong;
      return encode(parsed->fields);
    }
    if (!first_error) first_error = parsed.error();
  }
  if (starts_cell(in.lowered[0]) || piece_type_from_letter(in.lowered[0]) != PieceType::kNone) {
    return *first_error;
  }
  return bad_notation("'" + std::string(text) + "' is not a move: write e.g. " + kExample);
}

std::string format_move(const Position& pos, Move move) {
  const MoveFields f = decode(move);
  switch (f.kind) {
    case MoveKind::kPass:
      return "pass";
    case MoveKind::kAcceptDraw:
      return "accept draw";
    case MoveKind::kOfferDraw:
      return "offer draw";
    case MoveKind::kSetObjection:
      return std::string("set object-self-check ") + (f.setting ? "on" : "off");
    default:
      break;
  }
  const Piece piece = pos.board[f.from];
  std::string text(1, piece == kEmpty ? '?' : rule_of(type_of(piece)).letter);
  text += cell_name(f.from);
  if (f.kind == MoveKind::kShot) {
    text += "*" + cell_name(f.to);
  } else if (f.kind == MoveKind::kStepCapture) {
    text += "-" + cell_name(f.via) + "x" + cell_name(f.to);
  } else {
    bool captures = pos.board[f.to] != kEmpty;
    if (is(piece, PieceType::kDreadnaught)) {
      const Geometry& g = Geometry::get();
      const AxisStep route = axis_between(g.coord(f.from), g.coord(f.to));
      for (int n = 1, c = f.from; n < route.steps; ++n) {
        c = g.step(c, route.axis);
        captures = captures || pos.board[c] != kEmpty;
      }
    }
    text += (captures ? "x" : "-") + cell_name(f.to);
  }
  if (f.promotion != PieceType::kNone) text += std::string("=") + rule_of(f.promotion).letter;
  for (int colour = 0; colour < kColours; ++colour) {
    if (f.declared & bit(colour)) text += std::string("+") + kColourNames[colour];
  }
  return text;
}

}  // namespace rules::heximeros
