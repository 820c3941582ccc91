#pragma once
// What every server-backed command shares: running against the server with errors turned into
// messages on stderr and the documented exit codes, output style (colour/Unicode or plain), and
// small text helpers. Data goes to stdout, messages to stderr.

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/client/client.h"

namespace cli {

// Runs `body` with a client for the configured server. ApiProblem prints "hexpost: <detail>
// (<code>)" (plus "retry after Ns" when given) and maps to 3/4/5/1; NetworkError and other
// failures print and give 1. Returns `body`'s exit code otherwise. In JSON error mode
// (set_json_errors) the message is a problem document instead (report_problem).
int run_remote(const std::function<int(Client&)>& body);

// A failure found by the client itself (no server answer): its problem `code`, the message and
// the exit code. Thrown inside run_remote, it is reported like a server's problem.
struct CliProblem : std::runtime_error {
  CliProblem(std::string code, const std::string& detail, int exit_code);
  std::string code;
  int exit_code;
};

// Whether the command line asks for JSON (a `--json` argument before any `--`): then errors are
// written to stderr as one-line problem documents rather than as text.
bool json_requested(int argc, const char* const* argv);
void set_json_errors(bool on);
bool json_errors();

// Reports a failure on stderr and returns `exit_code`. As text: "hexpost: <detail>", plus
// " (<code>)" when the server's problem document named the code.
// In JSON error mode: `server_problem` verbatim when the server sent one, else a client-side
// problem document {"type":"urn:hexpost:problem:<code>","title","detail","code","exit_code"}
// (no `status`: there was no HTTP answer).
int report_problem(const std::string& code, const std::string& detail, int exit_code,
                   const nlohmann::json& server_problem = nullptr);

// Fails with exit code 4 before any request when no token is configured.
void require_token(const Client& client);

// Colour and Unicode only on a terminal, without --ascii, NO_COLOR or TERM=dumb.
struct Style {
  bool color = false;
  bool unicode = false;
};
Style output_style(bool ascii_flag);

// Wraps `text` in an SGR sequence when `style.color`.
std::string paint(const Style& style, const char* sgr, const std::string& text);

// Prints a body exactly as the server sent it (plus a final newline if it lacks one).
void print_body(const std::string& body);
// GETs `path` and parses it; with `raw` it also prints the body unchanged (for --json).
nlohmann::json fetch(Client& client, const std::string& path, bool raw);

// "2d 4h", "5h", "<1h" or "overdue" from now to an RFC 3339 deadline; "-" for null.
std::string time_left(const nlohmann::json& deadline);

// A command's --json flag and the exit-code plumbing, attached to `cmd`.
void add_json_flag(CLI::App* cmd, bool& json);

}  // namespace cli
