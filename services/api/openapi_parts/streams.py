# The Bot API (docs/bot-protocol.md). Run by ../openapi_gen.py with its globals.
tags.append({"name": "bots", "description": "Event streams, game streams and the turn queue (docs/bot-protocol.md)"})
schemas["Turn"] = {"type": "object", "description": "A game where it is the caller's turn. `opponents` comes with GET /v1/me/turns only.",
  "required": ["game_id", "game", "ply", "seat", "last_move", "deadline", "remaining_s", "legal_move_count"], "properties": {
  "game_id": {"type": "string"}, "game": {"type": "string"}, "ply": {"type": "integer"}, "seat": {"type": "integer"},
  "last_move": {"type": ["string", "null"]}, "deadline": {"type": ["string", "null"], "format": "date-time"},
  "remaining_s": {"type": ["number", "null"]}, "legal_move_count": {"type": "integer"},
  "opponents": {"type": "array", "items": {"type": "string"}}}}
schemas["StaleTurn"] = {"type": "object", "description": "A your_turn event replayed (?since=) after that turn is over: only the game and the ply it announced",
  "required": ["game_id", "ply", "stale"], "properties": {"game_id": {"type": "string"}, "ply": {"type": "integer"}, "stale": {"const": True}}}
schemas["StreamChallenge"] = {"allOf": [sref("Challenge"), {"type": "object", "required": ["creator_is_bot"], "properties": {"creator_is_bot": {"type": "boolean"}}}]}
schemas["StreamEvent"] = {"type": "object", "description": "One ndjson line (or SSE `data:`). `id` (absent on snapshot lines) resumes with ?since= or Last-Event-ID.",
  "required": ["type"], "properties": {
    "id": {"type": "string"}, "type": {"type": "string", "examples": ["challenge_received", "challenge_accepted", "challenge_declined", "game_started", "your_turn", "move", "conditional_played", "game_finished", "reminder", "tournament_pairing", "message", "message_reported", "snapshot_done", "closed"]},
    "kind": {"type": "string", "description": "The game_events kind (docs/events.md)"}, "snapshot": {"type": "boolean"},
    "game_id": {"type": "string"}, "challenge_id": {"type": "string"}, "ply": {"type": "integer"},
    "last_move": {"type": "string", "description": "move, your_turn and conditional_played events: the move just made (conditional_played: the caller's conditional reply)"},
    "your_turn": {"oneOf": [sref("Turn"), sref("StaleTurn")], "description": "Present when the event makes it the caller's turn; a StaleTurn when replayed after that turn is over"},
    "challenge": sref("StreamChallenge"), "payload": {"type": "object", "additionalProperties": True, "description": "The game_events payload, by kind (docs/events.md); game_finished: game_id, summary, seats (seat, username, placement, score), termination after a loss on time"},
    "reason": {"type": "string", "enum": ["replaced"], "description": "closed: why the stream ended"},
    "created_at": {"type": "string", "format": "date-time"}}}
stream_busy = problem_resp("too_many_streams: every stream slot is taken (Retry-After), or database_unavailable", {"Retry-After": {"schema": {"type": "integer"}}})
ndjson = lambda schema, desc: {"description": desc, "content": {"application/x-ndjson": {"schema": schema}}}
paths["/v1/stream/events"] = {"get": op("streamEvents",
  "The caller's event stream: an opening snapshot (pending challenges, games waiting for a move), `snapshot_done`, then every event for the account; empty heartbeat lines; one stream per token (a newer one closes this one with a `closed` line; with ?replace=false the newer one is refused instead, 409 stream_open)",
  merge({"200": {"description": "ndjson, or Server-Sent Events with `Accept: text/event-stream` or ?format=sse",
                 "content": {"application/x-ndjson": {"schema": sref("StreamEvent")}, "text/event-stream": {"schema": {"type": "string"}}}},
         "400": ref("BadRequest"), "403": ref("Forbidden"),
         "409": problem_resp("stream_open: ?replace=false, and the token already holds an open event stream on this instance")}, auth_errors, {"503": stream_busy}), ["bots"],
  params=[{"name": "since", "in": "query", "schema": {"type": "string", "pattern": "^[0-9]+$"}, "description": "Resume after this event id"},
          {"name": "Last-Event-ID", "in": "header", "schema": {"type": "string"}, "description": "Same as since (SSE reconnects send it)"},
          {"name": "format", "in": "query", "schema": {"type": "string", "enum": ["ndjson", "sse"]}},
          {"name": "replace", "in": "query", "schema": {"type": "boolean", "default": True}, "description": "false: never close the token's open stream; refuse with 409 stream_open while there is one"}])}
paths["/v1/games/{id}/stream"] = {"get": op("streamGame",
  "The game's full state ({\"type\":\"game_state\",\"game\":<GET /v1/games/{id}>}), then one such line per change, empty heartbeat lines; ends after the game-over state",
  merge({"200": ndjson({"oneOf": [{"type": "object", "required": ["type", "game"], "properties": {"type": {"const": "game_state"}, "game": sref("Game")}},
                                  {"type": "object", "required": ["type", "id", "message"], "description": "A message of the game, to its players only (never to spectators)",
                                   "properties": {"type": {"const": "message"}, "id": {"type": "string", "description": "The event id"},
                                                  "message": {"type": "object", "additionalProperties": True, "description": "The `message` event's payload (docs/events.md)"}}}]}, "ndjson stream"),
         "404": ref("NotFound")}, auth_errors, {"503": stream_busy}), ["bots"], params=[idp])}
paths["/v1/me/turns"] = {"get": op("getTurns",
  "Games where it is the caller's turn, most urgent deadline first; ?wait=N long-polls up to N seconds (at most 60) for the list to stop matching If-None-Match (or, without it, to be non-empty)",
  merge({"200": jbody({"type": "object", "required": ["turns"], "properties": {"turns": {"type": "array", "items": sref("Turn")}}}, "OK", {"ETag": {"schema": {"type": "string"}}}),
         "304": not_modified, "400": ref("BadRequest")}, auth_errors, {"503": stream_busy}), ["bots"],
  params=[{"name": "wait", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 60}},
          if_none_match])}
