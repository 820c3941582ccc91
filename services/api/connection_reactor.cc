#include "services/api/connection_reactor.h"

#include <netdb.h>
#include <poll.h>
#include <spdlog/spdlog.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "services/api/problem.h"

namespace api {
namespace {

using Clock = EdgeStream::Clock;
constexpr std::chrono::milliseconds kTick{100};       // deadline checks
constexpr std::chrono::milliseconds kDrainFor{1000};  // after a refusal
constexpr std::size_t kRequestLineMax = 8 * 1024;     // httplib's 414 limit
constexpr std::size_t kReadChunk = 16 * 1024;

std::string peer_address(socket_t sock) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  char host[NI_MAXHOST] = "";
  if (::getpeername(sock, reinterpret_cast<sockaddr*>(&addr), &len) != 0 ||
      ::getnameinfo(reinterpret_cast<sockaddr*>(&addr), len, host, sizeof host, nullptr, 0,
                    NI_NUMERICHOST) != 0) {
    return "";
  }
  return host;
}

// A whole HTTP/1.1 answer with a problem document, for refusals made without httplib.
std::string problem_answer(int status, const std::string& code, const std::string& detail,
                           int retry_after_s) {
  httplib::Response res;
  problem(res, status, code, detail);
  std::string head =
      "HTTP/1.1 " + std::to_string(status) + " " + std::string(status_title(status)) +
      "\r\nContent-Type: " + std::string(kProblemContentType) +
      "\r\nContent-Length: " + std::to_string(res.body.size()) + "\r\nConnection: close\r\n";
  if (retry_after_s > 0) head += "Retry-After: " + std::to_string(retry_after_s) + "\r\n";
  return head + "\r\n" + res.body;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// The value of header `name` (lower case, with the leading "\n") in a lower-cased head.
std::string_view header_value(std::string_view head, std::string_view name) {
  const auto at = head.find(name);
  if (at == std::string_view::npos) return {};
  const auto begin = at + name.size();
  const auto end = head.find('\n', begin);
  return head.substr(begin, end == std::string_view::npos ? end : end - begin);
}

}  // namespace

ConnectionReactor::ConnectionReactor(ReactorOptions options, ServeOne serve)
    : options_(options), serve_(std::move(serve)) {
  epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (epoll_fd_ < 0 || wake_fd_ < 0) throw std::runtime_error("epoll/eventfd failed");
  epoll_event event{};
  event.events = EPOLLIN;
  event.data.fd = wake_fd_;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &event);
  reactor_ = std::thread([this] { run_reactor(); });
  for (std::size_t i = 0; i < options_.workers; ++i) {
    workers_.emplace_back([this] { run_worker(); });
  }
}

ConnectionReactor::~ConnectionReactor() {
  stop();
  ::close(epoll_fd_);
  ::close(wake_fd_);
}

void ConnectionReactor::adopt(socket_t sock) {
  Handback fresh;
  fresh.connection.sock = sock;
  fresh.connection.address = peer_address(sock);
  fresh.fresh = true;
  hand_back(std::move(fresh));
}

void ConnectionReactor::hand_back(Handback handback) {
  {
    std::lock_guard lock(mutex_);
    handbacks_.push_back(std::move(handback));
  }
  const std::uint64_t one = 1;
  [[maybe_unused]] const auto written = ::write(wake_fd_, &one, sizeof one);
}

void ConnectionReactor::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (auto& worker : workers_) worker.join();
  {
    std::lock_guard lock(mutex_);
    workers_done_ = true;  // no more handbacks can come
  }
  hand_back({});  // wakes the reactor, which closes everything and ends
  reactor_.join();
}

void ConnectionReactor::run_worker() {
  while (true) {
    Connection connection;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [this] { return stopping_ || !ready_.empty(); });
      if (ready_.empty()) return;  // stopping, nothing left to serve
      connection = std::move(ready_.front());
      ready_.pop_front();
    }
    AfterRequest after = serve_(connection);
    ++connection.served;
    while (after == AfterRequest::kKeep && next_request_here(connection)) {
      after = serve_(connection);
      ++connection.served;
    }
    hand_back({std::move(connection), after, false});
  }
}

// A busy keep-alive client sends its next request within a moment of the answer. Waiting for it
// here for up to options_.linger (when no request waits for a worker) serves it without the two
// thread hand-offs through the reactor. True when the next request is in `pending`, whole; false
// hands the connection back (idle, part of a request read, closed by the peer, or others wait).
bool ConnectionReactor::next_request_here(Connection& connection) {
  if (options_.linger.count() <= 0 || connection.served >= options_.keep_alive_max) return false;
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || !ready_.empty()) return false;
  }
  const auto started = Clock::now();
  if (connection.pending.empty()) {
    pollfd readable{connection.sock, POLLIN, 0};
    const auto linger = std::chrono::duration_cast<std::chrono::nanoseconds>(options_.linger);
    const timespec wait{0, static_cast<long>(linger.count())};
    if (::ppoll(&readable, 1, &wait, nullptr) != 1) return false;
    char chunk[kReadChunk];
    const ssize_t n = ::recv(connection.sock, chunk, sizeof chunk, MSG_DONTWAIT);
    if (n <= 0) return false;  // the reactor sees the close (or the retry) itself
    connection.pending.append(chunk, static_cast<std::size_t>(n));
  }
  connection.request_started = started;
  return request_complete(connection.pending);
}

void ConnectionReactor::run_reactor() {
  epoll_event events[256];
  auto next_tick = Clock::now() + kTick;
  bool done = false;
  while (!done) {
    const int n = ::epoll_wait(epoll_fd_, events, 256, static_cast<int>(kTick.count()));
    for (int i = 0; i < n; ++i) {
      if (events[i].data.fd == wake_fd_) {
        std::uint64_t count;
        [[maybe_unused]] const auto drained = ::read(wake_fd_, &count, sizeof count);
      } else {
        on_readable(events[i].data.fd);
      }
    }
    {
      std::lock_guard lock(mutex_);
      done = workers_done_;  // read before the last handbacks are taken
    }
    take_handbacks();
    if (Clock::now() >= next_tick) {
      expire_overdue();
      next_tick = Clock::now() + kTick;
    }
  }
  std::vector<socket_t> open;
  for (const auto& [sock, watched] : watched_) open.push_back(sock);
  for (socket_t sock : open) close(sock);
  std::lock_guard lock(mutex_);
  for (auto& connection : ready_) ::close(connection.sock);
  ready_.clear();
}

void ConnectionReactor::take_handbacks() {
  std::vector<Handback> taken;
  bool stopping;
  {
    std::lock_guard lock(mutex_);
    taken.swap(handbacks_);
    stopping = stopping_;
  }
  for (auto& handback : taken) {
    if (handback.connection.sock < 0) continue;  // a wake-up only
    if (handback.after == AfterRequest::kDetached) {
      forget_address(handback.connection.address);  // no longer ours to count or close
      continue;
    }
    if (stopping) {
      if (!handback.fresh) --per_address_[handback.connection.address];
      ::close(handback.connection.sock);
      continue;
    }
    watch(std::move(handback));
  }
}

void ConnectionReactor::watch(Handback handback) {
  Connection& connection = handback.connection;
  const socket_t sock = connection.sock;
  if (handback.fresh) ++per_address_[connection.address];
  Watched& watched = watched_[sock];
  watched.connection = std::move(connection);
  epoll_event event{};
  event.events = EPOLLIN | EPOLLRDHUP;
  event.data.fd = sock;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, sock, &event);
  const auto now = Clock::now();
  if (handback.fresh && per_address_[watched.connection.address] > options_.max_per_address &&
      !(options_.unlimited && options_.unlimited(watched.connection.address))) {
    refuse(watched, 429, "too_many_connections",
           "At most " + std::to_string(options_.max_per_address) +
               " connections may be open from one address.");
  } else if (handback.after == AfterRequest::kClose ||
             watched.connection.served >= options_.keep_alive_max) {
    close(sock);
  } else if (handback.after == AfterRequest::kDrain) {
    drain(watched);
  } else if (watched.connection.pending.empty()) {
    watched.phase = Phase::kIdle;
    watched.deadline = now + options_.idle_timeout;
  } else {  // a pipelined request has already begun
    watched.phase = Phase::kReading;
    watched.connection.request_started = now;
    watched.deadline = now + options_.edge.request_deadline;
    if (request_complete(watched.connection.pending)) dispatch(sock);
  }
}

void ConnectionReactor::on_readable(socket_t sock) {
  auto found = watched_.find(sock);
  if (found == watched_.end()) return;
  Watched& watched = found->second;
  char chunk[kReadChunk];
  const ssize_t n = ::recv(sock, chunk, sizeof chunk, MSG_DONTWAIT);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
  if (n <= 0) {
    close(sock);  // the peer is gone
    return;
  }
  if (watched.phase == Phase::kDraining) return;  // read and dropped
  if (watched.phase == Phase::kIdle) {
    watched.phase = Phase::kReading;
    watched.connection.request_started = Clock::now();
    watched.deadline = watched.connection.request_started + options_.edge.request_deadline;
  }
  watched.connection.pending.append(chunk, static_cast<std::size_t>(n));
  if (request_complete(watched.connection.pending)) dispatch(sock);
}

// True once a worker has something to do: the whole request is here, or enough of it to answer
// (a head too long to be valid, or one the guards refuse before reading a body).
bool ConnectionReactor::request_complete(const std::string& pending) const {
  const std::size_t head_max = kRequestLineMax + options_.edge.max_header_bytes + 4;
  std::size_t end = pending.find("\n\r\n");
  std::size_t blank = pending.find("\n\n");
  if (end != std::string::npos) end += 3;
  if (blank != std::string::npos && (end == std::string::npos || blank + 2 < end)) end = blank + 2;
  if (end == std::string::npos) {
    const auto lines = static_cast<std::size_t>(std::count(pending.begin(), pending.end(), '\n'));
    return pending.size() > head_max || lines > options_.edge.max_header_fields + 1;
  }
  const std::string head = lower(std::string_view(pending).substr(0, end));
  if (head.find("\nexpect:") != std::string::npos ||
      head.find("\ntransfer-encoding:") != std::string::npos) {
    return true;  // 100-continue is httplib's to send; chunked bodies are refused at once
  }
  const std::string_view length = header_value(head, "\ncontent-length:");
  if (length.empty()) return true;
  const unsigned long long body = std::strtoull(std::string(length).c_str(), nullptr, 10);
  return body > options_.max_body_bytes || pending.size() - end >= body;
}

void ConnectionReactor::dispatch(socket_t sock) {
  Watched& watched = watched_.at(sock);
  {
    std::lock_guard lock(mutex_);
    if (ready_.size() < options_.max_waiting) {
      ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, sock, nullptr);
      ready_.push_back(std::move(watched.connection));
      watched_.erase(sock);
      work_ready_.notify_one();
      return;
    }
  }
  refuse(watched, 503, "overloaded", "The server is busy; retry after the Retry-After delay.");
}

void ConnectionReactor::refuse(Watched& watched, int status, const std::string& code,
                               const std::string& detail) {
  const std::string answer = problem_answer(status, code, detail, options_.retry_after_s);
  [[maybe_unused]] const auto sent =
      ::send(watched.connection.sock, answer.data(), answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  spdlog::info("access - - {} 0.0ms {} ({})", status, watched.connection.address, code);
  drain(watched);
}

// Half-closes and reads what the client still sends for a while before closing: closing with
// unread input would reset the connection and could discard the answer before it is read.
void ConnectionReactor::drain(Watched& watched) {
  ::shutdown(watched.connection.sock, SHUT_WR);
  watched.phase = Phase::kDraining;
  watched.deadline = Clock::now() + kDrainFor;
}

void ConnectionReactor::expire_overdue() {
  const auto now = Clock::now();
  std::vector<socket_t> overdue;
  for (const auto& [sock, watched] : watched_) {
    if (watched.deadline <= now) overdue.push_back(sock);
  }
  for (socket_t sock : overdue) {
    Watched& watched = watched_.at(sock);
    if (watched.phase == Phase::kReading) {
      refuse(watched, 408, "request_timeout",
             "The request was not received within " +
                 std::to_string(options_.edge.request_deadline.count()) + " ms.");
    } else {
      close(sock);  // idle past the keep-alive timeout, or drained
    }
  }
}

void ConnectionReactor::close(socket_t sock) {
  auto found = watched_.find(sock);
  if (found == watched_.end()) return;
  const std::string address = found->second.connection.address;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, sock, nullptr);
  ::close(sock);
  watched_.erase(found);
  forget_address(address);
}

void ConnectionReactor::forget_address(const std::string& address) {
  if (auto count = per_address_.find(address);
      count != per_address_.end() && --count->second == 0) {
    per_address_.erase(count);
  }
}

}  // namespace api
