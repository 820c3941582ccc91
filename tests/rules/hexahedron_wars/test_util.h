#pragma once
// Helpers for the Hexahedron Wars rule tests: build a position square by square, load it
// through the registered GameDef (so every test also exercises load()), and play text moves.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "rules/core/play.h"
#include "rules/hexahedron_wars/hexahedron_wars.h"
#include "rules/hexahedron_wars/serialize.h"
#include "rules/hexahedron_wars/state.h"

namespace rules::hexahedron_wars::testing {

inline const GameDef& game() {
  static const GameDef def = definition();
  return def;
}

inline dice::Orientation with_top(int top) {
  for (const dice::Orientation& o : dice::all_orientations()) {
    if (o.top == top) return o;
  }
  return {};
}

// A position under construction; seats are 0-based, squares by name.
class Position {
 public:
  explicit Position(int players) {
    g_.geo = geometry_for(players);
    g_.players = players;
    g_.phase = Phase::kPlay;
    g_.ply = 10;
  }

  Position& die(const std::string& square, int seat, dice::Orientation o) {
    g_.put_die(sq(square), seat, o);
    return *this;
  }
  Position& die(const std::string& square, int seat, int top) {
    return die(square, seat, with_top(top));
  }
  Position& tile(const std::string& square, int value) {
    g_.board[sq(square)].tile = static_cast<std::uint8_t>(value);
    g_.tiles |= bit(sq(square));
    return *this;
  }
  Position& turn(int seat) {
    g_.turn = seat;
    return *this;
  }
  Position& ply(int n) {
    g_.ply = n;
    return *this;
  }

  int sq(const std::string& name) const { return g_.geo->parse_square(name); }
  std::string text() const { return serialize_game(g_); }

  std::unique_ptr<State> state() const {
    Result<std::unique_ptr<State>> loaded = game().load(text());
    EXPECT_TRUE(loaded.ok()) << text() << ": " << (loaded.ok() ? "" : loaded.error().message);
    return loaded.ok() ? std::move(loaded).value() : nullptr;
  }

 private:
  Game g_;
};

// Plays a move that must be legal and must not draw; returns the record.
inline std::string play_ok(State& state, const std::string& text) {
  NoRandom no_draws;
  Result<std::string> record = play(state, text, no_draws);
  EXPECT_TRUE(record.ok()) << text << ": " << (record.ok() ? "" : record.error().message);
  EXPECT_FALSE(no_draws.used()) << text << " drew a random number";
  return record.ok() ? *record : "";
}

// Plays a move with the given recorded draws; every draw must be used as recorded.
inline std::string play_with(State& state, const std::string& text, std::vector<Draw> draws) {
  ReplayRandom rng(std::move(draws));
  Result<std::string> record = play(state, text, rng);
  EXPECT_TRUE(record.ok()) << text << ": " << (record.ok() ? "" : record.error().message);
  EXPECT_FALSE(rng.mismatch()) << text << ": draws differ from the script";
  EXPECT_TRUE(rng.exhausted()) << text << ": not every scripted draw was used";
  return record.ok() ? *record : "";
}

// The error of a move that must be rejected, as "code: message".
inline std::string rejection(const State& state, const std::string& text) {
  Result<std::string> result = preview(state, text);
  if (result.ok()) return "accepted as " + *result;
  return std::string(to_string(result.error().code)) + ": " + result.error().message;
}

inline std::vector<std::string> legal_texts(const State& state) {
  std::vector<std::string> texts;
  for (Move m : state.legal_moves()) texts.push_back(state.format_move(m));
  return texts;
}

inline bool is_legal(const State& state, const std::string& text) {
  for (const std::string& legal : legal_texts(state)) {
    if (legal == text) return true;
  }
  return false;
}

// The die on a square as "A654", or "-" when the square is empty, read from serialize().
inline std::string die_at(const State& state, const std::string& square) {
  const std::string text = state.serialize();
  const auto begin = text.find(" dice=") + 6;
  const std::string dice = "," + text.substr(begin, text.find(" tiles=") - begin);
  const auto at = dice.find("," + square + ":");
  if (at == std::string::npos) return "-";
  return dice.substr(at + square.size() + 2, 4);
}

}  // namespace rules::hexahedron_wars::testing
