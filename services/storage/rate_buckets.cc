#include "services/storage/rate_buckets.h"

#include <algorithm>
#include <cmath>

#include "services/storage/pool.h"

namespace storage {

namespace {

// Leases kept in memory before spent ones are dropped (one entry per recently used token).
constexpr std::size_t kMaxLeases = 100'000;

}  // namespace

std::string bucket_take_sql(std::string_view table, std::string_view key_column,
                            std::string_view now) {
  // The bucket refills continuously up to $2 at $4 per second; one write takes up to $3 whole
  // tokens. SET expressions read the row as locked (the latest committed version), so
  // concurrent writers from any instance serialise on it. `now` is one instant per statement;
  // greatest() keeps updated_at from going back when writers overtake.
  const std::string t(table);
  const std::string key(key_column);
  const std::string at(now);
  const std::string available =
      "least($2, rb.tokens + greatest(0, extract(epoch FROM " + at + " - rb.updated_at)) * $4)";
  return "INSERT INTO " + t + " AS rb (" + key +
         ", tokens, allowed, taken, updated_at) "
         "VALUES ($1, $2 - least($3, floor($2)), floor($2) >= 1, least($3, floor($2)), " +
         at + ") ON CONFLICT (" + key + ") DO UPDATE SET taken = least($3, floor(" + available +
         ")), tokens = " + available + " - least($3, floor(" + available + ")), allowed = floor(" +
         available + ") >= 1, updated_at = greatest(rb.updated_at, " + at +
         ") RETURNING taken, tokens";
}

int RateBuckets::lease_size(const RateLimit& limit) {
  return static_cast<int>(std::clamp(std::floor(limit.capacity / 16), 1.0, 64.0));
}

std::optional<BucketDecision> RateBuckets::spend_local(Id token_id) {
  std::lock_guard lock(mutex_);
  auto it = leases_.find(token_id);
  if (it == leases_.end() || it->second.tokens < 1) return std::nullopt;
  it->second.tokens -= 1;
  return BucketDecision{true, it->second.row_tokens + it->second.tokens};
}

BucketDecision RateBuckets::take(Id token_id, const RateLimit& limit) {
  if (auto local = spend_local(token_id)) return *local;
  // Outside the lock: two requests of one token on one instance may both lease; each lease is
  // taken from the row, so the limit still holds.
  const Taken taken = take_from_row(token_id, limit, lease_size(limit));
  std::lock_guard lock(mutex_);
  if (leases_.size() >= kMaxLeases) {
    std::erase_if(leases_, [](const auto& entry) { return entry.second.tokens == 0; });
  }
  Lease& lease = leases_[token_id];
  lease.tokens += taken.tokens;
  lease.row_tokens = taken.row_tokens;
  if (lease.tokens < 1) return BucketDecision{false, taken.row_tokens};
  lease.tokens -= 1;
  return BucketDecision{true, lease.row_tokens + lease.tokens};
}

RateBuckets::Taken RateBuckets::take_from_row(Id token_id, const RateLimit& limit, int wanted) {
  static const std::string kSql =
      bucket_take_sql("rate_buckets", "token_id", "statement_timestamp()");
  return pool_.run([&](pqxx::connection& c) {
    c.prepare("rate_buckets_take", kSql);
    pqxx::nontransaction tx(c);
    const pqxx::row row = tx.exec_prepared1("rate_buckets_take", token_id, limit.capacity, wanted,
                                            limit.refill_per_s);
    return Taken{row[0].as<int>(), row[1].as<double>()};
  });
}

}  // namespace storage
