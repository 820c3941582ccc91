#include "services/config.h"

#include <arpa/inet.h>
#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <regex>
#include <sstream>

#ifndef HEXPOST_DEFAULT_MIGRATIONS_DIR
#define HEXPOST_DEFAULT_MIGRATIONS_DIR "migrations"
#endif

namespace config {
namespace {

constexpr std::string_view kLogLevels[] = {"trace", "debug",    "info", "warn",
                                           "error", "critical", "off"};

// Unset and empty are the same thing: compose files and shells often export empty values.
const std::string* lookup(const EnvMap& env, std::string_view name) {
  auto it = env.find(name);
  if (it == env.end() || it->second.empty()) return nullptr;
  return &it->second;
}

[[noreturn]] void fail(std::string_view variable, std::string_view rule, std::string_view value) {
  std::ostringstream out;
  out << variable << " " << rule << ", got '" << value << "'";
  throw ConfigError(out.str());
}

long long parse_integer(std::string_view variable, std::string_view text, long long min,
                        long long max) {
  long long value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || value < min || value > max) {
    fail(variable,
         "must be an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]", text);
  }
  return value;
}

long long integer_or(const EnvMap& env, std::string_view variable, long long fallback,
                     long long min, long long max) {
  const std::string* value = lookup(env, variable);
  return value ? parse_integer(variable, *value, min, max) : fallback;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool boolean_or(const EnvMap& env, std::string_view variable, bool fallback) {
  const std::string* value = lookup(env, variable);
  if (!value) return fallback;
  const std::string v = lower(*value);
  if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return false;
  fail(variable, "must be one of 1/0, true/false, yes/no, on/off", *value);
}

// libpq itself decides what a valid connection string is; its message is kept to one line and
// never repeats the string (which may carry a password).
std::string validate_database_url(const EnvMap& env) {
  const std::string* url = lookup(env, "HEXPOST_DATABASE_URL");
  if (!url) {
    throw ConfigError(
        "HEXPOST_DATABASE_URL is required (a libpq connection string such as "
        "'host=127.0.0.1 port=5432 dbname=hexpost' or a postgresql:// URI)");
  }
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url->c_str(), &error);
  if (options) {
    PQconninfoFree(options);
    return *url;
  }
  std::string reason = error ? error : "unparsable";
  PQfreemem(error);
  reason.erase(std::remove(reason.begin(), reason.end(), '\n'), reason.end());
  throw ConfigError("HEXPOST_DATABASE_URL is not a valid libpq connection string or URI: " +
                    reason);
}

std::string log_level_or_default(const EnvMap& env) {
  const std::string* value = lookup(env, "HEXPOST_LOG_LEVEL");
  if (!value) return "info";
  const std::string level = lower(*value);
  if (std::find(std::begin(kLogLevels), std::end(kLogLevels), level) == std::end(kLogLevels)) {
    fail("HEXPOST_LOG_LEVEL", "must be one of trace, debug, info, warn, error, critical, off",
         *value);
  }
  return level;
}

std::string text_or(const EnvMap& env, std::string_view variable, std::string fallback) {
  const std::string* value = lookup(env, variable);
  return value ? *value : fallback;
}

}  // namespace

ListenAddress parse_listen_address(std::string_view text, std::string_view variable) {
  constexpr std::string_view kRule = "must be host:port (or [ipv6]:port) with port 0..65535";
  ListenAddress address;
  std::string_view port_text;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
      fail(variable, kRule, text);
    }
    address.host = std::string(text.substr(1, close - 1));
    port_text = text.substr(close + 2);
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos || text.find(':') != colon) fail(variable, kRule, text);
    address.host = std::string(text.substr(0, colon));
    port_text = text.substr(colon + 1);
  }
  int port = -1;
  auto [ptr, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (address.host.empty() || port_text.empty() || ec != std::errc() ||
      ptr != port_text.data() + port_text.size() || port < 0 || port > 65535) {
    fail(variable, kRule, text);
  }
  address.port = port;
  return address;
}

namespace {

// One address of `text` into `range`; false when it is not a numeric IPv4 or IPv6 address.
bool parse_address(const std::string& text, AddressRange& range) {
  range.v6 = text.find(':') != std::string::npos;
  return ::inet_pton(range.v6 ? AF_INET6 : AF_INET, text.c_str(), range.bytes.data()) == 1;
}

}  // namespace

std::vector<AddressRange> parse_address_ranges(std::string_view text, std::string_view variable) {
  static constexpr std::string_view kRule = "must be IPv4/IPv6 addresses or CIDRs, comma-separated";
  std::vector<AddressRange> ranges;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    std::string item(text.substr(begin, end - begin));
    begin = end + 1;
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty()) continue;
    const std::size_t slash = item.find('/');
    AddressRange range;
    if (!parse_address(item.substr(0, slash), range)) fail(variable, kRule, text);
    const int bits = range.v6 ? 128 : 32;
    range.prefix = bits;
    if (slash != std::string::npos) {
      const std::string prefix = item.substr(slash + 1);
      if (prefix.empty() || prefix.size() > 3 ||
          prefix.find_first_not_of("0123456789") != std::string::npos || std::stoi(prefix) > bits) {
        fail(variable, kRule, text);
      }
      range.prefix = std::stoi(prefix);
    }
    ranges.push_back(range);
  }
  return ranges;
}

bool is_ip_address(std::string_view text) {
  AddressRange range;
  return parse_address(std::string(text), range);
}

bool in_ranges(const std::vector<AddressRange>& ranges, std::string_view address) {
  AddressRange peer;
  if (ranges.empty() || !parse_address(std::string(address), peer)) return false;
  return std::any_of(ranges.begin(), ranges.end(), [&](const AddressRange& range) {
    if (range.v6 != peer.v6) return false;
    const int whole = range.prefix / 8, rest = range.prefix % 8;
    if (!std::equal(range.bytes.begin(), range.bytes.begin() + whole, peer.bytes.begin())) {
      return false;
    }
    const auto mask = static_cast<unsigned char>(0xFF << (8 - rest));
    return rest == 0 || (range.bytes[whole] & mask) == (peer.bytes[whole] & mask);
  });
}

Config load_config(const EnvMap& env) {
  Config c;
  c.database_url = validate_database_url(env);
  if (const std::string* listen = lookup(env, "HEXPOST_LISTEN")) {
    c.listen = parse_listen_address(*listen, "HEXPOST_LISTEN");
  }
  c.threads = static_cast<int>(integer_or(env, "HEXPOST_THREADS", c.threads, 1, 1024));
  c.db_pool = static_cast<int>(integer_or(env, "HEXPOST_DB_POOL", c.db_pool, 1, 256));
  c.db_wait = std::chrono::milliseconds(
      integer_or(env, "HEXPOST_DB_WAIT_MS", c.db_wait.count(), 1, 600'000));
  c.migrate_on_serve = !boolean_or(env, "HEXPOST_NO_MIGRATE", false);
  c.migrations_dir = text_or(env, "HEXPOST_MIGRATIONS_DIR", HEXPOST_DEFAULT_MIGRATIONS_DIR);
  c.max_body_bytes = static_cast<std::size_t>(integer_or(env, "HEXPOST_MAX_BODY_BYTES",
                                                         static_cast<long long>(c.max_body_bytes),
                                                         1, 64LL * 1024 * 1024));
  c.keep_alive_max =
      static_cast<int>(integer_or(env, "HEXPOST_KEEPALIVE_MAX", c.keep_alive_max, 1, 1'000'000));
  c.keep_alive_timeout = std::chrono::seconds(
      integer_or(env, "HEXPOST_KEEPALIVE_TIMEOUT_S", c.keep_alive_timeout.count(), 1, 3600));
  c.request_deadline = std::chrono::milliseconds(
      integer_or(env, "HEXPOST_REQUEST_DEADLINE_MS", c.request_deadline.count(), 100, 600'000));
  c.max_header_fields =
      static_cast<int>(integer_or(env, "HEXPOST_MAX_HEADER_FIELDS", c.max_header_fields, 8, 1000));
  c.max_header_bytes = static_cast<int>(
      integer_or(env, "HEXPOST_MAX_HEADER_BYTES", c.max_header_bytes, 1024, 1024 * 1024));
  c.max_connections_per_address = static_cast<int>(integer_or(
      env, "HEXPOST_MAX_CONNECTIONS_PER_ADDRESS", c.max_connections_per_address, 1, 100'000));
  c.max_waiting =
      static_cast<int>(integer_or(env, "HEXPOST_MAX_WAITING", c.max_waiting, 1, 1'000'000));
  if (const std::string* metrics = lookup(env, "HEXPOST_METRICS_LISTEN")) {
    c.metrics_listen = parse_listen_address(*metrics, "HEXPOST_METRICS_LISTEN");
  }
  if (const std::string* proxies = lookup(env, "HEXPOST_TRUSTED_PROXIES")) {
    c.trusted_proxies = parse_address_ranges(*proxies, "HEXPOST_TRUSTED_PROXIES");
  }
  c.heartbeat_interval = std::chrono::seconds(
      integer_or(env, "HEXPOST_HEARTBEAT_S", c.heartbeat_interval.count(), 1, 3600));
  c.instance_id = text_or(env, "HEXPOST_INSTANCE_ID", "");
  c.log_level = log_level_or_default(env);
  if (const std::string* format = lookup(env, "HEXPOST_LOG_FORMAT")) {
    if (lower(*format) != "text" && lower(*format) != "json") {
      fail("HEXPOST_LOG_FORMAT", "must be text or json", *format);
    }
    c.log_json = lower(*format) == "json";
  }
  return c;
}

EnvMap environment_map(const char* const* envp) {
  EnvMap env;
  for (; envp && *envp; ++envp) {
    std::string_view entry(*envp);
    const auto eq = entry.find('=');
    if (eq == std::string_view::npos || !entry.starts_with("HEXPOST_")) continue;
    env.emplace(std::string(entry.substr(0, eq)), std::string(entry.substr(eq + 1)));
  }
  return env;
}

std::string redact_database_url(std::string_view url) {
  static const std::regex kUserInfo(R"(^(postgres(?:ql)?://[^:/@?]*:)[^@/?]*@)", std::regex::icase);
  static const std::regex kQueryPassword(R"(([?&]password=)[^&]*)", std::regex::icase);
  static const std::regex kKeywordPassword(R"((\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|\S+))",
                                           std::regex::icase);
  std::string out(url);
  out = std::regex_replace(out, kUserInfo, "$1***@");
  out = std::regex_replace(out, kQueryPassword, "$1***");
  if (!out.starts_with("postgres")) out = std::regex_replace(out, kKeywordPassword, "$1***");
  return out;
}

std::string describe(const Config& c) {
  std::ostringstream out;
  out << "database=" << redact_database_url(c.database_url) << " listen=" << c.listen.host << ":"
      << c.listen.port << " threads=" << c.threads << " db_pool=" << c.db_pool
      << " db_wait_ms=" << c.db_wait.count() << " migrate_on_serve=" << std::boolalpha
      << c.migrate_on_serve << " migrations_dir=" << c.migrations_dir
      << " max_body_bytes=" << c.max_body_bytes << " keep_alive_max=" << c.keep_alive_max
      << " keep_alive_timeout_s=" << c.keep_alive_timeout.count()
      << " request_deadline_ms=" << c.request_deadline.count()
      << " max_header_fields=" << c.max_header_fields << " max_header_bytes=" << c.max_header_bytes
      << " heartbeat_s=" << c.heartbeat_interval.count() << " instance=" << c.instance_id
      << " log_level=" << c.log_level << " log_format=" << (c.log_json ? "json" : "text");
  return out.str();
}

}  // namespace config
