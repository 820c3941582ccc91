#pragma once
// The contract checks (rules/core/game.h) the rules targets assert after every accepted input.

#include <string>

#include "fuzz/fuzz_support.h"
#include "rules/core/game.h"

namespace fuzz {

// load(serialize()) reproduces serialize(); the game is over exactly when no move is legal;
// legal moves format to text that parses back to them (at most 16, spread over the list: some
// games parse against their legal moves, and the contract suite already checks every one on
// random games); renders from the default view and from the first seat to move.
inline void check_state(const rules::GameDef& game, const rules::State& state) {
  const std::string text = state.serialize();
  auto loaded = game.load(text);
  check(loaded.ok(), game.info.id + ": serialize() does not load: " + text);
  check(loaded.value()->serialize() == text, game.info.id + ": load(serialize()) differs: " + text);
  const auto legal = state.legal_moves();
  const auto to_move = state.to_move();
  check(legal.empty() == state.outcome().finished,
        game.info.id + ": legal moves empty != finished: " + text);
  check(legal.empty() == to_move.empty(),
        game.info.id + ": legal moves empty != no seat to move: " + text);
  const std::size_t step = legal.size() / 16 + 1;
  for (std::size_t i = 0; i < legal.size(); i += step) {
    const std::string canonical = state.format_move(legal[i]);
    auto parsed = state.parse_move(canonical);
    check(parsed.ok() && parsed.value() == legal[i],
          game.info.id + ": \"" + canonical + "\" does not parse back in " + text);
  }
  rules::RenderOptions options;
  (void)state.render(options);
  if (!to_move.empty()) {
    options.perspective = to_move.front();
    options.detailed = true;
    (void)state.render(options);
  }
}

}  // namespace fuzz
