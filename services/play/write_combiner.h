#pragma once
// Groups concurrent writes into batches, so that several moves share one statement and one
// commit (docs/game-service.md, "Write combining").
//
// Contract:
// - write() blocks until the batch holding its write has been flushed, and returns that write's
//   result; when the flush throws, every write of the batch rethrows the same exception. A
//   result is only returned after the flush returned, so after its COMMIT.
// - No two writes with the same key are ever flushed together or in two batches at the same
//   time: a batch statement then never races itself for one game's row, and two batches of
//   this process can never deadlock on each other. A later write for a busy key waits for the
//   next batch.
// - At most max_in_flight flushes run at once, each with at most max_batch writes. A write that
//   finds a flush slot free is flushed at once (alone, when nothing else is queued), so light
//   load pays no added latency; writes arriving while every slot is busy queue up and go
//   together.
// - settle (optional) runs after each successful flush, once that flush's slot is free for the
//   next flush and before the batch's callers get their results; the batch's keys stay busy
//   until it returns. It must not throw.
// - The flushing is done by the calling threads themselves (no thread of its own): a caller
//   that finds a free slot flushes the queue's head, which may be other callers' writes.
// - A write still queued after max_wait (a flush stuck on a lock or a dead database) leaves the
//   queue unflushed and throws PoolTimeout, as a request that finds no free connection does
//   (503). A write already taken into a flush waits for that flush's outcome.

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "services/storage/pool.h"

namespace play {

template <class Write, class Result, class Key>
class WriteCombiner {
 public:
  // Flushes a batch: one result per write, in the batch's order.
  using Flush = std::function<std::vector<Result>(const std::vector<const Write*>&)>;
  using KeyOf = std::function<Key(const Write&)>;
  using Settle = std::function<void(const std::vector<const Write*>&, const std::vector<Result>&)>;

  WriteCombiner(std::size_t max_batch, std::size_t max_in_flight,
                std::chrono::milliseconds max_wait, Flush flush, KeyOf key_of,
                Settle settle = nullptr)
      : max_batch_(max_batch),
        max_in_flight_(max_in_flight),
        max_wait_(max_wait),
        flush_(std::move(flush)),
        key_of_(std::move(key_of)),
        settle_(std::move(settle)) {}

  Result write(const Write& write) {
    Pending pending{&write, key_of_(write), false, false, std::nullopt, nullptr};
    const auto give_up_at = std::chrono::steady_clock::now() + max_wait_;
    std::unique_lock lock(mutex_);
    queue_.push_back(&pending);
    while (!pending.done) {
      std::vector<Pending*> batch;
      if (in_flight_ < max_in_flight_) batch = take_batch();
      if (batch.empty()) {
        if (pending.taken) {
          changed_.wait(lock);
        } else if (changed_.wait_until(lock, give_up_at) == std::cv_status::timeout &&
                   !pending.taken) {
          queue_.erase(std::find(queue_.begin(), queue_.end(), &pending));
          throw storage::PoolTimeout("no write slot became free within " +
                                     std::to_string(max_wait_.count()) + " ms");
        }
        continue;
      }
      ++in_flight_;
      lock.unlock();
      run(batch);
      lock.lock();
    }
    if (pending.error) std::rethrow_exception(pending.error);
    return std::move(*pending.result);
  }

  // Writes waiting for a flush to take them.
  std::size_t queued() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
  }

 private:
  struct Pending {
    const Write* write;
    Key key;
    bool taken = false;  // in a flush: the write waits for its outcome, however long
    bool done = false;
    std::optional<Result> result;
    std::exception_ptr error;
  };

  // Under mutex_: the queue's oldest writes whose keys are free, at most max_batch of them.
  std::vector<Pending*> take_batch() {
    std::vector<Pending*> batch;
    for (auto it = queue_.begin(); it != queue_.end() && batch.size() < max_batch_;) {
      if (busy_keys_.insert((*it)->key).second) {
        (*it)->taken = true;
        batch.push_back(*it);
        it = queue_.erase(it);
      } else {
        ++it;
      }
    }
    return batch;
  }

  // Called outside mutex_: flushes, frees the flush slot, settles, then hands out the results
  // and frees the batch's keys under the lock. A Pending belongs to its waiting caller, which
  // may return as soon as `done` is set: nothing of it is touched after that.
  void run(const std::vector<Pending*>& batch) {
    std::vector<const Write*> writes;
    for (const Pending* p : batch) writes.push_back(p->write);
    std::vector<Result> results;
    std::exception_ptr error;
    try {
      results = flush_(writes);
      if (results.size() != writes.size()) throw std::logic_error("flush result count mismatch");
    } catch (...) {
      error = std::current_exception();
    }
    {
      std::lock_guard guard(mutex_);
      --in_flight_;
    }
    changed_.notify_all();  // a queued write may start the next flush meanwhile
    if (!error && settle_) settle_(writes, results);
    {
      std::lock_guard guard(mutex_);
      for (std::size_t i = 0; i < batch.size(); ++i) {
        busy_keys_.erase(batch[i]->key);
        if (error) {
          batch[i]->error = error;
        } else {
          batch[i]->result = std::move(results[i]);
        }
        batch[i]->done = true;
      }
    }
    changed_.notify_all();
  }

  const std::size_t max_batch_;
  const std::size_t max_in_flight_;
  const std::chrono::milliseconds max_wait_;
  const Flush flush_;
  const KeyOf key_of_;
  const Settle settle_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Pending*> queue_;
  std::set<Key> busy_keys_;
  std::size_t in_flight_ = 0;
};

}  // namespace play
