#pragma once
// GET /healthz  200 {"status":"ok"} while the process can answer (never checks dependencies).
// GET /readyz   200 {"status":"ready"} when the probe says ready, else 503 problem+json with
//               the probe's code (e.g. database_unavailable, migrations_pending) and Retry-After.

#include <functional>
#include <string>

namespace api {

class Server;

struct Readiness {
  bool ready = false;
  std::string code;    // problem code when not ready
  std::string detail;  // shown to clients: no connection strings or hostnames
};

using ReadinessProbe = std::function<Readiness()>;

void add_health_routes(Server& server, ReadinessProbe probe);

}  // namespace api
