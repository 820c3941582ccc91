// WriteCombiner (services/play/write_combiner.h) with a recording flush: batching, one key
// per flush at a time, results to their own writers, errors to the whole batch.

#include "services/play/write_combiner.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

struct Write {
  int key;
  int value;
};

using Combiner = play::WriteCombiner<Write, int, int>;

// A flush that answers value * 10, records each batch's keys, and checks that no key is in two
// flushes running at the same time. While `hold` is set, a flush waits until release().
class RecordingFlush {
 public:
  std::vector<int> operator()(const std::vector<const Write*>& writes) {
    std::vector<int> keys;
    {
      std::unique_lock lock(mutex_);
      for (const Write* w : writes) {
        keys.push_back(w->key);
        if (!running_.insert(w->key).second) overlapping_keys_ = true;
      }
      batches_.push_back(keys);
      changed_.notify_all();
      changed_.wait(lock, [this] { return !hold_; });
    }
    if (delay_.count() > 0) std::this_thread::sleep_for(delay_);
    std::vector<int> results;
    for (const Write* w : writes) results.push_back(w->value * 10);
    std::lock_guard lock(mutex_);
    for (int key : keys) running_.erase(key);
    return results;
  }

  void wait_for_batches(std::size_t count) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return batches_.size() >= count; });
  }
  void release() {
    std::lock_guard lock(mutex_);
    hold_ = false;
    changed_.notify_all();
  }

  bool hold_ = false;
  std::chrono::milliseconds delay_{0};
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::vector<int>> batches_;
  std::set<int> running_;
  bool overlapping_keys_ = false;
};

Combiner combiner_for(RecordingFlush& flush, std::size_t max_batch, std::size_t in_flight,
                      std::chrono::milliseconds max_wait = std::chrono::seconds(60)) {
  return Combiner(
      max_batch, in_flight, max_wait,
      [&flush](const std::vector<const Write*>& w) { return flush(w); },
      [](const Write& w) { return w.key; });
}

void wait_until_queued(const Combiner& combiner, std::size_t count) {
  while (combiner.queued() < count) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

TEST(WriteCombiner, ALoneWriteIsFlushedAtOnceByItsOwnCaller) {
  RecordingFlush flush;
  Combiner combiner = combiner_for(flush, 8, 1);
  EXPECT_EQ(combiner.write({1, 7}), 70);
  ASSERT_EQ(flush.batches_.size(), 1u);
  EXPECT_EQ(flush.batches_[0], std::vector<int>({1}));
}

TEST(WriteCombiner, WritesQueuedBehindABusyFlushGoTogetherAndEachGetsItsOwnResult) {
  RecordingFlush flush;
  flush.hold_ = true;
  Combiner combiner = combiner_for(flush, 8, 1);
  std::map<int, int> answers;
  std::mutex answers_mutex;
  auto writer = [&](int key) {
    const int answer = combiner.write({key, key + 100});
    std::lock_guard lock(answers_mutex);
    answers[key] = answer;
  };
  std::vector<std::thread> writers;
  writers.emplace_back(writer, 0);
  flush.wait_for_batches(1);
  for (int key = 1; key <= 5; ++key) writers.emplace_back(writer, key);
  wait_until_queued(combiner, 5);
  flush.release();
  for (auto& t : writers) t.join();
  ASSERT_EQ(flush.batches_.size(), 2u);
  EXPECT_EQ(flush.batches_[0], std::vector<int>({0}));
  EXPECT_EQ(std::set<int>(flush.batches_[1].begin(), flush.batches_[1].end()),
            std::set<int>({1, 2, 3, 4, 5}));
  for (int key = 0; key <= 5; ++key) EXPECT_EQ(answers[key], (key + 100) * 10) << key;
}

TEST(WriteCombiner, ASecondWriteForTheSameKeyWaitsForTheNextBatch) {
  RecordingFlush flush;
  flush.hold_ = true;
  Combiner combiner = combiner_for(flush, 8, 1);
  std::vector<std::thread> writers;
  writers.emplace_back([&] { combiner.write({9, 1}); });
  flush.wait_for_batches(1);
  writers.emplace_back([&] { combiner.write({4, 2}); });
  writers.emplace_back([&] { combiner.write({4, 3}); });
  wait_until_queued(combiner, 2);
  flush.release();
  for (auto& t : writers) t.join();
  ASSERT_EQ(flush.batches_.size(), 3u);
  EXPECT_EQ(flush.batches_[1], std::vector<int>({4}));
  EXPECT_EQ(flush.batches_[2], std::vector<int>({4}));
}

// settle runs with a batch's results while the next batch is flushed (the slot is free) and
// before the batch's callers return; a write of a key being settled waits for the settle.
TEST(WriteCombiner, SettleRunsWhileTheNextBatchFlushesAndBeforeItsCallersReturn) {
  RecordingFlush flush;
  std::mutex mutex;
  std::condition_variable changed;
  bool settle_may_end = false;
  std::vector<std::vector<int>> settled;  // each settle's results
  std::atomic<bool> first_returned{false};
  Combiner combiner(
      8, 1, std::chrono::seconds(60),
      [&flush](const std::vector<const Write*>& w) { return flush(w); },
      [](const Write& w) { return w.key; },
      [&](const std::vector<const Write*>& writes, const std::vector<int>& results) {
        std::unique_lock lock(mutex);
        if (writes.front()->value == 5) {  // the first write's batch
          changed.wait(lock, [&] { return settle_may_end; });
          EXPECT_FALSE(first_returned.load());
        }
        settled.push_back(results);
      });
  std::thread first([&] {
    EXPECT_EQ(combiner.write({1, 5}), 50);
    first_returned = true;
  });
  flush.wait_for_batches(1);
  // The first batch is settling (its settle waits): a write of another key is flushed now.
  EXPECT_EQ(combiner.write({2, 6}), 60);
  std::thread same_key([&] { EXPECT_EQ(combiner.write({1, 7}), 70); });
  wait_until_queued(combiner, 1);  // key 1 is still busy: its second write waits
  EXPECT_EQ(flush.batches_.size(), 2u);
  {
    std::lock_guard lock(mutex);
    settle_may_end = true;
  }
  changed.notify_all();
  first.join();
  same_key.join();
  ASSERT_EQ(flush.batches_.size(), 3u);
  EXPECT_EQ(flush.batches_[2], std::vector<int>({1}));
  EXPECT_EQ(settled, std::vector<std::vector<int>>({{60}, {50}, {70}}));
}

TEST(WriteCombiner, AFailedFlushFailsEveryWriteOfItsBatchAndNoOther) {
  RecordingFlush recorder;
  recorder.hold_ = true;
  int calls = 0;  // only flushes touch it, one at a time (max_in_flight 1)
  Combiner combiner(
      8, 1, std::chrono::seconds(60),
      [&](const std::vector<const Write*>& writes) {
        std::vector<int> results = recorder(writes);
        if (++calls == 2) throw std::runtime_error("database gone");
        return results;
      },
      [](const Write& w) { return w.key; });
  std::vector<std::thread> writers;
  writers.emplace_back([&] { EXPECT_EQ(combiner.write({0, 1}), 10); });
  recorder.wait_for_batches(1);
  std::atomic<int> failed{0};
  for (int key = 1; key <= 3; ++key) {
    writers.emplace_back([&, key] {
      try {
        combiner.write({key, 0});
      } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "database gone");
        ++failed;
      }
    });
  }
  wait_until_queued(combiner, 3);
  recorder.release();
  for (auto& t : writers) t.join();
  EXPECT_EQ(failed.load(), 3);
  EXPECT_EQ(combiner.write({5, 2}), 20);  // the combiner still works afterwards
}

// A write queued behind a flush that does not end gives up after max_wait with PoolTimeout (a
// 503 for the request) and is never flushed; the write in the stuck flush still gets its result.
TEST(WriteCombiner, AWriteQueuedLongerThanMaxWaitGivesUpUnflushed) {
  RecordingFlush flush;
  flush.hold_ = true;
  Combiner combiner = combiner_for(flush, 8, 1, std::chrono::milliseconds(200));
  std::thread stuck([&] { EXPECT_EQ(combiner.write({1, 1}), 10); });
  flush.wait_for_batches(1);
  EXPECT_THROW(combiner.write({2, 2}), storage::PoolTimeout);
  EXPECT_EQ(combiner.queued(), 0u);
  flush.release();
  stuck.join();
  EXPECT_EQ(combiner.write({3, 3}), 30);
  ASSERT_EQ(flush.batches_.size(), 2u);
  EXPECT_EQ(flush.batches_[1], std::vector<int>({3}));
}

// Many writers on few keys: every write answered with its own value, no key ever in two running
// flushes, no batch over max_batch, nothing left waiting.
void expect_many_writers_all_finish(std::size_t max_batch, std::size_t max_in_flight) {
  RecordingFlush flush;
  flush.delay_ = std::chrono::milliseconds(1);
  Combiner combiner = combiner_for(flush, max_batch, max_in_flight);
  std::atomic<int> wrong{0};
  std::vector<std::thread> writers;
  for (int t = 0; t < 16; ++t) {
    writers.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        const int value = t * 1000 + i;
        if (combiner.write({(t + i) % 5, value}) != value * 10) ++wrong;
      }
    });
  }
  for (auto& t : writers) t.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_FALSE(flush.overlapping_keys_);
  std::size_t written = 0;
  for (const auto& batch : flush.batches_) {
    EXPECT_LE(batch.size(), max_batch);
    EXPECT_EQ(std::set<int>(batch.begin(), batch.end()).size(), batch.size());
    written += batch.size();
  }
  EXPECT_EQ(written, 16u * 50u);
  EXPECT_LT(flush.batches_.size(), written);  // some writes did share a flush
}

TEST(WriteCombiner, ManyWritersOnFewKeysNeverOverlapAKeyAndAllFinish) {
  expect_many_writers_all_finish(4, 2);
}

// The service's setting: one flush at a time, up to 32 writes.
TEST(WriteCombiner, ManyWritersWithOneFlushAtATimeAllFinish) {
  expect_many_writers_all_finish(32, 1);
}

}  // namespace
