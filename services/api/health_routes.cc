#include "services/api/health_routes.h"

#include <nlohmann/json.hpp>

#include "services/api/server.h"

namespace api {

void add_health_routes(Server& server, ReadinessProbe probe) {
  server.get("/healthz", [](const Request&, Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_content(nlohmann::json{{"status", "ok"}}.dump(), "application/json");
  });
  server.get("/readyz", [probe = std::move(probe)](const Request&, Response& res) {
    const Readiness readiness = probe();
    if (!readiness.ready) throw ApiError(503, readiness.code, readiness.detail, 5);
    res.set_header("Cache-Control", "no-store");
    res.set_content(nlohmann::json{{"status", "ready"}}.dump(), "application/json");
  });
}

}  // namespace api
