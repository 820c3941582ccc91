// ConnectionPool and service_instances against a real PostgreSQL (label "db").

#include <gtest/gtest.h>

#include <chrono>
#include <pqxx/pqxx>
#include <string>
#include <thread>

#include "services/storage/instances.h"
#include "services/storage/migrations.h"
#include "services/storage/pool.h"
#include "tests/services/pg_support.h"

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

int backend_pid(storage::ConnectionPool& pool) {
  return pool.run([](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    return tx.exec1("SELECT pg_backend_pid()")[0].as<int>();
  });
}

class PgPool : public testpg::ScratchDatabaseTest {};

TEST_F(PgPool, ReusesReleasedConnections) {
  storage::ConnectionPool pool(db_->url(), 2, 1000ms);
  const int first = backend_pid(pool);
  EXPECT_EQ(backend_pid(pool), first);
  EXPECT_EQ(pool.idle(), 2u);
}

TEST_F(PgPool, WaitIsBoundedAndEndsInPoolTimeout) {
  storage::ConnectionPool pool(db_->url(), 1, 200ms);
  auto held = pool.acquire();
  const auto start = Clock::now();
  try {
    pool.acquire();
    FAIL() << "acquire() should have timed out";
  } catch (const storage::PoolTimeout& e) {
    EXPECT_TRUE(storage::is_database_unavailable(e));
  }
  const auto waited = Clock::now() - start;
  EXPECT_GE(waited, 150ms);
  EXPECT_LT(waited, 2000ms);
}

TEST_F(PgPool, WaiterGetsTheConnectionWhenItIsReleased) {
  storage::ConnectionPool pool(db_->url(), 1, 3000ms);
  std::thread holder([lease = pool.acquire()]() mutable {
    std::this_thread::sleep_for(100ms);
    auto done = std::move(lease);
  });
  EXPECT_GT(backend_pid(pool), 0);
  holder.join();
}

TEST_F(PgPool, ReconnectsAfterTheServerDropsTheConnection) {
  storage::ConnectionPool pool(db_->url(), 1, 1000ms);
  const int old_pid = backend_pid(pool);
  {
    pqxx::connection admin(db_->url());
    pqxx::nontransaction tx(admin);
    tx.exec_params("SELECT pg_terminate_backend($1)", old_pid);
  }
  // The first use may see the broken connection (and drop it); the pool must recover by the
  // next call, without a restart.
  int new_pid = 0;
  for (int attempt = 0; attempt < 2 && new_pid == 0; ++attempt) {
    try {
      new_pid = backend_pid(pool);
    } catch (const pqxx::broken_connection&) {
    }
  }
  EXPECT_NE(new_pid, 0);
  EXPECT_NE(new_pid, old_pid);
}

TEST_F(PgPool, UnreachableDatabaseThrowsAndFreesTheSlot) {
  storage::ConnectionPool pool(testpg::unreachable_url(), 1, 500ms);
  for (int i = 0; i < 2; ++i) {
    try {
      pool.acquire();
      FAIL() << "connected to nothing";
    } catch (const std::exception& e) {
      EXPECT_TRUE(storage::is_database_unavailable(e)) << e.what();
    }
  }
  EXPECT_EQ(pool.idle(), 1u);
}

class PgInstances : public PgPool {
 protected:
  void SetUp() override {
    PgPool::SetUp();
    if (IsSkipped()) return;
    storage::apply_migrations(db_->url(), storage::load_migrations(HEXPOST_SOURCE_MIGRATIONS_DIR));
    pool_ = std::make_unique<storage::ConnectionPool>(db_->url(), 2, 1000ms);
  }
  std::unique_ptr<storage::ConnectionPool> pool_;
};

TEST_F(PgInstances, RegisterThenBeat) {
  storage::InstanceRepository repo(*pool_);
  repo.register_start("node-a");
  const auto started = repo.find("node-a");
  ASSERT_TRUE(started);
  EXPECT_EQ(started->instance_id, "node-a");
  EXPECT_EQ(started->started_at, started->last_beat);
  std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(repo.beat("node-a"));
  const auto beaten = repo.find("node-a");
  EXPECT_GT(beaten->last_beat, started->last_beat);
  EXPECT_EQ(beaten->started_at, started->started_at);
  EXPECT_FALSE(repo.beat("node-b"));
  EXPECT_FALSE(repo.find("node-b"));
}

TEST_F(PgInstances, RestartResetsStartedAt) {
  storage::InstanceRepository repo(*pool_);
  repo.register_start("node-a");
  const auto first = repo.find("node-a");
  std::this_thread::sleep_for(20ms);
  repo.register_start("node-a");
  EXPECT_GT(repo.find("node-a")->started_at, first->started_at);
}

TEST_F(PgInstances, HeartbeatThreadKeepsBeating) {
  storage::InstanceRepository repo(*pool_);
  repo.register_start("node-hb");
  const auto started = repo.find("node-hb")->started_at;
  storage::Heartbeat heartbeat(repo, "node-hb", 30ms);
  heartbeat.start();
  std::this_thread::sleep_for(200ms);
  const auto during = repo.find("node-hb")->last_beat;
  heartbeat.stop();
  EXPECT_GT(during, started);
  EXPECT_GE(repo.find("node-hb")->last_beat, during);
}

}  // namespace
