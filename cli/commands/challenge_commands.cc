#include "cli/commands/challenge_commands.h"

#include <iostream>
#include <memory>
#include <regex>

#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"
#include "cli/commands/table.h"
#include "rules/core/play.h"

namespace cli {

using nlohmann::json;

namespace {

struct ChallengeFlags {
  std::vector<std::string> opponents;
  std::string game;
  int players = 0;
  GameSetupFlags setup;
  bool unrated = false;
  bool json = false;
};

void add_challenge_options(CLI::App* cmd, ChallengeFlags& f) {
  cmd->add_option("--game,-g", f.game, "the game id (see `hexpost rules list`)")->required();
  cmd->add_option("--players", f.players, "number of players (default: the game's smallest)")
      ->check(CLI::Range(1, 8));
  add_game_setup_options(cmd, f.setup);
  cmd->add_flag("--unrated", f.unrated, "do not rate the game");
  add_json_flag(cmd, f.json);
}

// The request body; throws CLI::ValidationError on a bad --option or --bank.
json challenge_body(const ChallengeFlags& f) {
  json body = game_setup_json(f.setup);
  body["game"] = f.game;
  body["rated"] = !f.unrated;
  if (f.players > 0) body["players"] = f.players;
  if (!f.opponents.empty()) body["opponents"] = f.opponents;
  return body;
}

// "3d/move", "7d+1d max 14d" or "none", as the record's TimeControl tag writes a clock.
std::string clock_text(const json& clock) {
  const std::string type = clock.is_object() ? clock.value("type", "none") : "none";
  if (type == "per_move") return std::to_string(clock.value("days_per_move", 0)) + "d/move";
  if (type != "bank") return "none";
  const json bank = clock.value("bank", json::object());
  return std::to_string(bank.value("initial_days", 0)) + "d+" +
         std::to_string(bank.value("increment_days", 0)) + "d max " +
         std::to_string(bank.value("max_days", 0)) + "d";
}

void print_challenges(const json& challenges) {
  Table table({"ID", "GAME", "PLAYERS", "KIND", "CREATOR", "STATUS", "CLOCK", "PARTICIPANTS"});
  for (const json& c : challenges) {
    std::string who;
    for (const json& p : c.value("participants", json::array())) {
      who += (who.empty() ? "" : ",") + p.value("username", "?") +
             (p.value("accepted", false) ? "" : "?");
    }
    table.add({c.value("id", "?"), c.value("game", "?"), std::to_string(c.value("players", 0)),
               c.value("open", false) ? "seek" : "challenge", c.value("creator", "?"),
               c.value("status", "?"), clock_text(c.value("clock", json())),
               who.empty() ? "-" : who});
  }
  table.print(std::cout, stdout_is_terminal());
}

void create(Client& client, const json& body, bool raw) {
  const Response res = client.post("/v1/challenges", body.dump());
  if (raw) {
    print_body(res.body);
    return;
  }
  const json c = json::parse(res.body);
  std::cout << c.value("id", "") << "\n";
  std::cerr << (c.value("open", false) ? "Seek " : "Challenge ") << c.value("id", "")
            << " created; clock " << clock_text(c.value("clock", json()))
            << (body.contains("clock") ? "" : " (the server's default)") << "; commitment "
            << c.value("commitment", "") << ".\n";
}

void add_create(CLI::App& app, int& exit_code, bool seek) {
  auto f = std::make_shared<ChallengeFlags>();
  CLI::App* cmd =
      app.add_subcommand(seek ? "seek" : "challenge", seek ? "open a seek anyone may join"
                                                           : "challenge named players to a game");
  if (!seek) cmd->add_option("USER", f->opponents, "the opponents")->required();
  add_challenge_options(cmd, *f);
  cmd->callback([f, &exit_code] {
    const json body = challenge_body(*f);
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      create(client, body, f->json);
      return static_cast<int>(kExitOk);
    });
  });
}

void add_list(CLI::App& app, int& exit_code) {
  auto raw = std::make_shared<bool>(false);
  CLI::App* cmd =
      app.add_subcommand("challenges", "open challenges I made, am invited to or can join");
  add_json_flag(cmd, *raw);
  cmd->callback([raw, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const json list = fetch(client, "/v1/challenges", *raw);
      if (*raw) return static_cast<int>(kExitOk);
      const json challenges = list.value("challenges", json::array());
      if (challenges.empty()) {
        std::cerr << "No open challenges.\n";
      } else {
        print_challenges(challenges);
      }
      return static_cast<int>(kExitOk);
    });
  });
}

// What happened, from the challenge the server answered: "Accepted challenge 4; game 9 started.",
// "Declined challenge 4." or "Cancelled challenge 4." (the creator's decline withdraws it).
void print_answer(const std::string& id, const json& c, bool accept) {
  const json game_id = c.is_object() ? c.value("game_id", json()) : json();
  if (game_id.is_string()) std::cout << game_id.get<std::string>() << "\n";
  const bool cancelled = c.is_object() && c.value("status", "") == "cancelled";
  const char* done = accept ? "Accepted" : cancelled ? "Cancelled" : "Declined";
  std::cerr << done << " challenge " << id
            << (game_id.is_string() ? "; game " + game_id.get<std::string>() + " started" : "")
            << ".\n";
}

// accept, decline and cancel: POST /v1/challenges/ID/<verb> with an optional seed or reason.
void add_answer(CLI::App& app, int& exit_code, const std::string& verb) {
  struct Flags {
    std::string id;
    std::string extra;  // seed or reason
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  const bool accept = verb == "accept";
  const char* what = accept              ? "accept a challenge or join a seek"
                     : verb == "decline" ? "decline a challenge (by its creator: cancel it)"
                                         : "cancel a challenge or seek I made";
  CLI::App* cmd = app.add_subcommand(verb, what);
  cmd->add_option("ID", f->id, "the challenge")->required();
  if (accept) {
    cmd->add_option("--seed", f->extra, "my contribution to the game seed (fairness)");
  } else {
    cmd->add_option("--reason", f->extra, "a reason shown to the other players");
  }
  add_json_flag(cmd, f->json);
  cmd->callback([f, accept, verb, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      json body = json::object();
      if (!f->extra.empty()) body[accept ? "seed" : "reason"] = f->extra;
      const Response res =
          client.post("/v1/challenges/" + url_encode(f->id) + "/" + verb, body.dump());
      if (f->json) {
        print_body(res.body);
      } else {
        print_answer(f->id, json::parse(res.body, nullptr, false), accept);
      }
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

void add_game_setup_options(CLI::App* cmd, GameSetupFlags& f) {
  auto* days = cmd->add_option("--days", f.days,
                               "days per move (1-60); without --days, --bank or --unclocked the "
                               "server's default clock")
                   ->check(CLI::Range(1, 60));
  auto* bank = cmd->add_option("--bank", f.bank,
                               "a Fischer bank in days: INITIAL[+INCREMENT][/MAX], e.g. 7+1/14")
                   ->excludes(days);
  cmd->add_flag("--unclocked", f.unclocked, "no clock: no move has a deadline")
      ->excludes(days)
      ->excludes(bank);
  cmd->add_option("--option,-o", f.options, "a game option key=value (repeatable)");
}

json game_setup_json(const GameSetupFlags& f) {
  json body = {{"options", json::object()}};
  for (const std::string& option : f.options) {
    std::string key;
    std::string value;
    if (!rules::parse_option(option, key, value)) {
      throw CLI::ValidationError("--option", "expected key=value, got '" + option + "'");
    }
    body["options"][key] = value;
  }
  if (f.days > 0) body["clock"] = {{"days_per_move", f.days}};
  if (f.unclocked) body["clock"] = {{"type", "none"}};
  if (!f.bank.empty()) {
    const auto bank = parse_bank(f.bank);
    if (!bank) throw CLI::ValidationError("--bank", "expected INITIAL[+INCREMENT][/MAX] in days");
    body["clock"] = *bank;
  }
  return body;
}

std::optional<json> parse_bank(const std::string& text) {
  static const std::regex pattern(R"(^(\d{1,3})(?:\+(\d{1,3}))?(?:/(\d{1,3}))?$)");
  std::smatch m;
  if (!std::regex_match(text, m, pattern)) return std::nullopt;
  json bank = {{"initial_days", std::stoi(m[1])},
               {"increment_days", m[2].matched ? std::stoi(m[2]) : 0}};
  if (m[3].matched) bank["max_days"] = std::stoi(m[3]);
  return json{{"type", "bank"}, {"bank", bank}};
}

void add_challenge_commands(CLI::App& app, int& exit_code) {
  add_create(app, exit_code, false);
  add_create(app, exit_code, true);
  add_list(app, exit_code);
  add_answer(app, exit_code, "accept");
  add_answer(app, exit_code, "decline");
  add_answer(app, exit_code, "cancel");
}

}  // namespace cli
