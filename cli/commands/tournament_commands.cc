#include "cli/commands/tournament_commands.h"

#include <iostream>
#include <map>
#include <memory>

#include "cli/commands/challenge_commands.h"
#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"

namespace cli {

using nlohmann::json;

namespace {

struct CreateFlags {
  std::string name, game, format, entry_opens_at, entry_closes_at;
  int rounds = 0, players_per_game = 0, capacity = 0;
  bool rated = false, all_at_once = false, allow_replacement = false, json = false;
  double bye_points = -1;
  std::map<std::string, int> settings;  // the integer settings given, by their API name
  GameSetupFlags setup;
};

// The integer settings of POST /v1/tournaments: flag, API name, range, help.
struct IntSetting {
  const char* flag;
  const char* key;
  int min, max;
  const char* help;
};
const IntSetting kIntSettings[] = {
    {"--games-per-match", "games_per_match", 1, 9, "knockout: games per match (default 1)"},
    {"--max-tiebreaks", "max_tiebreaks", 0, 5, "knockout: tie-break games (default 1)"},
    {"--division-size", "division_size", 2, 64, "league: players per division (default 8)"},
    {"--promote", "promote", 0, 16, "league: promoted per division (default 2)"},
    {"--relegate", "relegate", 0, 16, "league: relegated per division (default 2)"},
    {"--timeout-limit", "timeout_limit", 0, 100,
     "games lost on time before an entrant forfeits (default 2; 0 = never)"},
    {"--season-break-days", "season_break_days", 0, 365,
     "league: days between seasons (default 7)"},
    {"--advance", "advance", 1, 5,
     "knockout at tables: the top N of each table go through (default players per game - 1)"},
};

void add_create_options(CLI::App* cmd, CreateFlags& f) {
  cmd->add_option("--name", f.name, "the tournament's name")->required();
  cmd->add_option("--game,-g", f.game, "the game id (see `hexpost rules list`)")->required();
  cmd->add_option("--format", f.format, "the format")
      ->required()
      ->check(CLI::IsMember({"round-robin", "double-round-robin", "swiss", "knockout", "league"}));
  cmd->add_option("--rounds", f.rounds, "rounds (required for swiss)")->check(CLI::Range(1, 50));
  cmd->add_option("--players-per-game", f.players_per_game, "seats per game: 2, 3, 4 or 6")
      ->check(CLI::IsMember({2, 3, 4, 6}));
  cmd->add_option("--capacity", f.capacity, "most entrants")->check(CLI::Range(2, 10000));
  cmd->add_flag("--rated", f.rated, "rate the tournament's games");
  cmd->add_option("--entry-opens-at", f.entry_opens_at, "RFC 3339 time entry opens");
  cmd->add_option("--entry-closes-at", f.entry_closes_at,
                  "RFC 3339 time entry closes (the tournament starts then)");
  for (const IntSetting& s : kIntSettings) {
    cmd->add_option_function<int>(
           s.flag, [&f, key = s.key](int value) { f.settings[key] = value; }, s.help)
        ->check(CLI::Range(s.min, s.max));
  }
  cmd->add_option("--bye-points", f.bye_points, "swiss: points for a bye (default 1)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_flag("--all-at-once", f.all_at_once, "round robin / league: start every round at once");
  cmd->add_flag("--allow-replacement", f.allow_replacement,
                "players may hand their seat to a replacement");
  add_game_setup_options(cmd, f.setup);
  add_json_flag(cmd, f.json);
}

json create_body(const CreateFlags& f) {
  json body = game_setup_json(f.setup);
  body["name"] = f.name;
  body["game"] = f.game;
  body["format"] = f.format;
  body["rated"] = f.rated;
  if (f.rounds > 0) body["rounds"] = f.rounds;
  if (f.players_per_game > 0) body["players_per_game"] = f.players_per_game;
  if (f.capacity > 0) body["capacity"] = f.capacity;
  if (!f.entry_opens_at.empty()) body["entry_opens_at"] = f.entry_opens_at;
  if (!f.entry_closes_at.empty()) body["entry_closes_at"] = f.entry_closes_at;
  json settings = json::object();
  for (const auto& [key, value] : f.settings) settings[key] = value;
  if (f.bye_points >= 0) settings["bye_points"] = f.bye_points;
  if (f.all_at_once) settings["all_at_once"] = true;
  if (f.allow_replacement) settings["allow_replacement"] = true;
  body["settings"] = settings;
  return body;
}

void add_create(CLI::App* tournament, int& exit_code) {
  auto f = std::make_shared<CreateFlags>();
  CLI::App* cmd = tournament->add_subcommand("create", "create a tournament (organisers)");
  add_create_options(cmd, *f);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const Response res = client.post("/v1/tournaments", create_body(*f).dump());
      if (f->json) {
        print_body(res.body);
        return static_cast<int>(kExitOk);
      }
      const json t = json::parse(res.body);
      std::cout << t.value("id", "") << "\n";
      std::cerr << "Tournament " << t.value("id", "") << " created: " << t.value("name", "") << " ("
                << t.value("game", "") << ", " << t.value("format", "") << ").\n";
      return static_cast<int>(kExitOk);
    });
  });
}

struct IdFlags {
  std::string id;
  int round = 0;
  bool next_season_only = false;
  bool json = false;
};

CLI::App* id_command(CLI::App* tournament, const char* name, const char* help, IdFlags& f) {
  CLI::App* cmd = tournament->add_subcommand(name, help);
  cmd->add_option("ID", f.id, "the tournament")->required();
  add_json_flag(cmd, f.json);
  return cmd;
}

// POSTs to /v1/tournaments/ID/<action>; with --json prints the answer, else `message` + ID.
void add_post(CLI::App* tournament, const char* action, const char* help, const char* message,
              int& exit_code) {
  auto f = std::make_shared<IdFlags>();
  CLI::App* cmd = id_command(tournament, action, help, *f);
  const bool withdraw = std::string(action) == "withdraw";
  if (withdraw)
    cmd->add_flag("--next-season-only", f->next_season_only,
                  "league: play this season out, but not the next");
  cmd->callback([f, action, message, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const json body = f->next_season_only ? json{{"next_season_only", true}} : json::object();
      const Response res = client.post(
          "/v1/tournaments/" + url_encode(f->id) + "/" + std::string(action), body.dump());
      if (f->json) print_body(res.body);
      std::cerr << (f->next_season_only ? "You leave after this season of tournament" : message)
                << " " << f->id << ".\n";
      return static_cast<int>(kExitOk);
    });
  });
}

void add_show(CLI::App* tournament, int& exit_code) {
  auto f = std::make_shared<IdFlags>();
  CLI::App* cmd =
      id_command(tournament, "show", "round x of y, standings, every round's games", *f);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const std::string path = "/v1/tournaments/" + url_encode(f->id);
      if (f->json) {
        fetch(client, path, true);
      } else {
        std::cout << client.get(path + "?format=text").body;
      }
      return static_cast<int>(kExitOk);
    });
  });
}

// The round of the JSON view (played or scheduled); fails with round_not_found.
json round_of(const json& view, int number, const std::string& id) {
  for (const char* part : {"rounds", "schedule"})
    for (const json& round : view.value(part, json::array()))
      if (round.value("number", 0) == number) return round;
  throw CliProblem("round_not_found",
                   "Tournament " + id + " has no round " + std::to_string(number) + " yet.",
                   kExitFailed);
}

void add_pairings(CLI::App* tournament, int& exit_code) {
  auto f = std::make_shared<IdFlags>();
  CLI::App* cmd = id_command(tournament, "pairings", "one round's games and results", *f);
  cmd->add_option("ROUND", f->round, "the round number")->required()->check(CLI::Range(1, 1000));
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const std::string path = "/v1/tournaments/" + url_encode(f->id);
      if (f->json) {
        std::cout << round_of(client.get_json(path), f->round, f->id).dump() << "\n";
      } else {
        std::cout << client.get(path + "?format=text&round=" + std::to_string(f->round)).body;
      }
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

void add_tournament_commands(CLI::App& app, int& exit_code) {
  CLI::App* tournament = app.add_subcommand("tournament", "one tournament");
  tournament->require_subcommand(1);
  add_create(tournament, exit_code);
  add_post(tournament, "start", "start an open tournament (its organiser)", "Started tournament",
           exit_code);
  add_post(tournament, "join", "join a tournament", "Joined tournament", exit_code);
  add_post(tournament, "withdraw", "withdraw from a tournament", "Withdrew from tournament",
           exit_code);
  add_show(tournament, exit_code);
  add_pairings(tournament, exit_code);
}

}  // namespace cli
