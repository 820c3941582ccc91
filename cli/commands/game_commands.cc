#include "cli/commands/game_commands.h"

#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands/board_view.h"
#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"
#include "cli/commands/table.h"

namespace cli {

using nlohmann::json;

namespace {

std::string game_path(const std::string& id) { return "/v1/games/" + url_encode(id); }

// The deadline that matters for a listed game: the first seat to move that has one.
std::string urgent_deadline(const json& game) {
  for (const json& s : game.value("seats", json::array())) {
    if (s.value("to_move", false) && s.value("deadline", json()).is_string()) {
      return s["deadline"].get<std::string>();
    }
  }
  return {};
}

struct ShowFlags {
  std::string id;
  bool json = false;
  bool ascii = false;
  bool legal = false;
  std::optional<int> from_seat;
  bool no_rotate = false;
};

void add_view_flags(CLI::App* cmd, ShowFlags& f) {
  add_json_flag(cmd, f.json);
  cmd->add_flag("--ascii", f.ascii, "plain ASCII without colour, even on a terminal");
  cmd->add_flag("--legal", f.legal, "list my legal moves");
  CLI::Option* from = cmd->add_option("--from-seat", f.from_seat,
                                      "draw the board from this seat's side (seats count from 0)")
                          ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--no-rotate", f.no_rotate,
                "draw the board in the game's own orientation, whoever I am")
      ->excludes(from);
}

int show_game(Client& client, const ShowFlags& f) {
  const json game = fetch(client, game_path(f.id), f.json);
  if (f.json) return kExitOk;
  const int players = game.value("players", 0);
  if (f.from_seat && *f.from_seat >= players) {
    std::cerr << "hexpost: --from-seat " << *f.from_seat << ": game " << f.id << " has seats 0 to "
              << players - 1 << "\n";
    return kExitUsage;
  }
  ViewOptions view{output_style(f.ascii), f.legal};
  view.from_seat = f.from_seat;
  view.no_rotate = f.no_rotate;
  std::cout << render_game(game, view);
  return kExitOk;
}

void print_games_table(const json& games) {
  Table table({"ID", "GAME", "TURN", "PLY", "LEFT", "STATUS", "OPPONENTS"});
  for (const json& g : games) {
    const bool active = g.value("status", "") == "active";
    const std::string deadline = urgent_deadline(g);
    table.add({g.value("id", "?"), g.value("game", "?"),
               active ? (g.value("your_turn", false) ? "you" : "them") : "-",
               std::to_string(g.value("ply", 0)),
               time_left(deadline.empty() ? json() : json(deadline)), g.value("status", "?"),
               opponents_of(g, ",")});
  }
  table.print(std::cout, stdout_is_terminal());
}

// Every page of /v1/me/games (at most kMaxPages of 100), or only the first, printed unchanged,
// for --json.
constexpr int kMaxPages = 20;

json my_games(Client& client, const std::string& status, bool raw) {
  std::string query = "/v1/me/games?limit=100";
  if (!status.empty()) query += "&status=" + url_encode(status);
  json page = fetch(client, query, raw);
  json games = page.value("games", json::array());
  for (int pages = 1; !raw && pages < kMaxPages && page.value("next_cursor", json()).is_string();
       ++pages) {
    page = client.get_json(query + "&cursor=" + url_encode(page["next_cursor"].get<std::string>()));
    for (const json& g : page.value("games", json::array())) games.push_back(g);
  }
  return games;
}

void add_games(CLI::App& app, int& exit_code) {
  struct Flags {
    bool json = false;
    std::string status;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand("games", "my games: my turn first, most urgent first");
  add_json_flag(cmd, f->json);
  cmd->add_option("--status", f->status, "active, finished or aborted")
      ->check(CLI::IsMember({"active", "finished", "aborted"}));
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      json games = my_games(client, f->status, f->json);
      if (f->json) return static_cast<int>(kExitOk);
      sort_games_for_list(games);
      if (games.empty()) {
        std::cerr << "No games.\n";
      } else {
        print_games_table(games);
      }
      return static_cast<int>(kExitOk);
    });
  });
}

void add_next(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<ShowFlags>();
  CLI::App* cmd = app.add_subcommand("next", "show the next game where it is my turn");
  add_view_flags(cmd, *f);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      json games = client.get_json("/v1/me/games?turn=mine&status=active&limit=100")
                       .value("games", json::array());
      sort_games_for_list(games);
      if (games.empty()) {  // nothing to do is no failure
        std::cerr << "No game is waiting for you.\n";
        return static_cast<int>(kExitOk);
      }
      ShowFlags show = *f;
      show.id = games.front().value("id", "");
      return show_game(client, show);
    });
  });
}

void add_show(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<ShowFlags>();
  CLI::App* cmd = app.add_subcommand("show", "draw a game's board, last moves, clocks and turn");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  add_view_flags(cmd, *f);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      return show_game(client, *f);
    });
  });
}

}  // namespace

void sort_games_for_list(json& games) {
  if (!games.is_array()) return;
  std::stable_sort(games.begin(), games.end(), [](const json& a, const json& b) {
    const bool ta = a.value("your_turn", false);
    const bool tb = b.value("your_turn", false);
    if (ta != tb) return ta;
    const std::string da = urgent_deadline(a);
    const std::string db = urgent_deadline(b);
    if (da.empty() != db.empty()) return !da.empty();
    return da < db;  // RFC 3339 UTC strings order as instants
  });
}

void add_game_commands(CLI::App& app, int& exit_code) {
  add_games(app, exit_code);
  add_next(app, exit_code);
  add_show(app, exit_code);
}

}  // namespace cli
