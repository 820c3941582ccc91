#pragma once
// A fixed-size pool of libpqxx connections (a pqxx::connection is not thread-safe: one request
// holds one connection at a time, never two).
//
// - Connections are opened lazily, on first use of a slot, so a server can start while the
//   database is down and become ready when it comes back.
// - acquire() waits at most `wait` for a free slot, then throws PoolTimeout: callers answer 503
//   instead of hanging.
// - A connection that threw pqxx::broken_connection is dropped (run() does this; a Lease user
//   calls discard()) and re-opened by the next acquire().

#include <pqxx/pqxx>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace storage {

class PoolTimeout : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ConnectionPool {
 public:
  class Lease {
   public:
    Lease(Lease&& other) noexcept;
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease();

    pqxx::connection& operator*() const { return *connection_; }
    pqxx::connection* operator->() const { return connection_; }
    // Closes and forgets the connection; the slot reconnects on its next use.
    void discard();

   private:
    friend class ConnectionPool;
    Lease(ConnectionPool* pool, std::size_t slot, pqxx::connection* connection)
        : pool_(pool), slot_(slot), connection_(connection) {}
    ConnectionPool* pool_;
    std::size_t slot_;
    pqxx::connection* connection_;
  };

  ConnectionPool(std::string url, std::size_t size, std::chrono::milliseconds wait);
  ~ConnectionPool();
  ConnectionPool(const ConnectionPool&) = delete;
  ConnectionPool& operator=(const ConnectionPool&) = delete;

  // Throws PoolTimeout after `wait` without a free slot, or pqxx::broken_connection when a
  // (re)connect fails.
  Lease acquire();

  // acquire() + fn(connection); drops the connection when fn throws pqxx::broken_connection.
  template <class Fn>
  auto run(Fn&& fn) -> decltype(fn(std::declval<pqxx::connection&>())) {
    Lease lease = acquire();
    try {
      return std::forward<Fn>(fn)(*lease);
    } catch (const pqxx::broken_connection&) {
      lease.discard();
      throw;
    }
  }

  std::size_t size() const { return slots_.size(); }
  std::size_t idle() const;
  const std::string& url() const { return url_; }
  std::chrono::milliseconds wait() const { return wait_; }
  // Connections handed out since the start, and the time their callers waited for a free slot
  // in all (metrics).
  std::uint64_t acquisitions() const { return acquisitions_.load(std::memory_order_relaxed); }
  double waited_seconds() const { return static_cast<double>(waited_ns_.load()) / 1e9; }

 private:
  void release(std::size_t slot, bool discard);
  std::size_t take_slot();

  std::string url_;
  std::chrono::milliseconds wait_;
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<pqxx::connection>> slots_;
  std::vector<std::size_t> free_;
  std::atomic<std::uint64_t> acquisitions_{0};
  std::atomic<std::uint64_t> waited_ns_{0};
};

// True for the failures that mean "the database is not usable right now" (503, not 500).
bool is_database_unavailable(const std::exception& e);

}  // namespace storage
