#include "tests/cli/server/cli_fixture.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/services/game/service_fixture.h"
#include "tests/support/loopback.h"

namespace clitest {

namespace {

// The real hexpostd binary, stopped (SIGTERM, then waited for) at process exit.
struct ServerProcess {
  pid_t pid = -1;
  int port = 0;
  std::string home;

  void start(const std::string& url, const std::string& rate_per_s, const std::string& burst) {
    port = testsupport::free_loopback_port();
    pid = fork();
    if (pid == 0) {
      setenv("HEXPOST_DATABASE_URL", url.c_str(), 1);
      setenv("HEXPOST_LISTEN", ("127.0.0.1:" + std::to_string(port)).c_str(), 1);
      setenv("HEXPOST_LOG_LEVEL", "error", 1);
      setenv("HEXPOST_MIGRATIONS_DIR", HEXPOST_TEST_MIGRATIONS_DIR, 1);
      setenv("HEXPOST_RATE_PER_S", rate_per_s.c_str(), 1);
      setenv("HEXPOST_RATE_BURST", burst.c_str(), 1);
      setenv("HEXPOST_LOGIN_ADDRESS_BURST", "1000000", 1);  // every account is made from 127.0.0.1
      setenv("HEXPOST_LOGIN_USERNAME_BURST", "1000000", 1);
      setenv("HEXPOST_COMPETITION_S", "1", 1);  // rate finished games within a second
      execl(HEXPOSTD_PATH, HEXPOSTD_PATH, "serve", static_cast<char*>(nullptr));
      _exit(127);
    }
    svctest::Client probe(port);
    for (int i = 0; i < 500; ++i) {
      if (probe.get("/v1/catalog").status == 200) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "hexpostd did not come up on port " << port;
  }
  ~ServerProcess() {
    if (pid > 0) {
      ::kill(pid, SIGTERM);
      waitpid(pid, nullptr, 0);
    }
    if (!home.empty()) std::filesystem::remove_all(home);
  }
};

ServerProcess& server() {
  static ServerProcess process;
  static const bool started = [] {
    if (svctest::database_url().empty()) return false;
    process.start(svctest::database_url(), "1000", "1000");
    char dir[] = "/tmp/hexpost-cli-test-XXXXXX";
    process.home = mkdtemp(dir);
    return true;
  }();
  (void)started;
  return process;
}

}  // namespace

std::string rate_limited_server_url() {
  static ServerProcess process;
  if (process.pid < 0 && server_port() != 0) {
    process.start(svctest::database_url(), "0.01", "3");
  }
  return "http://127.0.0.1:" + std::to_string(process.port);
}

int server_port() { return server().port; }
std::string server_url() { return "http://127.0.0.1:" + std::to_string(server_port()); }

std::string unique_name(const std::string& prefix) {
  static std::atomic<int> counter{0};
  return prefix + std::to_string(getpid() % 100000) + "x" + std::to_string(++counter);
}

namespace {

// The environment of `hexpost` run as `user` against the test server, `env` on top.
std::map<std::string, std::string> user_env(const User& user,
                                            std::map<std::string, std::string> env) {
  env.try_emplace("HEXPOST_SERVER", server_url());
  env.try_emplace("XDG_CONFIG_HOME", user.home);
  env.try_emplace("NO_COLOR", "1");
  env.try_emplace("HEXPOST_TOKEN", "\x01");
  return env;
}

std::vector<std::string> hexpost_argv(const std::vector<std::string>& args) {
  std::vector<std::string> argv{HEXPOST_CLI_PATH};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

}  // namespace

testsupport::RunResult hexpost(const User& user, const std::vector<std::string>& args,
                               const std::string& stdin_text,
                               std::map<std::string, std::string> env) {
  return testsupport::run(hexpost_argv(args), stdin_text, user_env(user, std::move(env)));
}

testsupport::RunResult hexpost_on_terminal(const User& user, const std::vector<std::string>& args) {
  return testsupport::run_on_terminal(hexpost_argv(args), user_env(user, {}));
}

User sign_up(const std::string& prefix) {
  User user{unique_name(prefix), server().home + "/" + unique_name("h")};
  const auto r = hexpost(user,
                         {"signup", "--username", user.name, "--email", user.name + "@example.org",
                          "--password-stdin"},
                         "correct horse battery\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return user;
}

std::string stored_token(const User& user) {
  std::ifstream in(user.home + "/hexpost/token");
  std::string token;
  std::getline(in, token);
  return token;
}

std::string start_game(const std::string& game, User& seat0, User& seat1,
                       const std::vector<std::string>& extra_challenge_args) {
  User a = sign_up("ann");
  User b = sign_up("bob");
  std::vector<std::string> args{"challenge", b.name, "--game", game};
  args.insert(args.end(), extra_challenge_args.begin(), extra_challenge_args.end());
  const auto challenged = hexpost(a, args);
  EXPECT_EQ(challenged.exit_code, 0) << challenged.err;
  std::string challenge_id = challenged.out.substr(0, challenged.out.find('\n'));
  const auto accepted = hexpost(b, {"accept", challenge_id});
  EXPECT_EQ(accepted.exit_code, 0) << accepted.err;
  const std::string game_id = accepted.out.substr(0, accepted.out.find('\n'));
  const json view = parse_out(hexpost(a, {"show", game_id, "--json"}));
  const bool a_first = view.value("your_seat", -1) == 0;
  seat0 = a_first ? a : b;
  seat1 = a_first ? b : a;
  return game_id;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// The lines of `text` (without their '\n').
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

// The tab-separated cells of a piped list row.
std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  for (std::size_t at = 0;;) {
    const std::size_t tab = line.find('\t', at);
    fields.push_back(line.substr(at, tab - at));
    if (tab == std::string::npos) return fields;
    at = tab + 1;
  }
}

json parse_out(const testsupport::RunResult& r) {
  json value = json::parse(r.out, nullptr, false);
  EXPECT_FALSE(value.is_discarded()) << "not JSON: " << r.out << r.err;
  return value;
}

std::string golden(const std::string& name, const std::map<std::string, std::string>& values) {
  std::ifstream in(std::string(HEXPOST_CLI_GOLDEN_DIR) + "/" + name);
  EXPECT_TRUE(in.good()) << "missing golden file " << name;
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  for (const auto& [key, value] : values) {
    const std::string marker = "{" + key + "}";
    for (std::size_t at; (at = text.find(marker)) != std::string::npos;) {
      text.replace(at, marker.size(), value);
    }
  }
  return text;
}

void expect_golden(const std::string& name, const std::string& actual,
                   const std::map<std::string, std::string>& values) {
  const char* regen = std::getenv("HEXPOST_REGEN_GOLDENS");
  if (regen == nullptr || std::string(regen) != "1") {
    EXPECT_EQ(actual, golden(name, values)) << "golden file " << name;
    return;
  }
  std::vector<std::pair<std::string, std::string>> by_length(values.begin(), values.end());
  std::sort(by_length.begin(), by_length.end(),
            [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  std::string text = actual;
  for (const auto& [key, value] : by_length) {
    for (std::size_t at = 0; (at = text.find(value, at)) != std::string::npos;) {
      text.replace(at, value.size(), "{" + key + "}");
      at += key.size() + 2;
    }
  }
  std::ofstream(std::string(HEXPOST_CLI_GOLDEN_DIR) + "/" + name) << text;
}

}  // namespace clitest
