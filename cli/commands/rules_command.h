#pragma once
// `hexpost rules ...`: the offline commands, working on the rules library without a server.
// Their interface is fixed (other tooling depends on it):
//   hexpost rules list [--json]
//   hexpost rules play <game> [--players N] [--seed S] [--option key=value]... [--json] [MOVE...]
//   hexpost rules replay <record file | -> [--json] [--perspective N] [--detailed]
// Both play and replay take --svg to print the position as SVG (State::render_svg) instead:
// --perspective (alias --seat) turns the board, --highlight CELL (repeatable) marks cells, and
// --highlight-last marks the cells of the last move played.
// where a single "-" among the moves reads further moves from stdin, one per line.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace cli {

struct RulesListOptions {
  bool json = false;
};

struct RulesPlayOptions {
  std::string game;
  int players = 0;  // 0: the game's smallest player count
  std::uint64_t seed = 1;
  std::vector<std::string> options;  // "key=value"
  std::vector<std::string> moves;
  bool json = false;
  int perspective = -1;
  bool detailed = false;
  std::string focus;
  bool from_record = false;  // replayed with recorded draws: no seed to report
  bool svg = false;
  std::vector<std::string> highlight;
  bool highlight_last = false;
};

struct RulesReplayOptions {
  std::string file;  // "-": stdin
  bool json = false;
  int perspective = -1;
  bool detailed = false;
  bool svg = false;
  std::vector<std::string> highlight;
  bool highlight_last = false;
};

int run_rules_list(const RulesListOptions& options, std::ostream& out);
int run_rules_play(const RulesPlayOptions& options, std::istream& in, std::ostream& out,
                   std::ostream& err);

// Replays a record from `hexpost record` with the draws it carries; like run_rules_play, exit 1
// when an entry does not replay.
int run_rules_replay(const RulesReplayOptions& options, std::istream& in, std::ostream& out,
                     std::ostream& err);

// `hexpost rules notation GAME`: the game's notation guide and the legal moves of a new game by
// kind; exit 2 for an unknown game.
int run_rules_notation(const std::string& game, std::ostream& out, std::ostream& err);

// Adds the `rules` subcommand tree; `exit_code` receives the chosen command's result.
void add_rules_commands(CLI::App& app, int& exit_code);

}  // namespace cli
