#include "cli/commands/conditional_commands.h"

#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"

namespace cli {

using nlohmann::json;

namespace {

std::string conditional_path(const std::string& id) {
  return "/v1/games/" + url_encode(id) + "/conditional";
}

using Line = std::vector<std::string>;

bool begins_with(const Line& line, const Line& prefix) {
  return line.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), line.begin());
}

// "1: e5 Nf3 d5 c4" per line, or a note that there are none.
int print_lines(const json& answer, bool raw) {
  if (raw) {
    print_body(answer.dump());
    return kExitOk;
  }
  const json lines = answer.value("lines", json::array());
  if (lines.empty()) {
    std::cout << "No conditional lines.\n";
    return kExitOk;
  }
  int n = 0;
  for (const json& line : lines) {
    std::cout << ++n << ":";
    for (const json& move : line) std::cout << " " << move.get<std::string>();
    std::cout << "\n";
  }
  return kExitOk;
}

void add_list(CLI::App& parent, int& exit_code) {
  struct Flags {
    std::string id;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = parent.add_subcommand("list", "show my conditional lines on a game");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  add_json_flag(cmd, f->json);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      return print_lines(client.get_json(conditional_path(f->id)), f->json);
    });
  });
}

void add_clear(CLI::App& parent, int& exit_code) {
  auto id = std::make_shared<std::string>();
  CLI::App* cmd = parent.add_subcommand("clear", "delete my conditional lines on a game");
  cmd->add_option("GAME_ID", *id, "the game")->required();
  cmd->callback([id, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      client.del(conditional_path(*id));
      std::cerr << "Conditional lines of game " << *id << " cleared.\n";
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

int store_conditional_line(Client& client, const std::string& game_id, const std::string& moves,
                           bool raw) {
  Line added;
  // Moves whose notation holds spaces are separated by commas instead.
  const char separator = moves.find(',') == std::string::npos ? ' ' : ',';
  std::istringstream words(moves);
  for (std::string move; std::getline(words, move, separator);) {
    move.erase(0, move.find_first_not_of(" \t"));
    move.erase(move.find_last_not_of(" \t") + 1);
    if (!move.empty()) added.push_back(move);
  }
  if (added.empty()) throw CliProblem("usage", "--if needs at least one move", kExitUsage);
  const json stored = client.get_json(conditional_path(game_id));
  std::vector<Line> lines;
  bool covered = false;
  for (const json& line : stored.value("lines", json::array())) {
    const Line kept = line.get<Line>();
    if (begins_with(added, kept)) continue;  // the new line extends it
    covered = covered || begins_with(kept, added);
    lines.push_back(kept);
  }
  if (!covered) lines.push_back(added);
  const json body = {{"lines", lines}, {"ply", stored.value("ply", 0)}};
  const Response res = client.put(conditional_path(game_id), body.dump());
  return print_lines(json::parse(res.body), raw);
}

void add_conditional_commands(CLI::App& app, int& exit_code) {
  CLI::App* cmd = app.add_subcommand(
      "conditional", "my conditional lines on a game (store one with: hexpost move GAME_ID --if)");
  cmd->require_subcommand(1);
  add_list(*cmd, exit_code);
  add_clear(*cmd, exit_code);
}

}  // namespace cli
