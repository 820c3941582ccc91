-- Bot API (issue 9): exact resume of event streams.
--
-- game_events.id comes from a sequence, so ids are handed out in statement order, not commit
-- order: transaction A takes id 10, B takes 11, B commits first. A reader that has seen 11 and
-- resumes "after 11" would never see 10. Streams therefore order and resume by
-- (txid, id), where txid is the inserting transaction's id, and only deliver rows whose
-- transaction is older than the reader's snapshot xmin (txid < pg_snapshot_xmin(...)): every
-- transaction below xmin has ended, so no row can appear later behind that position
-- (docs/bot-protocol.md, "Exact resume").
ALTER TABLE game_events ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX game_events_stream ON game_events (txid, id);
