// libFuzzer target "record": the readers of stored game records in the rules library, the code
// that reads what storage keeps and what `hexpost verify` replays:
//   GameDef::load        a serialized position (games.position)
//   rules::parse_draws   a recorded draw list ("purpose:value/bound ...")
//   rules::play_entry    record entries replayed against recorded draws
//
// Input layout (fuzz_support.h): byte 0 chooses the game (modulo the number of games); the rest
// is lines: a serialized position, a draw list, then at most 16 record entries.
// A loaded position must satisfy check_state(); a parsed draw list must survive
// format_draws/parse_draws; the position after the replay must still load from its serialize().

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_support.h"
#include "fuzz/rules_support.h"
#include "rules/core/play.h"
#include "rules/core/registry.h"

namespace {

std::vector<rules::Draw> read_draws(std::string_view text) {
  std::vector<rules::Draw> draws;
  if (!rules::parse_draws(text, draws)) return {};
  const std::string formatted = rules::format_draws(draws);
  std::vector<rules::Draw> again;
  fuzz::check(rules::parse_draws(formatted, again) && again == draws,
              "format_draws/parse_draws round trip fails on \"" + formatted + "\"");
  return draws;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input input(data, size);
  const auto& games = rules::all_games();
  const rules::GameDef& game = games[input.byte() % games.size()];
  const auto lines = fuzz::lines(input.rest(), 18);
  const std::vector<rules::Draw> draws = read_draws(lines.size() > 1 ? lines[1] : "");
  auto loaded = game.load(lines[0]);
  if (!loaded.ok()) return 0;
  rules::State& state = *loaded.value();
  fuzz::check_state(game, state);
  rules::ReplayRandom rng(draws);
  bool changed = false;
  for (std::size_t i = 2; i < lines.size(); ++i) {
    changed = rules::play_entry(state, lines[i], rng).ok() || changed;
  }
  if (changed) fuzz::check_state(game, state);
  return 0;
}
