#include "cli/commands/challenge_commands.h"

#include <iostream>
#include <memory>
#include <regex>

#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"
#include "rules/core/play.h"

namespace cli {

using nlohmann::json;

namespace {

struct ChallengeFlags {
  std::vector<std::string> opponents;
  std::string game;
  int players = 0;
  int days = 0;
  std::string bank;
  std::vector<std::string> options;
  bool unrated = false;
  bool json = false;
};

void add_challenge_options(CLI::App* cmd, ChallengeFlags& f) {
  cmd->add_option("--game,-g", f.game, "the game id (see `hexpost rules list`)")->required();
  cmd->add_option("--players", f.players, "number of players (default: the game's smallest)")
      ->check(CLI::Range(1, 8));
  auto* days = cmd->add_option("--days", f.days, "days per move (1-60)")->check(CLI::Range(1, 60));
  cmd->add_option("--bank", f.bank,
                  "a Fischer bank in days: INITIAL[+INCREMENT][/MAX], e.g. 7+1/14")
      ->excludes(days);
  cmd->add_option("--option,-o", f.options, "a game option key=value (repeatable)");
  cmd->add_flag("--unrated", f.unrated, "do not rate the game");
  add_json_flag(cmd, f.json);
}

// The request body; throws CLI::ValidationError on a bad --option or --bank.
json challenge_body(const ChallengeFlags& f) {
  json body = {{"game", f.game}, {"rated", !f.unrated}, {"options", json::object()}};
  if (f.players > 0) body["players"] = f.players;
  for (const std::string& option : f.options) {
    std::string key;
    std::string value;
    if (!rules::parse_option(option, key, value)) {
      throw CLI::ValidationError("--option", "expected key=value, got '" + option + "'");
    }
    body["options"][key] = value;
  }
  if (f.days > 0) body["clock"] = {{"days_per_move", f.days}};
  if (!f.bank.empty()) {
    const auto bank = parse_bank(f.bank);
    if (!bank) throw CLI::ValidationError("--bank", "expected INITIAL[+INCREMENT][/MAX] in days");
    body["clock"] = *bank;
  }
  if (!f.opponents.empty()) body["opponents"] = f.opponents;
  return body;
}

void print_challenge_line(const json& c) {
  std::string who;
  for (const json& p : c.value("participants", json::array())) {
    who += (who.empty() ? "" : ",") + p.value("username", "?") +
           (p.value("accepted", false) ? "" : "?");
  }
  std::cout << c.value("id", "?") << "  " << c.value("game", "?") << "  " << c.value("players", 0)
            << "p  " << (c.value("open", false) ? "seek" : "challenge") << "  by "
            << c.value("creator", "?") << "  " << c.value("status", "?") << "  "
            << (who.empty() ? "-" : who) << "\n";
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
            << " created; commitment " << c.value("commitment", "") << ".\n";
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
      for (const json& c : list.value("challenges", json::array())) print_challenge_line(c);
      if (list.value("challenges", json::array()).empty()) std::cerr << "No open challenges.\n";
      return static_cast<int>(kExitOk);
    });
  });
}

void add_answer(CLI::App& app, int& exit_code, bool accept) {
  struct Flags {
    std::string id;
    std::string extra;  // seed or reason
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd =
      app.add_subcommand(accept ? "accept" : "decline",
                         accept ? "accept a challenge or join a seek" : "decline a challenge");
  cmd->add_option("ID", f->id, "the challenge")->required();
  if (accept) {
    cmd->add_option("--seed", f->extra, "my contribution to the game seed (fairness)");
  } else {
    cmd->add_option("--reason", f->extra, "a reason shown to the challenger");
  }
  add_json_flag(cmd, f->json);
  cmd->callback([f, accept, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      json body = json::object();
      if (!f->extra.empty()) body[accept ? "seed" : "reason"] = f->extra;
      const Response res = client.post(
          "/v1/challenges/" + url_encode(f->id) + (accept ? "/accept" : "/decline"), body.dump());
      if (f->json) {
        print_body(res.body);
        return static_cast<int>(kExitOk);
      }
      const json c = json::parse(res.body, nullptr, false);
      const json game_id = c.is_object() ? c.value("game_id", json()) : json();
      if (game_id.is_string()) std::cout << game_id.get<std::string>() << "\n";
      std::cerr << (accept ? "Accepted" : "Declined") << " challenge " << f->id
                << (game_id.is_string() ? "; game " + game_id.get<std::string>() + " started" : "")
                << ".\n";
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

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
  add_answer(app, exit_code, true);
  add_answer(app, exit_code, false);
}

}  // namespace cli
