#include "services/domain/replay.h"

#include <stdexcept>

#include "rules/core/play.h"
#include "rules/core/random.h"

namespace domain {

namespace {

std::vector<rules::Draw> draws_of(const std::string& text, const GameRecord& game) {
  std::vector<rules::Draw> draws;
  if (!rules::parse_draws(text, draws)) {
    throw std::runtime_error("game " + std::to_string(game.id) + " has malformed draws");
  }
  return draws;
}

// The start position: create() with the game's options, answered with the setup draws it made
// (the seat assignment, drawn before create(), is left out).
std::unique_ptr<rules::State> start_position(const rules::GameDef& def, const GameRecord& game) {
  rules::GameConfig config;
  if (const std::string error = check_game_config(def, game.players, game.options_json, config);
      !error.empty()) {
    throw std::runtime_error("game " + std::to_string(game.id) + " does not start: " + error);
  }
  std::vector<rules::Draw> setup;
  for (rules::Draw& d : draws_of(game.setup_draws, game)) {
    if (d.purpose != "seat") setup.push_back(std::move(d));
  }
  rules::ReplayRandom rng(std::move(setup));
  auto created = def.create(config, rng);
  if (!created.ok()) {
    throw std::runtime_error("game " + std::to_string(game.id) +
                             " does not start: " + created.error().message);
  }
  return std::move(created).value();
}

// The cells `entry` touches in `state` (before it is applied); empty for an entry that is not a
// move.
std::vector<std::string> entry_cells(const rules::State& state, const std::string& entry) {
  int seat = 0;
  std::string player;
  if (rules::is_resignation(entry, seat) || rules::is_handover(entry, seat, player)) return {};
  auto move = state.parse_move(rules::strip_annotation(entry));
  if (!move.ok()) return {};
  return state.move_cells(move.value());
}

}  // namespace

ReplayedPosition replay_to(const Catalog& catalog, const GameRecord& game,
                           const std::vector<MoveRecord>& moves, int ply) {
  const rules::GameDef* def = catalog.find(game.game);
  if (def == nullptr) throw std::runtime_error("game " + game.game + " is not in the catalog");
  ReplayedPosition out{start_position(*def, game), {}};
  for (int i = 0; i < ply; ++i) {
    const MoveRecord& entry = moves.at(static_cast<std::size_t>(i));
    if (i + 1 == ply) out.last_move_cells = entry_cells(*out.state, entry.record);
    rules::ReplayRandom rng(draws_of(entry.draws, game));
    const auto played = rules::play_entry(*out.state, entry.record, rng);
    if (!played.ok() || rng.mismatch()) {
      throw std::runtime_error("game " + std::to_string(game.id) + " does not replay at ply " +
                               std::to_string(entry.ply));
    }
  }
  return out;
}

}  // namespace domain
