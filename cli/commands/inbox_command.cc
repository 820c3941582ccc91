#include "cli/commands/inbox_command.h"

#include <iostream>
#include <memory>

#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"
#include "cli/commands/table.h"

namespace cli {

using nlohmann::json;

namespace {

// "by ann, hex-quoridor" for a challenge event, from the challenge document of the line.
std::string challenge_detail(const json& event, const json& payload) {
  const json challenge = event.value("challenge", json::object());
  const std::string kind = event.value("kind", "");
  if (kind == "challenge_declined" || kind == "challenge_cancelled") {
    const std::string by = text_of(payload, "by");
    const std::string reason = text_of(payload, "reason");
    return (by.empty() ? "" : "by " + by) + (by.empty() || reason.empty() ? "" : ": ") + reason;
  }
  return "by " + text_of(challenge, "creator") + ", " + text_of(challenge, "game");
}

// "tournament 3 round 2" when the payload names a tournament, else "".
std::string tournament_detail(const json& payload) {
  const std::string id = text_of(payload, "tournament_id");
  if (id.empty()) return "";
  const std::string round = text_of(payload, "round");
  return "tournament " + id + (round.empty() ? "" : " round " + round);
}

// The first line of a message's text, with "..." when there is more.
std::string first_line(const json& payload) {
  const std::string text = text_of(payload, "text");
  const std::size_t end = text.find('\n');
  return end == std::string::npos ? text : text.substr(0, end) + " ...";
}

}  // namespace

std::string text_of(const json& object, const char* key) {
  const json value = object.is_object() ? object.value(key, json()) : json();
  if (value.is_string()) return value.get<std::string>();
  return value.is_null() ? "" : value.dump();
}

std::string to_seconds(const std::string& at) {
  const std::size_t dot = at.find('.');
  const std::size_t zone = at.find_first_of("Z+", dot);
  if (dot == std::string::npos || zone == std::string::npos) return at;
  return at.substr(0, dot) + at.substr(zone);
}

std::string inbox_detail(const json& event) {
  const std::string kind = event.value("kind", "");
  const json payload = event.value("payload", json::object());
  if (kind.rfind("challenge_", 0) == 0) return challenge_detail(event, payload);
  if (kind == "game_finished") return text_of(payload, "summary");
  if (kind == "game_aborted") {
    const std::string reason = text_of(payload, "reason");
    return reason.empty() ? "aborted" : "aborted: " + reason;
  }
  if (kind == "draw_offered") return "seat " + text_of(payload, "seat") + " offers a draw";
  if (kind == "message") return text_of(payload, "author") + ": " + first_line(payload);
  if (kind == "message_reported") {
    const std::string reason = text_of(payload, "reason");
    return text_of(payload, "reporter") + " reports message " + text_of(payload, "message_id") +
           " by " + text_of(payload, "author") + (reason.empty() ? "" : ": " + reason);
  }
  if (kind == "leave_requested") {
    return text_of(payload, "leaver") + " asks to leave seat " + text_of(payload, "seat") + " to " +
           text_of(payload, "replacement") + "; vote by " + text_of(payload, "deadline");
  }
  if (kind == "seat_replaced") {
    return "seat " + text_of(payload, "seat") + " passed from " + text_of(payload, "from") +
           " to " + text_of(payload, "to");
  }
  if (kind == "tournament_pairing") {
    std::string seats;
    for (const json& name : payload.value("seats", json::array())) {
      seats += (seats.empty() ? "" : " vs ") + (name.is_string() ? name.get<std::string>() : "?");
    }
    return tournament_detail(payload) + (seats.empty() ? "" : ": " + seats);
  }
  return tournament_detail(payload);
}

void add_inbox_command(CLI::App& app, int& exit_code) {
  struct Flags {
    int limit = 20;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "inbox",
      "what happened to me lately: challenges, games started and finished, pairings, messages");
  cmd->add_option("--limit,-n", f->limit, "how many events, newest first (1-200; default 20)")
      ->check(CLI::Range(1, 200));
  add_json_flag(cmd, f->json);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const json page = fetch(client, "/v1/me/events?limit=" + std::to_string(f->limit), f->json);
      if (f->json) return static_cast<int>(kExitOk);
      Table table({"WHEN", "EVENT", "CHALLENGE", "GAME", "DETAIL"});
      for (const json& e : page.value("events", json::array())) {
        const std::string challenge_id = text_of(e, "challenge_id");
        const std::string game_id = text_of(e, "game_id");
        table.add({to_seconds(text_of(e, "created_at")), text_of(e, "type"),
                   challenge_id.empty() ? "-" : challenge_id, game_id.empty() ? "-" : game_id,
                   inbox_detail(e)});
      }
      if (table.empty()) {
        std::cerr << "Nothing happened yet.\n";
      } else {
        table.print(std::cout, stdout_is_terminal());
      }
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace cli
