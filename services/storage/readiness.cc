#include "services/storage/readiness.h"

#include <spdlog/spdlog.h>

#include "services/storage/pool.h"

namespace storage {

Readiness check_readiness(ConnectionPool& pool, const std::vector<Migration>& migrations) {
  MigrationStatus status;
  try {
    status = migration_status(pool, migrations);
  } catch (const std::exception& e) {
    // The reason goes to the log only: libpq messages can name hosts and users.
    spdlog::warn("readiness: database unavailable: {}", e.what());
    return {Readiness::State::kDatabaseUnavailable, "The database is not reachable."};
  }
  if (!status.problems.empty()) {
    return {
        Readiness::State::kMigrationsInvalid,
        std::to_string(status.problems.size()) + " applied migration(s) do not match the files"};
  }
  if (!status.pending.empty()) {
    return {Readiness::State::kMigrationsPending, std::to_string(status.pending.size()) +
                                                      " migration(s) pending, first " +
                                                      status.pending.front()};
  }
  return {Readiness::State::kReady, "ready"};
}

}  // namespace storage
