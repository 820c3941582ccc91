#pragma once
// Fixtures of the Bot API tests: an in-process server with the game service AND the
// stream routes (event hub, stream registry), and a streaming reader that collects lines.

#include <httplib.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "services/api/game_service.h"
#include "services/api/server.h"
#include "services/api/stream_routes.h"
#include "services/events/event_hub.h"
#include "services/storage/pool.h"
#include "tests/services/game/service_fixture.h"

namespace bottest {

using nlohmann::json;

api::StreamOptions test_stream_options(
    std::size_t max_streams = 16,
    std::chrono::milliseconds heartbeat = std::chrono::milliseconds(300));

class StreamServer {
 public:
  explicit StreamServer(api::StreamOptions options = test_stream_options(),
                        std::size_t ordinary_threads = 8, std::size_t ring_capacity = 20000);
  ~StreamServer();
  int port() const { return port_; }
  api::StreamService& streams() { return *streams_; }

 private:
  std::unique_ptr<storage::ConnectionPool> pool_;
  std::unique_ptr<api::GameService> service_;
  std::unique_ptr<events::EventHub> hub_;
  std::unique_ptr<api::StreamService> streams_;
  std::unique_ptr<api::Server> server_;
  std::thread thread_;
  int port_ = 0;
};

// GETs a streaming path on a thread and keeps every line (heartbeats included, as "").
class StreamReader {
 public:
  // An empty `token` reads without a credential (anonymously).
  StreamReader(int port, const std::string& path, const std::string& token,
               httplib::Headers headers = {});
  ~StreamReader();  // stops reading (closes the connection)

  // Waits until pred(lines) holds; false after `timeout`.
  bool wait_for(const std::function<bool(const std::vector<std::string>&)>& pred,
                std::chrono::milliseconds timeout = std::chrono::seconds(10));
  std::vector<std::string> lines();
  // The JSON lines (heartbeats and non-JSON left out).
  std::vector<json> events();
  bool finished();  // the response ended
  bool wait_finished(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  int status();  // the HTTP status (0 until the headers came)
  void stop();

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
  std::string partial_;
  std::atomic<bool> stop_{false};
  bool finished_ = false;
  int status_ = 0;
  std::thread thread_;
};

// The ids of the events with "id" among `events`, in order.
std::vector<std::string> ids_of(const std::vector<json>& events);
// Every game_events id for `username`'s account in stream order (txid, id).
std::vector<std::string> stream_ids_in_db(const std::string& username);

}  // namespace bottest
