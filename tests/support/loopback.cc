#include "loopback.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>

namespace testsupport {

namespace {

sockaddr_in loopback_address(int port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return addr;
}

}  // namespace

int listen_loopback(int& port) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr = loopback_address(0);
  socklen_t len = sizeof addr;
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0 || listen(fd, 16) != 0) {
    if (fd >= 0) close(fd);
    return -1;
  }
  port = ntohs(addr.sin_port);
  return fd;
}

int connect_loopback(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const sockaddr_in addr = loopback_address(port);
  if (fd >= 0 && connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0) {
    return fd;
  }
  if (fd >= 0) close(fd);
  return -1;
}

int connect_loopback_from(int port, const char* source) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in from = loopback_address(0);
  const sockaddr_in addr = loopback_address(port);
  if (fd >= 0 && inet_pton(AF_INET, source, &from.sin_addr) == 1 &&
      bind(fd, reinterpret_cast<const sockaddr*>(&from), sizeof from) == 0 &&
      connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0) {
    return fd;
  }
  if (fd >= 0) close(fd);
  return -1;
}

int free_loopback_port() {
  int port = 0;
  const int fd = listen_loopback(port);
  if (fd >= 0) close(fd);
  return port;
}

}  // namespace testsupport
