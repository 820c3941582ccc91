#pragma once
// Shared helpers for the Hex Quoridor tests: positions are written in the serialized format
// (see rules/hex_quoridor/hex_quoridor.h) and moves in notation, so each test reads like the
// rules-spec position it pins.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/play.h"
#include "rules/hex_quoridor/hex_quoridor.h"

namespace rules::hex_quoridor::testing {

inline const GameDef& game() {
  static const GameDef def = definition();
  return def;
}

// Loads a serialized position; fails the test (and returns nullptr) when it does not load.
inline std::unique_ptr<State> position(std::string_view text) {
  Result<std::unique_ptr<State>> loaded = game().load(text);
  EXPECT_TRUE(loaded.ok()) << text << ": " << (loaded.ok() ? "" : loaded.error().message);
  return loaded.ok() ? std::move(loaded).value() : nullptr;
}

// A new game whose "first-player" draw picks `first`.
inline std::unique_ptr<State> new_game(int players, int first = 0,
                                       std::map<std::string, std::string> options = {}) {
  ReplayRandom rng(
      {{"first-player", static_cast<std::uint32_t>(players), static_cast<std::uint32_t>(first)}});
  Result<std::unique_ptr<State>> created = game().create(GameConfig{players, options}, rng);
  EXPECT_TRUE(created.ok()) << (created.ok() ? "" : created.error().message);
  EXPECT_FALSE(rng.mismatch());
  return created.ok() ? std::move(created).value() : nullptr;
}

inline std::vector<std::string> legal_texts(const State& state) {
  std::vector<std::string> texts;
  for (Move m : state.legal_moves()) texts.push_back(state.format_move(m));
  return texts;
}

// The legal pawn moves (steps and jumps), by destination.
inline std::vector<std::string> pawn_moves(const State& state) {
  std::vector<std::string> texts;
  for (const std::string& text : legal_texts(state)) {
    if (text[0] != 'F' && text != "pass") texts.push_back(text);
  }
  std::sort(texts.begin(), texts.end());
  return texts;
}

inline int fence_count(const State& state) {
  const std::vector<std::string> texts = legal_texts(state);
  return static_cast<int>(
      std::count_if(texts.begin(), texts.end(), [](const std::string& t) { return t[0] == 'F'; }));
}

// Plays one move; returns the record text, or the error message prefixed by its code.
inline std::string play_text(State& state, std::string_view text) {
  NoRandom no_draws;
  Result<std::string> result = play(state, text, no_draws);
  if (result.ok()) return *result;
  return std::string(to_string(result.error().code)) + ": " + result.error().message;
}

inline bool legal(const State& state, std::string_view text) { return preview(state, text).ok(); }

}  // namespace rules::hex_quoridor::testing
