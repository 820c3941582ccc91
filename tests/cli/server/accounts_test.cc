// `hexpost server`, `signup`, `login`, `logout`, `whoami` against a real hexpostd.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include <pqxx/pqxx>

#include "tests/cli/server/cli_fixture.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace clitest;

int file_mode(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
  return static_cast<int>(st.st_mode & 0777);
}

TEST(CliAccounts, SignupStoresATokenMode0600AndWhoamiUsesIt) {
  CLI_REQUIRE_SERVER();
  const User user = sign_up("sig");
  EXPECT_EQ(file_mode(user.home + "/hexpost/token"), 0600);
  EXPECT_EQ(file_mode(user.home + "/hexpost"), 0700);
  EXPECT_EQ(stored_token(user).rfind("hxp_", 0), 0u);
  const auto who = hexpost(user, {"whoami"});
  EXPECT_EQ(who.exit_code, 0);
  EXPECT_EQ(who.out, user.name + "\n");
  const json me = parse_out(hexpost(user, {"whoami", "--json"}));
  EXPECT_EQ(me.at("username"), user.name);
}

TEST(CliAccounts, WhoamiSaysWhenMailToTheAddressIsSuppressed) {
  CLI_REQUIRE_SERVER();
  const User user = sign_up("sup");
  {
    pqxx::connection c(svctest::database_url());
    pqxx::nontransaction(c).exec_params(
        "INSERT INTO mail_suppressions (address, hard_bounces, suppressed) VALUES (lower($1), 3, "
        "true)",
        user.name + "@example.org");
  }
  const auto who = hexpost(user, {"whoami"});
  EXPECT_EQ(who.exit_code, 0);
  EXPECT_EQ(who.out, user.name + "\nmail: suppressed (" + user.name +
                         "@example.org refused our mail repeatedly; no notifications are sent)\n");
}

TEST(CliAccounts, LoginReplacesTheTokenLogoutRevokesIt) {
  CLI_REQUIRE_SERVER();
  User user = sign_up("log");
  const std::string first = stored_token(user);
  const auto login =
      hexpost(user, {"login", "--username", user.name, "--password", "correct horse battery"});
  ASSERT_EQ(login.exit_code, 0) << login.err;
  EXPECT_EQ(login.err, "Logged in as " + user.name + " on " + server_url() + ".\n");
  const std::string second = stored_token(user);
  EXPECT_NE(first, second);

  const auto logout = hexpost(user, {"logout"});
  ASSERT_EQ(logout.exit_code, 0) << logout.err;
  EXPECT_EQ(logout.err, "Logged out; the token is revoked.\n");
  EXPECT_FALSE(std::filesystem::exists(user.home + "/hexpost/token"));
  // Revoked on the server: the old token now gets 401 -> exit 4.
  const auto revoked = hexpost(user, {"games"}, "", {{"HEXPOST_TOKEN", second}});
  EXPECT_EQ(revoked.exit_code, 4);
  EXPECT_EQ(revoked.err, "hexpost: The token is malformed, revoked or unknown. (invalid_token)\n");
  // The first token still works, and logout through HEXPOST_TOKEN revokes that one.
  EXPECT_EQ(hexpost(user, {"whoami"}, "", {{"HEXPOST_TOKEN", first}}).exit_code, 0);
  EXPECT_EQ(hexpost(user, {"logout"}, "", {{"HEXPOST_TOKEN", first}}).exit_code, 0);
  EXPECT_EQ(hexpost(user, {"whoami"}, "", {{"HEXPOST_TOKEN", first}}).exit_code, 4);
}

TEST(CliAccounts, AuthenticationFailuresExitFour) {
  CLI_REQUIRE_SERVER();
  const User user = sign_up("bad");
  const auto wrong =
      hexpost(user, {"login", "--username", user.name, "--password-stdin"}, "not the password\n");
  EXPECT_EQ(wrong.exit_code, 4);
  EXPECT_NE(wrong.err.find("(bad_credentials)"), std::string::npos) << wrong.err;
  const User nobody{"nobody", user.home + "-none"};
  const auto missing = hexpost(nobody, {"games"});
  EXPECT_EQ(missing.exit_code, 4);
  EXPECT_EQ(missing.err, "hexpost: not logged in: run `hexpost login` or set HEXPOST_TOKEN\n");
  EXPECT_EQ(hexpost(nobody, {"games"}, "", {{"HEXPOST_TOKEN", "hxp_nonsense"}}).exit_code, 4);
}

TEST(CliAccounts, ServerSetShowAndTheEnvironmentOverride) {
  CLI_REQUIRE_SERVER();
  const User user{"cfg", std::filesystem::temp_directory_path() / unique_name("cfg")};
  const auto shown = hexpost(user, {"server", "show"}, "", {{"HEXPOST_SERVER", "\x01"}});
  EXPECT_EQ(shown.out, "http://127.0.0.1:8080\n");
  ASSERT_EQ(hexpost(user, {"server", "set", "http://example.invalid:9"}).exit_code, 0);
  EXPECT_EQ(hexpost(user, {"server", "show"}, "", {{"HEXPOST_SERVER", "\x01"}}).out,
            "http://example.invalid:9\n");
  EXPECT_EQ(hexpost(user, {"server", "show"}).out, server_url() + "\n");
  // Unreachable server: exit 1 with the reason on stderr, nothing on stdout.
  const auto down = hexpost(user, {"games"}, "",
                            {{"HEXPOST_SERVER", "http://127.0.0.1:1"}, {"HEXPOST_TOKEN", "hxp_x"}});
  EXPECT_EQ(down.exit_code, 1);
  EXPECT_EQ(down.out, "");
  EXPECT_EQ(down.err.rfind("hexpost: cannot reach the server: GET /v1/me/games", 0), 0u)
      << down.err;
  std::filesystem::remove_all(user.home);
}

TEST(CliAccounts, UsageErrorsExitTwoAndHelpExitCodesListsThemAll) {
  const User user{"usage", "/nonexistent"};
  EXPECT_EQ(hexpost(user, {"move", "1"}).exit_code, 2);
  EXPECT_EQ(hexpost(user, {"challenge", "x"}).exit_code, 2);  // --game is required
  EXPECT_EQ(hexpost(user, {"games", "--status", "sideways"}).exit_code, 2);
  const auto help = hexpost(user, {"help", "exit-codes"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* line : {"  0  success", "  1  the operation failed", "  2  usage error",
                           "  3  conflict", "  4  authentication", "  5  rate limited"}) {
    EXPECT_NE(help.out.find(line), std::string::npos) << line;
  }
  // `help` alone lists the commands and the topics, and succeeds.
  const auto topics = hexpost(user, {"help"});
  EXPECT_EQ(topics.exit_code, 0) << topics.err;
  EXPECT_NE(topics.out.find("Help topics (hexpost help TOPIC):\n  exit-codes  what each exit code "
                            "means\n"),
            std::string::npos)
      << topics.out;
  EXPECT_NE(topics.out.find("  next "), std::string::npos) << topics.out;
  const auto move_help = hexpost(user, {"move", "--help"});
  EXPECT_EQ(move_help.exit_code, 0);
  EXPECT_NE(move_help.out.find("--dry-run"), std::string::npos);
}

}  // namespace
