// `hexpost vacation` and `challenge --bank` against the clocks API (branch `clocks`, merged here
// for these tests): GET/POST /v1/me/vacation, POST /v1/me/vacation/stop, the bank time control.
#include <gtest/gtest.h>

#include "tests/cli/server/cli_fixture.h"

namespace {

using namespace clitest;

TEST(CliClocks, VacationShowsTheAllowanceStartsAndStops) {
  CLI_REQUIRE_SERVER();
  const User user = sign_up("vac");
  const auto shown = hexpost(user, {"vacation"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_EQ(shown.out, "On vacation: no\nAllowance: 30 of 30 days left this year\n");
  const auto started = hexpost(user, {"vacation", "3"});
  ASSERT_EQ(started.exit_code, 0) << started.err;
  EXPECT_EQ(started.out.rfind("On vacation: yes (until ", 0), 0u) << started.out;
  EXPECT_NE(started.out.find("\nAllowance: 27 of 30 days left this year\n"), std::string::npos)
      << started.out;
  const json state = parse_out(hexpost(user, {"vacation", "--json"}));
  EXPECT_EQ(state.at("on_vacation"), true);
  EXPECT_EQ(state.at("remaining_days"), 27);
  const auto again = hexpost(user, {"vacation", "2"});
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.err.find("(already_on_vacation)"), std::string::npos) << again.err;
  ASSERT_EQ(hexpost(user, {"vacation", "--stop"}).exit_code, 0);
  EXPECT_EQ(parse_out(hexpost(user, {"vacation", "--json"})).at("on_vacation"), false);
  EXPECT_EQ(hexpost(user, {"vacation", "--stop"}).exit_code, 1);  // 409 not_on_vacation
  const auto too_long = hexpost(user, {"vacation", "300"});
  EXPECT_EQ(too_long.exit_code, 1);
  EXPECT_NE(too_long.err.find("(vacation_allowance_exceeded)"), std::string::npos) << too_long.err;
}

TEST(CliClocks, ChallengeWithABankTimeControl) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("bka");
  const User b = sign_up("bkb");
  const auto made =
      hexpost(a, {"challenge", b.name, "--game", "mojave", "--bank", "7+1/14", "--json"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const json clock = parse_out(made).at("clock");
  EXPECT_EQ(clock.at("type"), "bank");
  EXPECT_EQ(clock.at("bank"), json({{"initial_days", 7}, {"increment_days", 1}, {"max_days", 14}}));
  const auto bad = hexpost(a, {"challenge", b.name, "--game", "mojave", "--bank", "90"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("(invalid_clock)"), std::string::npos) << bad.err;
}

}  // namespace
