#include "services/storage/instances.h"

#include <spdlog/spdlog.h>

#include <cmath>
#include <pqxx/pqxx>

#include "services/storage/pool.h"

namespace storage {
namespace {

std::chrono::system_clock::time_point from_epoch(double seconds) {
  const auto micros = static_cast<long long>(std::llround(seconds * 1e6));
  return std::chrono::system_clock::time_point(std::chrono::microseconds(micros));
}

}  // namespace

void InstanceRepository::register_start(const std::string& instance_id) {
  pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    tx.exec_params(
        "INSERT INTO service_instances (instance_id, started_at, last_beat) VALUES ($1, "
        "$2::timestamptz, $2::timestamptz) ON CONFLICT (instance_id) DO UPDATE SET "
        "started_at = $2::timestamptz, last_beat = $2::timestamptz",
        instance_id, hxclock::to_rfc3339(clock_.now()));
  });
}

bool InstanceRepository::beat(const std::string& instance_id) {
  return pool_.run([&](pqxx::connection& conn) {
    pqxx::nontransaction tx(conn);
    const auto result = tx.exec_params(
        "UPDATE service_instances SET last_beat = $2::timestamptz WHERE instance_id = $1",
        instance_id, hxclock::to_rfc3339(clock_.now()));
    return result.affected_rows() == 1;
  });
}

std::optional<InstanceRecord> InstanceRepository::find(const std::string& instance_id) {
  return pool_.run([&](pqxx::connection& conn) -> std::optional<InstanceRecord> {
    pqxx::nontransaction tx(conn);
    const auto result = tx.exec_params(
        "SELECT instance_id, extract(epoch FROM started_at)::float8, "
        "extract(epoch FROM last_beat)::float8 FROM service_instances WHERE instance_id = $1",
        instance_id);
    if (result.empty()) return std::nullopt;
    const auto row = result[0];
    return InstanceRecord{row[0].as<std::string>(), from_epoch(row[1].as<double>()),
                          from_epoch(row[2].as<double>())};
  });
}

Heartbeat::Heartbeat(InstanceRepository& repo, std::string instance_id,
                     std::chrono::milliseconds interval)
    : repo_(repo), instance_id_(std::move(instance_id)), task_(interval, [this] { beat_once(); }) {}

Heartbeat::~Heartbeat() { stop(); }

void Heartbeat::stop() {
  if (task_.stop()) beat_once();
}

void Heartbeat::beat_once() {
  try {
    if (!repo_.beat(instance_id_)) repo_.register_start(instance_id_);
    if (failing_) spdlog::info("heartbeat: database reachable again");
    failing_ = false;
  } catch (const std::exception& e) {
    if (!failing_) spdlog::warn("heartbeat failed (will keep trying): {}", e.what());
    failing_ = true;
  }
}

}  // namespace storage
