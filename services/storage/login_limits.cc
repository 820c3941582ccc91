#include "services/storage/login_limits.h"

#include "services/storage/pool.h"

namespace storage {

BucketDecision LoginLimits::take(const std::string& key, const RateLimit& limit,
                                 const std::string& now) {
  static const std::string kSql = bucket_take_sql("login_buckets", "key", "$5::timestamptz");
  return pool_.run([&](pqxx::connection& c) {
    c.prepare("login_buckets_take", kSql);
    pqxx::nontransaction tx(c);
    const pqxx::row row =
        tx.exec_prepared1("login_buckets_take", key, limit.capacity, 1, limit.refill_per_s, now);
    return BucketDecision{row[0].as<int>() >= 1, row[1].as<double>()};
  });
}

LoginHistory LoginLimits::history(const std::string& username, const std::string& address,
                                  const std::string& now, std::chrono::seconds trusted_for) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT failures, coalesce(extract(epoch FROM $3::timestamptz - last_failure), 0), "
        "coalesce(last_success > $3::timestamptz - make_interval(secs => $4), false) "
        "FROM login_attempts WHERE username = lower($1) AND address = $2",
        username, address, now, static_cast<double>(trusted_for.count()));
    if (r.empty()) return LoginHistory{};
    return LoginHistory{r[0][0].as<int>(), r[0][1].as<double>(), r[0][2].as<bool>()};
  });
}

void LoginLimits::record_failure(const std::string& username, const std::string& address,
                                 const std::string& now) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params(
        "INSERT INTO login_attempts AS a (username, address, failures, last_failure) "
        "VALUES (lower($1), $2, 1, $3) ON CONFLICT (username, address) DO UPDATE SET "
        "failures = a.failures + 1, last_failure = greatest(a.last_failure, $3::timestamptz)",
        username, address, now);
  });
}

void LoginLimits::record_success(const std::string& username, const std::string& address,
                                 const std::string& now) {
  pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params(
        "INSERT INTO login_attempts AS a (username, address, last_success) "
        "VALUES (lower($1), $2, $3) ON CONFLICT (username, address) DO UPDATE SET "
        "failures = 0, last_failure = NULL, last_success = $3::timestamptz",
        username, address, now);
  });
}

}  // namespace storage
