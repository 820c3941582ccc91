#include "services/storage/pool.h"

#include <string>

namespace storage {

ConnectionPool::Lease::Lease(Lease&& other) noexcept
    : pool_(std::exchange(other.pool_, nullptr)),
      slot_(other.slot_),
      connection_(std::exchange(other.connection_, nullptr)) {}

ConnectionPool::Lease::~Lease() {
  if (pool_) pool_->release(slot_, connection_ == nullptr);
}

void ConnectionPool::Lease::discard() { connection_ = nullptr; }

ConnectionPool::ConnectionPool(std::string url, std::size_t size, std::chrono::milliseconds wait)
    : url_(std::move(url)), wait_(wait), slots_(size) {
  if (size == 0) throw std::invalid_argument("ConnectionPool needs at least one connection");
  // Hand out low slots first, so a lightly loaded server keeps few connections open.
  for (std::size_t i = size; i-- > 0;) free_.push_back(i);
}

ConnectionPool::~ConnectionPool() = default;

std::size_t ConnectionPool::take_slot() {
  std::unique_lock lock(mutex_);
  if (!freed_.wait_for(lock, wait_, [this] { return !free_.empty(); })) {
    throw PoolTimeout("no database connection became free within " + std::to_string(wait_.count()) +
                      " ms");
  }
  const std::size_t slot = free_.back();
  free_.pop_back();
  return slot;
}

ConnectionPool::Lease ConnectionPool::acquire() {
  const auto asked = std::chrono::steady_clock::now();
  const std::size_t slot = take_slot();
  waited_ns_.fetch_add(
      static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now() - asked)
                                     .count()),
      std::memory_order_relaxed);
  acquisitions_.fetch_add(1, std::memory_order_relaxed);
  // Connecting happens outside the lock; the slot is ours alone until release().
  Lease lease(this, slot, nullptr);
  std::unique_ptr<pqxx::connection>& connection = slots_[slot];
  if (connection && !connection->is_open()) connection.reset();
  if (!connection) {
    connection = std::make_unique<pqxx::connection>(url_);
    // The service's statements are prepared and run many times with different parameters; a
    // custom plan per execution re-plans the move's multi-part CTE every time (~25% of the move
    // path, docs/game-service.md). set_variable survives libpqxx's reconnects.
    connection->set_variable("plan_cache_mode", "force_generic_plan");
  }
  lease.connection_ = connection.get();
  return lease;
}

void ConnectionPool::release(std::size_t slot, bool discard) {
  std::unique_ptr<pqxx::connection> dropped;
  {
    std::lock_guard lock(mutex_);
    if (discard) dropped = std::move(slots_[slot]);
    free_.push_back(slot);
  }
  freed_.notify_one();
  // `dropped` closes its socket here, outside the lock.
}

std::size_t ConnectionPool::idle() const {
  std::lock_guard lock(mutex_);
  return free_.size();
}

bool is_database_unavailable(const std::exception& e) {
  return dynamic_cast<const PoolTimeout*>(&e) != nullptr ||
         dynamic_cast<const pqxx::broken_connection*>(&e) != nullptr;
}

}  // namespace storage
