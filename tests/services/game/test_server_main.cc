// hexpostd_testgames: the hexpostd serve path (same libraries, configuration, routes and event
// hub) with the test-only counting game added to the catalogue, for the tests that must spawn, kill
// -9 and restart a server process. Main's registry may hold no game yet, so the real binary would
// have nothing to play; the catalogue is the only difference.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "services/api/game_service.h"
#include "services/api/health_routes.h"
#include "services/api/metrics_routes.h"
#include "services/api/server.h"
#include "services/api/stream_routes.h"
#include "services/config.h"
#include "services/events/event_hub.h"
#include "services/storage/migrations.h"
#include "services/storage/pool.h"
#include "tests/services/game/service_fixture.h"

extern char** environ;

int main() {
  setenv("PGCONNECT_TIMEOUT", "3", 0);
  setenv("PGAPPNAME", "hexpostd", 0);
  try {
    const config::Config cfg = config::load_config(config::environment_map(environ));
    spdlog::set_level(spdlog::level::from_str(cfg.log_level));
    const auto migrations = storage::load_migrations(cfg.migrations_dir);
    storage::apply_migrations(cfg.database_url, migrations);
    storage::ConnectionPool pool(cfg.database_url, static_cast<std::size_t>(cfg.db_pool),
                                 cfg.db_wait);
    api::Server server(api::server_options(cfg));
    api::GameService service(pool, svctest::test_catalog(),
                             api::game_service_options(config::environment_map(environ)));
    api::add_health_routes(server, [] { return api::Readiness{true, "", ""}; });
    api::add_game_service_routes(server, service);
    // The metrics without a token (ops/bench-service reads the write batch sizes here).
    api::add_metrics_route(server, service, /*require_admin=*/false);
    const api::StreamOptions stream_options = api::stream_options(config::environment_map(environ));
    events::EventHub hub(cfg.database_url, {stream_options.poll});
    api::StreamService streams(service, hub, stream_options);
    api::add_stream_routes(server, streams);
    hub.start();
    const int port = server.bind(cfg.listen.host, cfg.listen.port);
    std::printf("listening on %d\n", port);
    std::fflush(stdout);
    const bool clean = server.run();
    hub.stop();
    return clean ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hexpostd_testgames: %s\n", e.what());
    return 1;
  }
}
