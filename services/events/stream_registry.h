#pragma once
// events::StreamRegistry: the open streams of one hexpostd instance.
//
// - Capacity: at most `max_streams` long-lived responses (event streams, game streams, long
//   polls) at once. Each holds an HTTP worker for its whole life, so hexpostd sizes its thread
//   pool as ordinary workers + max_streams and refuses stream number max_streams + 1 (503),
//   which keeps the ordinary workers free for ordinary requests.
// - One event stream per token: opening one marks the token's older streams closed, on this
//   instance directly and on the others through a NOTIFY on the stream-control channel
//   (payload "<token_id> <opened_ns> <key>", handled by control()); or, with
//   open_unless_held(), is refused while the token holds a stream on this instance.

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
  std::int64_t opened_ns = 0;  // system clock, for "newer closes older" across instances
  std::string key;             // unique per stream
  std::atomic<bool> closed{false};
};

class StreamRegistry {
 public:
  // `wake` is called after tickets were closed (the event hub's wake_all()).
  StreamRegistry(std::size_t max_streams, std::function<void()> wake);

  // A slot, or nullptr when max_streams are open. With token_id != 0 the token's older
  // streams on this instance are closed.
  std::shared_ptr<Ticket> open(std::int64_t token_id);
  // A slot for token_id that replaces nothing: nullptr with `held` set when the token already
  // holds an open (not yet replaced) stream on this instance, nullptr with `held` clear when
  // max_streams are open. The check and the registration are one step, so of two such opens at
  // once only one succeeds.
  std::shared_ptr<Ticket> open_unless_held(std::int64_t token_id, bool& held);
  // The NOTIFY payload announcing `ticket` to the other instances.
  static std::string announcement(const Ticket& ticket);
  // Handles an announcement: closes this instance's streams of that token opened earlier.
  void control(const std::string& payload);

  std::size_t open_count() const;
  std::size_t max_streams() const { return max_; }

 private:
  std::shared_ptr<Ticket> open_slot(std::int64_t token_id, bool replace, bool& held);
  void release(Ticket* ticket);
  void close_older(std::int64_t token_id, std::int64_t opened_ns, const std::string& key);

  std::size_t max_;
  std::function<void()> wake_;
  mutable std::mutex mutex_;
  std::size_t open_ = 0;
  std::multimap<std::int64_t, Ticket*> by_token_;
  std::atomic<std::uint64_t> counter_{0};
};

}  // namespace events
