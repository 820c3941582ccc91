-- The game service (issue 7): accounts, tokens, challenges, games, moves, events, idempotency.
-- Every id is a bigint from a sequence; the API shows them as strings.

CREATE TABLE accounts (
  id            bigserial PRIMARY KEY,
  username      text NOT NULL CHECK (username ~ '^[A-Za-z][A-Za-z0-9_-]{2,23}$'),
  email         text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  password_hash text NOT NULL,
  is_bot        boolean NOT NULL DEFAULT false,
  is_admin      boolean NOT NULL DEFAULT false,
  scopes        text[] NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_username_lower ON accounts (lower(username));

CREATE TABLE tokens (
  id           bigserial PRIMARY KEY,
  account_id   bigint NOT NULL REFERENCES accounts (id),
  name         text NOT NULL DEFAULT '',
  token_hash   bytea NOT NULL UNIQUE,  -- SHA-256 of the whole token text; the token itself is never stored
  prefix       text NOT NULL,          -- first characters, for display in token lists
  scopes       text[] NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz
);
CREATE INDEX tokens_account ON tokens (account_id);

-- Per-token rate-limit buckets. UNLOGGED: a write here produces no WAL, so its commit does not wait
-- for a flush, and losing the buckets in a crash only refills them. Shared by every instance.
CREATE UNLOGGED TABLE rate_buckets (
  token_id    bigint PRIMARY KEY,
  tokens      double precision NOT NULL,
  allowed     boolean NOT NULL,
  updated_at  timestamptz NOT NULL
);

CREATE TABLE challenges (
  id           bigserial PRIMARY KEY,
  creator_id   bigint NOT NULL REFERENCES accounts (id),
  game         text NOT NULL,
  players      int NOT NULL CHECK (players BETWEEN 1 AND 8),
  options      jsonb NOT NULL DEFAULT '{}',
  clock        jsonb NOT NULL DEFAULT '{}',
  rated        boolean NOT NULL DEFAULT false,
  open_seek    boolean NOT NULL,       -- no named opponents: the first comers take the seats
  status       text NOT NULL DEFAULT 'open'
               CHECK (status IN ('open', 'started', 'declined', 'cancelled', 'expired')),
  server_seed  bytea NOT NULL,         -- drawn at creation; its SHA-256 is shown from then on
  commitment   text NOT NULL,
  decline_reason text,
  game_id      bigint,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX challenges_open ON challenges (status, expires_at) WHERE status = 'open';

-- One row per invited or joined player. slot = order of joining (creator 0), which is the order of
-- player seeds in the game seed.
CREATE TABLE challenge_players (
  challenge_id bigint NOT NULL REFERENCES challenges (id),
  account_id   bigint NOT NULL REFERENCES accounts (id),
  slot         int,                    -- null while only invited
  accepted     boolean NOT NULL DEFAULT false,
  player_seed  text NOT NULL DEFAULT '',
  PRIMARY KEY (challenge_id, account_id)
);
CREATE INDEX challenge_players_account ON challenge_players (account_id);

CREATE TABLE games (
  id            bigserial PRIMARY KEY,
  game          text NOT NULL,
  players       int NOT NULL,
  options       jsonb NOT NULL DEFAULT '{}',
  clock         jsonb NOT NULL DEFAULT '{}',   -- time control; deadlines come with the clocks issue
  rated         boolean NOT NULL DEFAULT false,
  challenge_id  bigint REFERENCES challenges (id),
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'aborted')),
  ply           int NOT NULL DEFAULT 0,        -- number of entries in the move list
  version       bigint NOT NULL DEFAULT 1,     -- bumped by every change: the ETag
  position      text NOT NULL,                 -- serialize() after the last entry: a snapshot
  to_move       int[] NOT NULL DEFAULT '{}',   -- seats (0-based)
  moved_seats   int[] NOT NULL DEFAULT '{}',   -- seats that made a move (abort is allowed until all have)
  draw_offers   int[] NOT NULL DEFAULT '{}',   -- seats with a standing draw offer
  result        jsonb,                         -- {"summary","seats":[{"placement","score"}]}
  server_seed   bytea NOT NULL,
  commitment    text NOT NULL,
  game_seed     bytea NOT NULL,
  setup_draws   text NOT NULL DEFAULT '',      -- ply 0 draws (seating, first player...)
  last_hash     text NOT NULL,                 -- head of the move hash chain (commitment at ply 0)
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
CREATE INDEX games_game_status ON games (game, status, id);
CREATE INDEX games_status ON games (status, id);

CREATE TABLE game_seats (
  game_id     bigint NOT NULL REFERENCES games (id),
  seat        int NOT NULL,
  account_id  bigint NOT NULL REFERENCES accounts (id),
  slot        int NOT NULL,
  player_seed text NOT NULL DEFAULT '',
  placement   int,
  score       double precision,
  -- Denormalised for GET /v1/me/games: 0 = active and this seat is to move, 1 = active, 2 = over.
  list_rank   smallint NOT NULL DEFAULT 1,
  list_key    double precision NOT NULL DEFAULT 0, -- urgency within the rank (ascending)
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_list ON game_seats (account_id, list_rank, list_key, game_id);

CREATE TABLE moves (
  game_id     bigint NOT NULL REFERENCES games (id),
  ply         int NOT NULL CHECK (ply >= 1),
  seat        int NOT NULL,
  account_id  bigint NOT NULL REFERENCES accounts (id),
  record      text NOT NULL,     -- canonical record text from rules::play, or "resign N"
  draws       text NOT NULL DEFAULT '',  -- rules::format_draws of this ply's draws
  hash        text NOT NULL,     -- fairness::move_hash chained to the previous ply
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, ply)
);

-- Every state change. Monotonic ids; bot streams resume from an id (issue 9).
CREATE TABLE game_events (
  id          bigserial PRIMARY KEY,
  game_id     bigint,
  challenge_id bigint,
  kind        text NOT NULL,
  ply         int,
  recipients  bigint[] NOT NULL DEFAULT '{}',   -- account ids that should hear of it
  payload     jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_events_game ON game_events (game_id, id);
CREATE INDEX game_events_recipients ON game_events USING gin (recipients);

CREATE TABLE idempotency_keys (
  account_id   bigint NOT NULL,
  key          text NOT NULL,
  request_hash text NOT NULL,
  status       int NOT NULL,
  body         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, key)
);
