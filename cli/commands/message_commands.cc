#include "cli/commands/message_commands.h"

#include <iostream>
#include <memory>
#include <vector>

#include "cli/commands/exit_codes.h"
#include "cli/commands/inbox_command.h"
#include "cli/commands/remote.h"

namespace cli {

using nlohmann::json;

namespace {

std::string messages_path(const std::string& game_id) {
  return "/v1/games/" + url_encode(game_id) + "/messages";
}

void add_say(CLI::App& app, int& exit_code) {
  struct Flags {
    std::string id;
    std::vector<std::string> words;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd =
      app.add_subcommand("say", "send a message to the other players of a game (plain text)");
  cmd->alias("message");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  cmd->add_option("TEXT", f->words, "the message (several words are joined by spaces)")->required();
  add_json_flag(cmd, f->json);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      std::string text;
      for (const std::string& word : f->words) text += (text.empty() ? "" : " ") + word;
      const Response res = client.post(messages_path(f->id), json{{"text", text}}.dump());
      if (f->json) {
        print_body(res.body);
      } else {
        std::cout << message_text(json::parse(res.body, nullptr, false));
      }
      return static_cast<int>(kExitOk);
    });
  });
}

void add_messages(CLI::App& app, int& exit_code) {
  struct Flags {
    std::string id;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "messages", "a game's messages, oldest first (its players' while it runs, everyone's after)");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  cmd->add_flag("--json", f->json, "print every message as one JSON line");
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      std::string path = messages_path(f->id) + "?limit=200";
      int count = 0;
      for (;;) {
        const json page = client.get_json(path);
        for (const json& m : page.value("messages", json::array())) {
          std::cout << (f->json ? m.dump() + "\n" : message_text(m));
          ++count;
        }
        const std::string next = text_of(page, "next_cursor");
        if (next.empty()) break;
        path = messages_path(f->id) + "?limit=200&cursor=" + url_encode(next);
      }
      if (count == 0 && !f->json) std::cerr << "No messages.\n";
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

std::string message_text(const json& message) {
  std::string out = "[ply " + text_of(message, "ply") + "] " + text_of(message, "author") + " " +
                    to_seconds(text_of(message, "created_at")) + ":";
  const std::string text = text_of(message, "text");
  std::size_t start = 0;
  for (bool first = true; start <= text.size(); first = false) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += (first ? " " : "\n  ") + text.substr(start, end - start);
    start = end + 1;
  }
  return out + "\n";
}

void add_message_commands(CLI::App& app, int& exit_code) {
  add_say(app, exit_code);
  add_messages(app, exit_code);
}

}  // namespace cli
