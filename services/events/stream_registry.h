#pragma once
// events::StreamRegistry: the open streams of one hexpostd instance.
//
// - Capacity: at most `max_streams` long-lived responses (event streams, game streams, long
//   polls) at once; stream number max_streams + 1 is refused (503). Open streams live on the
//   stream loop and hold no worker; long polls do, and have their own limit (api::StreamOptions).
// - One event stream per token: opening one marks the token's older streams closed, on this
//   instance directly and on the others through a NOTIFY on the stream-control channel
//   (payload "<token_id> <opened_ns> <key>", handled by control()); or, with replace=false,
//   is refused while the token holds a stream on this instance.
// - Per token: at most `max_per_owner` open streams of any kind, so that one token cannot take
//   the slots every other client needs.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace events {

struct Ticket {
  std::int64_t token_id = 0;   // 0: not exclusive (game streams, long polls)
  std::int64_t owner = 0;      // the token that opened it, of which max_per_owner may be open
  std::int64_t opened_ns = 0;  // system clock, for "newer closes older" across instances
  std::string key;             // unique per stream
  std::atomic<bool> closed{false};
  bool counted = false;  // counts against its owner's limit (the registry's mutex guards it)
};

enum class OpenRefusal {
  kNone,
  kHeld,       // replace=false and the token holds an open event stream on this instance
  kFull,       // max_streams are open
  kOwnerFull,  // the owner holds max_per_owner open streams
};

struct Opened {
  std::shared_ptr<Ticket> ticket;  // null when refused
  OpenRefusal refusal = OpenRefusal::kNone;
};

class StreamRegistry {
 public:
  // `wake` is called after tickets were closed (the event hub's wake_all()).
  StreamRegistry(std::size_t max_streams, std::size_t max_per_owner, std::function<void()> wake);

  // A slot for a stream of `owner` (a token id). token_id != 0 makes it the token's exclusive
  // event stream: with `replace` the token's older ones on this instance are closed (they stop
  // counting against the owner at once), without it the open is refused while one is held. The
  // checks and the registration are one step, so of two opens at once only one can take the last
  // slot.
  Opened open(std::int64_t owner, std::int64_t token_id = 0, bool replace = true);
  // The NOTIFY payload announcing `ticket` to the other instances.
  static std::string announcement(const Ticket& ticket);
  // Handles an announcement: closes this instance's streams of that token opened earlier.
  void control(const std::string& payload);

  std::size_t open_count() const;
  std::size_t max_streams() const { return max_; }
  std::size_t max_per_owner() const { return max_per_owner_; }

 private:
  OpenRefusal refusal_for(std::int64_t owner, std::int64_t token_id, bool replace) const;
  void release(Ticket* ticket);
  void close_older(std::int64_t token_id, std::int64_t opened_ns, const std::string& key);
  bool close_older_locked(std::int64_t token_id, std::int64_t opened_ns, const std::string& key);
  void uncount(Ticket& ticket);

  std::size_t max_;
  std::size_t max_per_owner_;
  std::function<void()> wake_;
  mutable std::mutex mutex_;
  std::size_t open_ = 0;
  std::multimap<std::int64_t, Ticket*> by_token_;
  std::map<std::int64_t, std::size_t> per_owner_;  // counted tickets per owner
  std::atomic<std::uint64_t> counter_{0};
};

}  // namespace events
