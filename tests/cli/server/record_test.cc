// `hexpost record` and `hexpost rules replay`: a record fetched from a real hexpostd replays
// offline, with the real binary and the command the record itself gives, to exactly the server's
// final position, for every game; and its tags name seats and the result unambiguously.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/cli/server/cli_fixture.h"

namespace {

using namespace clitest;

std::string line_starting(const std::string& text, const std::string& prefix) {
  const std::size_t at = text.find("\n" + prefix);
  if (at == std::string::npos) return "";
  return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

// Plays `plies` moves (each the first legal move of the seat to move).
void play_first_moves(const std::string& id, const User& p0, const User& p1, int plies) {
  for (int i = 0; i < plies; ++i) {
    const json view = parse_out(hexpost(p0, {"show", id, "--json"}));
    if (view.at("status") != "active") return;
    const User& mover = view.at("your_turn").get<bool>() ? p0 : p1;
    const std::string move = parse_out(hexpost(mover, {"show", id, "--json"})).at("legal_moves")[0];
    ASSERT_EQ(hexpost(mover, {"move", id, move}).exit_code, 0) << move;
  }
}

class CliRecordReplay : public ::testing::TestWithParam<const char*> {};

TEST_P(CliRecordReplay, TheRecordsOwnReplayCommandReachesTheServersPosition) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game(GetParam(), p0, p1);
  play_first_moves(id, p0, p1, 4);
  const json game = parse_out(hexpost(p0, {"show", id, "--json"}));
  const auto record = hexpost(p0, {"record", id});
  ASSERT_EQ(record.exit_code, 0) << record.err;

  // The command the record gives, run as written in a directory holding record.txt.
  const std::string hint = line_starting(record.out, "; Replay");
  ASSERT_EQ(hint, "; Replay offline with the recorded draws: hexpost rules replay record.txt");
  const std::string dir = p0.home + "-replay";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/record.txt") << record.out;
  const std::string bin = std::filesystem::path(HEXPOST_CLI_PATH).parent_path();
  const auto replayed = testsupport::run(
      {"/bin/sh", "-c", "cd '" + dir + "' && " + hint.substr(hint.find("hexpost rules"))}, "",
      {{"PATH", bin + ":/usr/bin:/bin"}});
  EXPECT_EQ(replayed.exit_code, 0) << replayed.err;
  EXPECT_EQ(replayed.err, "");
  const std::string last = game.at("moves").back().at("record");
  EXPECT_NE(replayed.out.find(". " + last + "\n"), std::string::npos) << replayed.out;

  const auto as_json = hexpost(p0, {"rules", "replay", "-", "--json"}, record.out);
  ASSERT_EQ(as_json.exit_code, 0) << as_json.err;
  const json offline = parse_out(as_json);
  EXPECT_EQ(offline.at("position"), game.at("position"));
  EXPECT_EQ(offline.at("moves").size(), game.at("moves").size());
  EXPECT_FALSE(offline.contains("seed"));
}

INSTANTIATE_TEST_SUITE_P(EveryGame, CliRecordReplay,
                         ::testing::Values("hexahedron-wars", "iso-path", "mojave", "hex-quoridor",
                                           "heximeros"),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                           std::string name = param.param;
                           std::erase(name, '-');
                           return name;
                         });

TEST(CliRecord, ARecordWhoseDrawsWereChangedDoesNotReplay) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("hex-quoridor", p0, p1);
  play_first_moves(id, p0, p1, 1);
  std::string text = hexpost(p0, {"record", id}).out;
  const std::size_t at = text.find("first-player:");
  ASSERT_NE(at, std::string::npos) << text;
  text[at + 13] = text[at + 13] == '0' ? '1' : '0';  // the other seat would move first
  const auto r = hexpost(p0, {"rules", "replay", "-"}, text);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("move 1: ", 0), 0u) << r.err;
}

TEST(CliRecord, SeatTagsCountFromZeroAndTheResultNamesTheWinner) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("iso-path", p0, p1);
  const auto running = hexpost(p0, {"record", id}).out;
  EXPECT_NE(running.find("[Seat0 \"" + p0.name + "\"]\n[Seat1 \"" + p1.name + "\"]\n"),
            std::string::npos)
      << running;
  EXPECT_NE(running.find("\n[Result \"*\"]\n"), std::string::npos) << running;
  EXPECT_EQ(running.find("[Placements"), std::string::npos);
  ASSERT_EQ(hexpost(p0, {"resign", id, "--yes"}).exit_code, 0);
  const auto record = hexpost(p0, {"record", id}).out;
  EXPECT_NE(record.find("\n[Result \"" + p1.name + " wins\"]\n[Placements \"1st " + p1.name +
                        ", 2nd " + p0.name + "\"]\n"),
            std::string::npos)
      << record;
  EXPECT_NE(record.find("\nresign 0 ; ply 1 "), std::string::npos) << record;
  EXPECT_EQ(record.substr(record.rfind("; result")), "; result " + p1.name + " wins\n");
}

}  // namespace
