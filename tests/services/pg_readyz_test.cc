// /readyz wired to the real readiness check, as hexpostd wires it (label "db").

#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "services/api/health_routes.h"
#include "services/api/server.h"
#include "services/storage/migrations.h"
#include "services/storage/pool.h"
#include "services/storage/readiness.h"
#include "tests/services/pg_support.h"

namespace {

using namespace std::chrono_literals;

std::string problem_code(const httplib::Result& res) {
  return nlohmann::json::parse(res->body).at("code").get<std::string>();
}

TEST(PgReadyz, Is503UntilMigratedThen200) {
  HEXPOST_REQUIRE_DATABASE();
  testpg::ScratchDatabase db;
  const auto migrations = storage::load_migrations(HEXPOST_SOURCE_MIGRATIONS_DIR);
  storage::ConnectionPool pool(db.url(), 2, 1000ms);
  api::Server server;
  api::add_health_routes(server, [&] {
    const auto r = storage::check_readiness(pool, migrations);
    return api::Readiness{r.state == storage::Readiness::State::kReady,
                          r.state == storage::Readiness::State::kMigrationsPending
                              ? "migrations_pending"
                              : "database_unavailable",
                          r.detail};
  });
  const int port = server.bind("127.0.0.1", 0);
  std::thread thread([&] { server.run(); });
  while (!server.is_running()) std::this_thread::sleep_for(1ms);
  httplib::Client client("127.0.0.1", port);

  auto pending = client.Get("/readyz");
  ASSERT_TRUE(pending);
  EXPECT_EQ(pending->status, 503);
  EXPECT_EQ(problem_code(pending), "migrations_pending");

  storage::apply_migrations(db.url(), migrations);
  auto ready = client.Get("/readyz");
  ASSERT_TRUE(ready);
  EXPECT_EQ(ready->status, 200);

  server.stop();
  thread.join();
}

}  // namespace
