// FIDE TRF16 export columns.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "lib/competition/pairing.h"
#include "lib/competition/swiss.h"
#include "lib/competition/trf.h"

namespace competition {
namespace {

TEST(Trf, FixedColumns) {
  TrfTournament t{"Autumn Swiss",
                  "2026/11/01",
                  "2026/11/20",
                  2,
                  {{"ann", 1800}, {"bob", 0}, {"cyd", 1650}},
                  {{1, 0, 1, 1.0}, {1, 2, kBye, 1.0}, {2, 2, 0, 0.5}, {2, 1, kBye, 1.0}},
                  {}};
  std::istringstream in(trf_export(t));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(lines[0], "012 Autumn Swiss");
  EXPECT_EQ(lines[3], "062 3");
  EXPECT_EQ(lines[5], "XXR 2");
  const std::string& ann = lines[6];
  EXPECT_EQ(ann.substr(0, 8), "001    1");
  EXPECT_EQ(ann.substr(14, 33), "ann" + std::string(30, ' '));
  EXPECT_EQ(ann.substr(48, 4), "1800");
  EXPECT_EQ(ann.substr(80, 4), " 1.5");
  EXPECT_EQ(ann.substr(85, 4), "   1");
  EXPECT_EQ(ann.substr(89), "     2 w 1     3 b =");
  const std::string& bob = lines[7];
  EXPECT_EQ(bob.substr(48, 4), "    ");
  EXPECT_EQ(bob.substr(80, 9), " 1.0    3");
  EXPECT_EQ(bob.substr(89), "     1 b 0  0000 - U");
  EXPECT_EQ(lines[8].substr(89), "  0000 - U     1 w =");
}

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Round 2 in progress: cyd's bye is decided, ann v bob is still being played. The game shows as
// paired with a blank result, not as a zero-point bye.
TEST(Trf, GameInProgressIsPairedWithABlankResult) {
  TrfTournament t{"Autumn Swiss",
                  "2026/11/01",
                  "",
                  3,
                  {{"ann", 0}, {"bob", 0}, {"cyd", 0}},
                  {{1, 0, 2, 1.0}, {1, 1, kBye, 1.0}, {2, 2, kBye, 1.0}},
                  {{2, 1, 0, 0.0}}};
  const auto lines = lines_of(trf_export(t));
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(lines[6].substr(89), "     3 w 1     2 b  ");
  EXPECT_EQ(lines[7].substr(89), "  0000 - U     1 w  ");
  EXPECT_EQ(lines[8].substr(89), "     1 b 0  0000 - U");
}

// A pairing-allocated bye is U whatever its points; the points are on JaVaFo's and bbpPairings'
// score lines. Read
// back, a half-point bye scores half a point and floats down; a zero-point one scores nothing and
// does not float (1.4.3: not more than a loss). Either bars another pairing-allocated bye.
TEST(Trf, APairingAllocatedByeIsUWithItsPointsOnTheScoreLine) {
  for (const double bye_points : {0.5, 0.0}) {
    TrfTournament t{"Byes",
                    "2026/11/01",
                    "",
                    3,
                    {{"ann", 0}, {"bob", 0}, {"cyd", 0}},
                    {{1, 0, 1, 1.0}, {1, 2, kBye, bye_points}},
                    {}};
    t.bye_points = bye_points;
    const auto lines = lines_of(trf_export(t));
    ASSERT_EQ(lines.size(), 11u);
    EXPECT_EQ(lines[6], bye_points == 0.5 ? "XXS PAB=0.5" : "XXS PAB=0.0");
    EXPECT_EQ(lines[7], bye_points == 0.5 ? "BBU  0.5" : "BBU  0.0");
    EXPECT_EQ(lines[10].substr(80, 4), bye_points == 0.5 ? " 0.5" : " 0.0");
    EXPECT_EQ(lines[10].substr(89), "  0000 - U");
    const auto players = trf_swiss_players(trf_export(t));
    ASSERT_EQ(players.size(), 3u);
    EXPECT_EQ(players[2].score, bye_points);
    EXPECT_TRUE(players[2].had_bye);
    EXPECT_EQ(players[2].floats, std::vector<int>{bye_points > 0 ? kDownfloat : 0});
  }
  TrfTournament full{
      "Byes", "2026/11/01", "", 3, {{"ann", 0}, {"bob", 0}, {"cyd", 0}}, {{1, 2, kBye, 1.0}}, {}};
  EXPECT_EQ(trf_export(full).find("XXS"), std::string::npos);
}

// A TRF16 player line of a field of at most 9: pairing number, name, points, place (the
// pairing number) and its round blocks.
std::string player_line(int number, const std::string& name, const std::string& points,
                        const std::string& round_blocks) {
  std::string line = "001 " + std::string(3, ' ') + std::to_string(number) + "      " + name;
  line.resize(80, ' ');
  return line + " " + points + "    " + std::to_string(number) + round_blocks + "\n";
}

// Byes a player asked for, in a TRF from another program (Hexpost gives none): F scores a point
// and bars the pairing-allocated bye (C.04.1: a win's points without playing), H scores half a
// point and does not; both float down (1.4.3). Z scores nothing and has no float.
TEST(Trf, RequestedByesScoreWithoutPlaying) {
  const std::string trf =
      "012 Requested\nXXR 3\nXXS WW=1.0 BW=1.0 WD=0.5 BD=0.5 PAB=1.0\n" +
      player_line(1, "ann", "1.0", "  0000 - F") + player_line(2, "bob", "0.5", "  0000 - H") +
      player_line(3, "cyd", "0.0", "  0000 - Z") + player_line(4, "dan", "1.0", "     5 w 1") +
      player_line(5, "eve", "0.0", "     4 b 0");
  const auto players = trf_swiss_players(trf);
  ASSERT_EQ(players.size(), 5u);
  for (const auto& p : players) EXPECT_TRUE(p.active);  // round 1 was paired: nothing ahead
  EXPECT_EQ(players[0].score, 1.0);
  EXPECT_TRUE(players[0].had_bye);
  EXPECT_EQ(players[0].floats, std::vector<int>{kDownfloat});
  EXPECT_EQ(players[1].score, 0.5);
  EXPECT_FALSE(players[1].had_bye);
  EXPECT_EQ(players[1].floats, std::vector<int>{kDownfloat});
  EXPECT_EQ(players[2].score, 0.0);
  EXPECT_FALSE(players[2].had_bye);
  EXPECT_TRUE(players[2].floats.empty());
  EXPECT_TRUE(players[2].colours.empty());
}

// After every result of a random Swiss, the export read back gives the same pairing state and
// the same next round as the engine's own state, with byes worth 1, ½ and 0.
TEST(Trf, RoundTripAfterEveryResultPairsTheSameNextRound) {
  std::mt19937 rng(31);
  for (const double bye_points : {1.0, 0.5, 0.0})
    for (int n : {7, 10, 13, 16}) {
      const SwissOptions options{true, 6};
      std::vector<SwissPlayer> direct(static_cast<std::size_t>(n));
      TrfTournament t{"Round trip", "2026/11/01", "", 6, {}, {}, {}};
      t.bye_points = bye_points;
      for (int p = 0; p < n; ++p) t.players.push_back({"p" + std::to_string(p + 1), 0});
      for (int round = 1; round <= 6; ++round) {
        const auto pairing = swiss_round(direct, options);
        ASSERT_TRUE(pairing);
        for (const auto& g : *pairing) {
          if (g.second != kBye) {
            t.pending.push_back({round, g.first, g.second, 0.0});
          } else {  // decided with the pairing, as the service stores it
            t.results.push_back({round, g.first, kBye, bye_points});
            swiss_record(direct, round - 1, g, bye_points);
          }
        }
        while (!t.pending.empty()) {
          GameResult r = t.pending.front();
          t.pending.erase(t.pending.begin());
          r.first_score = static_cast<double>(rng() % 3) / 2.0;
          t.results.push_back(r);
          swiss_record(direct, round - 1, {r.first, r.second}, r.first_score);
          const auto imported = trf_swiss_players(trf_export(t));
          ASSERT_EQ(imported.size(), direct.size());
          for (std::size_t p = 0; p < direct.size(); ++p) {
            EXPECT_EQ(imported[p].score, direct[p].score) << "player " << p + 1;
            EXPECT_EQ(imported[p].colours, direct[p].colours) << "player " << p + 1;
            EXPECT_EQ(imported[p].floats, direct[p].floats) << "player " << p + 1;
            EXPECT_EQ(imported[p].had_bye, direct[p].had_bye) << "player " << p + 1;
          }
          EXPECT_EQ(swiss_round(imported, options), swiss_round(direct, options))
              << n << " players, round " << round << ", byes worth " << bye_points;
        }
      }
    }
}

// The state before a given round: only the rounds before it count, and a player whose block for
// it pairs nobody is absent from it.
TEST(Trf, TheStateBeforeARoundCountsTheRoundsBeforeIt) {
  const std::string trf = player_line(1, "ann", "2.0", "     2 w 1     3 b 1") +
                          player_line(2, "bob", "0.0", "     1 b 0  0000 - Z") +
                          player_line(3, "cyd", "1.0", "  0000 - U     1 w 0");
  const auto after_one = trf_swiss_players(trf, 1);
  ASSERT_EQ(after_one.size(), 3u);
  EXPECT_EQ(after_one[0].score, 1.0);
  EXPECT_EQ(after_one[2].score, 1.0);
  EXPECT_TRUE(after_one[2].had_bye);
  EXPECT_FALSE(after_one[1].active);  // Z in round 2
  EXPECT_TRUE(after_one[0].active);
  EXPECT_EQ(trf_swiss_players(trf, 2)[0].score, 2.0);
  const auto lines = trf_lines(trf);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[2].player, 2);
  ASSERT_EQ(lines[2].rounds.size(), 2u);
  EXPECT_EQ(lines[2].rounds[1].opponent, 0);
  EXPECT_EQ(lines[2].rounds[1].colour, 'w');
  EXPECT_EQ(lines[2].rounds[0].result, 'U');
}

// The tournaments of bbpPairings' own tests of the 2025 Dutch rules (dutch_2025_C5 and
// dutch_2025_C9; bbpPairings is the FIDE-endorsed engine that implements them), read as TRF and
// paired here: the pairings are the ones bbpPairings expects.

// The next round of a TRF's tournament of three rounds, the top seed White in round 1.
std::optional<Round> next_round(const std::string& trf) {
  return swiss_round(trf_swiss_players(trf), {true, 3});
}

// C5 comes before every quality criterion: the bye goes to the lowest score that can take it.
// Player 4 is absent from round 3 (a Z entered ahead). Pairing 1-3 would pair the top bracket
// completely (C6) but leave the bye to a one-point player; both leaders float instead and the
// bye goes to 6 on no points. (JaVaFo, on the 2017 rules, gives it to a one-point player.)
TEST(DutchReference, TheByeGoesToTheLowestScoreThatCanTakeIt) {
  const std::string trf = "012 C5\n" + player_line(1, "p1", "2.0", "     4 w 1     2 b 1") +
                          player_line(2, "p2", "1.0", "     5 b 1     1 w 0") +
                          player_line(3, "p3", "2.0", "     6 w 1     4 b 1") +
                          player_line(4, "p4", "0.0", "     1 b 0     3 w 0  0000 - Z") +
                          player_line(5, "p5", "1.0", "     2 w 0     6 b 1") +
                          player_line(6, "p6", "0.0", "     3 b 0     5 w 0") + "XXR 3\n";
  EXPECT_FALSE(trf_swiss_players(trf).at(3).active);
  EXPECT_EQ(next_round(trf), (Round{{0, 4}, {2, 1}, {5, kBye}}));
}

// C9: of the players on no points, the bye goes to one who has played every round (5 missed
// round 1).
TEST(DutchReference, TheByeGoesToAPlayerWithoutUnplayedGames) {
  const std::string trf = "012 C9\n" + player_line(1, "p1", "1.0", "     3 w 1") +
                          player_line(2, "p2", "1.0", "     4 b 1") +
                          player_line(3, "p3", "0.0", "     1 b 0") +
                          player_line(4, "p4", "0.0", "     2 w 0") +
                          player_line(5, "p5", "0.0", "  0000 - Z") + "XXR 3\n";
  EXPECT_EQ(next_round(trf), (Round{{1, 0}, {2, 4}, {3, kBye}}));
}

}  // namespace
}  // namespace competition
