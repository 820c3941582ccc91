#include "rules/core/play.h"

#include <algorithm>
#include <charconv>

namespace rules {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::kBadNotation:
      return "bad_notation";
    case ErrorCode::kIllegalMove:
      return "illegal_move";
    case ErrorCode::kGameOver:
      return "game_over";
    case ErrorCode::kBadPosition:
      return "bad_position";
    case ErrorCode::kBadOptions:
      return "bad_options";
  }
  return "unknown";
}

namespace {

std::string_view trim(std::string_view text) {
  const char* spaces = " \t\r\n";
  auto first = text.find_first_not_of(spaces);
  if (first == std::string_view::npos) return {};
  auto last = text.find_last_not_of(spaces);
  return text.substr(first, last - first + 1);
}

}  // namespace

std::string_view strip_annotation(std::string_view text) {
  // The move ends at the first annotation "{", comment "//" or turn end ";", whichever comes
  // first: annotations may themselves contain ';' and '//' never starts a move.
  std::size_t end = text.size();
  for (std::string_view marker : {"{", "//", ";"}) end = std::min(end, text.find(marker));
  return trim(text.substr(0, end));
}

Result<std::string> preview(const State& state, std::string_view text) {
  if (state.outcome().finished) return RuleError{ErrorCode::kGameOver, "the game is over"};
  Result<Move> move = state.parse_move(text);
  if (!move) return move.error();
  if (auto error = state.validate(*move)) return *error;
  return state.format_move(*move);
}

Result<std::string> play(State& state, std::string_view text, RandomSource& rng) {
  if (state.outcome().finished) return RuleError{ErrorCode::kGameOver, "the game is over"};
  Result<Move> move = state.parse_move(text);
  if (!move) return move.error();
  if (auto error = state.validate(*move)) return *error;
  return state.apply(*move, rng);
}

bool is_resignation(std::string_view entry, int& seat) {
  entry = trim(entry);
  constexpr std::string_view kPrefix = "resign ";
  if (entry.substr(0, kPrefix.size()) != kPrefix) return false;
  auto digits = trim(entry.substr(kPrefix.size()));
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), seat);
  return ec == std::errc() && end == digits.data() + digits.size() && seat >= 0;
}

std::string resignation_entry(int seat) { return "resign " + std::to_string(seat); }

bool is_handover(std::string_view entry, int& seat, std::string& player) {
  entry = trim(entry);
  constexpr std::string_view kPrefix = "handover ";
  if (entry.substr(0, kPrefix.size()) != kPrefix) return false;
  const std::string_view rest = trim(entry.substr(kPrefix.size()));
  const auto space = rest.find(' ');
  if (space == std::string_view::npos) return false;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + space, seat);
  player = std::string(trim(rest.substr(space + 1)));
  return ec == std::errc() && end == rest.data() + space && seat >= 0 && !player.empty() &&
         player.find(' ') == std::string::npos;
}

std::string handover_entry(int seat, const std::string& player) {
  return "handover " + std::to_string(seat) + " " + player;
}

Result<std::string> play_entry(State& state, std::string_view entry, RandomSource& rng) {
  int seat = 0;
  std::string player;
  if (is_handover(entry, seat, player)) {
    if (seat >= state.num_seats()) return bad_notation(std::string(entry) + ": no such seat");
    if (state.outcome().finished) return RuleError{ErrorCode::kGameOver, "the game is over"};
    return handover_entry(seat, player);  // who plays the seat changes; the position does not
  }
  if (!is_resignation(entry, seat)) return play(state, entry, rng);
  if (seat >= state.num_seats()) {
    return bad_notation("resign " + std::to_string(seat) + ": no such seat");
  }
  if (auto error = state.resign(seat)) return *error;
  return resignation_entry(seat);
}

bool parse_option(std::string_view text, std::string& key, std::string& value) {
  auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) return false;
  key = std::string(trim(text.substr(0, eq)));
  value = std::string(trim(text.substr(eq + 1)));
  return !key.empty();
}

std::optional<RuleError> check_config(const GameInfo& info, const GameConfig& config,
                                      std::map<std::string, std::string>& resolved) {
  const auto& counts = info.player_counts;
  if (std::find(counts.begin(), counts.end(), config.players) == counts.end()) {
    std::string offered;
    for (int n : counts) offered += (offered.empty() ? "" : ", ") + std::to_string(n);
    return RuleError{ErrorCode::kBadOptions, info.name + " is played by " + offered +
                                                 " players, not " + std::to_string(config.players)};
  }
  resolved.clear();
  for (const OptionSpec& spec : info.options) resolved[spec.name] = spec.default_value;
  for (const auto& [key, value] : config.options) {
    // Named, not captured: clang 14 (the fuzz build) cannot capture structured bindings.
    const std::string& name = key;
    auto spec = std::find_if(info.options.begin(), info.options.end(),
                             [&](const OptionSpec& s) { return s.name == name; });
    if (spec == info.options.end()) {
      return RuleError{ErrorCode::kBadOptions, info.name + " has no option '" + key + "'"};
    }
    if (!spec->allowed.empty() &&
        std::find(spec->allowed.begin(), spec->allowed.end(), value) == spec->allowed.end()) {
      std::string allowed;
      for (const auto& a : spec->allowed) allowed += (allowed.empty() ? "" : ", ") + a;
      return RuleError{ErrorCode::kBadOptions,
                       "option " + key + " must be one of " + allowed + ", not '" + value + "'"};
    }
    resolved[key] = value;
  }
  return std::nullopt;
}

}  // namespace rules
