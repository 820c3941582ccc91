#include "rules/core/registry.h"

#include "rules/hex_quoridor/hex_quoridor.h"
#include "rules/hexahedron_wars/hexahedron_wars.h"
#include "rules/heximeros/heximeros.h"
#include "rules/iso_path/iso_path.h"
#include "rules/mojave/mojave.h"

namespace rules {

const std::vector<GameDef>& all_games() {
  // The one place games are listed. Keep the order stable: the CLI and catalogue show it.
  // Each game's header offers `GameDef definition();` in its own namespace.
  static const std::vector<GameDef> games = {
      hexahedron_wars::definition(), iso_path::definition(),  mojave::definition(),
      hex_quoridor::definition(),    heximeros::definition(),
  };
  return games;
}

const GameDef* find_game(std::string_view id) {
  for (const GameDef& game : all_games()) {
    if (game.info.id == id) return &game;
  }
  return nullptr;
}

}  // namespace rules
