-- Ratings and tournaments (issue 11; docs/ratings-tournaments.md).
-- Ratings are kept per game pool and system; the ratings worker reads game_finished events
-- through a cursor (event_cursors) so every finished rated game counts exactly once.

CREATE TABLE ratings (
  game          text NOT NULL,
  system        text NOT NULL CHECK (system IN ('elo', 'glicko2')),
  account_id    bigint NOT NULL REFERENCES accounts (id),
  rating        double precision NOT NULL,
  deviation     double precision,            -- Glicko-2 RD; NULL for Elo
  volatility    double precision,            -- Glicko-2 sigma; NULL for Elo
  games         int NOT NULL DEFAULT 0,      -- rated games counted
  reached_2400  boolean NOT NULL DEFAULT false,  -- Elo: FIDE K 10 from then on
  period        bigint,                      -- Glicko-2: the last rating period applied
  updated_at    timestamptz NOT NULL,
  PRIMARY KEY (game, system, account_id)
);
CREATE INDEX ratings_leaderboard ON ratings (game, system, rating DESC);

-- Every change of a rating: per finished rated game (Elo) or per closed period (Glicko-2).
CREATE TABLE rating_changes (
  id             bigserial PRIMARY KEY,
  game_id        bigint REFERENCES games (id),  -- NULL for a Glicko-2 period close
  game           text NOT NULL,
  system         text NOT NULL,
  account_id     bigint NOT NULL REFERENCES accounts (id),
  rating_before  double precision NOT NULL,
  rating_after   double precision NOT NULL,
  deviation_after double precision,
  period         bigint,
  created_at     timestamptz NOT NULL
);
CREATE INDEX rating_changes_account ON rating_changes (account_id, game, id);
CREATE UNIQUE INDEX rating_changes_per_game ON rating_changes (game_id, system, account_id)
  WHERE game_id IS NOT NULL;

-- Glicko-2 results waiting for the end of their rating period: one row per player and opponent
-- (multi-player games as pairwise outcomes by placement).
CREATE TABLE rating_period_results (
  game         text NOT NULL,
  period       bigint NOT NULL,
  game_id      bigint NOT NULL REFERENCES games (id),
  account_id   bigint NOT NULL REFERENCES accounts (id),
  opponent_id  bigint NOT NULL REFERENCES accounts (id),
  score        double precision NOT NULL,
  applied      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (game_id, account_id, opponent_id)
);
CREATE INDEX rating_period_results_open ON rating_period_results (game, period) WHERE NOT applied;

-- Consumers of game_events that must see every event once: the last id each has processed.
CREATE TABLE event_cursors (
  name           text PRIMARY KEY,
  last_event_id  bigint NOT NULL DEFAULT 0
);
INSERT INTO event_cursors (name) VALUES ('ratings');

-- A tournament; a league is one tournament per season (league_id = the first season's id).
CREATE TABLE tournaments (
  id               bigserial PRIMARY KEY,
  organiser_id     bigint NOT NULL REFERENCES accounts (id),
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  game             text NOT NULL,
  format           text NOT NULL CHECK (format IN ('round-robin', 'double-round-robin', 'swiss',
                                                   'knockout', 'league')),
  rounds           int,                     -- Swiss: planned rounds
  players_per_game int NOT NULL DEFAULT 2,
  options          jsonb NOT NULL DEFAULT '{}',
  clock            jsonb NOT NULL DEFAULT '{}',
  rated            boolean NOT NULL DEFAULT false,
  settings         jsonb NOT NULL DEFAULT '{}',  -- format settings (docs/ratings-tournaments.md)
  capacity         int,
  entry_opens_at   timestamptz,
  entry_closes_at  timestamptz,
  status           text NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
  current_round    int NOT NULL DEFAULT 0,
  league_id        bigint REFERENCES tournaments (id),
  season           int NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL,
  started_at       timestamptz,
  finished_at      timestamptz
);
CREATE INDEX tournaments_status ON tournaments (status, id);

CREATE TABLE tournament_entrants (
  tournament_id  bigint NOT NULL REFERENCES tournaments (id),
  account_id     bigint NOT NULL REFERENCES accounts (id),
  seed           int,                 -- pairing number from the start (0 = top seed)
  division       int NOT NULL DEFAULT 0,  -- leagues: 0 is the top division
  status         text NOT NULL DEFAULT 'active'
                 CHECK (status IN ('active', 'withdrawn', 'forfeited')),
  rejoin         boolean NOT NULL DEFAULT true,  -- leagues: re-registered for the next season
  timeouts       int NOT NULL DEFAULT 0,         -- games lost on time (serial-timeout policy)
  joined_at      timestamptz NOT NULL,
  PRIMARY KEY (tournament_id, account_id)
);
CREATE INDEX tournament_entrants_account ON tournament_entrants (account_id);

-- One game of a round (or a bye / a forfeit without a game). Knockout matches of several games
-- share (round, board) and count match_game 0, 1, ...
CREATE TABLE tournament_games (
  tournament_id  bigint NOT NULL REFERENCES tournaments (id),
  round          int NOT NULL,
  board          int NOT NULL,
  match_game     int NOT NULL DEFAULT 0,
  division       int NOT NULL DEFAULT 0,
  game_id        bigint REFERENCES games (id),   -- NULL: a bye or a forfeit
  seats          bigint[] NOT NULL,              -- account ids, first mover first
  scores         double precision[],             -- per seat once decided
  PRIMARY KEY (tournament_id, round, board, match_game)
);
CREATE UNIQUE INDEX tournament_games_game ON tournament_games (game_id);
CREATE INDEX tournament_games_open ON tournament_games (tournament_id) WHERE scores IS NULL;
