#include "cli/commands/community_commands.h"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"
#include "cli/commands/table.h"

namespace cli {

using nlohmann::json;

namespace {

// Strings as they are, "-" for null, whole numbers without decimals ("27", not "27.0").
std::string text(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return "-";
  if (value.is_number_float()) {
    const double number = value.get<double>();
    if (std::floor(number) == number) return std::to_string(static_cast<long long>(number));
    std::ostringstream out;
    out << std::fixed << std::setprecision(1) << number;
    return out.str();
  }
  return value.dump();
}

void print_vacation(const json& v) {
  std::cout << "On vacation: " << (v.value("on_vacation", false) ? "yes" : "no");
  if (v.value("until", json()).is_string()) std::cout << " (until " << text(v["until"]) << ")";
  std::cout << "\nAllowance: " << text(v.value("remaining_days", json())) << " of "
            << text(v.value("allowance_days", json())) << " days left this year\n";
}

void add_vacation(CLI::App& app, int& exit_code) {
  struct Flags {
    int days = 0;
    bool stop = false;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "vacation", "without DAYS: my vacation and the allowance left; with DAYS: start one");
  cmd->add_option("DAYS", f->days, "start a vacation of DAYS days")->check(CLI::Range(1, 366));
  cmd->add_flag("--stop", f->stop, "end the current vacation now");
  add_json_flag(cmd, f->json);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      if (f->days == 0 && !f->stop) {
        const json v = fetch(client, "/v1/me/vacation", f->json);
        if (!f->json) print_vacation(v);
        return static_cast<int>(kExitOk);
      }
      const Response res = f->stop ? client.post("/v1/me/vacation/stop", "{}")
                                   : client.post("/v1/me/vacation", json{{"days", f->days}}.dump());
      if (f->json) {
        print_body(res.body);
      } else {
        const json v = json::parse(res.body, nullptr, false);
        print_vacation(v.is_object() && v.contains("vacation") ? v["vacation"] : v);
      }
      return static_cast<int>(kExitOk);
    });
  });
}

void add_tournaments(CLI::App& app, int& exit_code) {
  auto raw = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("tournaments", "list tournaments");
  add_json_flag(cmd, *raw);
  cmd->callback([raw, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const json list = fetch(client, "/v1/tournaments", *raw);
      if (*raw) return static_cast<int>(kExitOk);
      Table table({"ID", "NAME", "GAME", "STATUS"});
      for (const json& t : list.value("tournaments", json::array())) {
        table.add({text(t.value("id", json())), text(t.value("name", json())),
                   text(t.value("game", json())), text(t.value("status", json()))});
      }
      if (table.empty()) {
        std::cerr << "No tournaments.\n";
      } else {
        table.print(std::cout, stdout_is_terminal());
      }
      return static_cast<int>(kExitOk);
    });
  });
}

std::vector<std::string> rating_row(const std::string& game, const json& r, bool elo) {
  std::vector<std::string> row{game, text(r.value("username", json())),
                               text(r.value("rating", json()))};
  if (!elo) {
    row.push_back(text(r.value("deviation", json())));
    row.push_back(text(r.value("live_rating", json())));
    row.push_back(text(r.value("live_deviation", json())));
  }
  row.push_back(text(r.value("games", json())));
  row.push_back(r.value("provisional", false) ? "yes" : "no");
  return row;
}

void add_ratings(CLI::App& app, int& exit_code) {
  struct Flags {
    std::string game;
    std::string system;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand("ratings", "the rating list of a game");
  cmd->add_option("GAME", f->game, "the game id (default: every game in the catalogue)");
  cmd->add_option("--system", f->system, "glicko2 (the server's default) or elo")
      ->check(CLI::IsMember({"glicko2", "elo"}));
  add_json_flag(cmd, f->json);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      std::vector<std::string> games{f->game};
      if (f->game.empty()) {
        games.clear();
        for (const json& g : client.get_json("/v1/catalog").value("games", json::array())) {
          games.push_back(g.value("id", ""));
        }
      }
      // Glicko-2 has a deviation and a live estimate; Elo has neither (it moves at once).
      const bool elo = f->system == "elo";
      Table table(elo ? std::vector<std::string>{"GAME", "PLAYER", "RATING", "GAMES", "PROVISIONAL"}
                      : std::vector<std::string>{"GAME", "PLAYER", "RATING", "RD", "LIVE",
                                                 "LIVE RD", "GAMES", "PROVISIONAL"});
      for (const std::string& game : games) {
        const std::string query = f->system.empty() ? "" : "?system=" + f->system;
        const json list = fetch(client, "/v1/ratings/" + url_encode(game) + query, f->json);
        if (f->json) continue;
        for (const json& r : list.value("ratings", json::array()))
          table.add(rating_row(game, r, elo));
      }
      if (f->json) return static_cast<int>(kExitOk);
      if (table.empty()) {
        std::cerr << "No ratings yet.\n";
      } else {
        table.print(std::cout, stdout_is_terminal());
      }
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

void print_exit_codes(std::ostream& out) {
  out << "Exit codes of hexpost (scripts may rely on them):\n"
         "  0  success\n"
         "  1  the operation failed: an illegal move, a refusal by the server, a network error,\n"
         "     `verify` found a difference\n"
         "  2  usage error: the command line is wrong\n"
         "  3  conflict: the game moved on (stale_ply) or it is not your turn (not_your_turn)\n"
         "  4  authentication: not logged in, a bad or revoked token, or a missing scope "
         "(401/403)\n"
         "  5  rate limited (429); the message says how many seconds to wait (Retry-After)\n";
}

void add_community_commands(CLI::App& app, int& exit_code) {
  add_vacation(app, exit_code);
  add_tournaments(app, exit_code);
  add_ratings(app, exit_code);
}

void add_help_command(CLI::App& app, int& exit_code) {
  CLI::App* help = app.add_subcommand("help", "help topics");
  help->require_subcommand(0, 1);
  help->add_subcommand("exit-codes", "what each exit code means")->callback([&exit_code] {
    print_exit_codes(std::cout);
    exit_code = kExitOk;
  });
  // `hexpost help` alone: the commands and the topics, as a successful answer.
  help->callback([&app, help, &exit_code] {
    if (!help->get_subcommands().empty()) return;
    std::cout << app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal)
              << "\nHelp topics (hexpost help TOPIC):\n";
    for (const CLI::App* topic : help->get_subcommands([](CLI::App*) { return true; })) {
      std::cout << "  " << topic->get_name() << "  " << topic->get_description() << "\n";
    }
    exit_code = kExitOk;
  });
}

}  // namespace cli
