#include "tests/services/http_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>

namespace testhttp {
namespace {

using Clock = std::chrono::steady_clock;

int connect_local(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
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

}  // namespace

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
