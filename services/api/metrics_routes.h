#pragma once
// GET /metrics: Prometheus' text format (lib/metrics/metrics.h). The instruments updated where
// things happen (requests, moves, write batches, streams, event delivery) are joined at each
// scrape by what this reads then: the connection pool, the running games and tournaments and
// the mail outbox by state (one statement), the clock sweeper's and the competition worker's
// last pass and lag, and the build.
//
// Where it is served (docs/operations.md): on the public listener only to a token with the
// admin scope (others: 401/403), and without a token on HEXPOST_METRICS_LISTEN, a second
// listener meant for a private address.

#include <memory>
#include <string>

#include "services/api/game_service.h"
#include "services/api/server.h"

namespace metrics {
class Subscription;
}

namespace api {

// Registers the scrape-time readings of `service` while it lives.
class ServiceMetrics {
 public:
  ServiceMetrics(GameService& service, std::string version);
  ~ServiceMetrics();
  ServiceMetrics(const ServiceMetrics&) = delete;
  ServiceMetrics& operator=(const ServiceMetrics&) = delete;

 private:
  std::unique_ptr<metrics::Subscription> subscription_;
};

// GET /metrics on `server`; with `require_admin` only for a token with the admin scope.
void add_metrics_route(Server& server, GameService& service, bool require_admin);

}  // namespace api
