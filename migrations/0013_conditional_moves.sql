-- Conditional moves ("if you play X, I reply Y"): docs/game-service.md "Conditional moves".
--
-- conditional_lines: the lines a seated player has stored on a game, one row per (game, account),
-- replaced as a whole by PUT /v1/games/{id}/conditional. `lines` is a JSON array of lines, each
-- an array of moves in canonical notation in play order from ply base_ply + 1 (the moves of
-- the other seats are the conditions, the seat's own moves the replies). The play pipeline
-- advances base_ply and cuts the lines as moves are made.
CREATE TABLE conditional_lines (
  game_id     bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  account_id  bigint NOT NULL REFERENCES accounts (id),
  seat        integer NOT NULL,
  base_ply    integer NOT NULL,
  lines       jsonb NOT NULL,
  stored_at   timestamptz NOT NULL,
  PRIMARY KEY (game_id, account_id)
);

-- Every set of lines as it was stored, kept for the game record (shown once the game is over).
CREATE TABLE conditional_history (
  id          bigserial PRIMARY KEY,
  game_id     bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  account_id  bigint NOT NULL REFERENCES accounts (id),
  seat        integer NOT NULL,
  base_ply    integer NOT NULL,
  lines       jsonb NOT NULL,
  stored_at   timestamptz NOT NULL
);
CREATE INDEX conditional_history_game ON conditional_history (game_id, id);

-- games.has_conditionals: some seat may have lines stored. Set by the statement that stores
-- lines (which locks the game row, so a racing move either sees it or moves first), returned by
-- every move write, and cleared only under the game row's lock once no line is left. Games
-- without lines pay nothing on the move path.
ALTER TABLE games ADD COLUMN has_conditionals boolean NOT NULL DEFAULT false;
CREATE INDEX games_with_conditionals ON games (id) WHERE has_conditionals;
