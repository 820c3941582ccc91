#pragma once
// Helpers for the Mojave tests: positions are written as serialized text, dice as "f6:362".

#include <memory>
#include <string>
#include <vector>

#include "rules/core/game.h"

namespace rules::mojave::testing {

// "f6:TNE" for the die with `top` and `north` faces (east follows from right-handedness).
std::string die(const std::string& square, int top, int north);
// "f6:TNE" for some die with `top` on top (the first such orientation in the fixed order).
std::string die(const std::string& square, int top);

struct Layout {
  std::vector<std::string> red;
  std::vector<std::string> black;
  std::string to = "red";
  std::string zugzwang = "none";
  int quiet = 0;
  int passes = 0;
  std::string adjudication = "none";
};

std::string position_text(const Layout& layout);
// Loads the position; a failed load is a test failure and returns nullptr.
std::unique_ptr<State> load(const Layout& layout);
std::unique_ptr<State> new_game(int first_player = 0);

// The record of a played turn, or "<code>: <message>" when it is rejected.
std::string play(State& state, const std::string& text);
// The canonical text of every legal move, in move order.
std::vector<std::string> legal_texts(const State& state);
// The legal moves of the die on `square`, canonical text.
std::vector<std::string> legal_texts_from(const State& state, const std::string& square);

}  // namespace rules::mojave::testing
