#pragma once
// Per-instance copies keyed by an id (a game, an account), each loaded once for all concurrent
// callers (single-flight) and never kept when it may predate a change of its key.
//
// Contract: touch(key) marks a change of the key (an event, this instance's write). A load that
// began before a touch of its key, or before clear(), is handed to the callers that waited for
// it but not kept, and a caller arriving after the touch starts a new load. A cache that holds
// `max_keys` keys is emptied and fills again. `Value` is a shared pointer (null: nothing held).

#include <atomic>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace play {

template <class Value>
class FlightCache {
 public:
  using Key = std::int64_t;
  using Tick = std::uint64_t;  // a mark taken before a load; keep() compares it with touches
  using Loader = std::function<Value()>;
  // Whether `loaded` may take the place of `held` (which may be null).
  using Keepable = std::function<bool(const Value& loaded, const Value& held)>;

  explicit FlightCache(std::size_t max_keys) : max_keys_(max_keys) {}

  // The held value, else the result of `load` (run once for all concurrent callers), kept when
  // `keepable` agrees and no touch came during the load.
  Value get(Key key, const Loader& load, const Keepable& keepable) {
    std::promise<Value> promise;
    std::shared_ptr<std::shared_future<Value>> flight;
    Tick since = 0;
    {
      std::lock_guard lock(mutex_);
      Slot& s = slot(key);
      if (s.value) return s.value;
      if (s.flight) {
        flight = s.flight;
      } else {
        since = ++tick_;
        flight = std::make_shared<std::shared_future<Value>>(promise.get_future().share());
        s.flight = flight;
      }
    }
    if (since == 0) return flight->get();  // another caller's load
    return run_flight(key, load, keepable, since, flight, promise);
  }

  Value held(Key key) const {
    std::lock_guard lock(mutex_);
    auto it = slots_.find(key);
    return it == slots_.end() ? nullptr : it->second.value;
  }

  Tick begin_load() {
    std::lock_guard lock(mutex_);
    return ++tick_;
  }

  // Keeps `value` (loaded from `since` on) unless the key was touched after `since`, the cache
  // was cleared, or `keepable` refuses.
  void keep(Key key, const Value& value, Tick since, const Keepable& keepable) {
    if (!value) return;
    std::lock_guard lock(mutex_);
    Slot& s = slot(key);
    if (since <= cleared_ || s.touched > since || !keepable(value, s.value)) return;
    s.value = value;
  }

  // A change of `key`: loads in flight are not kept, and the held value becomes next(held)
  // (null: nothing held).
  void touch(Key key, const std::function<Value(const Value& held)>& next) {
    std::lock_guard lock(mutex_);
    Slot& s = slot(key);
    s.touched = ++tick_;
    s.flight.reset();  // callers from now on must not get a load that began before the change
    s.value = s.value ? next(s.value) : nullptr;
  }
  void forget(Key key) {
    touch(key, [](const Value&) { return Value(); });
  }

  void clear() {
    std::lock_guard lock(mutex_);
    slots_.clear();
    cleared_ = ++tick_;
  }

  // Loads run by get() (for tests and metrics).
  std::uint64_t loads() const { return loads_.load(); }

 private:
  struct Slot {
    Value value;
    Tick touched = 0;                                   // the last change of the key
    std::shared_ptr<std::shared_future<Value>> flight;  // the load in progress, if any
  };

  Slot& slot(Key key) {  // with mutex_ held
    if (slots_.size() >= max_keys_ && slots_.find(key) == slots_.end()) {
      slots_.clear();
      cleared_ = ++tick_;
    }
    return slots_[key];
  }

  Value run_flight(Key key, const Loader& load, const Keepable& keepable, Tick since,
                   const std::shared_ptr<std::shared_future<Value>>& flight,
                   std::promise<Value>& promise) {
    ++loads_;
    const auto land = [&] {
      std::lock_guard lock(mutex_);
      auto it = slots_.find(key);
      if (it != slots_.end() && it->second.flight == flight) it->second.flight.reset();
    };
    Value loaded;
    try {
      loaded = load();
    } catch (...) {
      land();
      promise.set_exception(std::current_exception());
      throw;
    }
    land();
    keep(key, loaded, since, keepable);
    promise.set_value(loaded);
    return loaded;
  }

  mutable std::mutex mutex_;
  std::size_t max_keys_;
  Tick tick_ = 0;     // every begin_load and touch takes the next tick
  Tick cleared_ = 0;  // when the map was last emptied
  std::unordered_map<Key, Slot> slots_;
  std::atomic<std::uint64_t> loads_{0};
};

}  // namespace play
