// Loading migration files (no database).

#include <gtest/gtest.h>

#include <string>

#include "services/storage/migrations.h"
#include "tests/services/pg_support.h"

namespace {

using storage::MigrationError;

std::string load_error(const testpg::MigrationDir& dir) {
  try {
    storage::load_migrations(dir.path());
  } catch (const MigrationError& e) {
    return e.what();
  }
  return "";
}

TEST(MigrationFiles, LoadsSortedWithChecksums) {
  testpg::MigrationDir dir;
  dir.write("0002_second.sql", "SELECT 2;");
  dir.write("0001_first.sql", "SELECT 1;");
  dir.write("README.md", "not a migration");
  const auto migrations = storage::load_migrations(dir.path());
  ASSERT_EQ(migrations.size(), 2u);
  EXPECT_EQ(migrations[0].version, 1);
  EXPECT_EQ(migrations[0].name, "first");
  EXPECT_EQ(migrations[0].filename, "0001_first.sql");
  EXPECT_EQ(migrations[0].sql, "SELECT 1;");
  EXPECT_EQ(migrations[0].checksum, storage::sha256_hex("SELECT 1;"));
  EXPECT_EQ(migrations[1].version, 2);
}

TEST(MigrationFiles, Sha256MatchesTheStandardVector) {
  EXPECT_EQ(storage::sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(MigrationFiles, RejectsBadNames) {
  testpg::MigrationDir dir;
  dir.write("1_short.sql", "SELECT 1;");
  EXPECT_NE(load_error(dir).find("bad migration file name 1_short.sql"), std::string::npos);
}

TEST(MigrationFiles, RejectsDuplicateVersions) {
  testpg::MigrationDir dir;
  dir.write("0001_a.sql", "SELECT 1;");
  dir.write("0001_b.sql", "SELECT 1;");
  EXPECT_NE(load_error(dir).find("two migrations share version 1"), std::string::npos);
}

TEST(MigrationFiles, MissingDirectoryNamesTheVariable) {
  try {
    storage::load_migrations("/nonexistent/hexpost/migrations");
    FAIL() << "no error";
  } catch (const MigrationError& e) {
    EXPECT_NE(std::string(e.what()).find("HEXPOST_MIGRATIONS_DIR"), std::string::npos);
  }
}

TEST(MigrationFiles, TheRepositoryMigrationsLoad) {
  const auto migrations = storage::load_migrations(HEXPOST_SOURCE_MIGRATIONS_DIR);
  ASSERT_FALSE(migrations.empty());
  EXPECT_EQ(migrations.front().filename, "0001_service_instances.sql");
}

}  // namespace
