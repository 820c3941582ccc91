// The organiser's commands against the real hexpostd: `hexpost tournament create` (every format
// and setting), `start`, `withdraw`, `show` (round x of y, results, links, tie-breaks, the whole
// round-robin schedule) and `pairings ROUND`, with exact output; `?format=text` is the same text.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "tests/cli/server/cli_fixture.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace clitest;

// `tournament show` until its second line is `second_line` (the worker steps every second).
std::string show_when(const User& viewer, const std::string& id, const std::string& second_line) {
  std::string out;
  for (int i = 0; i < 150; ++i) {
    out = hexpost(viewer, {"tournament", "show", id}).out;
    const auto lines = lines_of(out);
    if (lines.size() > 1 && lines[1] == second_line) return out;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return out;
}

TEST(CliTournamentOrganiser, CreateStartShowPairingsAndWithdrawARoundRobin) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("toa"), b = sign_up("tob"), c = sign_up("toc");
  const std::string name = "Org Cup " + a.name;
  const auto created = hexpost(a, {"tournament", "create", "--name", name, "--game", "iso-path",
                                   "--format", "round-robin", "--rated", "--days", "3"});
  ASSERT_EQ(created.exit_code, 0) << created.err;
  const std::string id = created.out.substr(0, created.out.find('\n'));
  EXPECT_EQ(created.out, id + "\n");
  EXPECT_EQ(created.err, "Tournament " + id + " created: " + name + " (iso-path, round-robin).\n");
  for (const User* u : {&a, &b, &c})
    ASSERT_EQ(hexpost(*u, {"tournament", "join", id}).exit_code, 0);
  EXPECT_EQ(hexpost(b, {"tournament", "show", id}).out,
            name + " (iso-path, round-robin, open)\nEntrants: " + a.name + ", " + b.name + ", " +
                c.name + "\n");
  EXPECT_EQ(hexpost(b, {"tournament", "start", id}).exit_code, 4);  // not the organiser: 403
  const auto started = hexpost(a, {"tournament", "start", id});
  ASSERT_EQ(started.exit_code, 0) << started.err;
  EXPECT_EQ(started.err, "Started tournament " + id + ".\n");

  // Seeds in join order (all unrated); the Berger table of 3 plays the table of 4 with byes.
  const json view = parse_out(hexpost(a, {"tournament", "show", id, "--json"}));
  const std::string g1 = view.at("rounds").at(0).at("pairings").at(1).at("game_id");
  const std::string header = "Standings (score, direct encounter, Sonneborn-Berger):\n";
  EXPECT_EQ(hexpost(c, {"tournament", "show", id}).out,
            name + " (iso-path, round-robin, running)\nRound 1 of 3\n" + header + "  1. " + a.name +
                "  0  0  0\n  2. " + b.name + "  0  0  0\n  3. " + c.name +
                "  0  0  0\nRound 1 (playing):\n  1. " + a.name + "  bye 0\n  2. " + b.name +
                " vs " + c.name + "  playing  /v1/games/" + g1 + "\nRound 2 (scheduled):\n  1. " +
                c.name + "  bye 0\n  2. " + a.name + " vs " + b.name +
                "  scheduled\nRound 3 (scheduled):\n  1. " + b.name + "  bye 0\n  2. " + c.name +
                " vs " + a.name + "  scheduled\n");

  // c loses round 1; round 2 starts on its own.
  ASSERT_EQ(hexpost(c, {"resign", g1, "--yes"}).exit_code, 0);
  const std::string shown = show_when(a, id, "Round 2 of 3");
  const json later = parse_out(hexpost(a, {"tournament", "show", id, "--json"}));
  const std::string g2 = later.at("rounds").at(1).at("pairings").at(1).at("game_id");
  const std::string round3 = "Round 3 (scheduled):\n  1. " + b.name + "  bye 0\n  2. " + c.name +
                             " vs " + a.name + "  scheduled\n";
  EXPECT_EQ(shown, name + " (iso-path, round-robin, running)\nRound 2 of 3\n" + header + "  1. " +
                       b.name + "  1  0  0\n  2. " + a.name + "  0  0  0\n  3. " + c.name +
                       "  0  0  0\nRound 1 (finished):\n  1. " + a.name + "  bye 0\n  2. " +
                       b.name + " vs " + c.name + "  1-0  /v1/games/" + g1 +
                       "\nRound 2 (playing):\n  1. " + c.name + "  bye 0\n  2. " + a.name + " vs " +
                       b.name + "  playing  /v1/games/" + g2 + "\n" + round3);
  svctest::Client http(server_port());
  EXPECT_EQ(http.get("/v1/tournaments/" + id + "?format=text", stored_token(b)).text, shown);

  const auto third = hexpost(b, {"tournament", "pairings", id, "3"});
  EXPECT_EQ(third.exit_code, 0) << third.err;
  EXPECT_EQ(third.out, round3);
  EXPECT_EQ(http.get("/v1/tournaments/" + id + "?format=text&round=3", stored_token(b)).text,
            round3);
  const json first = parse_out(hexpost(b, {"tournament", "pairings", id, "1", "--json"}));
  EXPECT_EQ(first.at("status"), "finished");
  EXPECT_EQ(first.at("pairings").at(1).at("scores"), json::array({1, 0}));
  const auto missing = hexpost(b, {"tournament", "pairings", id, "4"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "hexpost: Tournament " + id + " has no round 4 yet. (round_not_found)\n");

  // c withdraws: the scheduled game of round 3 becomes a forfeit.
  const auto withdrawn = hexpost(c, {"tournament", "withdraw", id});
  ASSERT_EQ(withdrawn.exit_code, 0) << withdrawn.err;
  EXPECT_EQ(withdrawn.err, "Withdrew from tournament " + id + ".\n");
  EXPECT_EQ(hexpost(a, {"tournament", "pairings", id, "3"}).out,
            "Round 3 (scheduled):\n  1. " + b.name + "  bye 0\n  2. " + c.name + " vs " + a.name +
                "  0-1  forfeit\n");
}

// Every format and setting goes from the flags into the request; --json prints the answer.
TEST(CliTournamentOrganiser, CreateTakesEveryFormatAndSetting) {
  CLI_REQUIRE_SERVER();
  const User o = sign_up("tos");
  const std::vector<std::pair<std::vector<std::string>, json>> cases = {
      {{"--format", "knockout", "--games-per-match", "2", "--max-tiebreaks", "0", "--capacity", "8",
        "--timeout-limit", "0"},
       {{"games_per_match", 2}, {"max_tiebreaks", 0}, {"timeout_limit", 0}}},
      {{"--format", "league", "--division-size", "4", "--promote", "1", "--relegate", "1",
        "--season-break-days", "0", "--all-at-once"},
       {{"division_size", 4},
        {"promote", 1},
        {"relegate", 1},
        {"season_break_days", 0},
        {"all_at_once", true}}},
      {{"--format", "swiss", "--rounds", "3", "--bye-points", "0.5", "--allow-replacement"},
       {{"bye_points", 0.5}, {"allow_replacement", true}}},
      {{"--format", "knockout", "--players-per-game", "3", "--advance", "1"}, {{"advance", 1}}},
      {{"--format", "double-round-robin", "--unclocked", "--entry-closes-at",
        "2099-01-01T00:00:00Z"},
       json::object()},
  };
  for (const auto& [flags, settings] : cases) {
    // Tables need a game of 3 seats or more: iso-path is for two.
    const bool tables = std::count(flags.begin(), flags.end(), "--players-per-game") > 0;
    std::vector<std::string> args{"tournament",    "create", "--name",
                                  "Set " + o.name, "--game", tables ? "hex-quoridor" : "iso-path",
                                  "--json"};
    args.insert(args.end(), flags.begin(), flags.end());
    const auto r = hexpost(o, args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json t = parse_out(r);
    EXPECT_EQ(t.at("format"), flags[1]);
    EXPECT_EQ(t.at("settings"), settings) << flags[1];
    EXPECT_EQ(t.at("rated"), false);
    if (settings.contains("games_per_match")) {
      EXPECT_EQ(t.at("capacity"), 8);
    }
    if (flags[1] == "knockout") {
      EXPECT_EQ(t.at("players_per_game"), settings.contains("advance") ? 3 : 2);
    }
    if (flags[1] == "swiss") {
      EXPECT_EQ(t.at("rounds_planned"), 3);
    }
    if (flags[1] == "double-round-robin") {
      EXPECT_EQ(t.at("clock").at("type"), "none");
      EXPECT_EQ(t.at("entry_closes_at").get<std::string>().substr(0, 19), "2099-01-01T00:00:00");
    }
  }
  EXPECT_EQ(hexpost(o, {"tournament", "create", "--name", "x", "--game", "iso-path", "--format",
                        "ladder"})
                .exit_code,
            2);
}

}  // namespace
