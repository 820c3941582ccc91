#pragma once
// What /readyz needs from the database: reachable, and the schema matches the migration files.

#include <string>
#include <vector>

#include "services/storage/migrations.h"

namespace storage {

class ConnectionPool;

struct Readiness {
  enum class State { kReady, kDatabaseUnavailable, kMigrationsPending, kMigrationsInvalid };
  State state = State::kReady;
  std::string detail;  // one line, safe to show to clients (no connection strings)
};

// Never throws for database trouble: an unreachable database or a busy pool is a state.
Readiness check_readiness(ConnectionPool& pool, const std::vector<Migration>& migrations);

}  // namespace storage
