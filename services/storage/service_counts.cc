#include "services/storage/service_counts.h"

#include <pqxx/pqxx>

#include "services/storage/pool.h"

namespace storage {

namespace {
constexpr const char* kOutboxStates[] = {"queued", "held",   "digested",
                                         "sent",   "failed", "suppressed"};
}  // namespace

ServiceCounts service_counts(ConnectionPool& pool) {
  return pool.run([](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    ServiceCounts counts;
    for (const char* state : kOutboxStates) counts.outbox_by_state[state] = 0;
    const pqxx::result rows = tx.exec(
        "SELECT 'games', count(*) FROM games WHERE status = 'active' "
        "UNION ALL SELECT 'tournaments', count(*) FROM tournaments WHERE status = 'running' "
        "UNION ALL SELECT 'outbox:' || status, count(*) FROM mail_outbox GROUP BY status");
    for (const auto& row : rows) {
      const std::string what = row[0].as<std::string>();
      const auto n = row[1].as<std::int64_t>();
      if (what == "games") {
        counts.running_games = n;
      } else if (what == "tournaments") {
        counts.running_tournaments = n;
      } else {
        counts.outbox_by_state[what.substr(7)] = n;
      }
    }
    return counts;
  });
}

}  // namespace storage
