#include "services/api/metrics_routes.h"

#include <utility>
#include <vector>

#include "lib/metrics/metrics.h"
#include "services/api/http_support.h"
#include "services/storage/service_counts.h"

namespace api {
namespace {

constexpr const char* kContentType = "text/plain; version=0.0.4; charset=utf-8";

metrics::Collected gauge(std::string name, std::string help, double value) {
  return {std::move(name), std::move(help), {}, {{{}, value}}};
}

void read_pool(const storage::ConnectionPool& pool, std::vector<metrics::Collected>& out) {
  const auto size = static_cast<double>(pool.size());
  out.push_back(
      gauge("hexpost_db_pool_connections", "Database connections the pool may hold", size));
  out.push_back(gauge("hexpost_db_pool_in_use", "Database connections handed out now",
                      size - static_cast<double>(pool.idle())));
  out.push_back(gauge("hexpost_db_pool_acquisitions", "Connections handed out since the start",
                      static_cast<double>(pool.acquisitions())));
  out.push_back(gauge("hexpost_db_pool_wait_seconds",
                      "Time spent waiting for a free connection since the start, in all",
                      pool.waited_seconds()));
}

void read_database(storage::ConnectionPool& pool, std::vector<metrics::Collected>& out) {
  const storage::ServiceCounts counts = storage::service_counts(pool);
  out.push_back(
      gauge("hexpost_running_games", "Games in play", static_cast<double>(counts.running_games)));
  out.push_back(gauge("hexpost_running_tournaments", "Tournaments in play",
                      static_cast<double>(counts.running_tournaments)));
  metrics::Collected outbox{"hexpost_mail_outbox",
                            "Mail outbox rows by state (queued, held, digested, sent, failed, "
                            "suppressed; sent and failed rows are kept for the retention days)",
                            {"state"},
                            {}};
  for (const auto& [state, n] : counts.outbox_by_state) {
    outbox.samples.push_back({{state}, static_cast<double>(n)});
  }
  out.push_back(std::move(outbox));
}

// `name` ("sweeper", "competition") and `who` ("the clock sweeper") of a periodic worker.
void read_schedule(const hxclock::PeriodicTask& schedule, const std::string& name,
                   const std::string& who, std::vector<metrics::Collected>& out) {
  out.push_back(gauge("hexpost_" + name + "_last_pass_timestamp_seconds",
                      "When " + who + "'s last pass ended (Unix time; 0: none yet)",
                      schedule.last_run_seconds()));
  out.push_back(gauge("hexpost_" + name + "_lag_seconds",
                      "How late " + who + "'s next pass is, beyond its interval",
                      schedule.lag_seconds()));
}

}  // namespace

ServiceMetrics::ServiceMetrics(GameService& service, std::string version) {
  subscription_ = metrics::global().add_collector(
      [&service, version = std::move(version)](std::vector<metrics::Collected>& out) {
        out.push_back(
            {"hexpost_build_info", "The running build (always 1)", {"version"}, {{{version}, 1}}});
        read_pool(service.pool, out);
        read_schedule(service.sweeper.schedule(), "sweeper", "the clock sweeper", out);
        read_schedule(service.competition.schedule(), "competition", "the competition worker", out);
        read_database(service.pool, out);  // last: throws when the database is down
      });
}

ServiceMetrics::~ServiceMetrics() = default;

void add_metrics_route(Server& server, GameService& service, bool require_admin) {
  server.get("/metrics", guarded([&service, require_admin](const Request& req, Response& res) {
               if (require_admin) require_scope(authenticate(service, req, res), {"admin"});
               res.set_content(metrics::global().expose(), kContentType);
             }));
}

}  // namespace api
