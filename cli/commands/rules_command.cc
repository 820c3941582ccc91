#include "cli/commands/rules_command.h"

#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands/exit_codes.h"
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
};

json state_json(const RulesPlayOptions& options, const PlaySession& session) {
  const rules::State& state = *session.state;
  json legal = json::array();
  for (rules::Move move : state.legal_moves()) legal.push_back(state.format_move(move));
  const rules::Outcome outcome = state.outcome();
  json out = {{"game", options.game},
              {"players", state.num_seats()},
              {"seed", options.seed},
              {"moves", session.records},
              {"to_move", state.to_move()},
              {"legal", legal},
              {"status", outcome.finished ? "finished" : "ongoing"},
              {"result", outcome_json(outcome)},
              {"position", state.serialize()}};
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

// Plays `moves` in order, stopping at the first illegal one (kept in session.error and named on
// `err`, exit kExitFailed); kExitOk when every move was played.
int play_moves(PlaySession& session, const std::vector<std::string>& moves,
               rules::SeededRandom& rng, std::ostream& err) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    rules::Result<std::string> record = rules::play_entry(*session.state, moves[i], rng);
    rng.take_draws();
    if (!record.ok()) {
      err << "move " << i + 1 << ": " << moves[i] << ": " << record.error().message << '\n';
      session.error = {{"index", i + 1},
                       {"text", moves[i]},
                       {"code", rules::to_string(record.error().code)},
                       {"reason", record.error().message}};
      return kExitFailed;
    }
    session.records.push_back(*record);
  }
  return kExitOk;
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
  PlaySession session{std::move(created).value(), {}, nullptr};
  rng.take_draws();
  const int status = play_moves(session, collect_moves(options.moves, in), rng, err);
  if (options.json) {
    out << state_json(options, session).dump(2) << '\n';
  } else {
    print_human(options, session, out);
  }
  return status;
}

void add_rules_commands(CLI::App& app, int& exit_code) {
  CLI::App* rules_app = app.add_subcommand("rules", "Offline rules: list games, play moves");
  rules_app->require_subcommand(1);

  auto list = std::make_shared<RulesListOptions>();
  CLI::App* list_app = rules_app->add_subcommand("list", "List the games and their options");
  list_app->add_flag("--json", list->json, "Print JSON");
  list_app->callback([list, &exit_code] { exit_code = run_rules_list(*list, std::cout); });

  auto play = std::make_shared<RulesPlayOptions>();
  CLI::App* play_app = rules_app->add_subcommand(
      "play", "Start a game, apply moves in order, and show the position");
  play_app->add_option("game", play->game, "Game id (see: hexpost rules list)")->required();
  play_app->add_option("moves", play->moves, "Moves in order; a lone - reads stdin");
  play_app->add_option("--players", play->players, "Number of players")->check(CLI::Range(1, 6));
  play_app->add_option("--seed", play->seed, "Seed for first player and dice");
  play_app->add_option("--option", play->options, "Game option key=value (repeatable)");
  play_app->add_option("--perspective", play->perspective, "Render from this seat's side");
  play_app->add_option("--focus", play->focus, "Crop the rendering around this cell");
  play_app->add_flag("--detailed", play->detailed, "Show game-specific detail in the board");
  play_app->add_flag("--json", play->json, "Print JSON");
  play_app->callback(
      [play, &exit_code] { exit_code = run_rules_play(*play, std::cin, std::cout, std::cerr); });
}

}  // namespace cli
