#include "tests/services/game/service_fixture.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <random>
#include <stdexcept>

#include "services/api/health_routes.h"
#include "services/storage/migrations.h"
#include "tests/services/game/counting_game.h"

namespace svctest {

namespace {

struct DatabaseHolder {
  std::string admin_url;
  std::string name;
  std::string url;
  void drop() {
    if (name.empty()) return;
    try {
      pqxx::connection c(admin_url);
      pqxx::nontransaction tx(c);
      tx.exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (...) {
    }
    name.clear();
  }
};

DatabaseHolder& holder() {
  static DatabaseHolder h;
  return h;
}

// Drops this process's database after the last test, while libpq and OpenSSL are still alive
// (a static destructor would run after OpenSSL's exit-time cleanup).
class DropDatabase : public ::testing::Environment {
 public:
  void TearDown() override { holder().drop(); }
};
[[maybe_unused]] ::testing::Environment* const kDropDatabase =
    ::testing::AddGlobalTestEnvironment(new DropDatabase);

}  // namespace

std::string with_database(const std::string& url, const std::string& dbname) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (options == nullptr) {
    std::string message = error ? error : "bad connection string";
    PQfreemem(error);
    throw std::runtime_error(message);
  }
  std::string out;
  for (PQconninfoOption* o = options; o->keyword != nullptr; ++o) {
    if (std::string(o->keyword) == "dbname" || o->val == nullptr) continue;
    std::string value;
    for (char c : std::string(o->val)) {
      if (c == '\'' || c == '\\') value += '\\';
      value += c;
    }
    out += std::string(o->keyword) + "='" + value + "' ";
  }
  PQconninfoFree(options);
  return out + "dbname='" + dbname + "'";
}

std::string migrations_dir() { return HEXPOST_TEST_MIGRATIONS_DIR; }

const std::string& database_url() {
  static const std::string url = [] {
    const char* base = std::getenv("TEST_DATABASE_URL");
    if (base == nullptr || *base == '\0') return std::string();
    DatabaseHolder& h = holder();
    h.admin_url = base;
    std::random_device rd;
    h.name = "svc_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 1000000);
    {
      pqxx::connection c(h.admin_url);
      pqxx::nontransaction tx(c);
      tx.exec("CREATE DATABASE " + h.name);
    }
    h.url = with_database(h.admin_url, h.name);
    storage::apply_migrations(h.url, storage::load_migrations(migrations_dir()));
    return h.url;
  }();
  return url;
}

domain::Catalog test_catalog() {
  return domain::Catalog::from_registry({&testgame::counting_game()});
}

api::GameServiceOptions test_options() {
  api::GameServiceOptions options;
  options.rate_limit = {1e6, 1e6};
  // Anonymous reads from 127.0.0.1 share one bucket in the test process's database: tests that
  // count them set their own (web_access_test.cc).
  options.anonymous_rate_limit = {1e6, 1e6};
  // A challenge without a clock stays unclocked here, so that time-travelling tests decide
  // their clocks themselves; tests of the default clock set it.
  options.clocks.default_days_per_move = 0;
  // Tests make many accounts and tokens from 127.0.0.1, often at once: the login limits stay out
  // of their way unless a test sets them (login_test.cc).
  options.logins.per_address = {1e6, 1e6};
  options.logins.per_username = {1e6, 1e6};
  options.logins.free_failures = 1'000'000;
  options.hash_queue.max_waiting = 100'000;
  options.hash_queue.max_wait = std::chrono::seconds(60);
  return options;
}

TestServer::TestServer(const std::string& url, api::GameServiceOptions options, std::size_t threads,
                       std::size_t pool_size, hxclock::Clock& clock, const Compose& compose) {
  // Access logs only when asked for (HEXPOST_TEST_LOG=1): they drown the test output.
  if (std::getenv("HEXPOST_TEST_LOG") == nullptr) spdlog::set_level(spdlog::level::warn);
  pool_ =
      std::make_unique<storage::ConnectionPool>(url, pool_size, std::chrono::milliseconds(2000));
  service_ = std::make_unique<api::GameService>(*pool_, test_catalog(), options, clock);
  api::ServerOptions server_options;
  server_options.threads = threads;
  server_options.keep_alive_max = 100000;
  server_ = std::make_unique<api::Server>(server_options);
  api::add_health_routes(*server_, [] { return api::Readiness{true, "", ""}; });
  api::add_game_service_routes(*server_, *service_);
  if (compose) compose(*server_, *service_);
  port_ = server_->bind("127.0.0.1", 0);
  thread_ = std::thread([this] { server_->run(); });
  for (int i = 0; i < 500 && !server_->is_running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

TestServer::~TestServer() {
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

// True once `hub` has read the event: polled every 10 ms.
bool hub_read(const events::EventHub& hub, const storage::StreamPosition& since,
              const std::string& id, const std::string& kind, int ply) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    std::vector<storage::EventRecord> found;
    storage::StreamPosition upto;
    hub.read(
        since,
        [&](const storage::EventRecord& e) {
          return e.kind == kind && e.game_id == std::stoll(id) && (ply < 0 || e.ply == ply);
        },
        found, upto);
    if (!found.empty()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

std::string Reply::header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? std::string() : it->second;
}

Client::Client(int port) : client_("127.0.0.1", port) {
  client_.set_keep_alive(true);
  client_.set_tcp_nodelay(true);
  client_.set_read_timeout(30, 0);
}

namespace {

Reply to_reply(const httplib::Result& result) {
  Reply reply;
  if (!result) return reply;
  reply.status = result->status;
  reply.text = result->body;
  reply.headers = result->headers;
  reply.body = json::parse(result->body, nullptr, false);
  if (reply.body.is_discarded()) reply.body = nullptr;
  return reply;
}

httplib::Headers with_token(httplib::Headers headers, const std::string& token) {
  if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
  return headers;
}

}  // namespace

Reply Client::get(const std::string& path, const std::string& token,
                  const httplib::Headers& headers) {
  return to_reply(client_.Get(path.c_str(), with_token(headers, token)));
}

Reply Client::post(const std::string& path, const json& body, const std::string& token,
                   const httplib::Headers& headers) {
  return post_raw(path, body.dump(), "application/json", token, headers);
}

Reply Client::post_raw(const std::string& path, const std::string& body, const std::string& type,
                       const std::string& token, const httplib::Headers& headers) {
  return to_reply(client_.Post(path.c_str(), with_token(headers, token), body, type.c_str()));
}

Reply Client::del(const std::string& path, const std::string& token,
                  const httplib::Headers& headers) {
  return to_reply(client_.Delete(path.c_str(), with_token(headers, token)));
}

Reply Client::put(const std::string& path, const std::string& token) {
  return to_reply(client_.Put(path.c_str(), with_token({}, token), "", "application/json"));
}

Reply Client::put(const std::string& path, const json& body, const std::string& token) {
  return to_reply(
      client_.Put(path.c_str(), with_token({}, token), body.dump(), "application/json"));
}

Reply Client::patch(const std::string& path, const json& body, const std::string& token) {
  return to_reply(
      client_.Patch(path.c_str(), with_token({}, token), body.dump(), "application/json"));
}

Account make_account(Client& client, const std::string& stem) {
  static std::atomic<int> counter{0};
  const std::string name =
      stem.substr(0, 12) + std::to_string(getpid() % 100000) + "_" + std::to_string(counter++);
  const Reply r = client.post("/v1/accounts", {{"username", name},
                                               {"email", name + "@example.test"},
                                               {"password", "correct horse " + name}});
  if (r.status != 201) throw std::runtime_error("account creation failed: " + r.text);
  return {name, r.body.at("token").get<std::string>()};
}

std::string start_game(Client& client, const std::vector<Account>& players, const std::string& game,
                       const json& options) {
  json opponents = json::array();
  for (std::size_t i = 1; i < players.size(); ++i) opponents.push_back(players[i].username);
  const Reply c = client.post("/v1/challenges",
                              {{"game", game},
                               {"players", players.size()},
                               {"opponents", opponents},
                               {"options", options},
                               {"clock", {{"days_per_move", 3}}}},
                              players[0].token);
  if (c.status != 201) throw std::runtime_error("challenge failed: " + c.text);
  const std::string id = c.body.at("id");
  Reply a;
  for (std::size_t i = 1; i < players.size(); ++i) {
    a = client.post("/v1/challenges/" + id + "/accept", json::object(), players[i].token);
    if (a.status != 200) throw std::runtime_error("accept failed: " + a.text);
  }
  return a.body.at("game_id").get<std::string>();
}

const Account& to_move(const json& view, const std::vector<Account>& players) {
  const std::string name = view.at("to_move").at(0).get<std::string>();
  for (const auto& p : players) {
    if (p.username == name) return p;
  }
  throw std::runtime_error("nobody to move");
}

void play_counting_moves(Client& client, const std::string& game_id,
                         const std::vector<Account>& players, int from, int count) {
  for (int ply = from; ply < from + count; ++ply) {
    const Account& mover =
        to_move(client.get("/v1/games/" + game_id, players[0].token).body, players);
    ASSERT_EQ(
        client.post("/v1/games/" + game_id + "/moves", {{"move", "1"}, {"ply", ply}}, mover.token)
            .status,
        201)
        << "ply " << ply;
  }
}

long long count_rows(const std::string& table) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  return tx.exec("SELECT count(*) FROM " + table)[0][0].as<long long>();
}

}  // namespace svctest
