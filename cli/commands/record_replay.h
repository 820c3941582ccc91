#pragma once
// Reading a game record (GET /v1/games/{id}/record, `hexpost record`) for `hexpost rules replay`:
// the tags name the game, the player count, the options and the setup draws, and every entry
// line carries its own draws after "; ply N <time> draws ...", so the record replays exactly,
// whatever the rules drew (first player, setup, dice).

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "rules/core/random.h"

namespace cli {

struct RecordEntry {
  std::string text;  // the record text of a move, or "resign N"
  std::vector<rules::Draw> draws;
};

struct GameRecordText {
  std::string game;
  int players = 0;
  std::map<std::string, std::string> options;
  // The draws of create(): SetupDraws without the seat assignment (purpose "seat"), which the
  // server draws before create() and which decides only who sits where.
  std::vector<rules::Draw> setup_draws;
  std::vector<RecordEntry> entries;
};

// Parses a record. On malformed text returns false with `error` naming the line.
bool parse_game_record(std::istream& in, GameRecordText& out, std::string& error);

}  // namespace cli
