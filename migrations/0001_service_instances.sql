-- One row per hexpostd instance: when it started and when it last proved it was alive.
-- The gap between the newest last_beat and the next start is how an outage is detected
-- (correspondence clocks must not run while the service was down).
CREATE TABLE service_instances (
  instance_id text PRIMARY KEY CHECK (instance_id <> ''),
  started_at timestamptz NOT NULL DEFAULT now(),
  last_beat timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX service_instances_last_beat_idx ON service_instances (last_beat DESC);
