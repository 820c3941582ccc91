-- Issue 7 (move throughput): rate-limit buckets are leased to instances in small chunks
-- (services/storage/rate_buckets.h), so the bucket row is written once per chunk instead of once
-- per request. `taken` is how many whole tokens the last write handed out (0 = refused), which
-- the writer needs back and cannot compute from the new row alone.
ALTER TABLE rate_buckets ADD COLUMN taken integer NOT NULL DEFAULT 0;
