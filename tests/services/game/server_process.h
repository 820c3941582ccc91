#pragma once
// A hexpostd_testgames process on 127.0.0.1, for the tests that kill, restart or attack a real
// server: started with generous rate limits and any extra HEXPOST_* variables, ready once it
// answers /v1/catalog.

#include <sys/types.h>

#include <map>
#include <string>

namespace svctest {

class ServerProcess {
 public:
  using Env = std::map<std::string, std::string>;

  ServerProcess(std::string url, int port, Env extra = {});
  ~ServerProcess() { kill_now(); }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  void start();
  void kill_now();
  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  // The process's resident set (VmRSS), in MiB; -1 when it cannot be read.
  long resident_mib() const;

 private:
  std::string url_;
  int port_;
  Env extra_;
  pid_t pid_ = -1;
};

// A port that was free a moment ago.
int free_port();

}  // namespace svctest
