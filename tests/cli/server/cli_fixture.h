#pragma once
// Fixtures for the `hexpost` tests against a real server: one real `hexpostd` process per test
// binary, on a private database (svctest::database_url(): created from TEST_DATABASE_URL,
// migrated, dropped at exit), and helpers that run the real `hexpost` binary as a given user
// (each user has its own XDG_CONFIG_HOME, so its own stored token) with NO_COLOR=1.

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/subprocess.h"

namespace clitest {

using nlohmann::json;

// The hexpostd of this test process; started on first use, stopped at exit. Port 0 when
// TEST_DATABASE_URL is unset.
int server_port();
std::string server_url();
// A second hexpostd on the same database whose rate limit is 3 requests, then 1 per 100 s.
std::string rate_limited_server_url();

// Skips the test when there is no database.
#define CLI_REQUIRE_SERVER()                                                      \
  do {                                                                            \
    if (::clitest::server_port() == 0) GTEST_SKIP() << "TEST_DATABASE_URL unset"; \
  } while (0)

// A unique account name for this process ("<prefix><n>", 3-24 characters).
std::string unique_name(const std::string& prefix);

struct User {
  std::string name;
  std::string home;  // its XDG_CONFIG_HOME
};

// Runs `hexpost args...` as `user` against the test server; `env` adds or overrides variables.
testsupport::RunResult hexpost(const User& user, const std::vector<std::string>& args,
                               const std::string& stdin_text = "",
                               std::map<std::string, std::string> env = {});

// The same on a pseudo-terminal (testsupport::run_on_terminal): stdout is a terminal, and `out`
// holds stdout and stderr together.
testsupport::RunResult hexpost_on_terminal(const User& user, const std::vector<std::string>& args);

// Signs up a new user through `hexpost signup` (asserting success).
User sign_up(const std::string& prefix);

// The token `hexpost` stored for `user` (the first line of its token file; "" when none).
std::string stored_token(const User& user);

// Two users and a started 2-player game of `game` (challenge by the first, accept by the
// second). Returns the game id; `seat0` / `seat1` receive the users in seat order.
std::string start_game(const std::string& game, User& seat0, User& seat1,
                       const std::vector<std::string>& extra_challenge_args = {});

// The lines of `text` (without their '\n'), its first line alone, and the tab-separated cells
// of a piped list row.
std::vector<std::string> lines_of(const std::string& text);
std::string first_line(const std::string& text);
std::vector<std::string> fields_of(const std::string& line);

// Parses stdout as JSON (failing the test when it is not).
json parse_out(const testsupport::RunResult& r);

// Reads a golden file from tests/cli/server/golden and replaces {KEY} with values.
std::string golden(const std::string& name, const std::map<std::string, std::string>& values);
// EXPECT_EQ(actual, golden(name, values)); with HEXPOST_REGEN_GOLDENS=1 it rewrites the file
// from `actual` instead (values turned back into {KEY}, longest first). Review the diff.
void expect_golden(const std::string& name, const std::string& actual,
                   const std::map<std::string, std::string>& values);

}  // namespace clitest
