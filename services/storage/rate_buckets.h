#pragma once
// Per-token rate-limit buckets (token bucket: `capacity` burst, `refill_per_s` sustained).
//
// The authority is the shared rate_buckets row in PostgreSQL, so every instance draws from the
// same bucket. To keep a write off the path of every request, an instance takes a lease of a
// few whole tokens at once (at most lease_size(limit)) and spends them from memory; it writes
// the row again only when its lease is spent. Consequences (docs/game-service.md, "Rate limit
// leases"):
//   - never more requests are allowed than tokens were taken from the row, so the limit holds
//     across instances;
//   - an instance may hold up to lease_size - 1 unspent tokens, which another instance cannot
//     use meanwhile, and which stay usable on this instance later (bounded overshoot of one
//     lease per instance after an idle period);
//   - with capacity below 16 the lease is one token: exact, one write per request.

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct BucketDecision {
  bool allowed = false;
  double remaining = 0;  // tokens left for this token (row + this instance's lease)
};

// The statement that takes up to $3 whole tokens from the bucket row keyed $1 in `table` (columns
// key_column, tokens, allowed, taken, updated_at), creating it full if absent: burst $2, refill $4
// per second, at the instant `now` (an SQL expression). Returns (taken, tokens left). Shared by
// the per-token buckets here and the login buckets (login_limits.h).
std::string bucket_take_sql(std::string_view table, std::string_view key_column,
                            std::string_view now);

class RateBuckets {
 public:
  explicit RateBuckets(ConnectionPool& pool) : pool_(pool) {}

  // Takes one request's token for `token_id`, from the local lease or else from the row.
  BucketDecision take(Id token_id, const RateLimit& limit);

  // Tokens taken from the row per write: capacity / 16, between 1 and 64.
  static int lease_size(const RateLimit& limit);

 private:
  struct Lease {
    int tokens = 0;         // whole tokens taken from the row and not yet spent here
    double row_tokens = 0;  // what the row held after our last write
  };
  struct Taken {
    int tokens = 0;
    double row_tokens = 0;
  };
  Taken take_from_row(Id token_id, const RateLimit& limit, int wanted);
  std::optional<BucketDecision> spend_local(Id token_id);

  ConnectionPool& pool_;
  std::mutex mutex_;
  std::unordered_map<Id, Lease> leases_;
};

}  // namespace storage
