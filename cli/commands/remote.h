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
// failures print and give 1. Returns `body`'s exit code otherwise.
int run_remote(const std::function<int(Client&)>& body);

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
