// play::SnapshotCache: what it keeps and forgets, and one load for concurrent readers (reads
// from memory over HTTP are tested in tests/services/game/read_copies_test.cc).

#include "services/play/snapshot_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace {

play::Snapshot snapshot_at(storage::Id id, int ply, std::int64_t version,
                           const std::string& status = "active") {
  auto s = std::make_shared<play::GameSnapshot>();
  s->game.id = id;
  s->game.ply = ply;
  s->game.version = version;
  s->game.status = status;
  s->moves = std::make_shared<const std::vector<storage::MoveRecord>>();
  return s;
}

TEST(SnapshotCache, ConcurrentReadersOfAMissingSnapshotShareOneLoad) {
  play::SnapshotCache cache;
  constexpr int kReaders = 8;
  std::atomic<int> entered{0};
  const auto load = [&] {
    // Held until every reader has asked (and a little longer), so that all of them overlap.
    while (entered.load() < kReaders) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return snapshot_at(1, 3, 4);
  };
  std::vector<int> plies(kReaders, -1);
  std::vector<std::thread> readers;
  for (int i = 0; i < kReaders; ++i) {
    readers.emplace_back([&, i] {
      ++entered;
      plies[i] = cache.get(1, load)->game.ply;
    });
  }
  for (auto& t : readers) t.join();
  EXPECT_EQ(cache.loads(), 1u);
  EXPECT_EQ(plies, std::vector<int>(kReaders, 3));
  EXPECT_EQ(cache.held(1)->game.version, 4);
}

TEST(SnapshotCache, ALoadThatOverlapsAnEventIsAnsweredButNotKept) {
  play::SnapshotCache cache;
  const auto answered = cache.get(1, [&] {
    cache.forget(1);  // the hub reads an event of the game while the load runs
    return snapshot_at(1, 2, 3);
  });
  EXPECT_EQ(answered->game.ply, 2);
  EXPECT_EQ(cache.held(1), nullptr);
  const play::SnapshotCache::Tick since = cache.begin_load();
  cache.forget(1, 5);
  cache.keep(snapshot_at(1, 4, 5), since);  // loaded before the move event of ply 5
  EXPECT_EQ(cache.held(1), nullptr);
  cache.keep(snapshot_at(1, 5, 6), cache.begin_load());
  EXPECT_EQ(cache.held(1)->game.ply, 5);
}

TEST(SnapshotCache, ForgetsAtAnEventKeepsOwnMovesAndFollowsOnlyTheVersionHeld) {
  play::SnapshotCache cache;
  cache.keep(snapshot_at(1, 4, 5), cache.begin_load());
  cache.keep(snapshot_at(1, 3, 4), cache.begin_load());  // an older read arriving late
  EXPECT_EQ(cache.held(1)->game.version, 5);
  cache.replace(snapshot_at(1, 5, 6), 5);  // this instance's move, decided on version 5
  EXPECT_EQ(cache.held(1)->game.ply, 5);
  cache.forget(1, 5);  // the hub reads that move's event: kept
  EXPECT_EQ(cache.held(1)->game.ply, 5);
  cache.replace(snapshot_at(1, 6, 8), 7);  // decided on a version this cache never held
  EXPECT_EQ(cache.held(1), nullptr);
  cache.keep(snapshot_at(1, 6, 8), cache.begin_load());
  cache.forget(1, 7);  // another instance's move of ply 7
  EXPECT_EQ(cache.held(1), nullptr);
  cache.keep(snapshot_at(2, 1, 2), cache.begin_load());
  cache.keep(snapshot_at(3, 9, 9, "finished"), cache.begin_load());
  EXPECT_EQ(cache.held(3), nullptr);
  cache.forget_all();
  EXPECT_EQ(cache.held(2), nullptr);
}

TEST(SnapshotCache, AReaderAfterAnEventDoesNotJoinALoadThatBeganBeforeIt) {
  play::SnapshotCache cache;
  std::atomic<bool> release{false}, started{false};
  std::thread early([&] {
    cache.get(1, [&] {
      started = true;
      while (!release.load()) std::this_thread::yield();
      return snapshot_at(1, 1, 2);
    });
  });
  while (!started.load()) std::this_thread::yield();
  cache.forget(1, 2);  // the move of ply 2 is read while the first load runs
  const auto late = cache.get(1, [] { return snapshot_at(1, 2, 3); });
  release = true;
  early.join();
  EXPECT_EQ(late->game.ply, 2);
  EXPECT_EQ(cache.loads(), 2u);
  EXPECT_EQ(cache.held(1)->game.ply, 2);
}

}  // namespace
