#pragma once
// What a move costs against its floor, measured in the same run (ops/bench-service):
//   - the HTTP floor: the CPU one GET /healthz costs the service and the driver, under the same
//     clients as the load runs (the least any request costs on this HTTP stack);
//   - the SQL floor at the service's measured mean batch: PostgreSQL's CPU per move when a
//     move's rows are written with nothing else (sql_baselines.h);
//   - each run's CPU per move by party, and its ratio to floor = SQL floor + HTTP floor times
//     the run's requests per move.

#include <sys/types.h>

#include <string>
#include <vector>

#include "bench/load/load_driver.h"
#include "bench/load/sql_baselines.h"

namespace loadtest {

struct HttpFloor {
  double per_s = 0;       // requests/s
  double service_ms = 0;  // CPU per request
  double driver_ms = 0;
};
HttpFloor measure_http_floor(const Endpoint& endpoint, int clients, double seconds, pid_t service);

// The service's write batches so far (hexpost_write_batch_size from its metrics listener);
// zero when it cannot be read.
struct Batches {
  double sum = 0;
  double count = 0;
};
Batches read_batches(const std::string& host, int metrics_port);

// One load run's CPU per move, by party.
struct RunCost {
  std::string name;
  double postgres_ms = 0;
  double service_ms = 0;
  double driver_ms = 0;
  double requests_per_move = 1;
  double mean_batch = 0;  // 0: unknown (then the floor uses 8 per statement)
};

// Measures the SQL floor at each run's mean batch (rounded) and prints each run against it.
void print_floor_ratios(const std::string& url, int clients, double seconds, pid_t postmaster,
                        const HttpFloor& http, const std::vector<RunCost>& runs);

}  // namespace loadtest
