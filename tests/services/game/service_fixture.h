#pragma once
// Fixtures for the game service tests: a private database per test process (created from
// TEST_DATABASE_URL, migrated, dropped at exit), an in-process server on 127.0.0.1 port 0 with
// the test-only counting game in its catalogue (and /healthz, always 200), and a small HTTP
// client.

#include <httplib.h>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "services/api/game_service.h"
#include "services/api/server.h"
#include "services/events/event_hub.h"
#include "services/storage/pool.h"

namespace svctest {

using nlohmann::json;

// The URL of this process's database, or empty when TEST_DATABASE_URL is unset (tests skip).
const std::string& database_url();
// `url` with its dbname replaced.
std::string with_database(const std::string& url, const std::string& dbname);
std::string migrations_dir();

domain::Catalog test_catalog();
api::GameServiceOptions test_options();

// True once `hub` has read the event `kind` of game `id` (at `ply`, for a move) after `since`;
// false after 5 s.
bool hub_read(const events::EventHub& hub, const storage::StreamPosition& since,
              const std::string& id, const std::string& kind, int ply = -1);

class TestServer {
 public:
  // Adds more routes (on the server's own GameService) before the server starts.
  using Compose = std::function<void(api::Server&, api::GameService&)>;

  explicit TestServer(const std::string& url = database_url(),
                      api::GameServiceOptions options = test_options(), std::size_t threads = 96,
                      std::size_t pool_size = 8, hxclock::Clock& clock = hxclock::system_clock(),
                      const Compose& compose = {});
  ~TestServer();
  int port() const { return port_; }
  api::GameService& service() { return *service_; }

 private:
  std::unique_ptr<storage::ConnectionPool> pool_;
  std::unique_ptr<api::GameService> service_;
  std::unique_ptr<api::Server> server_;
  std::thread thread_;
  int port_ = 0;
};

struct Reply {
  int status = 0;  // 0: connection error
  json body;       // parsed JSON (null when not JSON)
  std::string text;
  httplib::Headers headers;
  std::string header(const std::string& name) const;
};

class Client {
 public:
  explicit Client(int port);
  Reply get(const std::string& path, const std::string& token = "",
            const httplib::Headers& headers = {});
  Reply post(const std::string& path, const json& body, const std::string& token = "",
             const httplib::Headers& headers = {});
  Reply post_raw(const std::string& path, const std::string& body, const std::string& type,
                 const std::string& token = "", const httplib::Headers& headers = {});
  Reply del(const std::string& path, const std::string& token = "",
            const httplib::Headers& headers = {});
  Reply put(const std::string& path, const std::string& token = "");  // with no body
  Reply put(const std::string& path, const json& body, const std::string& token = "");
  Reply patch(const std::string& path, const json& body, const std::string& token = "");

 private:
  httplib::Client client_;
};

struct Account {
  std::string username;
  std::string token;
};

// A new account with a unique name built from `stem`.
Account make_account(Client& client, const std::string& stem);
// A 2-, 3- or 4-player game between the accounts (challenge by the first, accepted by the others).
std::string start_game(Client& client, const std::vector<Account>& players,
                       const std::string& game = "counting", const json& options = json::object());
// The account whose turn it is in the game view.
const Account& to_move(const json& view, const std::vector<Account>& players);

// Counting-game moves ("1") at plies from, from + 1, ... (`count` of them), each by whoever is to
// move; a fatal failure as soon as one is not answered 201 (wrap in ASSERT_NO_FATAL_FAILURE).
void play_counting_moves(Client& client, const std::string& game_id,
                         const std::vector<Account>& players, int from, int count);

long long count_rows(const std::string& table);

}  // namespace svctest

#define SVC_REQUIRE_DB()                                                                 \
  do {                                                                                   \
    if (svctest::database_url().empty()) GTEST_SKIP() << "TEST_DATABASE_URL is not set"; \
  } while (0)
