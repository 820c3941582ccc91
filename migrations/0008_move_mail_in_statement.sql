-- Issue 7 (move throughput): a move's "your turn" outbox rows are written by the move statement
-- itself (GamesRepository::append_entry, CTE "o"), in the same transaction as before. The
-- per-row plpgsql trigger cost ~0.25-0.5 ms per move (docs/mail.md); a CTE step costs a few
-- hundredths of that. The trigger keeps every other mailable kind, and loses its "move" branch.
DROP TRIGGER game_events_mail ON game_events;

CREATE OR REPLACE FUNCTION hx_mail_enqueue() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO mail_outbox (account_id, kind, event_id, event_kind, game_id, ply, payload,
                           status, created_at)
  SELECT a.id, hx_mail_kind(NEW.kind), NEW.id, NEW.kind, NEW.game_id, NEW.ply,
         CASE WHEN NEW.kind = 'game_started' THEN '{}' ELSE NEW.payload END,
         CASE WHEN p.mode = 'digest' THEN 'held' ELSE 'queued' END, NEW.created_at
  FROM (SELECT s.account_id FROM games g JOIN game_seats s
          ON s.game_id = g.id AND s.seat = ANY (g.to_move)
        WHERE NEW.kind = 'game_started' AND g.id = NEW.game_id
        UNION ALL
        SELECT r FROM unnest(NEW.recipients) r
        WHERE NEW.kind <> 'game_started'
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
  WHEN (NEW.kind IN ('game_started', 'game_finished', 'game_aborted', 'challenge_created',
                     'reminder', 'tournament_round_started', 'tournament_pairing',
                     'tournament_finished'))
  EXECUTE FUNCTION hx_mail_enqueue();
