-- Login throttling (services/storage/login_limits.h, docs/game-service.md "Login limits"), shared
-- by every instance. UNLOGGED like rate_buckets: a crash forgets the limits, never an account.
--
-- login_buckets: token buckets for POST /v1/tokens and POST /v1/accounts, one per client address
-- ('address:<ip>') and one per lower-cased username ('username:<name>'); the same columns as
-- rate_buckets, so both are taken by one statement (storage::bucket_take_sql).
CREATE UNLOGGED TABLE login_buckets (
  key         text PRIMARY KEY,
  tokens      double precision NOT NULL,
  allowed     boolean NOT NULL,
  taken       integer NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL
);

-- login_attempts: failed logins in a row per (lower-cased username, client address), for the
-- exponential backoff, and the last success, which resets the count and exempts the pair from the
-- per-username bucket for a while.
CREATE UNLOGGED TABLE login_attempts (
  username      text NOT NULL,
  address       text NOT NULL,
  failures      integer NOT NULL DEFAULT 0,
  last_failure  timestamptz,
  last_success  timestamptz,
  PRIMARY KEY (username, address)
);
