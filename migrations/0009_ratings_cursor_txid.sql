-- Issue 11: the ratings worker reads game_finished events in (txid, id) order, below the snapshot
-- xmin, as the event streams do (docs/events.md), instead of by id with a 1,000-event lookback
-- that missed a game whose event committed more than 1,000 events late. The cursor restarts at
-- the beginning once: a game is rated at most once whatever the cursor says (no rating_changes
-- row yet is a condition of rating it).
ALTER TABLE event_cursors ADD COLUMN last_txid xid8 NOT NULL DEFAULT '0';
UPDATE event_cursors SET last_event_id = 0;
