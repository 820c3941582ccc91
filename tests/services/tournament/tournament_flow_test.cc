// One complete round robin (rated: Elo and Glicko-2 follow), Swiss, knockout and league season,
// played by bots through the HTTP API with scripted results; exact standings at the end.
#include <gtest/gtest.h>

#include <chrono>
#include <initializer_list>
#include <numeric>
#include <sstream>

#include "lib/clock/clock.h"
#include "lib/fairness/fairness.h"
#include "tests/services/tournament/tournament_support.h"

namespace {

using namespace svctest;
using namespace tourneytest;

std::string line(const Field& f, int player, double score, int division = 0) {
  std::ostringstream out;
  if (division > 0) out << "D" << division << " ";
  out << f.players[static_cast<std::size_t>(player)].username << " " << score;
  return out.str();
}

// The usernames of the given players (by entry order), as a table's "usernames" lists them.
json names(const Field& f, std::initializer_list<int> players) {
  json out = json::array();
  for (int p : players) out.push_back(f.players[static_cast<std::size_t>(p)].username);
  return out;
}

// The stronger (earlier entered) player wins; at a table, the strongest.
Script stronger_wins(const Field& f) {
  return [&f](const std::vector<std::string>& seats) {
    int best = 0;
    for (std::size_t i = 1; i < seats.size(); ++i)
      if (f.strength(seats[i]) < f.strength(seats[static_cast<std::size_t>(best)]))
        best = static_cast<int>(i);
    return best;
  };
}

TEST(TournamentFlow, RatedRoundRobinWithRatings) {
  SVC_REQUIRE_DB();
  hxclock::ManualClock clock(hxclock::system_clock().now());
  TestServer server(database_url(), test_options(), 96, 8, clock);
  Client client(server.port());
  const Field f = make_field(client, "rr", 4);
  // Players 1 and 2 draw; otherwise the stronger wins.
  const Script script = [&f](const std::vector<std::string>& seats) {
    const int a = f.strength(seats[0]);
    const int b = f.strength(seats[1]);
    if (a + b == 3 && a * b == 2) return -1;
    return a < b ? 0 : 1;
  };
  const json spec = {{"name", "Spring RR"},
                     {"game", "counting"},
                     {"format", "round-robin"},
                     {"rated", true},
                     {"clock", {{"days_per_move", 3}}}};
  const json done = run_tournament(server, client, f, spec, script);
  EXPECT_EQ(standings_lines(done), (std::vector<std::string>{line(f, 0, 3), line(f, 1, 1.5),
                                                             line(f, 2, 1.5), line(f, 3, 0)}));
  EXPECT_EQ(done.at("standings").at(1).at("sonneborn_berger"), 0.75);
  EXPECT_EQ(done.at("standings").at(1).at("direct_encounter"), 0.5);
  ASSERT_EQ(done.at("rounds").size(), 3u);
  // Berger table for 4: round 1 is 1-4, 2-3 (first mover first).
  EXPECT_EQ(done.at("rounds").at(0).at("pairings").at(0).at("usernames"),
            (json{f.players[0].username, f.players[3].username}));
  // Elo at once: 3 games each; the winner on top.
  server.service().competition.run_once();
  const auto& token = f.players[0].token;
  json elo = client.get("/v1/ratings/counting?system=elo", token).body;
  ASSERT_EQ(elo.at("ratings").size(), 4u);
  EXPECT_EQ(elo.at("ratings").at(0).at("username"), f.players[0].username);
  EXPECT_EQ(elo.at("ratings").at(0).at("games"), 3);
  EXPECT_GT(elo.at("ratings").at(0).at("rating").get<int>(), 1500);
  EXPECT_EQ(elo.at("ratings").at(3).at("username"), f.players[3].username);
  EXPECT_TRUE(elo.at("ratings").at(0).at("provisional"));  // fewer than 5 games
  // The finished game shows its rating changes: 1 beat 4, both at 1500 with K 40.
  const std::string first_game =
      done.at("rounds").at(0).at("pairings").at(0).at("game_id").get<std::string>();
  const json game = client.get("/v1/games/" + first_game, token).body;
  ASSERT_EQ(game.at("rating_changes").size(), 2u) << game.dump();
  double gained = 0;
  for (const auto& c : game.at("rating_changes"))
    if (c.at("username") == f.players[0].username) gained = c.at("change");
  EXPECT_DOUBLE_EQ(gained, 20.0);
  // Glicko-2 waits for the rating period to end.
  json glicko = client.get("/v1/ratings/counting", token).body;
  EXPECT_EQ(glicko.at("system"), "glicko2");
  EXPECT_EQ(glicko.at("ratings").at(0).at("deviation"), 350);
  clock.set(clock.now() + std::chrono::hours(24 * 8));
  EXPECT_EQ(server.service().competition.run_once().periods_closed, 1);
  glicko = client.get("/v1/ratings/counting", token).body;
  EXPECT_EQ(glicko.at("ratings").at(0).at("username"), f.players[0].username);
  EXPECT_LT(glicko.at("ratings").at(0).at("deviation").get<int>(), 350);
  EXPECT_EQ(glicko.at("ratings").at(0).at("games"), 3);
  // Ten idle weeks later the deviation has grown again.
  const int settled = glicko.at("ratings").at(0).at("deviation");
  clock.set(clock.now() + std::chrono::hours(24 * 70));
  glicko = client.get("/v1/ratings/counting", token).body;
  EXPECT_GT(glicko.at("ratings").at(0).at("deviation").get<int>(), settled);
  const json history = client.get("/v1/ratings/counting/" + f.players[0].username, token).body;
  EXPECT_EQ(history.at("history").size(), 4u);  // 3 Elo games and 1 Glicko-2 period
  // Rated once only: another pass changes nothing.
  EXPECT_EQ(server.service().competition.run_once().games_rated, 0);
  EXPECT_EQ(client.get("/v1/ratings/mojave-nope", token).status, 404);
}

TEST(TournamentFlow, SwissOfFiveWithByes) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "sw", 5);
  const json spec = {
      {"name", "Swiss Five"}, {"game", "counting"}, {"format", "swiss"}, {"rounds", 3}};
  // Round 1 in progress (its bye already decided): the games are paired, results blank.
  std::vector<std::string> trf_lines;
  const auto in_progress = [&](const std::string& id) {
    const auto trf = client.get("/v1/tournaments/" + id + "?format=trf", f.players[0].token);
    ASSERT_EQ(trf.status, 200);
    std::istringstream in(trf.text);
    for (std::string line; std::getline(in, line);)
      if (line.rfind("001 ", 0) == 0) trf_lines.push_back(line.substr(89));
  };
  const json done = run_tournament(server, client, f, spec, stronger_wins(f), in_progress);
  EXPECT_EQ(trf_lines, (std::vector<std::string>{"     3 w  ", "     4 b  ", "     1 b  ",
                                                 "     2 w  ", "  0000 - U"}));
  ASSERT_EQ(done.at("rounds").size(), 3u);
  const json& first = done.at("rounds").at(0).at("pairings");
  EXPECT_EQ(first.at(0).at("usernames"), (json{f.players[0].username, f.players[2].username}));
  EXPECT_EQ(first.at(1).at("usernames"), (json{f.players[3].username, f.players[1].username}));
  EXPECT_EQ(first.at(2).at("usernames"), (json{f.players[4].username}));  // the bye
  EXPECT_TRUE(first.at(2).at("game_id").is_null());
  // Dutch: round 2 is 4-0 (4 had the bye: not floated again), 1-2, 3 bye; round 3 is 0-1
  // (the topscorers), 4-3, 2 bye. Scores: 0 wins all; 1 beats 3 and 2; 3 beats 4.
  std::map<std::string, double> scores;
  for (const auto& row : done.at("standings")) scores[row.at("username")] = row.at("score");
  EXPECT_EQ(scores[f.players[0].username], 3);
  EXPECT_EQ(scores[f.players[1].username], 2);
  EXPECT_EQ(scores[f.players[2].username], 1);
  EXPECT_EQ(scores[f.players[3].username], 2);
  EXPECT_EQ(scores[f.players[4].username], 1);
  const json& second = done.at("rounds").at(1).at("pairings");
  EXPECT_EQ(second.at(0).at("usernames"), (json{f.players[4].username, f.players[0].username}));
  EXPECT_EQ(second.at(1).at("usernames"), (json{f.players[1].username, f.players[2].username}));
  EXPECT_EQ(second.at(2).at("usernames"), (json{f.players[3].username}));
  const json& third = done.at("rounds").at(2).at("pairings");
  EXPECT_EQ(third.at(0).at("usernames"), (json{f.players[0].username, f.players[1].username}));
  EXPECT_EQ(third.at(1).at("usernames"), (json{f.players[4].username, f.players[3].username}));
  EXPECT_EQ(third.at(2).at("usernames"), (json{f.players[2].username}));
  EXPECT_EQ(done.at("standings").at(0).at("username"), f.players[0].username);
  const auto trf = client.get("/v1/tournaments/" + done.at("id").get<std::string>() + "?format=trf",
                              f.players[0].token);
  ASSERT_EQ(trf.status, 200);
  EXPECT_NE(trf.text.find("XXR 3"), std::string::npos);
  EXPECT_EQ(trf.text.substr(trf.text.find("001    1")).substr(80, 4), " 3.0");
}

// A half-point bye is exported as the pairing-allocated bye (U) with its points on the score
// line (XXS PAB=0.5), so a FIDE pairing program counts it as Hexpost does.
TEST(TournamentFlow, HalfPointByesExportAsPairingAllocatedByes) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "hb", 3);
  const json spec = {{"name", "Half Byes"},
                     {"game", "counting"},
                     {"format", "swiss"},
                     {"rounds", 2},
                     {"settings", {{"bye_points", 0.5}}}};
  const json done = run_tournament(server, client, f, spec, stronger_wins(f));
  const auto trf = client.get("/v1/tournaments/" + done.at("id").get<std::string>() + "?format=trf",
                              f.players[0].token);
  ASSERT_EQ(trf.status, 200);
  EXPECT_NE(trf.text.find("\nXXS PAB=0.5\n"), std::string::npos);
  std::map<std::string, double> scores;
  for (const auto& row : done.at("standings")) scores[row.at("username")] = row.at("score");
  std::istringstream in(trf.text);
  int byes = 0;
  int players = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("001 ", 0) != 0) continue;
    ++players;
    std::string name = line.substr(14, 33);
    name.erase(name.find_last_not_of(' ') + 1);
    EXPECT_EQ(std::stod(line.substr(80, 4)), scores.at(name)) << name;
    for (std::size_t at = 89; at + 10 <= line.size(); at += 10)
      if (line.substr(at, 6) == "  0000") {
        EXPECT_EQ(line.substr(at), "  0000 - U" + line.substr(at + 10)) << name;
        ++byes;
      }
  }
  EXPECT_EQ(players, 3);
  EXPECT_EQ(byes, 2);  // one a round
  double total = 0;
  for (const auto& [name, score] : scores) total += score;
  EXPECT_EQ(total, 3.0);  // two games won and two half-point byes
}

// What `hexpost verify` checks of the seating: the seat draws of the game seed map every slot to
// the seat stored for it.
void expect_seating_verifies(Client& client, const std::string& game_id, const std::string& token) {
  const json fair = client.get("/v1/games/" + game_id + "/fairness", token).body;
  const auto seed = fairness::from_hex(fair.at("server_seed").get<std::string>());
  ASSERT_TRUE(seed.has_value()) << fair.dump();
  std::vector<std::string> seeds;
  std::vector<int> seat_of_slot;
  for (const auto& p : fair.at("player_seeds")) {  // in slot order
    seeds.push_back(p.at("player_seed"));
    seat_of_slot.push_back(p.at("seat"));
  }
  fairness::HmacRandom rng(fairness::game_seed(*seed, game_id, seeds), game_id, 0);
  std::vector<int> seat_slot(seeds.size());
  std::iota(seat_slot.begin(), seat_slot.end(), 0);
  for (std::size_t i = seeds.size() - 1; i > 0; --i)
    std::swap(seat_slot[i], seat_slot[rng.draw("seat", static_cast<std::uint32_t>(i + 1))]);
  for (std::size_t seat = 0; seat < seat_slot.size(); ++seat)
    EXPECT_EQ(seat_of_slot[static_cast<std::size_t>(seat_slot[seat])], static_cast<int>(seat));
}

TEST(TournamentFlow, KnockoutOfSixWithATieBreak) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "ko", 6);
  // The first game of 4 v 5 (seeds 3 and 4) is drawn: a tie-break game decides it.
  int drawn = 0;
  const Script script = [&f, &drawn](const std::vector<std::string>& seats) {
    const int a = f.strength(seats[0]);
    const int b = f.strength(seats[1]);
    if (a + b == 7 && drawn++ == 0) return -1;
    return a < b ? 0 : 1;
  };
  const json spec = {{"name", "Cup"}, {"game", "counting"}, {"format", "knockout"}};
  const json done = run_tournament(server, client, f, spec, script);
  ASSERT_EQ(done.at("rounds").size(), 3u);
  const json& first = done.at("rounds").at(0).at("pairings");
  ASSERT_EQ(first.size(), 5u);  // 1 bye, 4 v 5 (two games), 2 bye, 3 v 6
  EXPECT_EQ(first.at(0).at("usernames"), (json{f.players[0].username}));
  EXPECT_EQ(first.at(1).at("usernames"), (json{f.players[3].username, f.players[4].username}));
  EXPECT_EQ(first.at(2).at("usernames"), (json{f.players[4].username, f.players[3].username}));
  EXPECT_EQ(first.at(2).at("match_game"), 2);
  for (int board : {1, 2, 4})  // 0 and 3 are byes
    expect_seating_verifies(client, first.at(board).at("game_id"), f.players[0].token);
  EXPECT_EQ(done.at("rounds").at(2).at("pairings").at(0).at("usernames"),
            (json{f.players[0].username, f.players[1].username}));
  std::vector<std::string> order;
  for (const auto& row : done.at("standings")) order.push_back(row.at("username"));
  std::vector<std::string> expected;
  for (int p : {0, 1, 2, 3, 4, 5})
    expected.push_back(f.players[static_cast<std::size_t>(p)].username);
  EXPECT_EQ(order, expected);
}

TEST(TournamentFlow, LeagueSeasonRollsOver) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "lg", 6);
  const json spec = {{"name", "League"},
                     {"game", "counting"},
                     {"format", "league"},
                     {"settings", {{"division_size", 3}, {"promote", 1}, {"relegate", 1}}}};
  const std::vector<Account> newcomers = {make_account(client, "lgnewa"),
                                          make_account(client, "lgnewb"),
                                          make_account(client, "lgnewc")};
  // Player 6 plays this season out but opts out of the next one.
  const json done =
      run_tournament(server, client, f, spec, stronger_wins(f), [&](const std::string& id) {
        const auto r = client.post("/v1/tournaments/" + id + "/withdraw",
                                   {{"next_season_only", true}}, f.players[5].token);
        EXPECT_EQ(r.status, 200) << r.text;
      });
  EXPECT_EQ(standings_lines(done),
            (std::vector<std::string>{line(f, 0, 2, 1), line(f, 1, 1, 1), line(f, 2, 0, 1),
                                      line(f, 3, 2, 2), line(f, 4, 1, 2), line(f, 5, 0, 2)}));
  // Season 2: the top of division 2 up, the bottom of division 1 down, all but 6 re-registered.
  const json open = client.get("/v1/tournaments?status=open", f.players[0].token).body;
  json season2;
  for (const auto& t : open.at("tournaments"))
    if (t.value("league_id", "") == done.at("id")) season2 = t;
  ASSERT_TRUE(season2.is_object()) << open.dump();
  EXPECT_EQ(season2.at("season"), 2);
  // It starts on its own after the default season break of 7 days (or when the organiser says).
  ASSERT_TRUE(season2.contains("entry_closes_at")) << season2.dump();
  EXPECT_EQ(*hxclock::parse_rfc3339(season2.at("entry_closes_at").get<std::string>()) -
                *hxclock::parse_rfc3339(done.at("finished_at").get<std::string>()),
            std::chrono::hours(24 * 7));
  const std::string next_id = season2.at("id");
  // Three newcomers join the new season: the first fills the lowest division up to its size of
  // 3, the other two open a third division.
  for (const Account& newcomer : newcomers)
    ASSERT_EQ(
        client.post("/v1/tournaments/" + next_id + "/join", json::object(), newcomer.token).status,
        201);
  const auto started =
      client.post("/v1/tournaments/" + next_id + "/start", json::object(), f.players[0].token);
  ASSERT_EQ(started.status, 200) << started.text;
  std::map<std::string, int> division;
  for (const auto& e : started.body.at("entrants")) division[e.at("username")] = e.at("division");
  EXPECT_EQ(division, (std::map<std::string, int>{{f.players[0].username, 1},
                                                  {f.players[1].username, 1},
                                                  {f.players[3].username, 1},
                                                  {f.players[2].username, 2},
                                                  {f.players[4].username, 2},
                                                  {newcomers[0].username, 2},
                                                  {newcomers[1].username, 3},
                                                  {newcomers[2].username, 3}}));
}

// An open tournament starts on its own once its entry window closes, if it has 2 entrants or
// more; with fewer it stays open for its organiser.
TEST(TournamentFlow, StartsOnItsOwnWhenTheEntryWindowCloses) {
  SVC_REQUIRE_DB();
  hxclock::ManualClock clock(hxclock::system_clock().now());
  TestServer server(database_url(), test_options(), 96, 8, clock);
  Client client(server.port());
  const Field f = make_field(client, "ew", 4);
  const std::string closes = hxclock::to_rfc3339(clock.now() + std::chrono::hours(1));
  const auto create = [&](const std::string& name) {
    const json spec = {{"name", name},
                       {"game", "counting"},
                       {"format", "round-robin"},
                       {"entry_closes_at", closes}};
    const auto created = client.post("/v1/tournaments", spec, f.players[0].token);
    EXPECT_EQ(created.status, 201) << created.text;
    return created.body.at("id").get<std::string>();
  };
  const std::string full = create("Window full");
  const std::string lonely = create("Window lonely");
  for (const auto& p : f.players)
    ASSERT_EQ(client.post("/v1/tournaments/" + full + "/join", json::object(), p.token).status,
              201);
  ASSERT_EQ(
      client.post("/v1/tournaments/" + lonely + "/join", json::object(), f.players[1].token).status,
      201);
  EXPECT_EQ(server.service().competition.run_once().tournaments_started, 0);  // still open
  clock.advance(std::chrono::hours(2));
  EXPECT_EQ(server.service().competition.run_once().tournaments_started, 1);
  const json started = client.get("/v1/tournaments/" + full, f.players[0].token).body;
  EXPECT_EQ(started.at("status"), "running");
  EXPECT_EQ(started.at("entry_closes_at"), closes);
  EXPECT_TRUE(started.contains("started_at"));
  ASSERT_EQ(started.at("rounds").size(), 1u);
  EXPECT_EQ(started.at("rounds").at(0).at("pairings").size(), 2u);  // 4 players: 2 boards
  EXPECT_EQ(client.get("/v1/tournaments/" + lonely, f.players[0].token).body.at("status"), "open");
  // Joining after the close is refused.
  const Account late = make_account(client, "ewlate");
  EXPECT_EQ(client.post("/v1/tournaments/" + lonely + "/join", json::object(), late.token).status,
            409);
}

TEST(TournamentFlow, WithdrawnPlayersForfeitTheirLaterGames) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "wd", 4);
  const json spec = {{"name", "Withdrawals"}, {"game", "counting"}, {"format", "round-robin"}};
  const auto& leaver = f.players[3];
  const json done =
      run_tournament(server, client, f, spec, stronger_wins(f), [&](const std::string& id) {
        const auto r =
            client.post("/v1/tournaments/" + id + "/withdraw", json::object(), leaver.token);
        EXPECT_EQ(r.status, 200) << r.text;
      });
  EXPECT_EQ(standings_lines(done),
            (std::vector<std::string>{line(f, 0, 3), line(f, 1, 2), line(f, 2, 1), line(f, 3, 0)}));
  int forfeits = 0;
  for (const auto& round : done.at("rounds"))
    for (const auto& p : round.at("pairings"))
      if (p.at("game_id").is_null()) {
        ++forfeits;
        EXPECT_NE(std::find(p.at("usernames").begin(), p.at("usernames").end(), leaver.username),
                  p.at("usernames").end());
      }
  EXPECT_EQ(forfeits, 2);  // rounds 2 and 3; round 1's game was already under way
  const auto text = client.get(
      "/v1/tournaments/" + done.at("id").get<std::string>() + "?format=text", leaver.token);
  EXPECT_NE(text.text.find("Withdrawals (counting, round-robin, finished)\nRound 3 of 3\nStandings "
                           "(score, direct encounter, Sonneborn-Berger):\n  1. " +
                           f.players[0].username + "  3  "),
            std::string::npos)
      << text.text;
  EXPECT_NE(text.text.find("  forfeit\n"), std::string::npos);
}

TEST(TournamentFlow, ThreeSeatTablesRotateSeats) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "tb", 6);
  const json spec = {{"name", "Tables"},
                     {"game", "counting"},
                     {"format", "swiss"},
                     {"rounds", 2},
                     {"players_per_game", 3}};
  const json done = run_tournament(server, client, f, spec, stronger_wins(f));
  ASSERT_EQ(done.at("rounds").size(), 2u);
  EXPECT_EQ(done.at("rounds").at(0).at("pairings").at(0).at("usernames"), names(f, {0, 1, 2}));
  EXPECT_EQ(done.at("rounds").at(0).at("pairings").at(1).at("usernames"), names(f, {3, 4, 5}));
  // Round 2 by score (0 and 3 won), everyone in a seat not taken before.
  EXPECT_EQ(done.at("rounds").at(1).at("pairings").at(0).at("usernames"), names(f, {1, 0, 3}));
  EXPECT_EQ(done.at("rounds").at(1).at("pairings").at(1).at("usernames"), names(f, {2, 5, 4}));
  EXPECT_EQ(standings_lines(done),
            (std::vector<std::string>{line(f, 0, 2), line(f, 2, 1), line(f, 3, 1), line(f, 1, 0),
                                      line(f, 4, 0), line(f, 5, 0)}));
}

long long events_of(const std::string& kind, const std::string& tournament_id) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  return tx
      .exec_params1(
          "SELECT count(*) FROM game_events WHERE kind = $1 AND "
          "payload->>'tournament_id' = $2",
          kind, tournament_id)[0]
      .as<long long>();
}

// A round robin at 3-seat tables over HTTP: the table design of 6 (3 rounds, seats rotated so
// everyone takes every seat once), played to the end; the best player at a table wins (1).
TEST(TournamentFlow, RoundRobinAtThreeSeatTables) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "rt", 6);
  const json spec = {{"name", "Table RR"},
                     {"game", "counting"},
                     {"format", "round-robin"},
                     {"players_per_game", 3}};
  const json done = run_tournament(server, client, f, spec, stronger_wins(f));
  ASSERT_EQ(done.at("rounds").size(), 3u);
  EXPECT_EQ(done.at("total_rounds"), 3);
  const std::vector<std::vector<json>> expected = {{names(f, {0, 2, 4}), names(f, {1, 3, 5})},
                                                   {names(f, {2, 4, 3}), names(f, {5, 0, 1})},
                                                   {names(f, {4, 1, 2}), names(f, {3, 5, 0})}};
  for (std::size_t r = 0; r < expected.size(); ++r) {
    const json& pairings = done.at("rounds").at(r).at("pairings");
    ASSERT_EQ(pairings.size(), 2u);
    for (std::size_t t = 0; t < 2; ++t)
      EXPECT_EQ(pairings.at(t).at("usernames"), expected[r][t]) << "round " << r + 1;
  }
  EXPECT_EQ(standings_lines(done),
            (std::vector<std::string>{line(f, 0, 3), line(f, 1, 2), line(f, 2, 1), line(f, 3, 0),
                                      line(f, 4, 0), line(f, 5, 0)}));
}

// A league at 3-seat tables: two divisions of 3, each one table rotating its seats, ranked by
// placement points; the next season follows.
TEST(TournamentFlow, LeagueAtThreeSeatTables) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "lt", 6);
  const json spec = {{"name", "Table League"},
                     {"game", "counting"},
                     {"format", "league"},
                     {"players_per_game", 3},
                     {"settings", {{"division_size", 3}, {"promote", 1}, {"relegate", 1}}}};
  const json done = run_tournament(server, client, f, spec, stronger_wins(f));
  ASSERT_EQ(done.at("rounds").size(), 3u);
  for (const auto& round : done.at("rounds")) EXPECT_EQ(round.at("pairings").size(), 2u);
  EXPECT_EQ(standings_lines(done),
            (std::vector<std::string>{line(f, 0, 3, 1), line(f, 1, 0, 1), line(f, 2, 0, 1),
                                      line(f, 3, 3, 2), line(f, 4, 0, 2), line(f, 5, 0, 2)}));
  const json open = client.get("/v1/tournaments?status=open", f.players[0].token).body;
  int next_seasons = 0;
  for (const auto& t : open.at("tournaments"))
    if (t.value("league_id", "") == done.at("id")) ++next_seasons;
  EXPECT_EQ(next_seasons, 1);
}

// A knockout at 3-seat tables, the winner of each going through: seeds 1 and 2 have byes, the
// table of seeds 3-5 sends its winner to the final table, where seed 3 takes a new seat.
TEST(TournamentFlow, KnockoutAtThreeSeatTables) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "kt", 5);
  const json spec = {{"name", "Table KO"},
                     {"game", "counting"},
                     {"format", "knockout"},
                     {"players_per_game", 3},
                     {"settings", {{"advance", 1}}}};
  const json done = run_tournament(server, client, f, spec, stronger_wins(f));
  ASSERT_EQ(done.at("rounds").size(), 2u);
  const json& first = done.at("rounds").at(0).at("pairings");
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first.at(0).at("usernames"), names(f, {2, 3, 4}));
  EXPECT_EQ(first.at(1).at("usernames"), names(f, {0}));
  EXPECT_EQ(first.at(2).at("usernames"), names(f, {1}));
  EXPECT_EQ(done.at("rounds").at(1).at("pairings").at(0).at("usernames"), names(f, {0, 1, 2}));
  EXPECT_EQ(standings_lines(done),
            (std::vector<std::string>{line(f, 0, 2), line(f, 1, 1), line(f, 2, 1), line(f, 3, 0),
                                      line(f, 4, 0)}));
}

// A table knockout whose entrants cannot end in one final table does not start, and advance
// must leave someone out of each table.
TEST(TournamentFlow, KnockoutAtTablesRefusesAFieldWithoutAFinalTable) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "kr", 4);
  json spec = {{"name", "Bad KO"},
               {"game", "counting"},
               {"format", "knockout"},
               {"players_per_game", 3},
               {"settings", {{"advance", 3}}}};
  const auto refused = client.post("/v1/tournaments", spec, f.players[0].token);
  EXPECT_EQ(refused.status, 422);
  EXPECT_EQ(refused.body.at("code"), "bad_settings");
  spec["settings"]["advance"] = 1;
  const auto created = client.post("/v1/tournaments", spec, f.players[0].token);
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body.at("id");
  for (const auto& p : f.players)
    ASSERT_EQ(client.post("/v1/tournaments/" + id + "/join", json::object(), p.token).status, 201);
  const auto start =
      client.post("/v1/tournaments/" + id + "/start", json::object(), f.players[0].token);
  EXPECT_EQ(start.status, 409);
  EXPECT_EQ(start.body.at("code"), "bad_field_size");  // 4 - 3 is not a multiple of 3 - 1
  EXPECT_EQ(client.get("/v1/tournaments/" + id, f.players[0].token).body.at("status"), "open");
}

// Serial timeouts: with timeout_limit 1, a player who loses a game on time forfeits the rest.
TEST(TournamentFlow, TimeoutForfeitsTheRestAndEventsAreWritten) {
  SVC_REQUIRE_DB();
  hxclock::ManualClock clock(hxclock::system_clock().now());
  TestServer server(database_url(), test_options(), 96, 8, clock);
  Client client(server.port());
  const Field f = make_field(client, "to", 4);
  const auto& org = f.players[0];
  const json spec = {{"name", "Slow"},
                     {"game", "counting"},
                     {"format", "round-robin"},
                     {"clock", {{"days_per_move", 1}}},
                     {"settings", {{"timeout_limit", 1}}}};
  const std::string id = client.post("/v1/tournaments", spec, org.token).body.at("id");
  for (const auto& p : f.players)
    ASSERT_EQ(client.post("/v1/tournaments/" + id + "/join", json::object(), p.token).status, 201);
  json view = client.post("/v1/tournaments/" + id + "/start", json::object(), org.token).body;
  // Round 1: 1-4 and 2-3. 2 beats 3; in 1-4, player 1 moves and 4 lets the clock run out.
  const json& pairings = view.at("rounds").at(0).at("pairings");
  const std::string slow_game = pairings.at(0).at("game_id");
  const std::string other_game = pairings.at(1).at("game_id");
  ASSERT_EQ(
      client.post("/v1/games/" + other_game + "/resign", json::object(), f.players[2].token).status,
      200);
  const json g = client.get("/v1/games/" + slow_game, org.token).body;
  ASSERT_EQ(client
                .post("/v1/games/" + slow_game + "/moves",
                      {{"move", g.at("legal_moves").at(0)}, {"ply", 0}}, org.token)
                .status,
            201);
  clock.set(clock.now() + std::chrono::hours(49));
  EXPECT_EQ(server.service().sweeper.sweep_at(clock.now()).timeouts, 1);
  server.service().competition.run_once();
  std::mt19937 rng(5);
  for (int pass = 0; pass < 10; ++pass) {
    view = client.get("/v1/tournaments/" + id, org.token).body;
    if (view.at("status") != "running") break;
    play_open_games(client, f, view, stronger_wins(f), rng);
    server.service().competition.run_once();
  }
  ASSERT_EQ(view.at("status"), "finished");
  EXPECT_EQ(view.at("entrants").at(3).at("status"), "forfeited");
  int forfeits = 0;
  for (const auto& round : view.at("rounds"))
    for (const auto& p : round.at("pairings")) forfeits += p.at("game_id").is_null() ? 1 : 0;
  EXPECT_EQ(forfeits, 2);
  EXPECT_EQ(standings_lines(view),
            (std::vector<std::string>{line(f, 0, 3), line(f, 1, 2), line(f, 2, 1), line(f, 3, 0)}));
  EXPECT_EQ(events_of("tournament_round_started", id), 3);
  EXPECT_EQ(events_of("tournament_pairing", id), 4);  // 6 pairings, 2 of them forfeits
  EXPECT_EQ(events_of("game_started", id), 4);
  EXPECT_EQ(events_of("tournament_finished", id), 1);
}

TEST(TournamentFlow, RefusalsSayWhy) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Field f = make_field(client, "rf", 2);
  const auto& a = f.players[0];
  const auto& b = f.players[1];
  EXPECT_EQ(client
                .post("/v1/tournaments", {{"name", "x"}, {"game", "counting"}, {"format", "arena"}},
                      a.token)
                .body.at("code"),
            "bad_format");
  EXPECT_EQ(client
                .post("/v1/tournaments", {{"name", "x"}, {"game", "counting"}, {"format", "swiss"}},
                      a.token)
                .status,
            400);  // rounds is required for a Swiss
  const auto created = client.post(
      "/v1/tournaments",
      {{"name", "Tiny"}, {"game", "counting"}, {"format", "round-robin"}, {"capacity", 2}},
      a.token);
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body.at("id");
  EXPECT_EQ(
      client.post("/v1/tournaments/" + id + "/start", json::object(), a.token).body.at("code"),
      "too_few_entrants");
  const auto joined = client.post("/v1/tournaments/" + id + "/join", json::object(), a.token);
  EXPECT_EQ(joined.status, 201);
  EXPECT_EQ(joined.header("Location"), "/v1/tournaments/" + id);
  EXPECT_EQ(client.post("/v1/tournaments/" + id + "/join", json::object(), a.token).body.at("code"),
            "already_joined");
  EXPECT_EQ(client.post("/v1/tournaments/" + id + "/join", json::object(), b.token).status, 201);
  const Account c = make_account(client, "rfc");
  EXPECT_EQ(client.post("/v1/tournaments/" + id + "/join", json::object(), c.token).body.at("code"),
            "tournament_full");
  // Full now, but a member who joins again is told that it is already in.
  EXPECT_EQ(client.post("/v1/tournaments/" + id + "/join", json::object(), b.token).body.at("code"),
            "already_joined");
  EXPECT_EQ(
      client.post("/v1/tournaments/" + id + "/start", json::object(), b.token).body.at("code"),
      "not_the_organiser");
  EXPECT_EQ(client.get("/v1/tournaments/999999", a.token).status, 404);
  const auto text = client.get("/v1/tournaments/" + id + "?format=text", a.token);
  EXPECT_EQ(text.text, "Tiny (counting, round-robin, open)\nEntrants: " + a.username + ", " +
                           b.username + "\n");
}

TEST(TournamentFlow, ServerSettingRestrictsOrganisers) {
  SVC_REQUIRE_DB();
  auto options = test_options();
  options.organisers = {"someone_else"};
  TestServer server(database_url(), options);
  Client client(server.port());
  const Account a = make_account(client, "org");
  const auto r = client.post(
      "/v1/tournaments", {{"name", "x"}, {"game", "counting"}, {"format", "knockout"}}, a.token);
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(r.body.at("code"), "not_an_organiser");
}

}  // namespace
