// Swiss pairings of large seeded tournaments against recorded outputs: a hash of every round's
// pairings, recorded with every matching of the walk solved from scratch (max_weight_matching)
// instead of resumed from the last optimum. Any change to how brackets are matched must leave
// every pairing exactly as it was, not only as good on the criteria (equal-weight optima differ
// in which pairs they hold).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "lib/competition/swiss.h"

namespace competition {
namespace {

constexpr int kRounds = 11;

// FNV-1a over the pairs of every round (the bye as kBye), with a marker between rounds.
struct PairingHash {
  std::uint64_t value = 1469598103934665603ULL;
  void add(long long x) {
    for (int i = 0; i < 8; ++i) {
      value ^= static_cast<std::uint64_t>(x >> (8 * i)) & 0xff;
      value *= 1099511628211ULL;
    }
  }
  void add(const Round& round) {
    for (const auto& p : round) {
      add(p.first);
      add(p.second);
    }
    add(-7);
  }
};

// The tournament of hexpost_swiss_bench (bench/competition/swiss_bench.cc): results a third
// each of wins, draws and losses, drawn by the same generator from the same seed.
std::uint64_t bench_tournament(int n) {
  std::mt19937 rng(static_cast<unsigned>(n));
  std::uniform_int_distribution<int> result(0, 2);
  std::vector<SwissPlayer> players(static_cast<std::size_t>(n));
  PairingHash hash;
  for (int r = 0; r < kRounds; ++r) {
    const auto round = swiss_round(players, {true, kRounds});
    if (!round) break;
    hash.add(*round);
    for (const auto& p : *round)
      swiss_record(players, r, p, p.second == kBye ? 1.0 : result(rng) / 2.0);
  }
  return hash.value;
}

// A tournament with withdrawals now and then and a forfeit in about one game of 25.
std::uint64_t eventful_tournament(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<SwissPlayer> players(static_cast<std::size_t>(n));
  PairingHash hash;
  for (int r = 0; r < kRounds; ++r) {
    if (rng() % 3 == 0) players[rng() % static_cast<unsigned>(n)].active = false;
    const auto round = swiss_round(players, {r % 2 == 0, kRounds});
    if (!round) break;
    hash.add(*round);
    for (const auto& g : *round) {
      if (g.second == kBye) {
        swiss_record(players, r, g, 1.0);
      } else if (rng() % 25 == 0) {
        const bool first_wins = rng() % 2 == 0;
        swiss_record_forfeit(players, r, first_wins ? g.first : g.second,
                             first_wins ? g.second : g.first);
      } else {
        swiss_record(players, r, g, static_cast<double>(rng() % 3) / 2.0);
      }
    }
  }
  return hash.value;
}

TEST(SwissGolden, BenchTournamentOf1024PairsAsRecorded) {
  EXPECT_EQ(bench_tournament(1024), 0x6b1c9b8373774c81ULL);
}

TEST(SwissGolden, MidSizeTournamentsPairAsRecorded) {
  EXPECT_EQ(bench_tournament(61), 0xf6aa9c6d9fb1a1a9ULL);
  EXPECT_EQ(bench_tournament(200), 0xbaaef6e3cb03352dULL);
  EXPECT_EQ(eventful_tournament(60, 1), 0x0ae13804c6eb261dULL);
  EXPECT_EQ(eventful_tournament(97, 2), 0xeceb196eb1517642ULL);
  EXPECT_EQ(eventful_tournament(150, 3), 0x35cbab85f5662983ULL);
  EXPECT_EQ(eventful_tournament(199, 4), 0x9eace8d9e2400dbcULL);
  EXPECT_EQ(eventful_tournament(400, 5), 0x974ba0951c545944ULL);
}

}  // namespace
}  // namespace competition
