#pragma once
// api::StreamLoop: who holds an open stream once its response head is written.
//
// A stream is mostly idle: a line now and then, a heartbeat every few seconds. Holding a thread
// for each costs a stack and a thread switch per wake-up; here one thread (epoll) holds every
// stream's socket, with a small pool of fan-out workers that produce the streams' lines:
//   - touched(keys) (the event hub read new events: their games and recipients) produces the
//     streams interested in one of those keys (Source::interest), found through an index, so
//     an event costs work for its own streams only, however many others are open; wake() (a
//     ticket was closed, the hub stops) asks every stream whether it is due (Source::due).
//     Streams are produced on a fan-out worker (Source::produce may read storage), one call at
//     a time per stream;
//   - the loop frames what was produced as HTTP chunks and writes it without blocking; what the
//     socket does not take waits in the stream's buffer;
//   - a stream silent for a heartbeat gets the Source's heartbeat line;
//   - a client that closes its end is noticed at once (EPOLLRDHUP), its stream dropped;
//   - a slow reader: a stream whose unsent bytes pass max_buffered_bytes, or whose socket has
//     taken nothing for three heartbeats while output waits, is cut off (closed without a last
//     chunk, so its client sees a truncated response and resumes with Last-Event-ID). The
//     socket's send buffer is set to max_buffered_bytes, at most 64 KiB, so one stream holds at
//     most about max_buffered_bytes + 128 KiB of unsent output.
//   - a Source that is finished() after its last output gets the last chunk and is closed.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace api {

struct StreamLoopOptions {
  std::chrono::milliseconds heartbeat{10000};
  std::size_t max_buffered_bytes = 1024 * 1024;
  std::size_t fanout_workers = 4;
};

class StreamLoop {
 public:
  // What a stream listens to: the events of a game, or those addressed to an account.
  struct Interest {
    std::int64_t game = 0;
    std::int64_t account = 0;
  };
  // A key of touched(): kind 'g' (game) or 'a' (account) and the id.
  using Key = std::pair<char, std::int64_t>;

  class Source {
   public:
    virtual ~Source() = default;
    virtual Interest interest() const = 0;
    // Whether produce() has something to say without a new event (ending, or more to catch up
    // on). Loop thread; must not block.
    virtual bool due() const = 0;
    // The text due now (lines already framed as ndjson or SSE), possibly empty. Called on a
    // fan-out worker, never twice at once for one Source. Exceptions end the stream.
    virtual std::string produce() = 0;
    // True once the response should end (after what produce() returned was written).
    virtual bool finished() const = 0;
    virtual std::string heartbeat() const = 0;
  };

  explicit StreamLoop(StreamLoopOptions options);
  ~StreamLoop();
  StreamLoop(const StreamLoop&) = delete;
  StreamLoop& operator=(const StreamLoop&) = delete;

  // Takes a connected socket whose chunked response head was written (any thread). Its first
  // output is produced at once.
  void adopt(int sock, std::shared_ptr<Source> source);
  // Some Source may be due (any thread).
  void wake();
  // New events concern these keys (any thread).
  void touched(std::vector<Key> keys);
  // Closes every stream (their clients resume elsewhere) and joins the threads.
  void stop();

  std::size_t open_count() const { return open_.load(); }
  std::uint64_t cut_off_count() const { return cut_off_.load(); }

 private:
  struct Stream {
    int sock = -1;
    std::shared_ptr<Source> source;
    std::string unsent;                                // framed chunks not yet taken by the socket
    std::chrono::steady_clock::time_point last_write;  // last output queued
    std::chrono::steady_clock::time_point progress;    // last byte the socket took
    bool producing = false;                            // queued or on a fan-out worker
    bool again = false;                                // touched while producing: produce once more
    bool ending = false;    // the last chunk is queued: close once it is written
    bool want_out = false;  // EPOLLOUT armed
  };
  struct Produced {
    std::uint64_t id = 0;
    std::string text;
    bool finished = false;
    bool failed = false;
  };
  struct Job {
    std::uint64_t id = 0;
    std::shared_ptr<Source> source;
  };

  void run_loop();
  void run_fanout();
  void take_adopted();
  void take_produced();
  void schedule_due();
  void take_touched();
  void schedule(std::uint64_t id, Stream& stream, std::size_t& queued);
  void index(std::uint64_t id, const Interest& interest, bool add);
  void heartbeats();
  void cut_off(std::uint64_t id, const char* why);
  void on_event(std::uint64_t id, std::uint32_t events);
  void append(Stream& stream, std::uint64_t id, const std::string& text);
  void flush(std::uint64_t id);
  void set_want_out(Stream& stream, std::uint64_t id, bool want);
  void drop(std::uint64_t id);
  void signal();

  StreamLoopOptions options_;
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  std::atomic<std::size_t> open_{0};
  std::atomic<std::uint64_t> cut_off_{0};
  std::atomic<bool> due_{false};
  // Loop thread only.
  std::unordered_map<std::uint64_t, Stream> streams_;
  std::uint64_t next_id_ = 1;
  std::map<Key, std::set<std::uint64_t>> interested_;
  // Shared.
  std::mutex mutex_;
  std::condition_variable jobs_ready_;
  std::vector<std::pair<int, std::shared_ptr<Source>>> adopted_;
  std::deque<Job> jobs_;
  std::vector<Produced> produced_;
  std::vector<Key> touched_;
  bool stopping_ = false;
  std::thread loop_;
  std::vector<std::thread> fanout_;
};

}  // namespace api
