// `hexpost move` after a network failure: a loopback proxy forwards the POST to hexpostd (which
// stores the move) but drops the client's connection before the answer. The CLI retries with
// the same Idempotency-Key; the move must be stored once and the CLI must succeed.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <thread>

#include "tests/cli/server/cli_fixture.h"
#include "tests/support/loopback.h"

namespace {

using namespace clitest;

// Reads one HTTP/1.1 message with a Content-Length body (or none); empty on EOF.
std::string read_message(int fd) {
  std::string data;
  char buffer[8192];
  std::size_t header_end = std::string::npos;
  std::size_t total = 0;
  while (true) {
    if (header_end == std::string::npos) {
      header_end = data.find("\r\n\r\n");
      if (header_end != std::string::npos) {
        std::size_t length = 0;
        std::string lower = data.substr(0, header_end);
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (auto at = lower.find("content-length:"); at != std::string::npos) {
          length = std::stoul(lower.substr(at + 15));
        }
        total = header_end + 4 + length;
      }
    }
    if (header_end != std::string::npos && data.size() >= total) return data;
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n <= 0) return {};
    data.append(buffer, static_cast<std::size_t>(n));
  }
}

// Forwards requests one connection at a time; the first `drop_moves` POSTs to .../moves reach
// the server but their answers are thrown away and the client's connection closed.
class DroppingProxy {
 public:
  DroppingProxy(int upstream_port, int drop_moves)
      : upstream_(upstream_port), drops_left_(drop_moves) {
    listen_fd_ = testsupport::listen_loopback(port_);
    thread_ = std::thread([this] { serve(); });
  }
  ~DroppingProxy() {
    stop_ = true;
    thread_.join();
    close(listen_fd_);
  }
  int port() const { return port_; }
  int moves_forwarded() const { return moves_forwarded_; }

 private:
  void serve() {
    while (!stop_) {
      pollfd p{listen_fd_, POLLIN, 0};
      if (poll(&p, 1, 50) <= 0) continue;
      const int client = accept(listen_fd_, nullptr, nullptr);
      if (client >= 0) relay(client);
    }
  }
  void relay(int client) {
    const int upstream = testsupport::connect_loopback(upstream_);
    while (upstream >= 0) {
      const std::string request = read_message(client);
      if (request.empty()) break;
      const bool is_move =
          request.rfind("POST ", 0) == 0 &&
          request.substr(0, request.find("\r\n")).find("/moves ") != std::string::npos;
      if (write(upstream, request.data(), request.size()) < 0) break;
      const std::string answer = read_message(upstream);
      if (is_move) ++moves_forwarded_;
      if (is_move && drops_left_ > 0) {
        --drops_left_;
        break;  // the server has stored the move; the client never hears of it
      }
      if (answer.empty() || write(client, answer.data(), answer.size()) < 0) break;
    }
    if (upstream >= 0) close(upstream);
    close(client);
  }

  int upstream_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<int> drops_left_;
  std::atomic<int> moves_forwarded_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

TEST(CliMoveRetry, AnswerLostOnceTheMoveIsStoredOnceAndTheCliSucceeds) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("heximeros", p0, p1);
  const std::string move = parse_out(hexpost(p0, {"show", id, "--json"})).at("legal_moves")[0];
  DroppingProxy proxy(server_port(), 1);
  const auto played =
      hexpost(p0, {"move", id, move, "--json"}, "",
              {{"HEXPOST_SERVER", "http://127.0.0.1:" + std::to_string(proxy.port())}});
  ASSERT_EQ(played.exit_code, 0) << played.err;
  EXPECT_EQ(proxy.moves_forwarded(), 2);  // the lost attempt and the retry
  EXPECT_NE(played.err.find("retrying (same Idempotency-Key)"), std::string::npos) << played.err;
  const json answer = parse_out(played);
  EXPECT_EQ(answer.at("move"), move);
  EXPECT_EQ(answer.at("ply"), 1);
  // Stored once: the game is at ply 1 with exactly one move.
  const json view = parse_out(hexpost(p1, {"show", id, "--json"}));
  EXPECT_EQ(view.at("ply"), 1);
  EXPECT_EQ(view.at("moves").size(), 1u);
}

TEST(CliMoveRetry, EveryAttemptLostExitsOneAndStoresTheMoveOnce) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("heximeros", p0, p1);
  const std::string move = parse_out(hexpost(p0, {"show", id, "--json"})).at("legal_moves")[0];
  DroppingProxy proxy(server_port(), 100);
  const auto played =
      hexpost(p0, {"move", id, move}, "",
              {{"HEXPOST_SERVER", "http://127.0.0.1:" + std::to_string(proxy.port())}});
  EXPECT_EQ(played.exit_code, 1);
  EXPECT_EQ(played.out, "");
  EXPECT_EQ(proxy.moves_forwarded(), 4);
  const json view = parse_out(hexpost(p1, {"show", id, "--json"}));
  EXPECT_EQ(view.at("ply"), 1);
  EXPECT_EQ(view.at("moves").size(), 1u);
}

}  // namespace
