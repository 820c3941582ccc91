#include "tests/services/game/server_process.h"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "tests/services/game/service_fixture.h"

namespace svctest {

ServerProcess::ServerProcess(std::string url, int port, Env extra)
    : url_(std::move(url)), port_(port), extra_(std::move(extra)) {
  start();
}

void ServerProcess::start() {
  pid_ = fork();
  if (pid_ == 0) {
    setenv("HEXPOST_DATABASE_URL", url_.c_str(), 1);
    setenv("HEXPOST_LISTEN", ("127.0.0.1:" + std::to_string(port_)).c_str(), 1);
    setenv("HEXPOST_LOG_LEVEL", "error", 1);
    setenv("HEXPOST_RATE_PER_S", "1000000", 1);
    setenv("HEXPOST_RATE_BURST", "1000000", 1);
    setenv("HEXPOST_LOGIN_ADDRESS_BURST", "1000000", 1);
    setenv("HEXPOST_HASH_QUEUE", "4096", 1);
    setenv("HEXPOST_DB_WAIT_MS", "2000", 1);
    setenv("HEXPOST_THREADS", "64", 1);
    for (const auto& [name, value] : extra_) setenv(name.c_str(), value.c_str(), 1);
    execl(HEXPOST_TESTGAMES_SERVER, HEXPOST_TESTGAMES_SERVER, static_cast<char*>(nullptr));
    _exit(127);
  }
  // A deadline, not a count of tries: an ASan build restarted on a loaded 2-core machine once
  // took over the 6 s that 300 tries gave (a clean-clone ops/test run).
  Client client(port_);
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < give_up) {
    if (client.get("/v1/catalog").status == 200) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ADD_FAILURE() << "the server did not come up within 30 s";
}

void ServerProcess::kill_now() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

long ServerProcess::resident_mib() const {
  std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6)) / 1024;
  }
  return -1;
}

int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

}  // namespace svctest
