// `hexpost challenge` without a clock, `cancel`, errors under --json, lists piped and on a
// terminal, and `inbox`, against a real hexpostd.
#include <gtest/gtest.h>

#include "tests/cli/server/cli_fixture.h"

namespace {

using namespace clitest;

// Creates a challenge of `a` against `b` and returns its id.
std::string challenge(const User& a, const User& b, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args{"challenge", b.name, "--game", "hex-quoridor"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto made = hexpost(a, args);
  EXPECT_EQ(made.exit_code, 0) << made.err;
  return first_line(made.out);
}

TEST(CliChallenges, WithoutDaysTheServersDefaultClockIsChosenAndSaid) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("dca");
  const User b = sign_up("dcb");
  const auto made = hexpost(a, {"challenge", b.name, "--game", "hex-quoridor"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const std::string id = first_line(made.out);
  const std::string said = "Challenge " + id + " created; clock 3d/move (the server's default); ";
  EXPECT_EQ(made.err.substr(0, said.size()), said) << made.err;
  const json listed = parse_out(hexpost(a, {"challenges", "--json"}));
  EXPECT_EQ(listed.at("challenges").at(0).at("clock"), json({{"type", "per_move"},
                                                             {"days_per_move", 3},
                                                             {"vacation", true},
                                                             {"weekends_off", false}}));

  const auto days = hexpost(a, {"challenge", b.name, "--game", "hex-quoridor", "--days", "5"});
  EXPECT_NE(days.err.find(" created; clock 5d/move; commitment "), std::string::npos) << days.err;
  const auto none = hexpost(a, {"challenge", b.name, "--game", "hex-quoridor", "--unclocked"});
  EXPECT_NE(none.err.find(" created; clock none; commitment "), std::string::npos) << none.err;
  const json unclocked =
      parse_out(hexpost(a, {"challenge", b.name, "--game", "mojave", "--unclocked", "--json"}));
  EXPECT_EQ(unclocked.at("clock"), json({{"type", "none"}}));
  EXPECT_EQ(
      hexpost(a, {"challenge", b.name, "--game", "mojave", "--unclocked", "--days", "2"}).exit_code,
      2);
}

TEST(CliChallenges, CancelIsForTheCreatorAndTheCreatorsDeclineSaysCancelled) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("cca");
  const User b = sign_up("ccb");
  const std::string first = challenge(a, b);
  const auto refused = hexpost(b, {"cancel", first});
  EXPECT_EQ(refused.exit_code, 4);
  EXPECT_EQ(refused.err, "hexpost: Only the challenge's creator can cancel it. (not_creator)\n");
  const auto cancelled = hexpost(a, {"cancel", first});
  EXPECT_EQ(cancelled.exit_code, 0) << cancelled.err;
  EXPECT_EQ(cancelled.out, "");
  EXPECT_EQ(cancelled.err, "Cancelled challenge " + first + ".\n");
  const auto again = hexpost(a, {"cancel", first});
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_EQ(again.err, "hexpost: The challenge is no longer open. (challenge_closed)\n");

  const std::string second = challenge(a, b);
  const auto withdrawn = hexpost(a, {"decline", second});
  EXPECT_EQ(withdrawn.exit_code, 0) << withdrawn.err;
  EXPECT_EQ(withdrawn.err, "Cancelled challenge " + second + ".\n");
  EXPECT_EQ(parse_out(hexpost(a, {"challenges", "--json"})).at("challenges"), json::array());
}

TEST(CliJsonErrors, ProblemDocumentsOnStderrWithTheSameExitCode) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("jea");
  const User b = sign_up("jeb");
  const std::string id = challenge(a, b);

  // A server refusal: the server's problem document, verbatim.
  const auto refused = hexpost(b, {"cancel", id, "--json"});
  EXPECT_EQ(refused.exit_code, 4);
  EXPECT_EQ(refused.out, "");
  EXPECT_EQ(json::parse(refused.err),
            json({{"type", "urn:hexpost:problem:not_creator"},
                  {"title", "Forbidden"},
                  {"status", 403},
                  {"detail", "Only the challenge's creator can cancel it."},
                  {"code", "not_creator"}}));

  // Client-side failures: a problem-shaped document with the exit code and no HTTP status.
  const User nobody{unique_name("nob"), a.home + "-nobody"};
  const auto logged_out = hexpost(nobody, {"challenges", "--json"});
  EXPECT_EQ(logged_out.exit_code, 4);
  EXPECT_EQ(json::parse(logged_out.err),
            json({{"type", "urn:hexpost:problem:not_logged_in"},
                  {"title", "Not logged in"},
                  {"detail", "not logged in: run `hexpost login` or set HEXPOST_TOKEN"},
                  {"code", "not_logged_in"},
                  {"exit_code", 4}}));
  const auto usage =
      hexpost(a, {"challenge", b.name, "--game", "mojave", "--days", "99", "--json"});
  EXPECT_EQ(usage.exit_code, 2);
  const json usage_problem = json::parse(usage.err);
  EXPECT_EQ(usage_problem.at("code"), "usage");
  EXPECT_EQ(usage_problem.at("exit_code"), 2);
  EXPECT_NE(usage_problem.at("detail").get<std::string>().find("--days"), std::string::npos);
  const auto down = hexpost(a, {"games", "--json"}, "", {{"HEXPOST_SERVER", "http://127.0.0.1:1"}});
  EXPECT_EQ(down.exit_code, 1);
  EXPECT_EQ(json::parse(down.err).at("code"), "network_error");

  // Without --json the same failure stays one line of text.
  EXPECT_EQ(hexpost(b, {"cancel", id}).err,
            "hexpost: Only the challenge's creator can cancel it. (not_creator)\n");
}

TEST(CliLists, PipedTabSeparatedWithoutHeaderOnATerminalAlignedWithHeader) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("lsa");
  const User b = sign_up("lsb");
  const std::string older = challenge(a, b, {"--days", "5"});
  const std::string newer = challenge(a, b, {"--unclocked"});
  const auto piped = hexpost(b, {"challenges"});
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  const std::string who = a.name + "," + b.name + "?";
  EXPECT_EQ(piped.out, newer + "\thex-quoridor\t2\tchallenge\t" + a.name + "\topen\tnone\t" + who +
                           "\n" + older + "\thex-quoridor\t2\tchallenge\t" + a.name +
                           "\topen\t5d/move\t" + who + "\n");

  const auto shown = hexpost_on_terminal(b, {"challenges"});
  EXPECT_EQ(shown.exit_code, 0) << shown.out;
  const std::vector<std::string> lines = lines_of(shown.out);
  ASSERT_EQ(lines.size(), 3u) << shown.out;
  const std::string id_column = std::string(std::max<std::size_t>(2, newer.size()) + 2, ' ');
  const std::string header = "ID" + id_column.substr(2) + "GAME          PLAYERS  KIND       ";
  EXPECT_EQ(lines[0].substr(0, header.size()), header) << shown.out;
  // Every column starts where its header does.
  for (const char* title : {"GAME", "PLAYERS", "KIND", "CREATOR", "STATUS", "CLOCK"}) {
    const std::size_t at = lines[0].find(title);
    ASSERT_NE(at, std::string::npos) << title;
    for (std::size_t row = 1; row < lines.size(); ++row) {
      EXPECT_NE(lines[row][at], ' ') << title << " in " << lines[row];
      EXPECT_EQ(lines[row].substr(at - 2, 2), "  ") << title << " in " << lines[row];
    }
  }
  EXPECT_EQ(lines[1].substr(0, newer.size() + 2), newer + "  ");
  EXPECT_EQ(lines[1].substr(lines[1].size() - who.size()), who);

  User p0, p1;
  const std::string game_id = start_game("heximeros", p0, p1, {"--days", "3"});
  const auto games = hexpost_on_terminal(p0, {"games"});
  EXPECT_EQ(first_line(games.out).substr(0, 4), "ID  ") << games.out;
  EXPECT_NE(games.out.find("  TURN  PLY  LEFT    STATUS  OPPONENTS\n"), std::string::npos)
      << games.out;
  EXPECT_NE(games.out.find("  you   0    2d 23h  active  " + p1.name + "\n"), std::string::npos)
      << games.out;
  EXPECT_EQ(hexpost(p0, {"games"}).out,
            game_id + "\theximeros\tyou\t0\t2d 23h\tactive\t" + p1.name + "\n");
}

TEST(CliInbox, ListsDeclinedAndCancelledChallengesNewestFirst) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("iba");
  const User b = sign_up("ibb");
  const std::string declined = challenge(a, b);
  ASSERT_EQ(hexpost(b, {"decline", declined, "--reason", "busy"}).exit_code, 0);
  const std::string cancelled = challenge(a, b);
  ASSERT_EQ(hexpost(a, {"cancel", cancelled}).exit_code, 0);

  const auto inbox = hexpost(b, {"inbox"});
  ASSERT_EQ(inbox.exit_code, 0) << inbox.err;
  std::vector<std::string> rows;
  for (const std::string& line : lines_of(inbox.out)) {
    std::vector<std::string> cells = fields_of(line);
    ASSERT_EQ(cells.size(), 5u) << line;
    EXPECT_EQ(cells[0].size(), 20u) << cells[0];  // 2026-11-26T20:40:21Z
    EXPECT_EQ(cells[0].back(), 'Z') << cells[0];
    rows.push_back(cells[1] + "|" + cells[2] + "|" + cells[3] + "|" + cells[4]);
  }
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "challenge_cancelled|" + cancelled + "|-|by " + a.name + ": generic",
                      "challenge_received|" + cancelled + "|-|by " + a.name + ", hex-quoridor",
                      "challenge_declined|" + declined + "|-|by " + b.name + ": busy",
                      "challenge_received|" + declined + "|-|by " + a.name + ", hex-quoridor"}));

  const auto shown = hexpost_on_terminal(b, {"inbox", "--limit", "1"});
  EXPECT_EQ(shown.exit_code, 0) << shown.out;
  const std::vector<std::string> lines = lines_of(shown.out);
  ASSERT_EQ(lines.size(), 2u) << shown.out;
  EXPECT_EQ(lines[0].substr(0, 24), "WHEN                  EV") << shown.out;
  EXPECT_NE(lines[1].find("  challenge_cancelled  " + cancelled + " "), std::string::npos)
      << shown.out;

  const json page = parse_out(hexpost(b, {"inbox", "--limit", "1", "--json"}));
  ASSERT_EQ(page.at("events").size(), 1u);
  EXPECT_EQ(page.at("events").at(0).at("type"), "challenge_cancelled");
  EXPECT_TRUE(page.at("next_cursor").is_string());
  EXPECT_EQ(hexpost(b, {"inbox", "--limit", "0"}).exit_code, 2);
}

}  // namespace
