#include "services/config.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using config::ConfigError;
using config::EnvMap;
using config::load_config;

EnvMap minimal() { return {{"HEXPOST_DATABASE_URL", "postgresql://u@127.0.0.1:5432/hexpost"}}; }

// The message of the ConfigError that `env` produces ("" if none).
std::string error_for(const EnvMap& env) {
  try {
    load_config(env);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(Config, DefaultsWithOnlyTheDatabase) {
  const config::Config c = load_config(minimal());
  EXPECT_EQ(c.database_url, "postgresql://u@127.0.0.1:5432/hexpost");
  EXPECT_EQ(c.listen.host, "127.0.0.1");
  EXPECT_EQ(c.listen.port, 8080);
  EXPECT_EQ(c.threads, 32);
  EXPECT_EQ(c.db_pool, 8);
  EXPECT_EQ(c.db_wait.count(), 2000);
  EXPECT_TRUE(c.migrate_on_serve);
  EXPECT_FALSE(c.migrations_dir.empty());
  EXPECT_EQ(c.max_body_bytes, 65536u);
  EXPECT_EQ(c.keep_alive_max, 100);
  EXPECT_EQ(c.keep_alive_timeout.count(), 5);
  EXPECT_EQ(c.request_deadline.count(), 10000);
  EXPECT_EQ(c.max_header_fields, 100);
  EXPECT_EQ(c.max_header_bytes, 16384);
  EXPECT_EQ(c.max_connections_per_address, 64);
  EXPECT_EQ(c.max_waiting, 1024);
  EXPECT_EQ(c.heartbeat_interval.count(), 10);
  EXPECT_EQ(c.log_level, "info");
}

TEST(Config, DatabaseUrlIsRequired) {
  EXPECT_NE(error_for({}).find("HEXPOST_DATABASE_URL is required"), std::string::npos);
  EXPECT_NE(error_for({{"HEXPOST_DATABASE_URL", ""}}).find("is required"), std::string::npos);
}

TEST(Config, AcceptsKeywordConnectionStrings) {
  const auto c = load_config({{"HEXPOST_DATABASE_URL", "host=/tmp port=5432 dbname=hexpost"}});
  EXPECT_EQ(c.database_url, "host=/tmp port=5432 dbname=hexpost");
}

TEST(Config, RejectsBadConnectionStringWithoutEchoingIt) {
  const std::string message =
      error_for({{"HEXPOST_DATABASE_URL", "host=x password=hunter2 bogus=1"}});
  EXPECT_NE(message.find("HEXPOST_DATABASE_URL is not a valid"), std::string::npos) << message;
  EXPECT_EQ(message.find("hunter2"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(Config, ParsesEveryVariable) {
  EnvMap env = minimal();
  env["HEXPOST_LISTEN"] = "0.0.0.0:9000";
  env["HEXPOST_THREADS"] = "4";
  env["HEXPOST_DB_POOL"] = "3";
  env["HEXPOST_DB_WAIT_MS"] = "150";
  env["HEXPOST_NO_MIGRATE"] = "yes";
  env["HEXPOST_MIGRATIONS_DIR"] = "/srv/migrations";
  env["HEXPOST_MAX_BODY_BYTES"] = "1024";
  env["HEXPOST_KEEPALIVE_MAX"] = "7";
  env["HEXPOST_KEEPALIVE_TIMEOUT_S"] = "9";
  env["HEXPOST_REQUEST_DEADLINE_MS"] = "2500";
  env["HEXPOST_MAX_HEADER_FIELDS"] = "20";
  env["HEXPOST_MAX_HEADER_BYTES"] = "4096";
  env["HEXPOST_MAX_CONNECTIONS_PER_ADDRESS"] = "9";
  env["HEXPOST_MAX_WAITING"] = "77";
  env["HEXPOST_HEARTBEAT_S"] = "2";
  env["HEXPOST_INSTANCE_ID"] = "box-1";
  env["HEXPOST_LOG_LEVEL"] = "WARN";
  const auto c = load_config(env);
  EXPECT_EQ(c.listen.host, "0.0.0.0");
  EXPECT_EQ(c.listen.port, 9000);
  EXPECT_EQ(c.threads, 4);
  EXPECT_EQ(c.db_pool, 3);
  EXPECT_EQ(c.db_wait.count(), 150);
  EXPECT_FALSE(c.migrate_on_serve);
  EXPECT_EQ(c.migrations_dir, "/srv/migrations");
  EXPECT_EQ(c.max_body_bytes, 1024u);
  EXPECT_EQ(c.keep_alive_max, 7);
  EXPECT_EQ(c.keep_alive_timeout.count(), 9);
  EXPECT_EQ(c.request_deadline.count(), 2500);
  EXPECT_EQ(c.max_header_fields, 20);
  EXPECT_EQ(c.max_header_bytes, 4096);
  EXPECT_EQ(c.max_connections_per_address, 9);
  EXPECT_EQ(c.max_waiting, 77);
  EXPECT_EQ(c.heartbeat_interval.count(), 2);
  EXPECT_EQ(c.instance_id, "box-1");
  EXPECT_EQ(c.log_level, "warn");
}

TEST(Config, EmptyValueMeansDefault) {
  EnvMap env = minimal();
  env["HEXPOST_LISTEN"] = "";
  env["HEXPOST_THREADS"] = "";
  const auto c = load_config(env);
  EXPECT_EQ(c.listen.port, 8080);
  EXPECT_EQ(c.threads, 32);
}

struct BadValue {
  const char* variable;
  const char* value;
  const char* expected;  // substring of the one-line message
};

class ConfigBadValue : public ::testing::TestWithParam<BadValue> {};

TEST_P(ConfigBadValue, FailsWithOneLineNamingTheVariable) {
  EnvMap env = minimal();
  env[GetParam().variable] = GetParam().value;
  const std::string message = error_for(env);
  EXPECT_NE(message.find(GetParam().variable), std::string::npos) << message;
  EXPECT_NE(message.find(GetParam().expected), std::string::npos) << message;
  EXPECT_NE(message.find(std::string("'") + GetParam().value + "'"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    All, ConfigBadValue,
    ::testing::Values(BadValue{"HEXPOST_THREADS", "abc", "integer in [1, 1024]"},
                      BadValue{"HEXPOST_THREADS", "0", "integer in [1, 1024]"},
                      BadValue{"HEXPOST_THREADS", "12x", "integer"},
                      BadValue{"HEXPOST_DB_POOL", "-1", "integer in [1, 256]"},
                      BadValue{"HEXPOST_DB_WAIT_MS", "1e3", "integer"},
                      BadValue{"HEXPOST_MAX_BODY_BYTES", "99999999999", "integer"},
                      BadValue{"HEXPOST_NO_MIGRATE", "maybe", "1/0, true/false"},
                      BadValue{"HEXPOST_LOG_LEVEL", "loud", "one of trace"},
                      BadValue{"HEXPOST_LISTEN", "8080", "host:port"},
                      BadValue{"HEXPOST_LISTEN", "localhost:", "host:port"},
                      BadValue{"HEXPOST_LISTEN", ":8080", "host:port"},
                      BadValue{"HEXPOST_LISTEN", "localhost:70000", "port 0..65535"},
                      BadValue{"HEXPOST_LISTEN", "::1:8080", "host:port"},
                      BadValue{"HEXPOST_KEEPALIVE_TIMEOUT_S", "0", "integer"},
                      BadValue{"HEXPOST_TRUSTED_PROXIES", "nginx", "IPv4/IPv6 addresses or CIDRs"},
                      BadValue{"HEXPOST_TRUSTED_PROXIES", "10.0.0.0/33", "CIDRs"},
                      BadValue{"HEXPOST_TRUSTED_PROXIES", "10.0.0.0/", "CIDRs"},
                      BadValue{"HEXPOST_TRUSTED_PROXIES", "::1/129", "CIDRs"}));

TEST(ConfigTrustedProxies, MatchesAddressesAndNetworksOfTheirFamily) {
  const auto ranges = config::parse_address_ranges("127.0.0.1, 10.1.0.0/16,fd00::/8,,", "X");
  ASSERT_EQ(ranges.size(), 3u);
  EXPECT_TRUE(config::in_ranges(ranges, "127.0.0.1"));
  EXPECT_FALSE(config::in_ranges(ranges, "127.0.0.2"));
  EXPECT_TRUE(config::in_ranges(ranges, "10.1.255.3"));
  EXPECT_FALSE(config::in_ranges(ranges, "10.2.0.1"));
  EXPECT_TRUE(config::in_ranges(ranges, "fd12::1"));
  EXPECT_FALSE(config::in_ranges(ranges, "fe80::1"));
  EXPECT_FALSE(config::in_ranges(ranges, "::ffff:10.1.0.1"));  // another family
  EXPECT_FALSE(config::in_ranges(ranges, "not-an-address"));
  const auto odd = config::parse_address_ranges("192.168.4.0/22", "X");
  EXPECT_TRUE(config::in_ranges(odd, "192.168.7.255"));
  EXPECT_FALSE(config::in_ranges(odd, "192.168.8.0"));
  EXPECT_TRUE(config::in_ranges(config::parse_address_ranges("0.0.0.0/0", "X"), "8.8.8.8"));
  EXPECT_TRUE(
      config::load_config({{"HEXPOST_DATABASE_URL", "postgresql://h/db"}}).trusted_proxies.empty());
}

TEST(ConfigListen, AcceptsBracketedIpv6AndPortZero) {
  const auto v6 = config::parse_listen_address("[::1]:8443", "X");
  EXPECT_EQ(v6.host, "::1");
  EXPECT_EQ(v6.port, 8443);
  EXPECT_EQ(config::parse_listen_address("localhost:0", "X").port, 0);
}

TEST(ConfigEnvironment, KeepsOnlyHexpostVariables) {
  const char* envp[] = {"PATH=/usr/bin", "HEXPOST_LISTEN=1.2.3.4:5", "HEXPOST_X=a=b", "JUNK",
                        nullptr};
  const EnvMap env = config::environment_map(envp);
  ASSERT_EQ(env.size(), 2u);
  EXPECT_EQ(env.at("HEXPOST_LISTEN"), "1.2.3.4:5");
  EXPECT_EQ(env.at("HEXPOST_X"), "a=b");
}

TEST(ConfigRedact, HidesPasswordsInEveryForm) {
  EXPECT_EQ(config::redact_database_url("postgresql://bob:s3cret@db:5432/hexpost"),
            "postgresql://bob:***@db:5432/hexpost");
  EXPECT_EQ(config::redact_database_url("postgres://db/hexpost?user=bob&password=s3cret&x=1"),
            "postgres://db/hexpost?user=bob&password=***&x=1");
  EXPECT_EQ(config::redact_database_url("host=db password='a b\\'c' dbname=x"),
            "host=db password=*** dbname=x");
  EXPECT_EQ(config::redact_database_url("host=db password=s3cret"), "host=db password=***");
  EXPECT_EQ(config::redact_database_url("postgresql://bob@db/hexpost"),
            "postgresql://bob@db/hexpost");
}

TEST(ConfigDescribe, NeverShowsThePassword) {
  EnvMap env{{"HEXPOST_DATABASE_URL", "postgresql://bob:s3cret@db/hexpost"}};
  const std::string line = config::describe(load_config(env));
  EXPECT_EQ(line.find("s3cret"), std::string::npos) << line;
  EXPECT_NE(line.find("listen=127.0.0.1:8080"), std::string::npos) << line;
}

}  // namespace
