// libFuzzer target "notation": every registered game's move notation, against positions reached
// by random play.
//
// Input layout (fuzz_support.h: missing bytes read as 0):
//   byte 0      game (index into rules::all_games(), modulo their number)
//   byte 1      player count (index into the game's player_counts, modulo)
//   byte 2      option choice (mixed radix over the options that list allowed values)
//   bytes 3-4   seed of the game and of the random play
//   byte 5      random plies played before the text (0-255; play stops when the game ends)
//   the rest    move entries, one per line (at most 16), submitted as the service does
//               (rules::play_entry: parse, validate, apply; "resign N" resigns seat N)
// After each entry: a refused one must leave serialize() unchanged, and preview() must agree
// with parse_move() and validate(); an accepted one's record must start with its canonical text.
// After the last entry, if any was accepted, the position must satisfy check_state().

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "fuzz/fuzz_support.h"
#include "fuzz/rules_support.h"
#include "rules/core/play.h"
#include "rules/core/registry.h"

namespace {

struct Setup {
  std::size_t game = 0;
  int players = 2;
  unsigned options = 0;
  std::uint16_t seed = 0;
  int plies = 0;
  auto key() const { return std::tie(game, players, options, seed, plies); }
  bool operator<(const Setup& other) const { return key() < other.key(); }
};

rules::GameConfig config_for(const rules::GameInfo& info, const Setup& setup) {
  rules::GameConfig config;
  config.players = setup.players;
  unsigned choice = setup.options;
  for (const rules::OptionSpec& option : info.options) {
    if (option.allowed.empty()) continue;
    config.options[option.name] = option.allowed[choice % option.allowed.size()];
    choice /= static_cast<unsigned>(option.allowed.size());
  }
  return config;
}

// The position after `setup.plies` random legal moves (fewer if the game ends), or nullptr when
// the game refuses the configuration.
std::unique_ptr<rules::State> play_randomly(const rules::GameDef& game, const Setup& setup) {
  rules::SeededRandom rng(setup.seed);
  auto created = game.create(config_for(game.info, setup), rng);
  if (!created.ok()) return nullptr;
  std::unique_ptr<rules::State> state = std::move(created.value());
  for (int ply = 0; ply < setup.plies; ++ply) {
    const auto legal = state->legal_moves();
    if (legal.empty()) break;
    const auto pick = rng.draw("fuzz-move", static_cast<std::uint32_t>(legal.size()));
    state->apply(legal[pick], rng);
  }
  return state;
}

// Random play costs far more than the parsing under test, and libFuzzer mostly mutates the text:
// positions are kept, a bounded number of them, keyed by their setup bytes.
const rules::State* position(const rules::GameDef& game, const Setup& setup) {
  static std::map<Setup, std::unique_ptr<rules::State>> cache;
  auto found = cache.find(setup);
  if (found != cache.end()) return found->second.get();
  if (cache.size() >= 4096) cache.clear();
  return cache.emplace(setup, play_randomly(game, setup)).first->second.get();
}

// Submits one entry; true when it was applied.
bool submit(const rules::GameDef& game, rules::State& state, std::string_view entry,
            std::uint16_t seed) {
  const std::string before = state.serialize();
  const auto parsed = state.parse_move(entry);
  const bool legal = parsed.ok() && !state.validate(parsed.value());
  const std::string canonical = legal ? state.format_move(parsed.value()) : std::string();
  const auto previewed = rules::preview(state, entry);
  fuzz::check(previewed.ok() == (legal && !state.outcome().finished) &&
                  (!previewed.ok() || previewed.value() == canonical),
              game.info.id + ": preview disagrees with parse/validate on \"" + std::string(entry) +
                  "\" in " + before);
  rules::SeededRandom rng(seed);
  const auto played = rules::play_entry(state, entry, rng);
  if (!played.ok()) {
    fuzz::check(state.serialize() == before,
                game.info.id + ": refused \"" + std::string(entry) + "\" changed " + before);
    return false;
  }
  int seat = 0;
  if (legal && !rules::is_resignation(entry, seat)) {
    fuzz::check(played.value().rfind(canonical, 0) == 0,
                game.info.id + ": record \"" + played.value() + "\" does not start with \"" +
                    canonical + "\"");
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input input(data, size);
  const auto& games = rules::all_games();
  Setup setup;
  setup.game = input.byte() % games.size();
  const rules::GameDef& game = games[setup.game];
  setup.players = game.info.player_counts[input.byte() % game.info.player_counts.size()];
  setup.options = input.byte();
  setup.seed = input.u16();
  setup.plies = input.byte();
  const rules::State* start = position(game, setup);
  if (start == nullptr) return 0;
  std::unique_ptr<rules::State> state = start->clone();
  bool applied = false;
  for (std::string_view entry : fuzz::lines(input.rest(), 16)) {
    applied = submit(game, *state, entry, setup.seed) || applied;
  }
  if (applied) fuzz::check_state(game, *state);
  return 0;
}
