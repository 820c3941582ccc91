#include "cli/commands/move_commands.h"

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/commands/board_view.h"
#include "cli/commands/conditional_commands.h"
#include "cli/commands/exit_codes.h"
#include "cli/commands/message_commands.h"
#include "cli/commands/remote.h"
#include "rules/core/play.h"
#include "rules/core/registry.h"

namespace cli {

using nlohmann::json;

namespace {

std::string game_path(const std::string& id) { return "/v1/games/" + url_encode(id); }

struct MoveFlags {
  std::string id;
  std::string move;
  bool dry_run = false;
  bool json = false;
  bool ascii = false;
  int ply = -1;         // -1: the ply of the board fetched now
  std::string if_line;  // --if: a conditional line to store instead of a move
  // Filled while running: the game, and whether the rules refused the move.
  std::string game;
  bool refused = false;
};

// After a refusal by the rules: where the notation and the legal moves are.
void print_refusal_hint(const MoveFlags& f) {
  std::cerr << "hexpost: the notation: hexpost rules notation "
            << (f.game.empty() ? "GAME" : f.game) << "; the legal moves: hexpost show " << f.id
            << " --legal\n";
}

// The offline half of --dry-run: the rules library on the position the server sent. Returns
// the canonical move (empty when this client does not know the game); throws CliProblem with
// the rules' code when they refuse it.
std::string check_offline(const json& game, const std::string& move) {
  const rules::GameDef* def = rules::find_game(game.value("game", ""));
  if (def == nullptr) {
    std::cerr << "hexpost: this client does not know the game " << game.value("game", "?")
              << "; checking with the server only\n";
    return std::string();
  }
  auto state = def->load(game.value("position", ""));
  if (!state) throw std::runtime_error("cannot load the position: " + state.error().message);
  auto canonical = rules::preview(*state.value(), move);
  if (!canonical) {
    throw CliProblem(std::string(rules::to_string(canonical.error().code)),
                     canonical.error().message, kExitFailed);
  }
  return canonical.value();
}

int dry_run(Client& client, const json& game, MoveFlags& f) {
  try {
    check_offline(game, f.move);
  } catch (const CliProblem&) {
    f.refused = true;  // the rules refused it offline
    throw;
  }
  const Response res = client.post(game_path(f.id) + "/preview", json{{"move", f.move}}.dump());
  if (f.json) {
    print_body(res.body);
    return kExitOk;
  }
  const json answer = json::parse(res.body);
  std::cout << answer.value("move", "") << "\n";
  std::cerr << "Legal (checked offline and by the server); not played.\n";
  return kExitOk;
}

// The rules' refusals (422), as opposed to conflicts, authentication and the like.
bool is_rules_refusal(const ApiProblem& problem) {
  return problem.code() == "bad_notation" || problem.code() == "illegal_move";
}

int play_move(Client& client, MoveFlags& f) {
  const json game = client.get_json(game_path(f.id));
  f.game = game.value("game", "");
  if (f.dry_run) return dry_run(client, game, f);
  const int ply = f.ply >= 0 ? f.ply : game.value("ply", 0);
  Response res;
  try {
    res = post_move(client, f.id, f.move, ply, new_idempotency_key());
  } catch (const ApiProblem& problem) {
    f.refused = is_rules_refusal(problem);
    throw;
  }
  if (f.json) {
    print_body(res.body);
    return kExitOk;
  }
  const json answer = json::parse(res.body);
  std::cout << answer.value("move", "") << "\n";
  std::cout << render_game(answer.value("game", json::object()), {output_style(f.ascii)});
  return kExitOk;
}

void add_move(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<MoveFlags>();
  CLI::App* cmd = app.add_subcommand("move", "play a move (at the ply the board was fetched at)");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  cmd->add_option("MOVE", f->move,
                  "the move in the game's notation (hexpost rules notation GAME; the legal moves: "
                  "hexpost show GAME_ID --legal)");
  cmd->add_option(
      "--if", f->if_line,
      "instead of a move, store a conditional line \"X Y X2 Y2\": if the opponent "
      "plays X, reply Y, then if X2, Y2; separate moves by commas when their notation holds spaces "
      "(hexpost conditional list|clear GAME_ID)");
  cmd->add_flag("--dry-run,-n", f->dry_run,
                "check the move offline with the rules library, then with the server's preview; "
                "play nothing");
  cmd->add_option("--ply", f->ply,
                  "the ply of the board I looked at (default: the board fetched now); the server "
                  "refuses with a conflict (exit 3) if the game has moved on")
      ->check(CLI::NonNegativeNumber);
  add_json_flag(cmd, f->json);
  cmd->add_flag("--ascii", f->ascii, "plain ASCII without colour, even on a terminal");
  cmd->callback([f, &exit_code] {
    if (f->move.empty() == f->if_line.empty()) {
      std::cerr << "hexpost: move takes either MOVE or --if \"X Y ...\"\n";
      exit_code = kExitUsage;
      return;
    }
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      if (!f->if_line.empty()) return store_conditional_line(client, f->id, f->if_line, f->json);
      return play_move(client, *f);
    });
    if (f->refused) print_refusal_hint(*f);
  });
}

// A POST without a body of its own, printing the resulting game.
int post_action(Client& client, const std::string& path, const json& body, bool raw) {
  const Response res = client.post(path, body.dump());
  if (raw) {
    print_body(res.body);
    return kExitOk;
  }
  const json answer = json::parse(res.body, nullptr, false);
  const json game = answer.is_object() && answer.contains("game") ? answer["game"] : answer;
  if (game.is_object() && game.contains("board")) {
    std::cout << render_game(game, {output_style(false)});
  }
  return kExitOk;
}

void add_simple_action(CLI::App& app, int& exit_code, const char* name, const char* help,
                       const char* suffix) {
  struct Flags {
    std::string id;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  add_json_flag(cmd, f->json);
  cmd->callback([f, suffix, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      return post_action(client, game_path(f->id) + suffix, json::object(), f->json);
    });
  });
}

// Asks on the terminal; true only for "y" or "yes".
bool confirm_resignation(const json& game) {
  std::cerr << "Resign game " << game.value("id", "?") << " (" << game.value("game", "?")
            << ", ply " << game.value("ply", 0) << ") against " << opponents_of(game, ", ")
            << "? [y/N] " << std::flush;
  std::string answer;
  std::getline(std::cin, answer);
  return answer == "y" || answer == "Y" || answer == "yes" || answer == "YES";
}

// `resign GAME [--yes]`: on a terminal it asks first; elsewhere it resigns only with --yes, so a
// script never resigns by accident (usage error, exit 2, before any request).
void add_resign(CLI::App& app, int& exit_code) {
  struct Flags {
    std::string id;
    bool json = false;
    bool yes = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "resign", "resign a game (asks on a terminal; --yes to resign without asking)");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  cmd->add_flag("--yes,-y", f->yes, "resign without asking (required when stdin is no terminal)");
  add_json_flag(cmd, f->json);
  cmd->callback([f, &exit_code] {
    if (!f->yes && !::isatty(0)) {
      std::cerr << "hexpost: resign asks for confirmation on a terminal; pass --yes to resign "
                   "from a script\n";
      exit_code = kExitUsage;
      return;
    }
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      if (!f->yes && !confirm_resignation(client.get_json(game_path(f->id)))) {
        std::cerr << "Not resigned.\n";
        return static_cast<int>(kExitFailed);
      }
      return post_action(client, game_path(f->id) + "/resign", json::object(), f->json);
    });
  });
}

void add_draw(CLI::App& app, int& exit_code) {
  CLI::App* draw = app.add_subcommand("draw", "offer, accept or decline a draw");
  draw->require_subcommand(1);
  for (const char* action : {"offer", "accept", "decline"}) {
    struct Flags {
      std::string id;
      bool json = false;
    };
    auto f = std::make_shared<Flags>();
    CLI::App* cmd = draw->add_subcommand(action, std::string(action) + " a draw");
    cmd->add_option("GAME_ID", f->id, "the game")->required();
    add_json_flag(cmd, f->json);
    cmd->callback([f, action, &exit_code] {
      exit_code = run_remote([&](Client& client) {
        require_token(client);
        return post_action(client, game_path(f->id) + "/draw", {{"action", action}}, f->json);
      });
    });
  }
}

// One line for a leave request as an answer left it:
//   "Leave request in game 7, seat 2 (ann -> dan): pending; yes 1, no 0 of 3 voters; dan has
//    not accepted; the vote ends 2026-05-06T12:00:00.000000Z"
//   "Seat 2 of game 7 passed from ann to dan." / "ann resigned seat 2 of game 7."
std::string leave_line(const json& r) {
  const std::string game = "game " + r.value("game_id", "?");
  const std::string number = std::to_string(r.value("seat", -1));
  const std::string seat = "seat " + number;
  const std::string leaver = r.value("leaver", "?");
  const std::string replacement = r.contains("replacement") && r["replacement"].is_string()
                                      ? r["replacement"].get<std::string>()
                                      : "";
  const std::string status = r.value("status", "");
  if (status == "handed_over") {
    return "Seat " + number + " of " + game + " passed from " + leaver + " to " + replacement + ".";
  }
  if (status == "resigned") return leaver + " resigned " + seat + " of " + game + ".";
  if (status == "closed") return "The leave request in " + game + " ended with the game.";
  const auto count = [&r](const char* key) {
    return std::to_string(r.value(key, json::array()).size());
  };
  return "Leave request in " + game + ", " + seat + " (" + leaver + " -> " + replacement +
         "): pending; yes " + count("approvals") + ", no " + count("refusals") + " of " +
         count("voters") + " voters; " + replacement +
         (r.value("accepted", false) ? " has accepted" : " has not accepted") + "; the vote ends " +
         r.value("deadline", "?");
}

// Posts a leave route and prints the request's line (--json: the answer unchanged).
int post_leave_action(Client& client, const std::string& path, const json& body, bool raw) {
  const Response res = client.post(path, body.dump());
  if (raw) {
    print_body(res.body);
    return kExitOk;
  }
  const json answer = json::parse(res.body, nullptr, false);
  std::cout << leave_line(answer.is_object() ? answer.value("leave_request", json::object())
                                             : json::object())
            << "\n";
  return kExitOk;
}

struct LeaveFlags {
  std::string id, replacement, answer;
  bool json = false;
  bool yes = false;
};

// `leave GAME [--replacement USER]`: leaving a game of three or more seats (docs/game-service.md,
// "Leaving a game"). Leaving without a replacement is a resignation, so it asks like `resign`
// (--yes from a script).
void add_leave(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<LeaveFlags>();
  CLI::App* cmd = app.add_subcommand(
      "leave",
      "ask to leave a game of three or more seats, naming a replacement (the others vote)");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  cmd->add_option("--replacement,-r", f->replacement, "the player who would take my seat");
  cmd->add_flag("--yes,-y", f->yes, "without a replacement: resign without asking");
  add_json_flag(cmd, f->json);
  cmd->callback([f, &exit_code] {
    if (f->replacement.empty() && !f->yes) {
      std::cerr << "hexpost: leaving without --replacement resigns; pass --yes to resign\n";
      exit_code = kExitUsage;
      return;
    }
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const json body =
          f->replacement.empty() ? json::object() : json{{"replacement", f->replacement}};
      return post_leave_action(client, game_path(f->id) + "/leave", body, f->json);
    });
  });
}

// `vote GAME yes|no` on a leave request, and `accept-seat GAME` by the replacement.
void add_vote_and_accept_seat(CLI::App& app, int& exit_code) {
  auto vote = std::make_shared<LeaveFlags>();
  CLI::App* cmd = app.add_subcommand("vote", "vote on a player's request to leave a game");
  cmd->add_option("GAME_ID", vote->id, "the game")->required();
  cmd->add_option("ANSWER", vote->answer, "yes or no")
      ->required()
      ->check(CLI::IsMember({"yes", "no"}));
  add_json_flag(cmd, vote->json);
  cmd->callback([vote, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      return post_leave_action(client, game_path(vote->id) + "/leave/vote",
                               {{"approve", vote->answer == "yes"}}, vote->json);
    });
  });
  auto take = std::make_shared<LeaveFlags>();
  cmd = app.add_subcommand("accept-seat", "take the seat a leaving player named me for");
  cmd->add_option("GAME_ID", take->id, "the game")->required();
  add_json_flag(cmd, take->json);
  cmd->callback([take, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      return post_leave_action(client, game_path(take->id) + "/leave/accept", json::object(),
                               take->json);
    });
  });
}

// The record is text on the server; its JSON form is the game itself (seats, canonical moves,
// result), printed unchanged.
void add_record(CLI::App& app, int& exit_code) {
  struct Flags {
    std::string id;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand("record", "print a game's record (PGN-style text)");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  add_json_flag(cmd, f->json);
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      print_body(client.get(game_path(f->id) + (f->json ? "" : "/record")).body);
      return static_cast<int>(kExitOk);
    });
  });
}

void add_watch(CLI::App& app, int& exit_code) {
  struct Flags {
    std::string id;
    bool ascii = false;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "watch", "follow a game and redraw the board on every change, until it ends (or Ctrl-C)");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  cmd->add_flag("--ascii", f->ascii, "plain ASCII without colour, even on a terminal");
  cmd->add_flag("--json", f->json, "print the stream's lines unchanged");
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const Style style = output_style(f->ascii);
      client.get_lines(game_path(f->id) + "/stream", [&](const std::string& line) {
        if (line.empty()) return true;  // heartbeat
        const json event = json::parse(line, nullptr, false);
        if (f->json) std::cout << line << std::endl;
        if (!f->json && event.is_object() && event.value("type", "") == "message") {
          std::cout << message_text(event.value("message", json::object())) << std::flush;
        }
        if (!event.is_object() || !event.contains("game")) return true;
        const json& game = event["game"];
        if (!f->json) {
          if (style.color) std::cout << "\x1b[H\x1b[2J";  // redraw in place on a terminal
          std::cout << render_game(game, {style}) << std::flush;
        }
        return game.value("status", "active") == "active";
      });
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

Response post_move(Client& client, const std::string& game_id, const std::string& move, int ply,
                   const std::string& idempotency_key, int attempts) {
  const std::string body = json{{"move", move}, {"ply", ply}}.dump();
  for (int attempt = 1;; ++attempt) {
    try {
      return client.post(game_path(game_id) + "/moves", body,
                         {{"Idempotency-Key", idempotency_key}});
    } catch (const NetworkError& e) {
      if (attempt >= attempts) throw;
      std::cerr << "hexpost: " << e.what() << "; retrying (same Idempotency-Key)\n";
      std::this_thread::sleep_for(std::chrono::milliseconds(200 * attempt));
    }
  }
}

void add_move_commands(CLI::App& app, int& exit_code) {
  add_move(app, exit_code);
  add_resign(app, exit_code);
  add_simple_action(app, exit_code, "abort", "abort a game before every seat has moved", "/abort");
  add_draw(app, exit_code);
  add_leave(app, exit_code);
  add_vote_and_accept_seat(app, exit_code);
  add_record(app, exit_code);
  add_watch(app, exit_code);
}

}  // namespace cli
