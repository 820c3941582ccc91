#pragma once
// api::ConnectionReactor: who holds a connection while its request is still arriving.
//
// httplib 0.11.4 gives every accepted connection a worker thread until it closes, so a client
// that opens connections and sends slowly (or not at all) takes workers from everyone else.
// Here one thread (the reactor, epoll) holds every connection that has no complete request:
// idle keep-alive connections and requests still arriving. A worker is taken only when a
// request's head (and its body, up to max_body_bytes) is in memory, and the connection comes
// back to the reactor after its answer (or after the next ones, when they follow at once: see
// ReactorOptions::linger). So slow clients cost a file descriptor and a buffer,
// never a worker. Limits, each answered at once without a worker, then the connection closed:
//   - open connections per client address: max_per_address, past it 429 too_many_connections;
//   - complete requests waiting for a worker: max_waiting, past it 503 overloaded;
//   - a request not complete within edge.request_deadline of its first byte: 408;
//   - an idle connection closes after idle_timeout, a connection after keep_alive_max requests.
// The head limits (431) are the worker's EdgeStream's: the reactor hands over a head as soon as
// it is too long to be valid.

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "services/api/edge_stream.h"

namespace api {

struct ReactorOptions {
  EdgeLimits edge;
  std::size_t workers = 32;
  std::size_t max_waiting = 1024;  // complete requests queued for a worker
  std::size_t max_per_address = 64;
  // Addresses exempt from max_per_address (trusted reverse proxies); empty: none.
  std::function<bool(const std::string& address)> unlimited;
  std::size_t max_body_bytes = 64 * 1024;  // bodies up to this arrive before a worker is taken
  std::chrono::milliseconds idle_timeout{5000};
  std::size_t keep_alive_max = 100;
  int retry_after_s = 1;  // Retry-After of the 429 and 503 answers
  // How long a worker waits on its connection for the next request before handing it back to
  // the reactor (below 1 s; zero: never). It holds a worker only while no request waits for one.
  std::chrono::microseconds linger{2000};
};

// A connection between the reactor and a worker.
struct Connection {
  socket_t sock = -1;
  std::string address;  // the peer's, as httplib's req.remote_addr spells it
  std::string pending;  // read and not yet parsed: the start of the next request
  EdgeStream::Clock::time_point request_started{};
  std::size_t served = 0;  // requests answered on it
};

// What a worker decided about a connection after serving one request.
// kDrain: refused; read and drop, then close. kDetached: the socket was handed to someone else
// (a stream's event loop, see Server's detach_connection) and is no longer the reactor's.
enum class AfterRequest { kKeep, kClose, kDrain, kDetached };

class ConnectionReactor {
 public:
  using ServeOne = std::function<AfterRequest(Connection&)>;

  ConnectionReactor(ReactorOptions options, ServeOne serve);
  ~ConnectionReactor();
  ConnectionReactor(const ConnectionReactor&) = delete;
  ConnectionReactor& operator=(const ConnectionReactor&) = delete;

  // Takes an accepted socket (thread-safe; called by the accept loop).
  void adopt(socket_t sock);
  // Workers finish the request they serve; every connection is closed; threads are joined.
  void stop();

 private:
  enum class Phase { kIdle, kReading, kDraining };
  struct Watched {
    Connection connection;
    Phase phase = Phase::kIdle;
    EdgeStream::Clock::time_point deadline;
  };
  struct Handback {
    Connection connection;
    AfterRequest after = AfterRequest::kKeep;
    bool fresh = false;  // just accepted
  };

  void run_reactor();
  void run_worker();
  bool next_request_here(Connection& connection);
  void take_handbacks();
  void watch(Handback handback);
  void on_readable(socket_t sock);
  void expire_overdue();
  bool request_complete(const std::string& pending) const;
  void dispatch(socket_t sock);
  void refuse(Watched& watched, int status, const std::string& code, const std::string& detail);
  void drain(Watched& watched);
  void close(socket_t sock);
  void forget_address(const std::string& address);  // one connection fewer from it
  void hand_back(Handback handback);

  ReactorOptions options_;
  ServeOne serve_;
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  // Reactor thread only.
  std::unordered_map<socket_t, Watched> watched_;
  std::unordered_map<std::string, std::size_t> per_address_;
  // Shared.
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::vector<Handback> handbacks_;
  std::deque<Connection> ready_;
  bool stopping_ = false;
  bool workers_done_ = false;
  std::thread reactor_;
  std::vector<std::thread> workers_;
};

}  // namespace api
