#include "tests/services/bots/bot_fixture.h"

#include <spdlog/spdlog.h>
#include <pqxx/pqxx>

#include <cstdlib>

namespace bottest {

api::StreamOptions test_stream_options(std::size_t max_streams,
                                       std::chrono::milliseconds heartbeat) {
  api::StreamOptions o;
  o.max_streams = max_streams;
  o.heartbeat = heartbeat;
  o.poll = std::chrono::milliseconds(200);
  o.retry_after_s = 3;
  return o;
}

StreamServer::StreamServer(api::StreamOptions options, std::size_t ordinary_threads,
                           std::size_t ring_capacity) {
  // Access logs only when asked for (HEXPOST_TEST_LOG=1): they drown the test output.
  if (std::getenv("HEXPOST_TEST_LOG") == nullptr) spdlog::set_level(spdlog::level::warn);
  const std::string url = svctest::database_url();
  pool_ = std::make_unique<storage::ConnectionPool>(url, 8, std::chrono::milliseconds(2000));
  service_ =
      std::make_unique<api::GameService>(*pool_, svctest::test_catalog(), svctest::test_options());
  hub_ = std::make_unique<events::EventHub>(url, events::HubOptions{options.poll, ring_capacity});
  streams_ = std::make_unique<api::StreamService>(*service_, *hub_, options);
  api::ServerOptions server_options;
  server_options.threads = ordinary_threads + options.max_streams;
  server_options.keep_alive_max = 100000;
  server_ = std::make_unique<api::Server>(server_options);
  api::add_game_service_routes(*server_, *service_);
  api::add_stream_routes(*server_, *streams_);
  hub_->start();
  port_ = server_->bind("127.0.0.1", 0);
  thread_ = std::thread([this] { server_->run(); });
  for (int i = 0; i < 500 && !server_->is_running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

StreamServer::~StreamServer() {
  hub_->stop();
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

StreamReader::StreamReader(int port, const std::string& path, const std::string& token,
                           httplib::Headers headers) {
  if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
  thread_ = std::thread([this, port, path, headers] {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(30, 0);
    client.Get(
        path.c_str(), headers,
        [this](const httplib::Response& res) {
          std::lock_guard lock(mutex_);
          status_ = res.status;
          changed_.notify_all();
          return true;
        },
        [this](const char* data, std::size_t size) {
          std::lock_guard lock(mutex_);
          partial_.append(data, size);
          for (std::size_t nl; (nl = partial_.find('\n')) != std::string::npos;) {
            lines_.push_back(partial_.substr(0, nl));
            partial_.erase(0, nl + 1);
          }
          changed_.notify_all();
          return !stop_.load();
        });
    std::lock_guard lock(mutex_);
    if (!partial_.empty()) lines_.push_back(partial_);
    finished_ = true;
    changed_.notify_all();
  });
}

StreamReader::~StreamReader() { stop(); }

void StreamReader::stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

bool StreamReader::wait_for(const std::function<bool(const std::vector<std::string>&)>& pred,
                            std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] { return pred(lines_); });
}

std::vector<std::string> StreamReader::lines() {
  std::lock_guard lock(mutex_);
  return lines_;
}

std::vector<json> StreamReader::events() {
  std::vector<json> out;
  for (const auto& line : lines()) {
    json e = json::parse(line, nullptr, false);
    if (e.is_object()) out.push_back(e);
  }
  return out;
}

bool StreamReader::finished() {
  std::lock_guard lock(mutex_);
  return finished_;
}

bool StreamReader::wait_finished(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] { return finished_; });
}

int StreamReader::status() {
  std::lock_guard lock(mutex_);
  return status_;
}

std::vector<std::string> ids_of(const std::vector<json>& events) {
  std::vector<std::string> ids;
  for (const auto& e : events) {
    if (e.contains("id")) ids.push_back(e["id"].get<std::string>());
  }
  return ids;
}

std::vector<std::string> stream_ids_in_db(const std::string& username) {
  pqxx::connection c(svctest::database_url());
  pqxx::nontransaction tx(c);
  std::vector<std::string> ids;
  for (const auto& row :
       tx.exec_params("SELECT e.id::text FROM game_events e JOIN accounts a ON e.recipients @> "
                      "ARRAY[a.id] WHERE a.username = $1 ORDER BY e.txid, e.id",
                      username)) {
    ids.push_back(row[0].c_str());
  }
  return ids;
}

}  // namespace bottest
