// `hexpost leave`, `vote` and `accept-seat` with the real binary against a real hexpostd: a
// three-player game whose seat passes to a replacement, then `hexpost verify` on the game with
// its handover entry; a "no" vote that makes the leaver resign.
#include <gtest/gtest.h>

#include "cli/commands/verify_command.h"
#include "tests/cli/server/cli_fixture.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace clitest;

struct Table {
  std::string id;
  std::vector<User> seats;  // in seat order
};

// A started three-player Hex Quoridor game.
Table three_seats() {
  std::vector<User> users = {sign_up("lv"), sign_up("lv"), sign_up("lv")};
  const auto challenged = hexpost(users[0], {"challenge", users[1].name, users[2].name, "--game",
                                             "hex-quoridor", "--players", "3"});
  EXPECT_EQ(challenged.exit_code, 0) << challenged.err;
  const std::string challenge = challenged.out.substr(0, challenged.out.find('\n'));
  std::string game;
  for (int i = 1; i < 3; ++i) {
    const auto accepted = hexpost(users[i], {"accept", challenge});
    EXPECT_EQ(accepted.exit_code, 0) << accepted.err;
    game = accepted.out.substr(0, accepted.out.find('\n'));
  }
  Table t{game, std::vector<User>(3)};
  for (const User& u : users) {
    t.seats[parse_out(hexpost(u, {"show", game, "--json"})).value("your_seat", 0)] = u;
  }
  return t;
}

TEST(CliSeats, TheSeatPassesToTheReplacementAndTheGameVerifies) {
  CLI_REQUIRE_SERVER();
  const Table t = three_seats();
  const User dan = sign_up("dan");
  EXPECT_EQ(hexpost(t.seats[0], {"leave", t.id}).exit_code, 2);  // no replacement, no --yes
  const auto asked = hexpost(t.seats[0], {"leave", t.id, "--replacement", dan.name});
  ASSERT_EQ(asked.exit_code, 0) << asked.err;
  const std::string pair = t.seats[0].name + " -> " + dan.name;
  EXPECT_EQ(asked.out.rfind("Leave request in game " + t.id + ", seat 0 (" + pair +
                                "): pending; yes 0, no 0 of 2 voters; " + dan.name +
                                " has not accepted; the vote ends ",
                            0),
            0u)
      << asked.out;
  const auto not_voter = hexpost(t.seats[0], {"vote", t.id, "yes"});
  EXPECT_NE(not_voter.exit_code, 0);
  EXPECT_NE(not_voter.err.find("not_a_voter"), std::string::npos) << not_voter.err;
  ASSERT_EQ(hexpost(dan, {"accept-seat", t.id}).exit_code, 0);
  ASSERT_EQ(hexpost(t.seats[1], {"vote", t.id, "yes"}).exit_code, 0);
  const auto passed = hexpost(t.seats[2], {"vote", t.id, "yes"});
  ASSERT_EQ(passed.exit_code, 0) << passed.err;
  EXPECT_EQ(passed.out, "Seat 0 of game " + t.id + " passed from " + t.seats[0].name + " to " +
                            dan.name + ".\n");
  const json view = parse_out(hexpost(dan, {"show", t.id, "--json"}));
  EXPECT_EQ(view.at("your_seat"), 0);
  EXPECT_EQ(view.at("moves").back().at("record"), "handover 0 " + dan.name);

  // The handover entry is part of the hash chain, and `verify` replays it.
  const auto verified = hexpost(dan, {"verify", t.id});
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
  svctest::Client http(server_port());
  const json game = http.get("/v1/games/" + t.id, stored_token(dan)).body;
  const json fairness = http.get("/v1/games/" + t.id + "/fairness", stored_token(dan)).body;
  const cli::VerifyReport report = cli::verify_game(game, fairness);
  EXPECT_TRUE(report.ok()) << report.differences.front();
  EXPECT_EQ(report.entries, 1);
}

TEST(CliSeats, ANoVoteMakesTheLeaverResign) {
  CLI_REQUIRE_SERVER();
  const Table t = three_seats();
  const User dan = sign_up("dan");
  ASSERT_EQ(hexpost(t.seats[1], {"leave", t.id, "-r", dan.name}).exit_code, 0);
  const auto no = hexpost(t.seats[2], {"vote", t.id, "no"});
  ASSERT_EQ(no.exit_code, 0) << no.err;
  EXPECT_EQ(no.out, t.seats[1].name + " resigned seat 1 of game " + t.id + ".\n");
  const json view = parse_out(hexpost(t.seats[0], {"show", t.id, "--json"}));
  EXPECT_EQ(view.at("moves").back().at("record"), "resign 1");
  EXPECT_EQ(hexpost(t.seats[0], {"vote", t.id, "maybe"}).exit_code, 2);
}

}  // namespace
