#pragma once
// Helpers for the HexiMeros tests: positions written as sparse piece lists, and turns played
// through the generic State interface (parse, validate, apply), as the service plays them.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "rules/core/play.h"
#include "rules/heximeros/heximeros.h"
#include "rules/heximeros/ruleset.h"

namespace rules::heximeros::testing {

// A position in the serialized format; the defaults are a two-player game, Silver to move,
// nobody objecting to self-check (so that tests of other rules are not disturbed).
struct Scene {
  std::string colours = "SO";
  std::string mover = "s";
  std::string pieces;  // "sS@0,-12;oS@0,12"
  std::string objecting = "-";
  std::string checks = "-";
  std::string out = "-";
  std::string points;  // empty: zero for every seat
  std::string scoring = "off";
  std::string offer = "-";
  std::string end = "none";
  int ply = 0;
  int quiet = 0;
  int commands = 0;

  std::string text() const {
    std::string zeros;
    for (std::size_t i = 0; i < colours.size(); ++i) zeros += i ? ",0" : "0";
    return std::string("heximeros ") + kRulesetVersion + " colours=" + colours + " mover=" + mover +
           " ply=" + std::to_string(ply) + " quiet=" + std::to_string(quiet) +
           " commands=" + std::to_string(commands) + " scoring=" + scoring +
           " objecting=" + objecting + " offer=" + offer + " end=" + end + " out=" + out +
           " points=" + (points.empty() ? zeros : points) + " checks=" + checks +
           " pieces=" + pieces;
  }

  std::unique_ptr<State> state() const {
    Result<std::unique_ptr<State>> loaded = definition().load(text());
    EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().message) << "\n" << text();
    return loaded.ok() ? std::move(loaded).value() : nullptr;
  }
};

inline std::unique_ptr<State> new_game(int players,
                                       std::map<std::string, std::string> options = {}) {
  SeededRandom rng(1);
  Result<std::unique_ptr<State>> created = definition().create(GameConfig{players, options}, rng);
  EXPECT_TRUE(created.ok());
  return created.ok() ? std::move(created).value() : nullptr;
}

// Plays one turn; the record on success, "error: <message>" otherwise.
inline std::string play_turn(State& state, std::string_view text) {
  NoRandom no_draws;
  Result<std::string> record = play(state, text, no_draws);
  return record.ok() ? *record : "error: " + record.error().message;
}

inline std::vector<std::string> legal_texts(const State& state) {
  std::vector<std::string> texts;
  for (Move move : state.legal_moves()) texts.push_back(state.format_move(move));
  return texts;
}

// The legal moves whose text starts with `prefix` (e.g. the moves of one piece).
inline std::vector<std::string> legal_from(const State& state, const std::string& prefix) {
  std::vector<std::string> texts;
  for (const std::string& text : legal_texts(state)) {
    if (text.rfind(prefix, 0) == 0) texts.push_back(text);
  }
  return texts;
}

// The same without the variants that only add check declarations.
inline std::vector<std::string> plain_from(const State& state, const std::string& prefix) {
  std::vector<std::string> texts;
  for (const std::string& text : legal_from(state, prefix)) {
    if (text.find('+') == std::string::npos) texts.push_back(text);
  }
  return texts;
}

inline bool contains(const std::vector<std::string>& texts, const std::string& text) {
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

// The message a turn is rejected with, or "" when it is legal.
inline std::string rejection(const State& state, std::string_view text) {
  Result<Move> move = state.parse_move(text);
  if (!move.ok()) return move.error().message;
  std::optional<RuleError> error = state.validate(*move);
  return error ? error->message : "";
}

inline std::string field(const State& state, const std::string& key) {
  const std::string text = state.serialize();
  const std::size_t start = text.find(" " + key + "=");
  if (start == std::string::npos) return "";
  const std::size_t from = start + key.size() + 2;
  return text.substr(from, text.find(' ', from) - from);
}

}  // namespace rules::heximeros::testing
