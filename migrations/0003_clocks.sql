-- Correspondence clocks (issue 8): per-seat clock state, vacation, time zones, the admin pause,
-- and the calendar arithmetic (weekends, DST) that C++ cannot do without a time-zone database.
--
-- Every function takes the instants it needs as arguments: the service passes the injected
-- clock's "now" as a parameter and never relies on now() (docs/clocks.md).

-- Time controls are stored normalised: {"type":"none"}, {"type":"per_move","days_per_move":N,...}
-- or {"type":"bank","bank":{...},...}. Earlier rows carried {} or {"days_per_move":N}.
UPDATE challenges SET clock = CASE WHEN clock ? 'days_per_move'
  THEN clock || '{"type":"per_move","vacation":true,"weekends_off":false}'::jsonb
  ELSE '{"type":"none"}'::jsonb END
WHERE NOT clock ? 'type';
UPDATE games SET clock = CASE WHEN clock ? 'days_per_move'
  THEN clock || '{"type":"per_move","vacation":true,"weekends_off":false}'::jsonb
  ELSE '{"type":"none"}'::jsonb END
WHERE NOT clock ? 'type';

ALTER TABLE accounts
  ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC',  -- a pg_timezone_names name
  ADD COLUMN vacation_until timestamptz,             -- on vacation while this is in the future
  ADD COLUMN vacation_started_at timestamptz;

-- Vacation taken, for the yearly allowance (counted per UTC calendar year of started_at).
CREATE TABLE vacation_periods (
  id          bigserial PRIMARY KEY,
  account_id  bigint NOT NULL REFERENCES accounts (id),
  started_at  timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL CHECK (ends_at >= started_at),
  end_reported boolean NOT NULL DEFAULT false  -- the vacation_ended event was written
);
CREATE INDEX vacation_periods_account ON vacation_periods (account_id, started_at);
CREATE INDEX vacation_periods_unreported ON vacation_periods (ends_at) WHERE NOT end_reported;

-- Per-seat clock state. A seat's clock runs from clock_from (which may lie in the future while
-- its player is on vacation) and has bank_s seconds of running time left as of clock_from;
-- deadline is derived from both and is NULL whenever the clock does not run.
ALTER TABLE game_seats
  ADD COLUMN bank_s double precision,              -- NULL: unclocked game
  ADD COLUMN clock_from timestamptz,
  ADD COLUMN deadline timestamptz,
  ADD COLUMN turn_budget_s double precision,       -- the bank when this turn started (reminders)
  ADD COLUMN reminder_level smallint NOT NULL DEFAULT 0,  -- fractions already reminded this turn
  ADD COLUMN next_reminder_at timestamptz;         -- when the sweeper should look again
-- The sweeper's only ways in: never a scan of game_seats.
CREATE INDEX game_seats_deadline ON game_seats (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX game_seats_reminder ON game_seats (next_reminder_at)
  WHERE next_reminder_at IS NOT NULL;
-- Dead unclocked games: active, no clock, untouched for long.
CREATE INDEX games_dead_unclocked ON games (updated_at)
  WHERE status = 'active' AND (clock ->> 'type') = 'none';

-- The admin pause (one row). While paused_at is set, no clock runs.
CREATE TABLE clock_control (
  id        boolean PRIMARY KEY DEFAULT true CHECK (id),
  paused_at timestamptz
);
INSERT INTO clock_control DEFAULT VALUES;

-- These are single-expression SQL functions so that the planner inlines them into the move
-- statement (a function with a FROM clause would be planned again on every execution).
-- date_part (double precision), not extract (numeric), for speed.

-- Seconds of "weekday time" between a fixed Monday 00:00 and a local wall-clock time.
CREATE FUNCTION hx_weekday_s(local_time timestamp) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(date_part('epoch', local_time - timestamp '2000-01-03 00:00') / 604800) * 432000
         + least(date_part('epoch', local_time - timestamp '2000-01-03 00:00')
                 - floor(date_part('epoch', local_time - timestamp '2000-01-03 00:00') / 604800)
                   * 604800, 432000)
$$;

-- Running time of a clock between two instants, in seconds of the player's wall clock
-- (so a day across a DST change counts as one day), Saturdays and Sundays left out when
-- weekends_off. Zero when to_t <= from_t.
CREATE FUNCTION hx_running_s(from_t timestamptz, to_t timestamptz, tz text, weekends_off boolean)
RETURNS double precision LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN to_t <= from_t THEN 0
    WHEN weekends_off THEN greatest(0, hx_weekday_s(to_t AT TIME ZONE tz)
                                       - hx_weekday_s(from_t AT TIME ZONE tz))
    ELSE greatest(0, date_part('epoch', (to_t AT TIME ZONE tz) - (from_t AT TIME ZONE tz)))
  END
$$;

-- The instant at which a clock started at from_t with budget_s seconds of running time falls
-- (the inverse of hx_running_s). NULL when from_t is NULL. With weekends off: the target weekday
-- second is laid out as whole weeks plus (0, 5 days] into the next one.
CREATE FUNCTION hx_deadline(from_t timestamptz, budget_s double precision, tz text,
                            weekends_off boolean)
RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN from_t IS NULL THEN NULL
    WHEN budget_s <= 0 THEN from_t
    WHEN NOT weekends_off THEN
      ((from_t AT TIME ZONE tz) + make_interval(secs => budget_s)) AT TIME ZONE tz
    ELSE (timestamp '2000-01-03 00:00'
          + make_interval(
              days => 7 * (ceil((hx_weekday_s(from_t AT TIME ZONE tz) + budget_s) / 432000) - 1)::int,
              secs => (hx_weekday_s(from_t AT TIME ZONE tz) + budget_s)
                      - (ceil((hx_weekday_s(from_t AT TIME ZONE tz) + budget_s) / 432000) - 1)
                        * 432000))
         AT TIME ZONE tz
  END
$$;

-- A seat's remaining running time at instant at_t (NULL for unclocked seats).
CREATE FUNCTION hx_remaining_s(bank_s double precision, clock_from timestamptz,
                               at_t timestamptz, tz text, weekends_off boolean)
RETURNS double precision LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN bank_s IS NULL THEN NULL WHEN clock_from IS NULL THEN bank_s
    ELSE greatest(0, bank_s - hx_running_s(clock_from, at_t, tz, weekends_off)) END
$$;

-- The seconds a new turn starts with, for a time control (NULL when unclocked).
CREATE FUNCTION hx_turn_budget_s(clock jsonb, bank_s double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE clock ->> 'type'
    WHEN 'per_move' THEN (clock ->> 'days_per_move')::float8 * 86400
    WHEN 'bank' THEN coalesce(bank_s, (clock #>> '{bank,initial_days}')::float8 * 86400)
    ELSE NULL END
$$;

-- The bank a seat keeps after ending its turn with remaining_s left: Fischer increment up to
-- the cap for banks, the full allowance again for days per move.
CREATE FUNCTION hx_bank_after_move(clock jsonb, remaining_s double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE clock ->> 'type'
    WHEN 'per_move' THEN (clock ->> 'days_per_move')::float8 * 86400
    WHEN 'bank' THEN least((clock #>> '{bank,max_days}')::float8 * 86400,
                           remaining_s + (clock #>> '{bank,increment_days}')::float8 * 86400)
    ELSE NULL END
$$;

-- Writes the clock fields of a move answer (body.game.seats[i]) from the seat clocks the store
-- statement computed ({"<seat>": {"deadline": ..., "remaining_s": ...}}), so the 201 answer and
-- its idempotent replays show the deadlines the move produced.
CREATE FUNCTION hx_with_clocks(body text, clocks jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN body = '' OR clocks IS NULL OR (body::jsonb #> '{game,seats}') IS NULL
    THEN body
    ELSE jsonb_set(body::jsonb, '{game,seats}',
           (SELECT coalesce(jsonb_agg(s.value || coalesce(clocks -> (s.value ->> 'seat'), '{}')
                                      ORDER BY s.n), '[]'::jsonb)
            FROM jsonb_array_elements(body::jsonb #> '{game,seats}') WITH ORDINALITY s(value, n))
         )::text END
$$;
