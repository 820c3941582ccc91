#include "cli/commands/rules_command.h"

#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands/exit_codes.h"
#include "cli/commands/notation_guide.h"
#include "cli/commands/record_replay.h"
#include "rules/core/play.h"
#include "rules/core/registry.h"

namespace cli {

using nlohmann::json;

namespace {

json game_info_json(const rules::GameInfo& info) {
  json options = json::array();
  for (const rules::OptionSpec& spec : info.options) {
    options.push_back({{"name", spec.name},
                       {"description", spec.description},
                       {"default", spec.default_value},
                       {"allowed", spec.allowed}});
  }
  return {{"id", info.id},
          {"name", info.name},
          {"players", info.player_counts},
          {"options", options},
          {"provisional", info.provisional},
          {"ruleset_version", info.ruleset_version},
          {"max_plies", info.max_plies}};
}

std::string join(const std::vector<int>& values, const char* separator) {
  std::string out;
  for (int v : values) out += (out.empty() ? "" : separator) + std::to_string(v);
  return out;
}

json outcome_json(const rules::Outcome& outcome) {
  if (!outcome.finished) return nullptr;
  json seats = json::array();
  for (std::size_t i = 0; i < outcome.seats.size(); ++i) {
    seats.push_back({{"seat", i},
                     {"placement", outcome.seats[i].placement},
                     {"score", outcome.seats[i].score}});
  }
  return {{"summary", outcome.summary}, {"seats", seats}};
}

// The moves to play: the command-line list, with a lone "-" replaced by stdin's lines.
std::vector<std::string> collect_moves(const std::vector<std::string>& args, std::istream& in) {
  std::vector<std::string> moves;
  for (const std::string& arg : args) {
    if (arg != "-") {
      moves.push_back(arg);
      continue;
    }
    for (std::string line; std::getline(in, line);) {
      if (!rules::strip_annotation(line).empty()) moves.push_back(line);
    }
  }
  return moves;
}

struct PlaySession {
  std::unique_ptr<rules::State> state;
  std::vector<std::string> records;
  json error = nullptr;
  std::vector<std::string> last_move_cells;  // move_cells() of the last move played
};

json state_json(const RulesPlayOptions& options, const PlaySession& session) {
  const rules::State& state = *session.state;
  json legal = json::array();
  for (rules::Move move : state.legal_moves()) legal.push_back(state.format_move(move));
  const rules::Outcome outcome = state.outcome();
  json out = {{"game", options.game},
              {"players", state.num_seats()},
              {"moves", session.records},
              {"to_move", state.to_move()},
              {"legal", legal},
              {"status", outcome.finished ? "finished" : "ongoing"},
              {"result", outcome_json(outcome)},
              {"position", state.serialize()}};
  if (!options.from_record) out["seed"] = options.seed;  // a replay draws what the record says
  if (!session.error.is_null()) out["error"] = session.error;
  return out;
}

void print_human(const RulesPlayOptions& options, const PlaySession& session, std::ostream& out) {
  const rules::State& state = *session.state;
  rules::RenderOptions render{options.perspective, options.focus, options.detailed};
  out << state.render(render);
  if (!state.render(render).ends_with('\n')) out << '\n';
  out << "moves:";
  for (std::size_t i = 0; i < session.records.size(); ++i) {
    out << ' ' << i + 1 << ". " << session.records[i];
  }
  out << (session.records.empty() ? " (none)\n" : "\n");
  const rules::Outcome outcome = state.outcome();
  if (outcome.finished) {
    out << "result: " << outcome.summary << '\n';
    for (std::size_t i = 0; i < outcome.seats.size(); ++i) {
      out << "  seat " << i << ": placement " << outcome.seats[i].placement << ", score "
          << outcome.seats[i].score << '\n';
    }
    return;
  }
  out << "to move: seat " << join(state.to_move(), ", seat ") << '\n';
  out << "legal moves: " << state.legal_moves().size() << '\n';
}

// The cells of a history entry when it is a legal move here; none for resignations and
// illegal text (play_entry reports those).
std::vector<std::string> cells_of(const rules::State& state, const std::string& text) {
  rules::Result<rules::Move> move = state.parse_move(text);
  if (!move.ok() || state.validate(*move)) return {};
  return state.move_cells(*move);
}

// Plays `moves` in order, each with the random source `random_for(index)` gives, stopping at the
// first entry that is illegal or whose draws `random_for` did not supply (`drawn(index)` false):
// kept in session.error and named on `err`, exit kExitFailed. kExitOk when every move was played.
int play_moves(PlaySession& session, const std::vector<std::string>& moves,
               const std::function<rules::RandomSource&(std::size_t)>& random_for,
               const std::function<bool(std::size_t)>& drawn, std::ostream& err) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::vector<std::string> cells = cells_of(*session.state, moves[i]);
    rules::Result<std::string> record = rules::play_entry(*session.state, moves[i], random_for(i));
    std::string code, reason;
    if (!record.ok()) {
      code = rules::to_string(record.error().code);
      reason = record.error().message;
    } else if (!drawn(i)) {
      code = "draws_mismatch";
      reason = "the recorded draws do not match what the rules drew";
    }
    if (!reason.empty()) {
      err << "move " << i + 1 << ": " << moves[i] << ": " << reason << '\n';
      session.error = {{"index", i + 1}, {"text", moves[i]}, {"code", code}, {"reason", reason}};
      return kExitFailed;
    }
    session.records.push_back(*record);
    session.last_move_cells = std::move(cells);
  }
  return kExitOk;
}

void print_session(const RulesPlayOptions& options, const PlaySession& session, std::ostream& out) {
  if (options.svg) {
    rules::SvgOptions svg{options.perspective, options.highlight};
    if (options.highlight_last) {
      svg.highlight.insert(svg.highlight.end(), session.last_move_cells.begin(),
                           session.last_move_cells.end());
    }
    out << session.state->render_svg(svg);
  } else if (options.json) {
    out << state_json(options, session).dump(2) << '\n';
  } else {
    print_human(options, session, out);
  }
}

// The record of `options.file` ("-": stdin), or false with the reason printed.
bool read_record(const RulesReplayOptions& options, std::istream& in, GameRecordText& record,
                 std::ostream& err) {
  std::ifstream file;
  if (options.file != "-") {
    file.open(options.file);
    if (!file) {
      err << "hexpost: cannot read " << options.file << '\n';
      return false;
    }
  }
  std::string error;
  if (!parse_game_record(options.file == "-" ? in : file, record, error)) {
    err << "hexpost: " << error << '\n';
    return false;
  }
  return true;
}

// --svg and its highlight options; returns the --svg flag.
CLI::Option* add_svg_flags(CLI::App& app, bool& svg, std::vector<std::string>& highlight,
                           bool& highlight_last) {
  app.add_option("--highlight", highlight, "With --svg: mark this cell (repeatable)");
  app.add_flag("--highlight-last", highlight_last, "With --svg: mark the last move's cells");
  return app.add_flag("--svg", svg, "Print the position as SVG instead of text");
}

// `rules play`: its arguments and options.
void add_play_command(CLI::App& rules_app, int& exit_code) {
  auto play = std::make_shared<RulesPlayOptions>();
  CLI::App* play_app =
      rules_app.add_subcommand("play", "Start a game, apply moves in order, and show the position");
  play_app->add_option("game", play->game, "Game id (see: hexpost rules list)")->required();
  play_app->add_option("moves", play->moves, "Moves in order; a lone - reads stdin");
  play_app->add_option("--players", play->players, "Number of players")->check(CLI::Range(1, 6));
  play_app->add_option("--seed", play->seed, "Seed for first player and dice");
  play_app->add_option("--option", play->options, "Game option key=value (repeatable)");
  play_app->add_option("--perspective,--seat", play->perspective, "Render from this seat's side");
  play_app->add_option("--focus", play->focus, "Crop the rendering around this cell");
  play_app->add_flag("--detailed", play->detailed, "Show game-specific detail in the board");
  add_svg_flags(*play_app, play->svg, play->highlight, play->highlight_last)
      ->excludes(play_app->add_flag("--json", play->json, "Print JSON"));
  play_app->callback(
      [play, &exit_code] { exit_code = run_rules_play(*play, std::cin, std::cout, std::cerr); });
}

}  // namespace

int run_rules_list(const RulesListOptions& options, std::ostream& out) {
  if (options.json) {
    json games = json::array();
    for (const rules::GameDef& game : rules::all_games())
      games.push_back(game_info_json(game.info));
    out << games.dump(2) << '\n';
    return kExitOk;
  }
  for (const rules::GameDef& game : rules::all_games()) {
    const rules::GameInfo& info = game.info;
    out << info.id << "  " << info.name << "  players " << join(info.player_counts, "/")
        << (info.provisional ? "  (provisional ruleset " + info.ruleset_version + ")" : "") << '\n';
    for (const rules::OptionSpec& spec : info.options) {
      out << "    --option " << spec.name << "=" << spec.default_value;
      if (!spec.allowed.empty()) {
        std::string allowed;
        for (const auto& value : spec.allowed) allowed += (allowed.empty() ? "" : "|") + value;
        out << " (" << allowed << ")";
      }
      out << "  " << spec.description << '\n';
    }
  }
  return kExitOk;
}

int run_rules_play(const RulesPlayOptions& options, std::istream& in, std::ostream& out,
                   std::ostream& err) {
  const rules::GameDef* game = rules::find_game(options.game);
  if (game == nullptr) {
    err << "hexpost: unknown game '" << options.game << "' (see: hexpost rules list)\n";
    return kExitUsage;
  }
  rules::GameConfig config;
  config.players = options.players > 0 ? options.players : game->info.player_counts.front();
  for (const std::string& text : options.options) {
    std::string key, value;
    if (!rules::parse_option(text, key, value)) {
      err << "hexpost: --option takes key=value, not '" << text << "'\n";
      return kExitUsage;
    }
    config.options[key] = value;
  }
  rules::SeededRandom rng(options.seed);
  auto created = game->create(config, rng);
  if (!created.ok()) {
    err << "hexpost: " << created.error().message << '\n';
    return kExitUsage;
  }
  PlaySession session{std::move(created).value(), {}, nullptr, {}};
  rng.take_draws();
  const int status = play_moves(
      session, collect_moves(options.moves, in),
      [&rng](std::size_t) -> rules::RandomSource& {
        rng.take_draws();
        return rng;
      },
      [](std::size_t) { return true; }, err);
  print_session(options, session, out);
  return status;
}

int run_rules_replay(const RulesReplayOptions& options, std::istream& in, std::ostream& out,
                     std::ostream& err) {
  GameRecordText record;
  if (!read_record(options, in, record, err)) return kExitFailed;
  const rules::GameDef* game = rules::find_game(record.game);
  if (game == nullptr) {
    err << "hexpost: this client does not know the game '" << record.game << "'\n";
    return kExitFailed;
  }
  rules::ReplayRandom setup(record.setup_draws);
  auto created = game->create(rules::GameConfig{record.players, record.options}, setup);
  if (!created.ok() || setup.mismatch() || !setup.exhausted()) {
    err << "hexpost: the record's setup does not replay: "
        << (created.ok() ? "the setup draws do not match" : created.error().message) << '\n';
    return kExitFailed;
  }
  PlaySession session{std::move(created).value(), {}, nullptr, {}};
  std::vector<rules::ReplayRandom> draws;
  draws.reserve(record.entries.size());
  std::vector<std::string> moves;
  for (const RecordEntry& entry : record.entries) {
    draws.emplace_back(entry.draws);
    moves.push_back(entry.text);
  }
  const int status = play_moves(
      session, moves, [&draws](std::size_t i) -> rules::RandomSource& { return draws[i]; },
      [&draws](std::size_t i) { return !draws[i].mismatch() && draws[i].exhausted(); }, err);
  RulesPlayOptions view;
  view.game = record.game;
  view.json = options.json;
  view.perspective = options.perspective;
  view.detailed = options.detailed;
  view.svg = options.svg;
  view.highlight = options.highlight;
  view.highlight_last = options.highlight_last;
  view.from_record = true;
  print_session(view, session, out);
  return status;
}

int run_rules_notation(const std::string& game_id, std::ostream& out, std::ostream& err) {
  const rules::GameDef* game = rules::find_game(game_id);
  if (game == nullptr) {
    err << "hexpost: unknown game '" << game_id << "' (see: hexpost rules list)\n";
    return kExitUsage;
  }
  out << notation_guide(game_id);
  rules::SeededRandom rng(1);
  auto created = game->create(rules::GameConfig{game->info.player_counts.front(), {}}, rng);
  if (!created.ok()) return kExitOk;
  const rules::State& state = *created.value();
  std::vector<std::string> legal;
  for (rules::Move move : state.legal_moves()) legal.push_back(state.format_move(move));
  out << "\nAt the start of a game: " << legal.size() << " legal moves, by kind:\n";
  out << format_move_groups(game_id, legal, 4);
  return kExitOk;
}

void add_rules_commands(CLI::App& app, int& exit_code) {
  CLI::App* rules_app = app.add_subcommand("rules", "Offline rules: list games, play moves");
  rules_app->require_subcommand(1);

  auto list = std::make_shared<RulesListOptions>();
  CLI::App* list_app = rules_app->add_subcommand("list", "List the games and their options");
  list_app->add_flag("--json", list->json, "Print JSON");
  list_app->callback([list, &exit_code] { exit_code = run_rules_list(*list, std::cout); });

  add_play_command(*rules_app, exit_code);

  auto notation = std::make_shared<std::string>();
  CLI::App* notation_app = rules_app->add_subcommand(
      "notation", "How a game writes its moves, with examples and the kinds of legal moves");
  notation_app->add_option("game", *notation, "Game id (see: hexpost rules list)")->required();
  notation_app->callback(
      [notation, &exit_code] { exit_code = run_rules_notation(*notation, std::cout, std::cerr); });

  auto replay = std::make_shared<RulesReplayOptions>();
  CLI::App* replay_app = rules_app->add_subcommand(
      "replay",
      "Replay a game record (hexpost record GAME) with its recorded draws and show the position");
  replay_app->add_option("record", replay->file, "The record file; - reads stdin")->required();
  replay_app->add_option("--perspective,--seat", replay->perspective,
                         "Render from this seat's side");
  replay_app->add_flag("--detailed", replay->detailed, "Show game-specific detail in the board");
  add_svg_flags(*replay_app, replay->svg, replay->highlight, replay->highlight_last)
      ->excludes(replay_app->add_flag("--json", replay->json,
                                      "Print JSON, as rules play --json (without seed)"));
  replay_app->callback([replay, &exit_code] {
    exit_code = run_rules_replay(*replay, std::cin, std::cout, std::cerr);
  });
}

}  // namespace cli
