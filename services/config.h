#pragma once
// hexpostd configuration: environment variables, read and validated once at start-up.
//
// load_config() is pure: it takes the variables as a map (main() builds it from environ) and
// either returns a complete Config or throws ConfigError whose what() is one line naming the
// variable, the rule and the offending value (never the value of HEXPOST_DATABASE_URL, which
// may hold a password). An empty value counts as unset.
//
//   variable                     default                  meaning
//   HEXPOST_DATABASE_URL         (required)               libpq connection string or URI
//   HEXPOST_LISTEN               127.0.0.1:8080           host:port ([v6]:port); port 0 = any
//   HEXPOST_THREADS              32                       HTTP worker threads (1..1024)
//   HEXPOST_DB_POOL              8                        database connections (1..256)
//   HEXPOST_DB_WAIT_MS           2000                     wait for a free connection, then 503
//   HEXPOST_NO_MIGRATE           false                    serve does not apply migrations
//   HEXPOST_MIGRATIONS_DIR       <source>/migrations      where the NNNN_name.sql files are
//   HEXPOST_MAX_BODY_BYTES       65536                    request body limit (413 above)
//   HEXPOST_KEEPALIVE_MAX        100                      requests per keep-alive connection
//   HEXPOST_KEEPALIVE_TIMEOUT_S  5                        idle keep-alive timeout, seconds
//   HEXPOST_REQUEST_DEADLINE_MS  10000                    reading one request's head + body
//   HEXPOST_MAX_HEADER_FIELDS    100                      header fields per request (431 above)
//   HEXPOST_MAX_HEADER_BYTES     16384                    header bytes per request (431 above)
//   HEXPOST_MAX_CONNECTIONS_PER_ADDRESS 64                open connections per client (429 above)
//   HEXPOST_MAX_WAITING          1024                     requests queued for a worker (503 above)
//   HEXPOST_TRUSTED_PROXIES      (none)                   addresses/CIDRs whose X-Real-IP is the
//   client HEXPOST_HEARTBEAT_S          10                       service_instances heartbeat period
//   HEXPOST_INSTANCE_ID          <host>-<pid>             id in service_instances
//   HEXPOST_LOG_LEVEL            info                     trace debug info warn error critical off
//   HEXPOST_LOG_FORMAT           text                     text or json (one object per line)

#include <array>
#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace config {

using EnvMap = std::map<std::string, std::string, std::less<>>;

struct ListenAddress {
  std::string host;
  int port = 0;
};

// An IPv4 or IPv6 network: an address and the number of leading bits that must match.
struct AddressRange {
  bool v6 = false;
  std::array<unsigned char, 16> bytes{};  // IPv4 uses the first 4
  int prefix = 0;
};

// "a.b.c.d", "a.b.c.d/n", "v6", "v6/n", comma-separated. Throws ConfigError naming `variable`.
std::vector<AddressRange> parse_address_ranges(std::string_view text, std::string_view variable);
// True for a numeric IPv4 or IPv6 address.
bool is_ip_address(std::string_view text);
// True when the numeric address `address` (as the socket peer is spelled) is in one of `ranges`.
bool in_ranges(const std::vector<AddressRange>& ranges, std::string_view address);

struct Config {
  std::string database_url;
  ListenAddress listen{"127.0.0.1", 8080};
  int threads = 32;
  int db_pool = 8;
  std::chrono::milliseconds db_wait{2000};
  bool migrate_on_serve = true;
  std::string migrations_dir;
  std::size_t max_body_bytes = 64 * 1024;
  int keep_alive_max = 100;
  std::chrono::seconds keep_alive_timeout{5};
  std::chrono::milliseconds request_deadline{10'000};
  int max_header_fields = 100;
  int max_header_bytes = 16 * 1024;
  int max_connections_per_address = 64;
  int max_waiting = 1024;
  // Reverse proxies (HEXPOST_TRUSTED_PROXIES): from these peers X-Real-IP names the client, and
  // the per-address connection limit does not apply (the proxy carries many clients).
  std::vector<AddressRange> trusted_proxies;
  // HEXPOST_METRICS_LISTEN: a second listener serving GET /metrics without a token.
  std::optional<ListenAddress> metrics_listen;
  std::chrono::seconds heartbeat_interval{10};
  std::string instance_id;  // empty: main() derives <host>-<pid>
  std::string log_level = "info";
  bool log_json = false;  // HEXPOST_LOG_FORMAT=json: one JSON object per line
};

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws ConfigError (one line) on the first missing or invalid variable.
Config load_config(const EnvMap& env);

// The HEXPOST_* entries of a POSIX environ array.
EnvMap environment_map(const char* const* envp);

// host:port or [v6]:port. Throws ConfigError naming `variable`.
ListenAddress parse_listen_address(std::string_view text, std::string_view variable);

// The URL with any password replaced by "***" (URI user info, ?password=, password=...).
std::string redact_database_url(std::string_view url);

// One line describing the effective configuration, without secrets, for the start-up log.
std::string describe(const Config& config);

}  // namespace config
