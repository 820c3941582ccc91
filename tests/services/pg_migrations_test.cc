// Migrations against a real PostgreSQL (label "db").

#include <gtest/gtest.h>

#include <atomic>
#include <pqxx/pqxx>
#include <string>
#include <thread>
#include <vector>

#include "services/storage/migrations.h"
#include "services/storage/pool.h"
#include "services/storage/readiness.h"
#include "tests/services/pg_support.h"

namespace {

using storage::MigrationError;

long long count(const std::string& url, const std::string& sql) {
  pqxx::connection conn(url);
  pqxx::nontransaction tx(conn);
  return tx.exec1(sql)[0].as<long long>();
}

std::string apply_error(const std::string& url, const testpg::MigrationDir& dir) {
  try {
    storage::apply_migrations(url, storage::load_migrations(dir.path()));
  } catch (const MigrationError& e) {
    return e.what();
  }
  return "";
}

class PgMigrations : public ::testing::Test {
 protected:
  void SetUp() override {
    HEXPOST_REQUIRE_DATABASE();
    db_ = std::make_unique<testpg::ScratchDatabase>();
    dir_.write("0001_create_items.sql", "CREATE TABLE items (id serial PRIMARY KEY, v text);");
    dir_.write("0002_seed_items.sql", "INSERT INTO items (v) VALUES ('seed');");
  }
  const std::string& url() const { return db_->url(); }

  std::unique_ptr<testpg::ScratchDatabase> db_;
  testpg::MigrationDir dir_;
};

TEST_F(PgMigrations, ApplyTwiceIsApplyOnce) {
  const auto migrations = storage::load_migrations(dir_.path());
  const auto first = storage::apply_migrations(url(), migrations);
  EXPECT_EQ(first, (std::vector<std::string>{"0001_create_items.sql", "0002_seed_items.sql"}));
  EXPECT_TRUE(storage::apply_migrations(url(), migrations).empty());
  EXPECT_EQ(count(url(), "SELECT count(*) FROM items"), 1);
  EXPECT_EQ(count(url(), "SELECT count(*) FROM schema_migrations"), 2);
  pqxx::connection conn(url());
  pqxx::nontransaction tx(conn);
  const auto row = tx.exec1("SELECT name, checksum FROM schema_migrations WHERE version = 1");
  EXPECT_EQ(row[0].as<std::string>(), "create_items");
  EXPECT_EQ(row[1].as<std::string>(), migrations[0].checksum);
}

TEST_F(PgMigrations, ConcurrentMigratorsApplyEachFileOnce) {
  // A slow first file widens the window in which the others would apply it too.
  dir_.write("0001_create_items.sql",
             "SELECT pg_sleep(0.3); CREATE TABLE items (id serial PRIMARY KEY, v text);");
  const auto migrations = storage::load_migrations(dir_.path());
  std::atomic<int> applied{0};
  std::atomic<int> failed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      try {
        applied += static_cast<int>(storage::apply_migrations(url(), migrations).size());
      } catch (const std::exception&) {
        ++failed;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failed, 0);
  EXPECT_EQ(applied, 2);
  EXPECT_EQ(count(url(), "SELECT count(*) FROM items"), 1);
  EXPECT_EQ(count(url(), "SELECT count(*) FROM schema_migrations"), 2);
}

TEST_F(PgMigrations, EditedAppliedFileIsRefused) {
  storage::apply_migrations(url(), storage::load_migrations(dir_.path()));
  dir_.write("0001_create_items.sql", "CREATE TABLE items (id bigserial PRIMARY KEY, v text);");
  EXPECT_NE(apply_error(url(), dir_).find("0001_create_items.sql was edited after it was applied"),
            std::string::npos);

  storage::ConnectionPool pool(url(), 1, std::chrono::milliseconds(1000));
  const auto migrations = storage::load_migrations(dir_.path());
  const auto status = storage::migration_status(pool, migrations);
  ASSERT_EQ(status.problems.size(), 1u);
  EXPECT_FALSE(status.current());
  EXPECT_EQ(storage::check_readiness(pool, migrations).state,
            storage::Readiness::State::kMigrationsInvalid);
}

TEST_F(PgMigrations, RemovedAppliedFileIsRefused) {
  storage::apply_migrations(url(), storage::load_migrations(dir_.path()));
  dir_.remove("0002_seed_items.sql");
  EXPECT_NE(apply_error(url(), dir_)
                .find("0002_seed_items.sql is recorded as applied but its file "
                      "is missing"),
            std::string::npos);
}

TEST_F(PgMigrations, FileOlderThanTheNewestAppliedIsRefused) {
  dir_.remove("0002_seed_items.sql");
  dir_.write("0003_more.sql", "INSERT INTO items (v) VALUES ('more');");
  storage::apply_migrations(url(), storage::load_migrations(dir_.path()));
  dir_.write("0002_seed_items.sql", "INSERT INTO items (v) VALUES ('late');");
  EXPECT_NE(apply_error(url(), dir_).find("0002_seed_items.sql is older than the newest applied"),
            std::string::npos);
}

TEST_F(PgMigrations, FailedFileIsRolledBackAndNamed) {
  dir_.write("0003_broken.sql", "CREATE TABLE half_done (id int); SELEC 1;");
  EXPECT_NE(apply_error(url(), dir_).find("migration 0003_broken.sql failed"), std::string::npos);
  EXPECT_EQ(count(url(), "SELECT count(*) FROM schema_migrations"), 2);
  EXPECT_EQ(count(url(), "SELECT count(*) FROM pg_class WHERE relname = 'half_done'"), 0);
}

TEST_F(PgMigrations, StatusAndReadinessFollowTheSchema) {
  storage::ConnectionPool pool(url(), 1, std::chrono::milliseconds(1000));
  const auto migrations = storage::load_migrations(dir_.path());
  const auto before = storage::migration_status(pool, migrations);
  EXPECT_EQ(before.pending.size(), 2u);
  EXPECT_EQ(storage::check_readiness(pool, migrations).state,
            storage::Readiness::State::kMigrationsPending);
  storage::apply_migrations(url(), migrations);
  EXPECT_TRUE(storage::migration_status(pool, migrations).current());
  EXPECT_EQ(storage::check_readiness(pool, migrations).state, storage::Readiness::State::kReady);
}

TEST_F(PgMigrations, UnreachableDatabaseIsNotReady) {
  storage::ConnectionPool pool(testpg::unreachable_url(), 1, std::chrono::milliseconds(500));
  const auto readiness = storage::check_readiness(pool, storage::load_migrations(dir_.path()));
  EXPECT_EQ(readiness.state, storage::Readiness::State::kDatabaseUnavailable);
  EXPECT_EQ(readiness.detail.find("127.0.0.1"), std::string::npos);
}

TEST_F(PgMigrations, TheRepositoryMigrationsApply) {
  const auto migrations = storage::load_migrations(HEXPOST_SOURCE_MIGRATIONS_DIR);
  EXPECT_EQ(storage::apply_migrations(url(), migrations).size(), migrations.size());
  EXPECT_EQ(count(url(), "SELECT count(*) FROM service_instances"), 0);
}

}  // namespace
