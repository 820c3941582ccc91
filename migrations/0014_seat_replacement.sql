-- Replacing a player who leaves a multi-player game (docs/game-service.md, "Leaving a game").
-- One row per request to leave: the seat, who leaves, the replacement they named, the seats that
-- vote and how they voted, whether the replacement accepted, and how it ended. A row that ended
-- in a handover also keeps the ply of the handover entry and the placement the leaver is rated
-- with (as a resignation); the ratings read it instead of the seat's final holder.
CREATE TABLE seat_leave_requests (
  id               bigserial PRIMARY KEY,
  game_id          bigint NOT NULL REFERENCES games (id),
  seat             int NOT NULL,
  leaver_id        bigint NOT NULL REFERENCES accounts (id),
  replacement_id   bigint REFERENCES accounts (id),
  voters           int[] NOT NULL,                -- the other seats still in the game
  approvals        int[] NOT NULL DEFAULT '{}',
  refusals         int[] NOT NULL DEFAULT '{}',
  accepted         boolean NOT NULL DEFAULT false, -- the replacement said yes
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'handed_over', 'resigned', 'closed')),
  deadline         timestamptz NOT NULL,
  created_at       timestamptz NOT NULL,
  resolved_at      timestamptz,
  handover_ply     int,
  leaver_placement int
);
CREATE UNIQUE INDEX seat_leave_requests_pending ON seat_leave_requests (game_id)
  WHERE status = 'pending';
CREATE INDEX seat_leave_requests_due ON seat_leave_requests (deadline) WHERE status = 'pending';
CREATE INDEX seat_leave_requests_handed_over ON seat_leave_requests (game_id, seat)
  WHERE status = 'handed_over';
