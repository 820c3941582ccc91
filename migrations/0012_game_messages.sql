-- Messages between the players of a game (docs/game-service.md, "Messages"): the messages, the
-- mutes (an account that does not want to see another account's messages) and the reports of a
-- message to the admins. The message row, its `message` event and its outbox rows are written by
-- one statement (storage::MessagesRepository::post).

CREATE TABLE game_messages (
  id         bigserial PRIMARY KEY,
  game_id    bigint NOT NULL REFERENCES games (id),
  account_id bigint NOT NULL REFERENCES accounts (id),
  ply        int NOT NULL,     -- the game's ply when the message was sent
  body       text NOT NULL,    -- plain text, 1-2,000 code points (services/domain/messages.h)
  created_at timestamptz NOT NULL
);
CREATE INDEX game_messages_game ON game_messages (game_id, id);

-- account_id does not want to see muted_id's messages: they are not delivered to it (streams,
-- mail) nor listed for it.
CREATE TABLE message_mutes (
  account_id bigint NOT NULL REFERENCES accounts (id),
  muted_id   bigint NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, muted_id)
);

-- One report per message and reporter; each one is a `message_reported` event to the admins.
CREATE TABLE message_reports (
  id          bigserial PRIMARY KEY,
  message_id  bigint NOT NULL REFERENCES game_messages (id),
  reporter_id bigint NOT NULL REFERENCES accounts (id),
  reason      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL,
  UNIQUE (message_id, reporter_id)
);

-- The new notification kind `message` (a message from another player of a game).
ALTER TABLE notification_prefs DROP CONSTRAINT notification_prefs_kind_check;
ALTER TABLE notification_prefs ADD CONSTRAINT notification_prefs_kind_check
  CHECK (kind IN ('your_turn', 'game_over', 'challenge', 'reminder', 'tournament_round',
                  'tournament_standings', 'message'));
