// The tournament engine driven to the end of every format with scripted results (no database).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "lib/competition/tables.h"
#include "services/tournament/engine.h"

namespace tournament {
namespace {

// Plays a tournament: every decided pairing is stored; games get `result(seats)` (scores per
// seat) right away. Returns the final state.
State run(State s, const std::function<std::vector<double>(const std::vector<int>&)>& result) {
  for (int step = 0; step < 1000; ++step) {
    const Decision d = decide(s);
    s.current_round = d.current_round;
    for (auto p : d.pairings) {
      if (!p.scores) p.scores = result(p.seats);
      s.games.push_back(p);
    }
    if (d.finished) return s;
  }
  ADD_FAILURE() << "did not finish";
  return s;
}

// The better seed (lower number) always wins.
std::vector<double> seed_wins(const std::vector<int>& seats) {
  return seats[0] < seats[1] ? std::vector<double>{1, 0} : std::vector<double>{0, 1};
}

std::vector<int> order(const std::vector<competition::Standing>& table) {
  std::vector<int> out;
  for (const auto& row : table) out.push_back(row.player);
  return out;
}

State fresh(Format f, int players) {
  State s;
  s.format = f;
  s.entrants.resize(static_cast<std::size_t>(players));
  return s;
}

TEST(Engine, RoundRobinOfFiveWithByes) {
  const State s = run(fresh(Format::kRoundRobin, 5), seed_wins);
  EXPECT_EQ(s.current_round, 5);
  EXPECT_EQ(s.games.size(), 15u);  // 10 games + 5 byes
  const auto table = division_standings(s, 0);
  EXPECT_EQ(order(table), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(table[0].score, 4);
  EXPECT_EQ(table[4].score, 0);
}

TEST(Engine, DoubleRoundRobinAllAtOnce) {
  State s = fresh(Format::kDoubleRoundRobin, 4);
  s.settings.all_at_once = true;
  const Decision first = decide(s);
  EXPECT_EQ(first.pairings.size(), 12u);
  EXPECT_EQ(first.current_round, 6);
  const State done = run(s, seed_wins);
  EXPECT_EQ(division_standings(done, 0)[0].score, 6);
}

TEST(Engine, SwissRunsItsRounds) {
  State s = fresh(Format::kSwiss, 7);
  s.planned_rounds = 3;
  const State done = run(s, seed_wins);
  EXPECT_EQ(done.current_round, 3);
  const auto table = division_standings(done, 0);
  EXPECT_EQ(table[0].player, 0);
  EXPECT_EQ(table[0].score, 3);
}

TEST(Engine, KnockoutOfSixWithTwoGameMatches) {
  State s = fresh(Format::kKnockout, 6);
  s.settings.games_per_match = 2;
  // Each game is won by whoever moves first: every match is level and goes to a tie-break,
  // which the first mover (the higher seed) wins.
  const State done = run(s, [](const std::vector<int>&) { return std::vector<double>{1, 0}; });
  EXPECT_EQ(done.current_round, 3);
  const auto table = division_standings(done, 0);
  EXPECT_EQ(table[0].player, 0);
  EXPECT_EQ(table[1].player, 1);
}

TEST(Engine, LeagueDivisionsPlaySeparately) {
  State s = fresh(Format::kLeague, 7);
  for (int p = 4; p < 7; ++p) s.entrants[static_cast<std::size_t>(p)].division = 1;
  const State done = run(s, seed_wins);
  EXPECT_EQ(done.current_round, 3);  // both divisions: 3 rounds (4 players; 3 players + bye)
  EXPECT_EQ(order(division_standings(done, 0)), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(order(division_standings(done, 1)), (std::vector<int>{4, 5, 6}));
}

TEST(Engine, MultiPlayerTablesGiveByesOnceAndRotateSeats) {
  State s = fresh(Format::kSwiss, 7);
  s.players_per_game = 3;
  s.planned_rounds = 3;
  const State done = run(s, [](const std::vector<int>& seats) {  // the best seed wins
    std::vector<double> scores(seats.size(), 0.0);
    scores[static_cast<std::size_t>(std::min_element(seats.begin(), seats.end()) - seats.begin())] =
        1.0;
    return scores;
  });
  EXPECT_EQ(done.current_round, 3);
  std::vector<int> byes(7, 0);
  std::vector<std::vector<int>> seats(7, std::vector<int>(3, 0));
  for (const auto& g : done.games) {
    if (g.seats.size() == 1) ++byes[static_cast<std::size_t>(g.seats[0])];
    for (std::size_t i = 0; i < g.seats.size() && g.seats.size() == 3; ++i)
      ++seats[static_cast<std::size_t>(g.seats[i])][i];
  }
  for (int b : byes) EXPECT_LE(b, 1);
  // Tables change with the scores, so perfect rotation is not always possible (docs): nobody
  // takes the same seat in all three rounds.
  for (const auto& counts : seats) EXPECT_LE(*std::max_element(counts.begin(), counts.end()), 2);
  EXPECT_EQ(division_standings(done, 0).size(), 7u);
}

// At a table the best seed wins (1), the others score 0.
std::vector<double> best_seed_wins(const std::vector<int>& seats) {
  std::vector<double> scores(seats.size(), 0.0);
  scores[static_cast<std::size_t>(std::min_element(seats.begin(), seats.end()) - seats.begin())] =
      1.0;
  return scores;
}

// The games of one round, seats as played (byes as one seat).
std::vector<std::vector<int>> round_seats(const State& s, int round) {
  std::vector<std::vector<int>> out;
  for (const auto& g : s.games)
    if (g.round == round) out.push_back(g.seats);
  return out;
}

// A round robin at 3-seat tables plays the table design round by round, seats as designed.
TEST(Engine, RoundRobinAtTablesPlaysTheTableDesign) {
  State s = fresh(Format::kRoundRobin, 7);
  s.players_per_game = 3;
  EXPECT_EQ(total_rounds(s), 4);
  const State done = run(s, best_seed_wins);
  EXPECT_EQ(done.current_round, 4);
  const auto design = competition::table_round_robin(7, 3);
  for (int r = 1; r <= 4; ++r) {
    auto expected = design[static_cast<std::size_t>(r - 1)].tables;
    for (int bye : design[static_cast<std::size_t>(r - 1)].byes) expected.push_back({bye});
    EXPECT_EQ(round_seats(done, r), expected) << "round " << r;
  }
  for (const auto& g : done.games)
    if (g.seats.size() == 1) {
      EXPECT_EQ(*g.scores, std::vector<double>{1.0 / 3});
    }
  const auto table = division_standings(done, 0);
  EXPECT_EQ(table[0].player, 0);
  EXPECT_EQ(table[0].score, 4);  // seed 1 wins each of its four games (no bye: seeds 4-7 sit out)
}

// A double round robin at tables plays the design twice, seats rotated by one the second time.
TEST(Engine, DoubleRoundRobinAtTablesRotatesTheSecondCycle) {
  State s = fresh(Format::kDoubleRoundRobin, 3);
  s.players_per_game = 3;
  const State done = run(s, best_seed_wins);
  ASSERT_EQ(done.current_round, 6);
  EXPECT_EQ(round_seats(done, 1), (std::vector<std::vector<int>>{{0, 1, 2}}));
  EXPECT_EQ(round_seats(done, 4), (std::vector<std::vector<int>>{{1, 2, 0}}));
  std::vector<std::vector<int>> seats(3, std::vector<int>(3, 0));
  for (const auto& g : done.games)
    for (std::size_t i = 0; i < g.seats.size(); ++i)
      ++seats[static_cast<std::size_t>(g.seats[i])][i];
  for (const auto& counts : seats) EXPECT_EQ(counts, (std::vector<int>{2, 2, 2}));
}

// A league at tables: each division plays its own design and is ranked by placement points.
TEST(Engine, LeagueAtTablesPlaysEachDivision) {
  State s = fresh(Format::kLeague, 7);
  s.players_per_game = 3;
  for (int p = 3; p < 7; ++p) s.entrants[static_cast<std::size_t>(p)].division = 1;
  // Division 1: 3 players at one table, 3 rounds; division 2: 4 players, a design of 2 rounds.
  EXPECT_EQ(total_rounds(s), 3);
  const State done = run(s, best_seed_wins);
  EXPECT_EQ(done.current_round, 3);
  EXPECT_EQ(round_seats(done, 3), (std::vector<std::vector<int>>{{2, 0, 1}}));  // division 1 only
  for (const auto& g : done.games) {
    const int division = g.seats[0] < 3 ? 0 : 1;
    EXPECT_EQ(g.division, division);
    for (int p : g.seats) EXPECT_EQ(p < 3 ? 0 : 1, division);
  }
  EXPECT_EQ(order(division_standings(done, 0)), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(division_standings(done, 0)[0].score, 3);
  EXPECT_EQ(division_standings(done, 1).size(), 4u);
  EXPECT_EQ(division_standings(done, 1)[0].player, 3);
}

// Knockout at 3-seat tables, the winner of each going through: three tables, then the final.
TEST(Engine, KnockoutAtTablesPlaysToTheFinal) {
  State s = fresh(Format::kKnockout, 9);
  s.players_per_game = 3;
  s.settings.advance = 1;
  ASSERT_TRUE(field_can_start(s));
  const State done = run(s, best_seed_wins);
  EXPECT_EQ(done.current_round, 2);
  EXPECT_EQ(round_seats(done, 1), (std::vector<std::vector<int>>{{0, 5, 6}, {1, 4, 7}, {2, 3, 8}}));
  // All three sat first in round 1: one of them must again; the first such order wins.
  EXPECT_EQ(round_seats(done, 2), (std::vector<std::vector<int>>{{0, 1, 2}}));
  EXPECT_EQ(order(division_standings(done, 0)), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(division_standings(done, 0)[0].score, 2);
  State odd = fresh(Format::kKnockout, 8);
  odd.players_per_game = 3;
  odd.settings.advance = 1;
  EXPECT_FALSE(field_can_start(odd));
  odd.settings.advance = 0;  // default: all but the last of each table go through
  EXPECT_TRUE(field_can_start(odd));
  EXPECT_EQ(run(odd, best_seed_wins).current_round, total_rounds(odd));
}

TEST(Engine, WithdrawnEntrantsForfeit) {
  State s = fresh(Format::kRoundRobin, 4);
  s.entrants[0].active = false;
  const State done = run(s, seed_wins);
  const auto table = division_standings(done, 0);
  EXPECT_EQ(table.back().player, 0);
  EXPECT_EQ(table.back().score, 0);
  EXPECT_EQ(table[0].player, 1);
  EXPECT_EQ(table[0].score, 3);
}

}  // namespace
}  // namespace tournament
