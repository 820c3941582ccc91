#pragma once
// Real-PostgreSQL test support. Tests that need a database call HEXPOST_REQUIRE_DATABASE() and
// are skipped when TEST_DATABASE_URL is unset (ctest label "db"; ops/test always sets it).
// Each test gets a scratch database of its own, so tests can run in parallel and migrations
// start from nothing.

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

namespace testpg {

// TEST_DATABASE_URL, or "" when unset.
std::string base_url();

// `url` (URI or keyword form) pointing at another database.
std::string with_database(const std::string& url, const std::string& dbname);

// A URL on which nothing listens (connection refused at once).
std::string unreachable_url();

// CREATE DATABASE on construction, DROP DATABASE ... WITH (FORCE) on destruction.
class ScratchDatabase {
 public:
  ScratchDatabase();
  ~ScratchDatabase();
  ScratchDatabase(const ScratchDatabase&) = delete;
  ScratchDatabase& operator=(const ScratchDatabase&) = delete;

  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::string url_;
};

// A temporary directory of migration files, removed on destruction.
class MigrationDir {
 public:
  MigrationDir();
  ~MigrationDir();
  void write(const std::string& filename, const std::string& sql) const;
  void remove(const std::string& filename) const;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace testpg

#define HEXPOST_REQUIRE_DATABASE()                                                  \
  do {                                                                              \
    if (testpg::base_url().empty()) GTEST_SKIP() << "TEST_DATABASE_URL is not set"; \
  } while (0)

namespace testpg {

// A fixture whose tests each get a scratch database (db_), skipped without TEST_DATABASE_URL.
class ScratchDatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    HEXPOST_REQUIRE_DATABASE();
    db_ = std::make_unique<ScratchDatabase>();
  }
  std::unique_ptr<ScratchDatabase> db_;
};

}  // namespace testpg
