-- Play by email (issue 12; docs/mail.md): notification preferences, the per-player secret of the
-- move addresses, the transactional outbox, address suppression and inbound de-duplication.

-- The secret behind the HMAC tag of move addresses and unsubscribe links. Rotating it (a new
-- random value) invalidates every address and link given out before. gen_random_uuid() draws
-- from the server's strong random source; two of them make 32 bytes with 244 random bits.
ALTER TABLE accounts ADD COLUMN mail_secret bytea NOT NULL
  DEFAULT decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex');

-- One row per account and kind that differs from the default (every mail for people, none for
-- bots).
CREATE TABLE notification_prefs (
  account_id bigint NOT NULL REFERENCES accounts (id),
  kind       text NOT NULL CHECK (kind IN ('your_turn', 'game_over', 'challenge', 'reminder',
                                           'tournament_round', 'tournament_standings')),
  mode       text NOT NULL CHECK (mode IN ('every', 'digest', 'off')),
  PRIMARY KEY (account_id, kind)
);

-- The outbox. Rows of the notification kinds are inserted by the trigger below in the
-- transaction of their event; 'reply' rows by `hexpostd mail-in`; 'digest' rows by the sender.
-- The sender renders a row on its first claim (message, stored so every retry sends the same
-- bytes with the same Message-ID), then sends it.
CREATE TABLE mail_outbox (
  id              bigserial PRIMARY KEY,
  account_id      bigint NOT NULL REFERENCES accounts (id),
  kind            text NOT NULL,
  event_id        bigint,
  event_kind      text,
  game_id         bigint,
  ply             int,
  payload         jsonb NOT NULL DEFAULT '{}',  -- the event's payload, or a reply's reason
  message_id      text,                         -- set when rendered, never changed after
  to_address      text,
  subject         text,
  message         text,                         -- the whole RFC 5322 text once rendered
  status          text NOT NULL DEFAULT 'queued'
                  CHECK (status IN ('queued', 'held', 'digested', 'sent', 'failed',
                                    'suppressed')),
  attempts        int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT '-infinity',
  last_error      text,
  digest_id       bigint,                       -- the digest row a held row went into
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE status = 'queued';
CREATE INDEX mail_outbox_held ON mail_outbox (account_id, id) WHERE status = 'held';

-- Hard bounces (5xx from the SMTP server) per address; suppressed once they reach the limit.
-- A delivery resets the count.
CREATE TABLE mail_suppressions (
  address      text PRIMARY KEY,  -- lower case
  hard_bounces int NOT NULL DEFAULT 0,
  suppressed   boolean NOT NULL DEFAULT false,
  last_error   text,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Inbound Message-IDs already handled: a replayed message applies once.
CREATE TABLE mail_inbound (
  message_id  text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  outcome     text NOT NULL DEFAULT ''
);

-- The mail kind of an event kind, or NULL.
CREATE FUNCTION hx_mail_kind(event_kind text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE event_kind
    WHEN 'move' THEN 'your_turn' WHEN 'game_started' THEN 'your_turn'
    WHEN 'game_finished' THEN 'game_over' WHEN 'game_aborted' THEN 'game_over'
    WHEN 'challenge_created' THEN 'challenge' WHEN 'reminder' THEN 'reminder'
    WHEN 'tournament_round_started' THEN 'tournament_round'
    WHEN 'tournament_pairing' THEN 'tournament_round'
    WHEN 'tournament_finished' THEN 'tournament_standings' END
$$;

-- Writes the outbox rows of an event in the event's own transaction. Only mailable kinds reach
-- it (the trigger's WHEN). Who hears of it: for "your turn" the accounts of the seats to move
-- (from the move payload, or the new game's row); for a challenge the invited players but not
-- its creator; otherwise the event's recipients. One statement (the branches not taken are cut
-- by their constant conditions), every lookup by primary key: a trigger call costs one executor
-- run, which is what dominates its cost (bench/mail/outbox_bench.cc).
CREATE FUNCTION hx_mail_enqueue() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO mail_outbox (account_id, kind, event_id, event_kind, game_id, ply, payload,
                           status, created_at)
  SELECT a.id, hx_mail_kind(NEW.kind), NEW.id, NEW.kind, NEW.game_id, NEW.ply,
         CASE WHEN NEW.kind IN ('move', 'game_started') THEN '{}' ELSE NEW.payload END,
         CASE WHEN p.mode = 'digest' THEN 'held' ELSE 'queued' END, NEW.created_at
  FROM (SELECT s.account_id FROM game_seats s
        WHERE NEW.kind = 'move' AND s.game_id = NEW.game_id
          AND s.seat = ANY (ARRAY(SELECT jsonb_array_elements_text(NEW.payload -> 'to_move')::int))
        UNION ALL
        SELECT s.account_id FROM games g JOIN game_seats s
          ON s.game_id = g.id AND s.seat = ANY (g.to_move)
        WHERE NEW.kind = 'game_started' AND g.id = NEW.game_id
        UNION ALL
        SELECT r FROM unnest(NEW.recipients) r
        WHERE NEW.kind NOT IN ('move', 'game_started')
          AND (NEW.kind <> 'challenge_created'
               OR r IS DISTINCT FROM (SELECT creator_id FROM challenges
                                      WHERE id = NEW.challenge_id))) t (account_id)
  JOIN accounts a ON a.id = t.account_id
  LEFT JOIN notification_prefs p ON p.account_id = a.id AND p.kind = hx_mail_kind(NEW.kind)
  WHERE coalesce(p.mode, CASE WHEN a.is_bot THEN 'off' ELSE 'every' END) <> 'off';
  RETURN NULL;
END
$$;

CREATE TRIGGER game_events_mail AFTER INSERT ON game_events FOR EACH ROW
  WHEN (NEW.kind IN ('move', 'game_started', 'game_finished', 'game_aborted', 'challenge_created',
                     'reminder', 'tournament_round_started', 'tournament_pairing',
                     'tournament_finished'))
  EXECUTE FUNCTION hx_mail_enqueue();
