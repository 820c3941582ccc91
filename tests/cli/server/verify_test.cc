// `verify` on real fairness data from hexpostd, then on copies with one thing changed: each
// change is reported exactly, and nothing else is.
#include <gtest/gtest.h>

#include "cli/commands/verify_command.h"
#include "tests/cli/server/cli_fixture.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace clitest;

class CliVerify : public ::testing::Test {
 protected:
  void SetUp() override {
    if (server_port() == 0) GTEST_SKIP() << "TEST_DATABASE_URL unset";
    User p0, p1;
    const std::string id = start_game("iso-path", p0, p1);
    User mover = parse_out(hexpost(p0, {"show", id, "--json"})).at("your_turn") ? p0 : p1;
    const std::string move = parse_out(hexpost(mover, {"show", id, "--json"})).at("legal_moves")[0];
    ASSERT_EQ(hexpost(mover, {"move", id, move}).exit_code, 0);
    ASSERT_EQ(hexpost(p0, {"resign", id, "--yes"}).exit_code, 0);
    svctest::Client http(server_port());
    game_ = http.get("/v1/games/" + id, stored_token(p0)).body;
    fairness_ = http.get("/v1/games/" + id + "/fairness", stored_token(p0)).body;
  }
  json game_, fairness_;
};

TEST_F(CliVerify, TheRealGameVerifies) {
  const cli::VerifyReport report = cli::verify_game(game_, fairness_);
  EXPECT_TRUE(report.ok()) << report.differences.front();
  EXPECT_EQ(report.entries, 2);
}

TEST_F(CliVerify, EachChangeIsReportedExactly) {
  json fair = fairness_;
  fair["commitment"] = std::string(64, '0');
  cli::VerifyReport report = cli::verify_game(game_, fair);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.differences[0].rfind("commitment: expected ", 0), 0u);

  fair = fairness_;
  fair["draws"][0]["draws"] = "seat:0/2 first-player:0/2";
  if (fair["draws"][0]["draws"] == fairness_["draws"][0]["draws"]) {
    fair["draws"][0]["draws"] = "seat:1/2 first-player:1/2";
  }
  report = cli::verify_game(game_, fair);
  ASSERT_EQ(report.differences.size(), 1u);
  EXPECT_EQ(report.differences[0], "setup draws (ply 0): expected " +
                                       fairness_["draws"][0]["draws"].get<std::string>() +
                                       ", got " + fair["draws"][0]["draws"].get<std::string>());

  fair = fairness_;
  fair["move_hashes"][1]["hash"] = std::string(64, 'a');
  report = cli::verify_game(game_, fair);
  ASSERT_GE(report.differences.size(), 1u);
  EXPECT_EQ(report.differences[0].rfind("ply 2 hash: expected ", 0), 0u) << report.differences[0];

  json game = game_;
  game["position"] = "tampered";
  report = cli::verify_game(game, fairness_);
  ASSERT_EQ(report.differences.size(), 1u);
  EXPECT_EQ(report.differences[0].rfind("final position: expected ", 0), 0u);
}

}  // namespace
