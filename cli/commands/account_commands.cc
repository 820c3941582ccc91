#include "cli/commands/account_commands.h"

#include <termios.h>
#include <unistd.h>

#include <iostream>
#include <memory>

#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"

namespace cli {

using nlohmann::json;

namespace {

struct Credentials {
  std::string username;
  std::string email;
  std::string password;
  bool password_stdin = false;
};

// Reads one line from the terminal without echo (falls back to a plain read when stdin is not
// a terminal).
std::string prompt_secret(const std::string& prompt) {
  std::cerr << prompt << std::flush;
  termios old{};
  const bool tty = ::isatty(0) && ::tcgetattr(0, &old) == 0;
  if (tty) {
    termios quiet = old;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    ::tcsetattr(0, TCSANOW, &quiet);
  }
  std::string line;
  std::getline(std::cin, line);
  if (tty) {
    ::tcsetattr(0, TCSANOW, &old);
    std::cerr << "\n";
  }
  return line;
}

std::string prompt_line(const std::string& prompt) {
  std::cerr << prompt << std::flush;
  std::string line;
  std::getline(std::cin, line);
  return line;
}

void complete(Credentials& c, bool need_email) {
  if (c.username.empty()) c.username = prompt_line("Username: ");
  if (need_email && c.email.empty()) c.email = prompt_line("E-mail: ");
  if (c.password_stdin) {
    std::getline(std::cin, c.password);
    if (!c.password.empty() && c.password.back() == '\r') c.password.pop_back();
  } else if (c.password.empty()) {
    c.password = prompt_secret("Password: ");
  }
}

void add_credential_options(CLI::App* cmd, Credentials& c, bool with_email) {
  cmd->add_option("--username,-u", c.username, "account name (prompted when absent)");
  if (with_email) cmd->add_option("--email", c.email, "e-mail address (prompted when absent)");
  auto* pw = cmd->add_option("--password", c.password,
                             "password (visible to other users of this machine; prefer the "
                             "prompt or --password-stdin)");
  cmd->add_flag("--password-stdin", c.password_stdin, "read the password from stdin's first line")
      ->excludes(pw);
}

// Logs in with a new token and stores it.
int login(Client& client, const Credentials& c) {
  const json answer = client.post_json(
      "/v1/tokens", {{"username", c.username}, {"password", c.password}, {"name", "hexpost-cli"}});
  save_token(answer.at("token").get<std::string>(), answer.at("id").get<std::string>());
  std::cerr << "Logged in as " << c.username << " on " << client.config().server << ".\n";
  return kExitOk;
}

void add_server_commands(CLI::App& app, int& exit_code) {
  CLI::App* server = app.add_subcommand("server", "the server this client talks to");
  server->require_subcommand(1);
  auto url = std::make_shared<std::string>();
  CLI::App* set = server->add_subcommand("set", "store the server URL (HEXPOST_SERVER overrides)");
  set->add_option("URL", *url, "e.g. https://hexpost.example.org")->required();
  set->callback([url, &exit_code] {
    save_server(*url);
    std::cerr << "Server set to " << *url << ".\n";
    exit_code = kExitOk;
  });
  CLI::App* show = server->add_subcommand("show", "print the server URL in use");
  show->callback([&exit_code] {
    std::cout << load_config().server << "\n";
    exit_code = kExitOk;
  });
}

void add_signup(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<Credentials>();
  CLI::App* cmd = app.add_subcommand("signup", "create an account and log in");
  add_credential_options(cmd, *c, true);
  cmd->callback([c, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      complete(*c, true);
      client.post_json("/v1/accounts",
                       {{"username", c->username}, {"email", c->email}, {"password", c->password}});
      std::cerr << "Account " << c->username << " created.\n";
      return login(client, *c);
    });
  });
}

void add_login(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<Credentials>();
  CLI::App* cmd = app.add_subcommand("login", "log in and store a token (mode 0600)");
  add_credential_options(cmd, *c, false);
  cmd->callback([c, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      complete(*c, false);
      return login(client, *c);
    });
  });
}

// The stored token's id, or (for HEXPOST_TOKEN) the one GET /v1/tokens marks as current.
std::string current_token_id(Client& client) {
  if (!client.config().token_id.empty()) return client.config().token_id;
  for (const json& t : client.get_json("/v1/tokens").value("tokens", json::array())) {
    if (t.value("current", false)) return t.value("id", "");
  }
  throw std::runtime_error("the server does not list the current token");
}

void add_logout(CLI::App& app, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("logout", "revoke the stored token and forget it");
  cmd->callback([&exit_code] {
    exit_code = run_remote([](Client& client) {
      require_token(client);
      client.del("/v1/tokens/" + url_encode(current_token_id(client)));
      forget_token();
      std::cerr << "Logged out; the token is revoked.\n";
      return static_cast<int>(kExitOk);
    });
  });
}

void add_whoami(CLI::App& app, int& exit_code) {
  auto json_out = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("whoami", "the account the stored token belongs to");
  add_json_flag(cmd, *json_out);
  cmd->callback([json_out, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const json me = fetch(client, "/v1/me", *json_out);
      if (!*json_out) std::cout << me.value("username", "") << "\n";
      if (!*json_out && me.value("email_suppressed", false)) {  // play by email
        std::cout << "mail: suppressed (" << me.value("email", "")
                  << " refused our mail repeatedly; no notifications are sent)\n";
      }
      return static_cast<int>(kExitOk);
    });
  });
}

}  // namespace

void add_account_commands(CLI::App& app, int& exit_code) {
  add_server_commands(app, exit_code);
  add_signup(app, exit_code);
  add_login(app, exit_code);
  add_logout(app, exit_code);
  add_whoami(app, exit_code);
}

}  // namespace cli
