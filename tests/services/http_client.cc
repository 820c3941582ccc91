#include "tests/services/http_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

namespace testhttp {
namespace {

using Clock = std::chrono::steady_clock;

int connect_local(int port, const std::string& source = "127.0.0.1") {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in local{};
  local.sin_family = AF_INET;
  ::inet_pton(AF_INET, source.c_str(), &local.sin_addr);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) {
    ::close(fd);
    return -1;
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// True once `data` holds the head and, if announced, the whole Content-Length body.
bool complete(const std::string& data, RawResponse& out) {
  const auto end = data.find("\r\n\r\n");
  if (end == std::string::npos) return false;
  out.head = data.substr(0, end);
  std::size_t length = 0;
  std::string lower = out.head;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto cl = lower.find("\r\ncontent-length:");
  if (cl != std::string::npos) length = std::strtoul(out.head.c_str() + cl + 17, nullptr, 10);
  if (data.size() < end + 4 + length) return false;
  out.body = data.substr(end + 4, length);
  out.status = std::atoi(out.head.c_str() + 9);
  out.received = true;
  return true;
}

// Reads what is there within `wait`; false once the server has ended the connection.
bool read_some(int fd, std::chrono::milliseconds wait, std::string& into) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(std::max<long long>(wait.count(), 0))) <= 0) return true;
  char buffer[4096];
  const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
  if (n <= 0) return false;
  into.append(buffer, static_cast<std::size_t>(n));
  return true;
}

}  // namespace

int Exchange::status() const {
  return received.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(received.c_str() + 9) : 0;
}

Exchange raw_exchange(int port, const std::string& bytes, std::size_t chunk,
                      std::chrono::milliseconds pause, std::chrono::milliseconds timeout,
                      const std::string& source) {
  Exchange out;
  const int fd = connect_local(port, source);
  if (fd < 0) return out;
  const auto start = Clock::now();
  const auto left = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(timeout - (Clock::now() - start));
  };
  const std::size_t step = chunk == 0 ? bytes.size() : chunk;
  bool open = true;
  for (std::size_t sent = 0; open && sent < bytes.size() && left().count() > 0; sent += step) {
    const std::size_t n = std::min(step, bytes.size() - sent);
    if (::send(fd, bytes.data() + sent, n, MSG_NOSIGNAL) != static_cast<ssize_t>(n)) break;
    open = read_some(fd, std::min(pause, left()), out.received);
  }
  while (open && left().count() > 0) open = read_some(fd, left(), out.received);
  out.closed = !open;
  out.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  ::close(fd);
  return out;
}

int open_connection(int port, const std::string& bytes, const std::string& source) {
  const int fd = connect_local(port, source);
  if (fd >= 0 && !bytes.empty() &&
      ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(bytes.size())) {
    ::close(fd);
    return -1;
  }
  return fd;
}

RawResponse raw_request(int port, const std::string& bytes, std::chrono::milliseconds timeout) {
  RawResponse out;
  const int fd = connect_local(port);
  if (fd < 0) return out;
  const auto start = Clock::now();
  ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
  std::string data;
  char buffer[4096];
  while (!complete(data, out)) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(timeout - (Clock::now() - start));
    pollfd p{fd, POLLIN, 0};
    if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    data.append(buffer, static_cast<std::size_t>(n));
  }
  out.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  ::close(fd);
  return out;
}

}  // namespace testhttp
