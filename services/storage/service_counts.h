#pragma once
// What the metrics read from the database at each scrape: running games and tournaments, and
// the mail outbox by state. One statement, on indexes or small tables.

#include <cstdint>
#include <map>
#include <string>

namespace storage {

class ConnectionPool;

struct ServiceCounts {
  std::int64_t running_games = 0;
  std::int64_t running_tournaments = 0;
  std::map<std::string, std::int64_t> outbox_by_state;  // every state, zero included
};

// Throws what the pool throws (PoolTimeout, broken_connection) when the database is unusable.
ServiceCounts service_counts(ConnectionPool& pool);

}  // namespace storage
