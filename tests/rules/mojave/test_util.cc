#include "test_util.h"

#include <gtest/gtest.h>

#include "rules/core/play.h"
#include "rules/dice/cube_die.h"
#include "rules/mojave/mojave.h"

namespace rules::mojave::testing {

namespace {

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ",") + item;
  return text;
}

}  // namespace

std::string die(const std::string& square, int top, int north) {
  const auto orientation = dice::make_orientation(top, north);
  EXPECT_TRUE(orientation.has_value()) << top << " and " << north << " are not adjacent";
  return square + ":" + (orientation ? dice::format_orientation(*orientation) : "???");
}

std::string die(const std::string& square, int top) {
  for (const dice::Orientation& o : dice::all_orientations()) {
    if (o.top == top) return square + ":" + dice::format_orientation(o);
  }
  ADD_FAILURE() << "no die with " << top << " on top";
  return square + ":???";
}

std::string position_text(const Layout& layout) {
  return "mojave 1 to=" + layout.to + " quiet=" + std::to_string(layout.quiet) +
         " passes=" + std::to_string(layout.passes) +
         " resigned=none adjudication=" + layout.adjudication + " zugzwang=" + layout.zugzwang +
         " red=" + join(layout.red) + " black=" + join(layout.black);
}

std::unique_ptr<State> load(const Layout& layout) {
  Result<std::unique_ptr<State>> state = definition().load(position_text(layout));
  EXPECT_TRUE(state.ok()) << state.error().message;
  return state.ok() ? std::move(state).value() : nullptr;
}

std::unique_ptr<State> new_game(int first_player) {
  ReplayRandom rng({{"first-player", 2, static_cast<std::uint32_t>(first_player)}});
  Result<std::unique_ptr<State>> state = definition().create(GameConfig{}, rng);
  EXPECT_TRUE(state.ok());
  EXPECT_FALSE(rng.mismatch());
  return std::move(state).value();
}

std::string play(State& state, const std::string& text) {
  NoRandom no_draws;
  Result<std::string> record = rules::play(state, text, no_draws);
  EXPECT_FALSE(no_draws.used()) << "Mojave moves never draw";
  if (record.ok()) return *record;
  return std::string(to_string(record.error().code)) + ": " + record.error().message;
}

std::vector<std::string> legal_texts(const State& state) {
  std::vector<std::string> texts;
  for (Move move : state.legal_moves()) texts.push_back(state.format_move(move));
  return texts;
}

std::vector<std::string> legal_texts_from(const State& state, const std::string& square) {
  std::vector<std::string> texts;
  for (const std::string& text : legal_texts(state)) {
    if (text.rfind(square, 0) == 0 &&
        !std::isdigit(static_cast<unsigned char>(text[square.size()]))) {
      texts.push_back(text);
    }
  }
  return texts;
}

}  // namespace rules::mojave::testing
