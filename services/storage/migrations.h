#pragma once
// Schema migrations: numbered SQL files, forward-only.
//
// Files are named NNNN_some_name.sql (four digits, lower-case name) in one directory. Each is
// applied once, in version order, in its own transaction (so a file must not contain BEGIN or
// COMMIT), and recorded in schema_migrations(version, name, checksum, applied_at) with the
// SHA-256 of its bytes. A session-level pg_advisory_lock serialises concurrent migrators: the
// second one waits, then finds nothing left to do.
//
// An applied migration is immutable: if its file was edited or removed, or a new file sorts
// before the newest applied one, apply_migrations() and migration_status() report it and the
// server refuses to start.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace storage {

class ConnectionPool;

struct Migration {
  int version = 0;
  std::string name;      // "service_instances"
  std::string filename;  // "0001_service_instances.sql"
  std::string sql;
  std::string checksum;  // lower-case hex SHA-256 of `sql`
};

class MigrationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads and checks every *.sql file in `dir`, sorted by version. Throws MigrationError for a
// missing directory, a badly named .sql file or a duplicate version. Other files are ignored.
std::vector<Migration> load_migrations(const std::filesystem::path& dir);

struct MigrationStatus {
  std::vector<std::string> pending;   // filenames not applied yet, in order
  std::vector<std::string> problems;  // edited / missing / out-of-order files, one line each
  bool current() const { return pending.empty() && problems.empty(); }
};

// Compares the files with schema_migrations (read-only; a missing table means all pending).
// Throws what the pool throws when the database is unreachable.
MigrationStatus migration_status(ConnectionPool& pool, const std::vector<Migration>& migrations);

// Opens its own connection (the advisory lock is per session), takes the lock, verifies the
// applied files and applies the pending ones. Returns the filenames it applied (empty when the
// schema was current). Throws MigrationError on a verification problem or a failed file (that
// file's transaction is rolled back; earlier files stay applied).
std::vector<std::string> apply_migrations(const std::string& database_url,
                                          const std::vector<Migration>& migrations);

// Lower-case hex SHA-256 (OpenSSL).
std::string sha256_hex(const std::string& bytes);

}  // namespace storage
