#pragma once
// A small httplib server on 127.0.0.1 that plays an API contract hexpostd does not serve on this
// branch yet (the stream of the bots work, the tournaments and ratings of the tourney work), so
// the real `hexpost` binary can be checked against the documented shapes. Register handlers on
// `http()` before start().

#include <httplib.h>

#include <string>
#include <thread>

namespace testsupport {

class StandInServer {
 public:
  httplib::Server& http() { return server_; }
  void start() {
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::yield();
  }
  ~StandInServer() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  httplib::Server server_;
  std::thread thread_;
  int port_ = 0;
};

}  // namespace testsupport
