#include "rules/mojave/notation.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "rules/core/play.h"

namespace rules::mojave {

namespace {

constexpr std::string_view kDirectionLetters = "nesw";
constexpr std::string_view kDirectionNames = "NESW";

// Lower case without whitespace: §0.1 makes letters case-insensitive and spaces optional.
std::string compact(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (!std::isspace(static_cast<unsigned char>(c))) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

// A cursor over compacted text; `rest()` quotes the offending token in messages.
struct Reader {
  std::string_view text;
  std::size_t pos = 0;

  bool done() const { return pos >= text.size(); }
  char peek() const { return done() ? '\0' : text[pos]; }
  bool take(std::string_view word) {
    if (text.substr(pos, word.size()) != word) return false;
    pos += word.size();
    return true;
  }
  std::string rest() const {
    std::string_view tail = text.substr(std::min(pos, text.size()));
    return "'" + std::string(tail.substr(0, 12)) + (tail.size() > 12 ? "...'" : "'");
  }
  std::optional<int> count() {
    int value = 0;
    int digits = 0;
    while (!done() && std::isdigit(static_cast<unsigned char>(peek())) && digits < 3) {
      value = value * 10 + (text[pos++] - '0');
      ++digits;
    }
    if (digits == 0 || digits > 2) return std::nullopt;
    return value;
  }
};

Result<Path> parse_alias(Reader& in, int from) {
  const std::string token = in.rest();
  std::optional<int> to = parse_square(in.text, in.pos);
  if (!to) return bad_notation(token + ": expected a destination square after '-'");
  const int files = file_of(*to) - file_of(from);
  const int ranks = rank_of(*to) - rank_of(from);
  if (files == 0 && ranks == 0) {
    return bad_notation("'" + square_name(from) + "-" + square_name(*to) + "' does not move");
  }
  if (files != 0 && ranks != 0) {
    return bad_notation("'" + square_name(from) + "-" + square_name(*to) +
                        "': the from-to form is only for straight moves; write the path, "
                        "e.g. " +
                        square_name(from) + "N1E1");
  }
  Path path;
  path.from = from;
  path.first_dir = ranks > 0 ? 0 : files > 0 ? 1 : ranks < 0 ? 2 : 3;
  path.first_count = std::abs(files + ranks);
  return path;
}

Result<Path> parse_legs(Reader& in, int from) {
  Path path;
  path.from = from;
  int legs = 0;
  while (!in.done() && kDirectionLetters.find(in.peek()) != std::string_view::npos) {
    const std::string token = in.rest();
    const int direction = static_cast<int>(kDirectionLetters.find(in.text[in.pos++]));
    std::optional<int> count = in.count();
    if (!count) return bad_notation(token + ": a direction needs a count of one or two digits");
    if (*count == 0) return bad_notation(token + ": a leg covers at least one square");
    if (legs == 0) {
      path.first_dir = direction;
      path.first_count = *count;
    } else if (legs == 1) {
      path.second_dir = direction;
      path.second_count = *count;
    } else {
      path.extra_turns = true;  // well-formed, but breaks a rule: validation names it
    }
    ++legs;
  }
  if (legs == 0) {
    const std::string found = in.done() ? "nothing" : in.rest();
    return bad_notation("expected a direction N, E, S or W and a count after " + square_name(from) +
                        ", found " + found);
  }
  return path;
}

std::optional<RuleError> parse_square_list(Reader& in, std::vector<int>& out, bool list) {
  do {
    const std::string token = in.rest();
    std::optional<int> square = parse_square(in.text, in.pos);
    if (!square) return bad_notation(token + ": expected a square in the result");
    out.push_back(*square);
  } while (list && in.take(","));
  return std::nullopt;
}

Result<RecordedResult> parse_result(Reader& in) {
  RecordedResult result;
  const std::string whole = in.rest();
  while (!in.done()) {
    const std::string token = in.rest();
    std::optional<RuleError> error;
    if (in.take("=")) {
      std::optional<int> top = in.count();
      if (!top || *top < 1 || *top > 6 || result.top != 0) {
        return bad_notation(token + ": expected one top face 1 to 6 after '='");
      }
      result.top = *top;
    } else if (in.take("xx")) {
      error = parse_square_list(in, result.own_lost, false);
    } else if (in.take("x")) {
      error = parse_square_list(in, result.enemy_lost, false);
    } else if (in.take("zz")) {
      error = parse_square_list(in, result.zugzwang, true);
    } else if (in.take("trapped")) {
      result.trapped = true;
    } else {
      return bad_notation(token + ": expected =top, x, xx, zz or trapped in the result");
    }
    if (error) return *error;
  }
  if (result.top == 0) return bad_notation(whole + ": a result states the final top, as in =5");
  for (auto* list : {&result.own_lost, &result.enemy_lost, &result.zugzwang}) {
    std::sort(list->begin(), list->end(), notation_order);
  }
  return result;
}

void append_squares(std::string& out, std::string_view prefix, std::vector<int> squares) {
  for (int square : squares) out += std::string(prefix) + square_name(square);
}

}  // namespace

RecordedResult recorded_result(const Effects& effects) {
  RecordedResult result;
  result.top = effects.final_top;
  result.own_lost.assign(effects.abandoned.begin(), effects.abandoned.end());
  result.own_lost.insert(result.own_lost.end(), effects.own_lost.begin(), effects.own_lost.end());
  std::sort(result.own_lost.begin(), result.own_lost.end(), notation_order);
  result.enemy_lost.assign(effects.enemy_lost.begin(), effects.enemy_lost.end());
  result.zugzwang.assign(effects.zugzwang.begin(), effects.zugzwang.end());
  result.trapped = effects.trapped;
  return result;
}

Result<ParsedMove> parse_notation(std::string_view text) {
  const std::string compacted = compact(strip_annotation(text));
  Reader in{compacted};
  if (in.done()) return bad_notation("empty move: expected a move such as b3N1");
  if (compacted == "pass") return ParsedMove{kPass, std::nullopt};
  const std::optional<int> from = parse_square(in.text, in.pos);
  if (!from) return bad_notation(in.rest() + " does not start with a square a1 to o18");
  Result<Path> path = in.take("-") ? parse_alias(in, *from) : parse_legs(in, *from);
  if (!path) return path.error();
  ParsedMove parsed{encode(*path), std::nullopt};
  if (!in.done()) {
    Result<RecordedResult> result = parse_result(in);
    if (!result) return result.error();
    parsed.claimed = *result;
  }
  return parsed;
}

std::string format_path(const Path& path) {
  std::string text = square_name(path.from);
  text += kDirectionNames[path.first_dir];
  text += std::to_string(path.first_count);
  if (path.second_count > 0) {
    text += kDirectionNames[path.second_dir];
    text += std::to_string(path.second_count);
  }
  return text;
}

std::string format_result(const RecordedResult& result) {
  std::string text = "=" + std::to_string(result.top);
  append_squares(text, " xx ", result.own_lost);
  append_squares(text, " x ", result.enemy_lost);
  if (!result.zugzwang.empty()) {
    text += " zz ";
    for (std::size_t i = 0; i < result.zugzwang.size(); ++i) {
      text += (i > 0 ? "," : "") + square_name(result.zugzwang[i]);
    }
    if (result.trapped) text += " trapped";
  }
  return text;
}

std::string format_record(Move move, const Effects& effects) {
  if (effects.pass) return "pass";
  return format_path(*decode(move)) + " " + format_result(recorded_result(effects));
}

}  // namespace rules::mojave
