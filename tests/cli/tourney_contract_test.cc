// `hexpost tournaments`, `tournament show|join` and `ratings` against the fixed paths of the
// tourney work (GET /v1/tournaments, GET /v1/tournaments/{id} as JSON and ?format=text,
// POST /v1/tournaments/{id}/join, GET /v1/ratings/{game} with the live Glicko-2 fields). hexpostd
// does not serve them on this branch yet: a stand-in server plays the contract; the client is the
// real binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "stand_in_server.h"
#include "subprocess.h"

namespace {

using nlohmann::json;

const json kTournament = {
    {"id", "5"},
    {"name", "Autumn Cup"},
    {"game", "iso-path"},
    {"status", "running"},
    {"standings", {{{"username", "ann"}, {"score", 1.5}}, {{"username", "bob"}, {"score", 0.5}}}},
    {"rounds",
     {{{"number", 1}, {"pairings", {{{"usernames", {"ann", "bob"}}, {"game_id", "41"}}}}}}}};

// The server's text form (?format=text), which `tournament show` prints unchanged.
const std::string kTournamentText =
    "Autumn Cup (iso-path, round-robin, running)\n"
    "Round 1 of 1\n"
    "Standings (score, direct encounter, Sonneborn-Berger):\n"
    "  1. ann  1  0  0\n"
    "  2. bob  0  0  0\n"
    "Round 1 (finished):\n"
    "  1. ann vs bob  1-0  /v1/games/41\n";

const json kRatings = {{"ratings",
                        {{{"username", "ann"},
                          {"rating", 1612},
                          {"deviation", 80},
                          {"live_rating", 1630},
                          {"live_deviation", 78},
                          {"games", 12},
                          {"provisional", false}},
                         {{"username", "bob"},
                          {"rating", 1500},
                          {"deviation", 350},
                          {"live_rating", 1500},
                          {"live_deviation", 350},
                          {"games", 0},
                          {"provisional", true}}}}};

void serve(testsupport::StandInServer& server, int& joins) {
  auto send = [](const json& body) {
    return [body](const httplib::Request&, httplib::Response& res) {
      res.set_content(body.dump(), "application/json");
    };
  };
  server.http().Get("/v1/tournaments", send({{"tournaments", {kTournament}}}));
  server.http().Get("/v1/tournaments/5", [](const httplib::Request& req, httplib::Response& res) {
    if (req.get_param_value("format") == "text") {
      res.set_content(kTournamentText, "text/plain; charset=utf-8");
    } else {
      res.set_content(kTournament.dump(), "application/json");
    }
  });
  server.http().Get("/v1/ratings/iso-path", send(kRatings));
  server.http().Post("/v1/tournaments/5/join",
                     [&joins](const httplib::Request&, httplib::Response& res) {
                       ++joins;
                       res.status = 201;
                       res.set_content(R"({"joined":true})", "application/json");
                     });
  server.start();
}

std::map<std::string, std::string> env_for(const testsupport::StandInServer& server) {
  return {{"HEXPOST_SERVER", server.url()}, {"HEXPOST_TOKEN", "hxp_test"}, {"NO_COLOR", "1"}};
}

std::vector<std::string> argv_of(const std::vector<std::string>& args) {
  std::vector<std::string> argv{HEXPOST_CLI_PATH};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

// Piped: stdout is not a terminal.
testsupport::RunResult hexpost(const testsupport::StandInServer& server,
                               const std::vector<std::string>& args) {
  return testsupport::run(argv_of(args), "", env_for(server));
}

testsupport::RunResult hexpost_on_terminal(const testsupport::StandInServer& server,
                                           const std::vector<std::string>& args) {
  return testsupport::run_on_terminal(argv_of(args), env_for(server));
}

TEST(TourneyContract, ListShowJoinAndRatings) {
  testsupport::StandInServer server;
  int joins = 0;
  serve(server, joins);
  EXPECT_EQ(hexpost(server, {"tournaments"}).out, "5\tAutumn Cup\tiso-path\trunning\n");
  EXPECT_EQ(hexpost(server, {"tournament", "show", "5"}).out, kTournamentText);
  EXPECT_EQ(json::parse(hexpost(server, {"tournament", "show", "5", "--json"}).out), kTournament);
  const auto joined = hexpost(server, {"tournament", "join", "5"});
  EXPECT_EQ(joined.exit_code, 0) << joined.err;
  EXPECT_EQ(joined.err, "Joined tournament 5.\n");
  EXPECT_EQ(joins, 1);
  EXPECT_EQ(hexpost(server, {"ratings", "iso-path"}).out,
            "iso-path\tann\t1612\t80\t1630\t78\t12\tno\n"
            "iso-path\tbob\t1500\t350\t1500\t350\t0\tyes\n");
  EXPECT_EQ(hexpost(server, {"ratings", "mojave"}).exit_code, 1);  // 404 from the stand-in
}

// On a terminal, lists have a header row and aligned columns (as `gh` prints them); piped, they
// are tab-separated without a header (above).
TEST(TourneyContract, ListsOnATerminalHaveAHeaderAndAlignedColumns) {
  testsupport::StandInServer server;
  int joins = 0;
  serve(server, joins);
  const auto tournaments = hexpost_on_terminal(server, {"tournaments"});
  EXPECT_EQ(tournaments.exit_code, 0) << tournaments.out;
  EXPECT_EQ(tournaments.out,
            "ID  NAME        GAME      STATUS\n"
            "5   Autumn Cup  iso-path  running\n");
  const auto ratings = hexpost_on_terminal(server, {"ratings", "iso-path"});
  EXPECT_EQ(ratings.exit_code, 0) << ratings.out;
  EXPECT_EQ(ratings.out,
            "GAME      PLAYER  RATING  RD   LIVE  LIVE RD  GAMES  PROVISIONAL\n"
            "iso-path  ann     1612    80   1630  78       12     no\n"
            "iso-path  bob     1500    350  1500  350      0      yes\n");
}

}  // namespace
