#include "services/api/edge_stream.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace api {
namespace {

using std::chrono::milliseconds;

// poll() for `events` for at most `timeout`; > 0 when ready, 0 on timeout, < 0 on error.
int poll_for(socket_t sock, short events, milliseconds timeout) {
  pollfd fd{sock, events, 0};
  const int ms = static_cast<int>(std::clamp<milliseconds::rep>(timeout.count(), 0, 60'000));
  int ready;
  do {
    ready = ::poll(&fd, 1, ms);
  } while (ready < 0 && errno == EINTR);
  if (ready > 0 && (fd.revents & (POLLERR | POLLNVAL))) return -1;
  return ready;
}

// A peer that closed its side leaves the socket readable with nothing to read.
bool peer_still_connected(socket_t sock) {
  if (poll_for(sock, POLLIN, milliseconds(0)) <= 0) return true;
  char byte;
  const ssize_t n = ::recv(sock, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  return n > 0 || (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
}

void address_of(const sockaddr_storage& addr, socklen_t len, std::string& ip, int& port) {
  char host[NI_MAXHOST] = "";
  char service[NI_MAXSERV] = "";
  if (::getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host, sizeof host, service,
                    sizeof service, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
    return;
  }
  ip = host;
  port = std::atoi(service);
}

}  // namespace

void EdgeStream::begin_request(Clock::time_point started) {
  deadline_ = started + limits_.request_deadline;
  refusal_ = EdgeRefusal::kNone;
  in_head_ = true;
  head_lines_ = 0;
  field_bytes_ = 0;
  line_length_ = 0;
}

std::string EdgeStream::take_pending() {
  std::string rest = buffer_.substr(buffered_begin_);
  buffer_.clear();
  buffered_begin_ = 0;
  return rest;
}

bool EdgeStream::is_readable() const {
  if (buffered_begin_ < buffer_.size()) return true;
  const auto left = std::chrono::duration_cast<milliseconds>(deadline_ - Clock::now());
  return poll_for(sock_, POLLIN, left) > 0;
}

bool EdgeStream::is_writable() const {
  return poll_for(sock_, POLLOUT, limits_.write_timeout) > 0 && peer_still_connected(sock_);
}

bool EdgeStream::fill() {
  const auto left = std::chrono::duration_cast<milliseconds>(deadline_ - Clock::now());
  if (left.count() <= 0 || poll_for(sock_, POLLIN, left) == 0) {
    refusal_ = EdgeRefusal::kDeadline;
    return false;
  }
  char chunk[4096];
  ssize_t n;
  do {
    n = ::recv(sock_, chunk, sizeof chunk, 0);
  } while (n < 0 && errno == EINTR);
  if (n <= 0) return false;
  buffer_.assign(chunk, static_cast<std::size_t>(n));
  buffered_begin_ = 0;
  return true;
}

bool EdgeStream::count_head_byte(char byte) {
  if (head_lines_ > 0) ++field_bytes_;
  if (byte == '\r') return true;
  if (byte != '\n') {
    ++line_length_;
  } else if (line_length_ == 0 && head_lines_ > 0) {
    in_head_ = false;  // the empty line: the body (if any) follows
  } else {
    ++head_lines_;
    line_length_ = 0;
  }
  if (head_lines_ > limits_.max_header_fields + 1) refusal_ = EdgeRefusal::kHeaderFields;
  if (field_bytes_ > limits_.max_header_bytes) refusal_ = EdgeRefusal::kHeaderBytes;
  return refusal_ == EdgeRefusal::kNone;
}

ssize_t EdgeStream::read(char* ptr, size_t size) {
  if (refusal_ != EdgeRefusal::kNone) return -1;
  if (buffered_begin_ == buffer_.size() && !fill()) return -1;
  std::size_t n = std::min(size, buffer_.size() - buffered_begin_);
  if (in_head_) {
    // Hand out the head byte by byte through the counters, stopping where it ends.
    std::size_t i = 0;
    while (i < n && in_head_) {
      if (!count_head_byte(buffer_[buffered_begin_ + i])) return -1;
      ++i;
    }
    n = i;
  }
  std::memcpy(ptr, buffer_.data() + buffered_begin_, n);
  buffered_begin_ += n;
  return static_cast<ssize_t>(n);
}

ssize_t EdgeStream::write(const char* ptr, size_t size) {
  if (poll_for(sock_, POLLOUT, limits_.write_timeout) <= 0) return -1;
  ssize_t n;
  do {
    n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  return n;
}

void EdgeStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (::getpeername(sock_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    address_of(addr, len, ip, port);
  }
}

void EdgeStream::get_local_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (::getsockname(sock_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    address_of(addr, len, ip, port);
  }
}

}  // namespace api
