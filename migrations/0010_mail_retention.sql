-- Issue 12: outbox rows and inbound Message-IDs are deleted once older than
-- HEXPOST_MAIL_RETAIN_DAYS (mail::Sender). created_at follows the insert order, so a BRIN index
-- finds the old rows while costing the hot insert (one outbox row per move) next to nothing.
CREATE INDEX mail_outbox_created ON mail_outbox USING brin (created_at) WITH (autosummarize = on);
CREATE INDEX mail_inbound_received ON mail_inbound (received_at);
