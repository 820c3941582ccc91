// An interactive session driven in tmux: the password prompt does not echo, and `show` on a
// terminal draws with colour (SGR escapes, captured with capture-pane -e) and Unicode, while the
// same command with --ascii does not.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "tests/cli/server/cli_fixture.h"

namespace {

using namespace clitest;

class Tmux {
 public:
  explicit Tmux(const std::map<std::string, std::string>& env)
      : socket_("hexpost-cli-" + std::to_string(getpid())) {
    std::string command = "env -u NO_COLOR TERM=xterm-256color";
    for (const auto& [k, v] : env) command += " " + k + "=" + v;
    command += " PS1='$ ' bash --norc --noprofile";
    run({"new-session", "-d", "-x", "220", "-y", "80", command});
  }
  ~Tmux() { run({"kill-server"}); }

  testsupport::RunResult run(const std::vector<std::string>& args) {
    std::vector<std::string> argv{"/usr/bin/tmux", "-L", socket_, "-f", "/dev/null"};
    argv.insert(argv.end(), args.begin(), args.end());
    return testsupport::run(argv);
  }
  void type(const std::string& keys) {
    run({"send-keys", "-l", keys});
    run({"send-keys", "Enter"});
  }
  std::string capture(bool escapes) {
    if (escapes) return run({"capture-pane", "-p", "-e", "-J"}).out;
    return run({"capture-pane", "-p", "-J"}).out;
  }
  // Waits (up to 10 s) until the pane shows `text`; returns the pane.
  std::string wait_for(const std::string& text, bool escapes = false) {
    std::string pane;
    for (int i = 0; i < 500; ++i) {
      pane = capture(false);
      if (pane.find(text) != std::string::npos) return escapes ? capture(true) : pane;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "timed out waiting for '" << text << "' in:\n" << pane;
    return pane;
  }

 private:
  std::string socket_;
};

TEST(CliTty, PromptWithoutEchoThenColourAndUnicodeOnATerminal) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("hex-quoridor", p0, p1);
  const std::string fresh_home = p0.home + "-tty";
  Tmux tmux({{"HEXPOST_SERVER", server_url()},
             {"XDG_CONFIG_HOME", fresh_home},
             {"PATH", "/usr/bin:/bin"}});
  tmux.type(std::string(HEXPOST_CLI_PATH) + " login --username " + p0.name);
  tmux.wait_for("Password: ");
  tmux.type("correct horse battery");
  std::string pane = tmux.wait_for("Logged in as " + p0.name);
  EXPECT_EQ(pane.find("correct horse"), std::string::npos) << "the password was echoed:\n" << pane;

  tmux.type("clear; " + std::string(HEXPOST_CLI_PATH) + " show " + id + "; echo SHOWN-1");
  pane = tmux.wait_for("\nSHOWN-1", true);
  const std::string title = "\x1b[1mhex-quoridor #" + id + " \u00b7 ply 0 \u00b7 active";
  // Title in bold, empty cells as a dim middle dot, the player's name in seat 0's colour (red).
  EXPECT_NE(pane.find(title), std::string::npos) << pane;
  EXPECT_NE(pane.find("\x1b[2m\u00b7"), std::string::npos) << pane;
  EXPECT_NE(pane.find("0=\x1b[1m\x1b[31m" + p0.name), std::string::npos) << pane;
  EXPECT_NE(pane.find("1=\x1b[1m\x1b[34m" + p1.name), std::string::npos) << pane;

  tmux.type("clear; " + std::string(HEXPOST_CLI_PATH) + " show --ascii " + id + "; echo SHOWN-2");
  pane = tmux.wait_for("\nSHOWN-2", true);
  EXPECT_EQ(pane.find("\x1b["), std::string::npos) << pane;
  EXPECT_EQ(pane.find("\u00b7"), std::string::npos) << pane;
  EXPECT_NE(pane.find("0=" + p0.name), std::string::npos) << pane;

  // NO_COLOR and TERM=dumb turn colour and Unicode off on a terminal too.
  for (const std::string env : {"NO_COLOR=1", "TERM=dumb"}) {
    tmux.type("clear; " + env + " " + std::string(HEXPOST_CLI_PATH) + " show " + id +
              "; echo SHOWN-" + env);
    pane = tmux.wait_for("\nSHOWN-" + env, true);
    EXPECT_EQ(pane.find("\x1b["), std::string::npos) << env << "\n" << pane;
    EXPECT_EQ(pane.find("\u00b7"), std::string::npos) << env << "\n" << pane;
  }
}

TEST(CliTty, ResignAsksForConfirmationOnATerminal) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("iso-path", p0, p1);
  Tmux tmux({{"HEXPOST_SERVER", server_url()},
             {"XDG_CONFIG_HOME", p0.home},
             {"NO_COLOR", "1"},
             {"PATH", "/usr/bin:/bin"}});
  const std::string resign = std::string(HEXPOST_CLI_PATH) + " resign " + id;
  tmux.type(resign + "; echo EXIT-$?");
  tmux.wait_for("Resign game " + id + " (iso-path, ply 0) against " + p1.name + "? [y/N] ");
  tmux.type("n");
  std::string pane = tmux.wait_for("EXIT-1");
  EXPECT_NE(pane.find("Not resigned.\n"), std::string::npos) << pane;
  EXPECT_EQ(parse_out(hexpost(p0, {"show", id, "--json"})).at("status"), "active");

  // The first prompt stays on the pane until `clear` has run: wait for a line printed after it,
  // so that "y" goes to the new prompt and not to the shell.
  tmux.type("clear; echo CLEARED; " + resign + "; echo EXIT-$?");
  tmux.wait_for("CLEARED\n");
  tmux.wait_for("[y/N] ");
  tmux.type("y");
  pane = tmux.wait_for("EXIT-0");
  EXPECT_NE(pane.find("Game over: finished"), std::string::npos) << pane;
  EXPECT_EQ(parse_out(hexpost(p0, {"show", id, "--json"})).at("status"), "finished");
}

}  // namespace
