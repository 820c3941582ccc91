// `hexpost say` / `message`, `hexpost messages` and messages in `hexpost inbox`, with the real
// binary against a real hexpostd.
#include <gtest/gtest.h>

#include "tests/cli/server/cli_fixture.h"

namespace {

using namespace clitest;

// "[ply 0] ann 2026-11-26T21:13:04Z: text" -> "[ply 0] ann: text" (the time checked and cut).
std::string without_time(const std::string& line) {
  const std::size_t colon = line.find("Z: ");
  if (colon == std::string::npos || colon < 20) return line;
  const std::size_t time = colon - 19;
  EXPECT_EQ(line[time - 1], ' ') << line;
  EXPECT_EQ(line[time + 10], 'T') << line;
  return line.substr(0, time - 1) + line.substr(colon + 1);
}

TEST(CliMessages, SayThenMessagesListsThemAndTheInboxShowsThem) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string game = start_game("hex-quoridor", p0, p1);
  const auto said = hexpost(p0, {"say", game, "good", "luck"});
  ASSERT_EQ(said.exit_code, 0) << said.err;
  EXPECT_EQ(without_time(said.out), "[ply 0] " + p0.name + ": good luck\n");
  const auto second = hexpost(p1, {"message", game, "thanks\nyou too"});
  ASSERT_EQ(second.exit_code, 0) << second.err;

  const auto listed = hexpost(p1, {"messages", game});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  std::vector<std::string> lines;
  for (const std::string& line : lines_of(listed.out)) lines.push_back(without_time(line));
  EXPECT_EQ(lines, (std::vector<std::string>{"[ply 0] " + p0.name + ": good luck",
                                             "[ply 0] " + p1.name + ": thanks", "  you too"}));
  const auto as_json = hexpost(p0, {"messages", game, "--json"});
  ASSERT_EQ(lines_of(as_json.out).size(), 2u) << as_json.out;
  EXPECT_EQ(json::parse(lines_of(as_json.out)[1]).at("text"), "thanks\nyou too");

  const auto inbox = hexpost(p1, {"inbox"});
  ASSERT_EQ(inbox.exit_code, 0) << inbox.err;
  const std::vector<std::string> cells = fields_of(lines_of(inbox.out).at(0));
  ASSERT_EQ(cells.size(), 5u) << inbox.out;
  EXPECT_EQ(cells[1] + "|" + cells[2] + "|" + cells[3] + "|" + cells[4],
            "message|-|" + game + "|" + p0.name + ": good luck");
}

TEST(CliMessages, RefusalsExitWithTheServersReason) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string game = start_game("hex-quoridor", p0, p1);
  const User spectator = sign_up("msp");
  const auto hidden = hexpost(spectator, {"messages", game});
  EXPECT_EQ(hidden.exit_code, 4);
  EXPECT_EQ(hidden.err,
            "hexpost: The messages of a running game are for its players; everyone can read them "
            "once the game is over. (messages_private)\n");
  const auto not_seated = hexpost(spectator, {"say", game, "hi"});
  EXPECT_EQ(not_seated.exit_code, 4);
  EXPECT_EQ(not_seated.err,
            "hexpost: Only the players of a game send messages in it. (not_your_game)\n");
  const auto too_long = hexpost(p0, {"say", game, std::string(2001, 'x')});
  EXPECT_EQ(too_long.exit_code, 1);
  EXPECT_EQ(too_long.err,
            "hexpost: The field 'text' is not a message: text has 2001 characters: a message is 1 "
            "to 2000 characters (Unicode code points) of plain text. (invalid_field)\n");
  const auto none = hexpost(p0, {"messages", game});
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_EQ(none.out, "");
  EXPECT_EQ(none.err, "No messages.\n");
}

}  // namespace
