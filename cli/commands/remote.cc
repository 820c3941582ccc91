#include "cli/commands/remote.h"

#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli/commands/exit_codes.h"
#include "lib/clock/clock.h"

namespace cli {

namespace {

bool g_json_errors = false;

// "not_logged_in" -> "Not logged in": the title of a client-side problem.
std::string title_of(const std::string& code) {
  std::string title = code;
  for (char& c : title) {
    if (c == '_') c = ' ';
  }
  if (!title.empty())
    title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
  return title;
}

}  // namespace

CliProblem::CliProblem(std::string code_value, const std::string& detail, int exit_code_value)
    : std::runtime_error(detail), code(std::move(code_value)), exit_code(exit_code_value) {}

bool json_requested(int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") return false;
    if (arg == "--json") return true;
  }
  return false;
}

void set_json_errors(bool on) { g_json_errors = on; }
bool json_errors() { return g_json_errors; }

int report_problem(const std::string& code, const std::string& detail, int exit_code,
                   const nlohmann::json& server_problem) {
  if (!g_json_errors) {  // the code only when the server named it
    const bool named = server_problem.is_object() && !code.empty();
    std::cerr << "hexpost: " << detail << (named ? " (" + code + ")" : "") << "\n";
  } else if (server_problem.is_object()) {
    std::cerr << server_problem.dump() << "\n";
  } else {
    std::cerr << nlohmann::json{{"type", "urn:hexpost:problem:" + code},
                                {"title", title_of(code)},
                                {"detail", detail},
                                {"code", code},
                                {"exit_code", exit_code}}
                     .dump()
              << "\n";
  }
  return exit_code;
}

int run_remote(const std::function<int(Client&)>& body) {
  try {
    Client client(load_config());
    return body(client);
  } catch (const ApiProblem& problem) {
    std::string code = problem.code();
    std::string detail = problem.detail();
    if (problem.retry_after() && !g_json_errors) {  // "<detail> (<code>); retry after Ns"
      detail += (code.empty() ? "" : " (" + code + ")") + "; retry after " +
                std::to_string(*problem.retry_after()) + "s";
      code.clear();
    }
    if (code.empty() && g_json_errors) code = "http_" + std::to_string(problem.status());
    return report_problem(code, detail, exit_code_for(problem), problem.body());
  } catch (const CliProblem& e) {
    return report_problem(e.code, e.what(), e.exit_code);
  } catch (const NetworkError& e) {
    return report_problem("network_error", std::string("cannot reach the server: ") + e.what(),
                          kExitFailed);
  } catch (const std::exception& e) {
    return report_problem("client_error", e.what(), kExitFailed);
  }
}

void require_token(const Client& client) {
  if (client.config().token.empty()) {
    throw CliProblem("not_logged_in", "not logged in: run `hexpost login` or set HEXPOST_TOKEN",
                     kExitAuth);
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
  cmd->add_flag("--json", json,
                "print the server's JSON unchanged; errors go to stderr as problem+json");
}

}  // namespace cli
