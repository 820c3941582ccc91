#include "bench/load/floor_report.h"

#include <httplib.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "bench/load/cpu_meter.h"

namespace loadtest {

HttpFloor measure_http_floor(const Endpoint& endpoint, int clients, double seconds, pid_t service) {
  const CpuSeconds before = cpu_seconds_now(0, service);
  const long answered = run_plain_gets(endpoint, "/healthz", clients, seconds);
  const CpuSeconds used = cpu_seconds_now(0, service) - before;
  HttpFloor floor;
  if (answered == 0) return floor;
  floor.per_s = static_cast<double>(answered) / seconds;
  floor.service_ms = 1000.0 * used.service / static_cast<double>(answered);
  floor.driver_ms = 1000.0 * used.driver / static_cast<double>(answered);
  std::printf(
      "floor (HTTP): GET /healthz at %d clients: %.0f requests/s; CPU per request service "
      "%.3f ms, driver %.3f ms\n",
      clients, floor.per_s, floor.service_ms, floor.driver_ms);
  return floor;
}

Batches read_batches(const std::string& host, int metrics_port) {
  Batches batches;
  if (metrics_port <= 0) return batches;
  httplib::Client client(host, metrics_port);
  auto res = client.Get("/metrics");
  if (!res || res->status != 200) return batches;
  std::istringstream lines(res->body);
  for (std::string line; std::getline(lines, line);) {
    const auto space = line.rfind(' ');
    if (space == std::string::npos) continue;
    const std::string name = line.substr(0, space);
    if (name == "hexpost_write_batch_size_sum") batches.sum = std::stod(line.substr(space + 1));
    if (name == "hexpost_write_batch_size_count") {
      batches.count = std::stod(line.substr(space + 1));
    }
  }
  return batches;
}

namespace {

// PostgreSQL's CPU per move at the SQL floor with `batch` moves per statement (0 on failure).
double sql_floor_ms(const std::string& url, const FloorGames& games, int clients, double seconds,
                    pid_t postmaster, int batch) {
  const double before = cpu_seconds_now(postmaster, 0).postgres;
  const double rate = move_floor_moves_per_s(url, games, clients, seconds, batch);
  const double used = cpu_seconds_now(postmaster, 0).postgres - before;
  if (rate <= 0) return 0;
  const double ms = 1000.0 * used / (rate * seconds);
  std::printf("floor (SQL): %d moves per statement: %.0f moves/s; postgres %.3f ms CPU per move\n",
              batch, rate, ms);
  return ms;
}

}  // namespace

void print_floor_ratios(const std::string& url, int clients, double seconds, pid_t postmaster,
                        const HttpFloor& http, const std::vector<RunCost>& runs) {
  if (postmaster <= 0 || http.per_s <= 0) return;
  const FloorGames games = make_floor_games(url);
  std::map<int, double> sql_ms;  // batch -> postgres CPU per move at the floor
  for (const RunCost& run : runs) {
    const int batch =
        run.mean_batch > 0 ? std::max(1, static_cast<int>(std::lround(run.mean_batch))) : 8;
    if (!sql_ms.count(batch))
      sql_ms[batch] = sql_floor_ms(url, games, clients, seconds, postmaster, batch);
    const double http_ms = run.requests_per_move * (http.service_ms + http.driver_ms);
    const double floor = sql_ms[batch] + http_ms;
    const double total = run.postgres_ms + run.service_ms + run.driver_ms;
    if (floor <= 0) continue;
    std::printf(
        "floor (%s): mean batch %.1f; floor = SQL %.3f + HTTP %.2f x %.3f = %.3f ms; CPU per "
        "move postgres %.3f / service %.3f / driver %.3f = %.3f ms = %.2fx the floor\n",
        run.name.c_str(), run.mean_batch, sql_ms[batch], run.requests_per_move,
        http.service_ms + http.driver_ms, floor, run.postgres_ms, run.service_ms, run.driver_ms,
        total, total / floor);
  }
}

}  // namespace loadtest
