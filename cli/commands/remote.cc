#include "cli/commands/remote.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli/commands/exit_codes.h"
#include "lib/clock/clock.h"

namespace cli {

namespace {

// Thrown by require_token; carries no server answer.
struct NotLoggedIn : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace

int run_remote(const std::function<int(Client&)>& body) {
  try {
    Client client(load_config());
    return body(client);
  } catch (const ApiProblem& problem) {
    std::cerr << "hexpost: " << problem.detail();
    if (!problem.code().empty()) std::cerr << " (" << problem.code() << ")";
    if (problem.retry_after()) std::cerr << "; retry after " << *problem.retry_after() << "s";
    std::cerr << "\n";
    return exit_code_for(problem);
  } catch (const NotLoggedIn& e) {
    std::cerr << "hexpost: " << e.what() << "\n";
    return kExitAuth;
  } catch (const NetworkError& e) {
    std::cerr << "hexpost: cannot reach the server: " << e.what() << "\n";
    return kExitFailed;
  } catch (const std::exception& e) {
    std::cerr << "hexpost: " << e.what() << "\n";
    return kExitFailed;
  }
}

void require_token(const Client& client) {
  if (client.config().token.empty()) {
    throw NotLoggedIn("not logged in: run `hexpost login` or set HEXPOST_TOKEN");
  }
}

Style output_style(bool ascii_flag) {
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  const bool plain = ascii_flag || (no_color != nullptr && *no_color != '\0') ||
                     (term != nullptr && std::strcmp(term, "dumb") == 0) || !::isatty(1);
  return plain ? Style{} : Style{true, true};
}

std::string paint(const Style& style, const char* sgr, const std::string& text) {
  if (!style.color) return text;
  return std::string("\x1b[") + sgr + "m" + text + "\x1b[0m";
}

void print_body(const std::string& body) {
  std::cout << body;
  if (body.empty() || body.back() != '\n') std::cout << "\n";
}

nlohmann::json fetch(Client& client, const std::string& path, bool raw) {
  const Response res = client.get(path);
  if (raw) print_body(res.body);
  return nlohmann::json::parse(res.body, nullptr, false);
}

std::string time_left(const nlohmann::json& deadline) {
  if (!deadline.is_string()) return "-";
  const auto at = hxclock::parse_rfc3339(deadline.get<std::string>());
  if (!at) return "-";
  const auto left = *at - hxclock::system_clock().now();
  if (left.count() <= 0) return "overdue";
  const long hours = std::chrono::duration_cast<std::chrono::hours>(left).count();
  if (hours == 0) return "<1h";
  if (hours < 24) return std::to_string(hours) + "h";
  return std::to_string(hours / 24) + "d " + std::to_string(hours % 24) + "h";
}

void add_json_flag(CLI::App* cmd, bool& json) {
  cmd->add_flag("--json", json, "print the server's JSON unchanged");
}

}  // namespace cli
