// Notation of rules-spec §1.11 plus the setup placement "@c4" (README.md, "Notation").
// Input is case-insensitive; tokens are separated by commas and/or whitespace; a trailing
// "{...}" annotation and a "//" comment are ignored. Output is canonical: lower-case squares
// and token prefixes, upper-case directions, commas, "@square" glued to the claiming step.

#include "rules/hexahedron_wars/notation.h"

#include <cctype>

#include "rules/core/play.h"

namespace rules::hexahedron_wars {

namespace {

constexpr const char* kTokenHelp =
    "use N, E, S, W (steps), jN, jE, jS, jW (jumps), wN, wE, wS, wW (war jump) or @<square>";

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

std::optional<Dir> parse_dir(char c) {
  switch (lower(c)) {
    case 'n':
      return Dir::kNorth;
    case 'e':
      return Dir::kEast;
    case 's':
      return Dir::kSouth;
    case 'w':
      return Dir::kWest;
    default:
      return std::nullopt;
  }
}

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ',' || std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && text[end] != ',' &&
           !std::isspace(static_cast<unsigned char>(text[end]))) {
      ++end;
    }
    words.push_back(text.substr(i, end - i));
    i = end;
  }
  return words;
}

Result<int> parse_square_word(const Game& g, std::string_view word) {
  const int square = g.geo->parse_square(word);
  if (square == kNoSquare) {
    return bad_notation("'" + std::string(word) + "' is not a square of the " +
                        std::to_string(g.geo->width()) + "x" + std::to_string(g.geo->height()) +
                        " board");
  }
  return square;
}

// One token: N | jN | wN (any direction). War must be the last token of the move.
std::optional<RuleError> parse_token(std::string_view word, bool last, MoveSpec& spec) {
  std::optional<Dir> dir;
  bool jump = false, war = false;
  if (word.size() == 1) {
    dir = parse_dir(word[0]);
  } else if (word.size() == 2 && (lower(word[0]) == 'j' || lower(word[0]) == 'w')) {
    dir = parse_dir(word[1]);
    jump = true;
    war = lower(word[0]) == 'w';
  }
  if (!dir) return bad_notation("'" + std::string(word) + "' is not a token: " + kTokenHelp);
  if (war && !last) {
    return bad_notation("the war jump " + std::string(word) + " must be the last token; " +
                        "after a won war, go on with +:<tokens>");
  }
  if (spec.count >= kMaxTokens) {
    return bad_notation("a move may hold at most " + std::to_string(kMaxTokens) + " tokens");
  }
  spec.tokens[spec.count++] = {jump, *dir};
  spec.war = war;
  return std::nullopt;
}

// The part after the colon: tokens, the last one optionally followed by "@square".
std::optional<RuleError> parse_tokens(const Game& g, std::string_view text, MoveSpec& spec) {
  const std::vector<std::string_view> words = split_words(text);
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string_view word = words[i];
    const bool last = i + 1 == words.size();
    const auto at = word.find('@');
    if (at != std::string_view::npos) {
      if (!last) {
        return bad_notation("'" + std::string(word) + "': @<square> comes last, after the " +
                            "claiming step");
      }
      Result<int> place = parse_square_word(g, word.substr(at + 1));
      if (!place) return place.error();
      spec.place = *place;
      word = word.substr(0, at);
      if (word.empty()) break;
    }
    if (auto error = parse_token(word, last, spec)) return error;
  }
  if (spec.count == 0) {
    return bad_notation("'" + std::string(text) + "' has no step or jump: " + kTokenHelp);
  }
  return std::nullopt;
}

}  // namespace

Result<MoveSpec> parse_notation(const Game& g, std::string_view text) {
  const std::string move(strip_annotation(text));
  MoveSpec spec;
  if (move.empty())
    return bad_notation("empty move: expected <square>:<tokens>, +:<tokens> or @<square>");
  if (move.front() == '@') {
    Result<int> square = parse_square_word(g, trim(std::string_view(move).substr(1)));
    if (!square) return square.error();
    spec.kind = MoveKind::kPlaceBlocker;
    spec.square = *square;
    return spec;
  }
  const auto colon = move.find(':');
  if (colon == std::string::npos) {
    return bad_notation("'" + move + "' is not a move: expected <square>:<tokens>, " +
                        "+:<tokens>, +:end or @<square>");
  }
  const std::string_view head = trim(std::string_view(move).substr(0, colon));
  const std::string_view tail = trim(std::string_view(move).substr(colon + 1));
  if (head == "+") {
    spec.kind = MoveKind::kContinue;
    if (equals_ignoring_case(tail, "end")) return spec;
  } else {
    Result<int> square = parse_square_word(g, head);
    if (!square) return square.error();
    spec.square = *square;
  }
  if (auto error = parse_tokens(g, tail, spec)) return *error;
  return spec;
}

std::string format_notation(const Game& g, const MoveSpec& spec) {
  if (spec.kind == MoveKind::kPlaceBlocker) return "@" + g.geo->square_name(spec.square);
  std::string out = spec.kind == MoveKind::kContinue ? "+:" : g.geo->square_name(spec.square) + ":";
  if (spec.kind == MoveKind::kContinue && spec.count == 0) return out + "end";
  for (int i = 0; i < spec.count; ++i) {
    const Token& t = spec.tokens[i];
    if (i > 0) out += ',';
    if (t.jump) out += spec.war && i + 1 == spec.count ? 'w' : 'j';
    out += dir_letter(t.dir);
  }
  if (spec.place != kNoSquare) out += "@" + g.geo->square_name(spec.place);
  return out;
}

}  // namespace rules::hexahedron_wars
