#include "services/storage/rate_buckets.h"

#include <algorithm>
#include <cmath>

#include "services/storage/pool.h"

namespace storage {

namespace {

// Leases kept in memory before spent ones are dropped (one entry per recently used token).
constexpr std::size_t kMaxLeases = 100'000;

}  // namespace

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
  // The bucket refills continuously up to $2 at $4 per second; one write takes up to $3 whole
  // tokens. SET expressions read the row as locked (the latest committed version), so
  // concurrent writers from any instance serialise on it. statement_timestamp() is one instant
  // per statement; greatest() keeps updated_at from going back when writers overtake.
  static const std::string kAvailable =
      "least($2, rb.tokens + greatest(0, extract(epoch FROM statement_timestamp() - "
      "rb.updated_at)) * $4)";
  static const std::string kSql =
      "INSERT INTO rate_buckets AS rb (token_id, tokens, allowed, taken, updated_at) "
      "VALUES ($1, $2 - least($3, floor($2)), floor($2) >= 1, least($3, floor($2)), "
      "statement_timestamp()) ON CONFLICT (token_id) DO UPDATE SET "
      "taken = least($3, floor(" +
      kAvailable +
      ")), "
      "tokens = " +
      kAvailable + " - least($3, floor(" + kAvailable +
      ")), "
      "allowed = floor(" +
      kAvailable +
      ") >= 1, "
      "updated_at = greatest(rb.updated_at, statement_timestamp()) "
      "RETURNING taken, tokens";
  return pool_.run([&](pqxx::connection& c) {
    c.prepare("rate_buckets_take", kSql);
    pqxx::nontransaction tx(c);
    const pqxx::row row = tx.exec_prepared1("rate_buckets_take", token_id, limit.capacity, wanted,
                                            limit.refill_per_s);
    return Taken{row[0].as<int>(), row[1].as<double>()};
  });
}

}  // namespace storage
