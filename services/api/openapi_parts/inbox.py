# The inbox (docs/events.md, "The inbox"). Run by ../openapi_gen.py with its globals.
schemas["EventPage"] = {"type": "object", "required": ["events", "next_cursor"], "properties": {
  "events": {"type": "array", "items": sref("StreamEvent"), "description": "Newest first, each as the event stream sends it"},
  "next_cursor": {"type": ["string", "null"], "description": "The cursor of the next (older) page; null on the last page"}}}
paths["/v1/me/events"] = {"get": op("listMyEvents",
  "The caller's inbox: what happened to them lately, newest first",
  merge({"200": jbody(sref("EventPage"), "OK", {"Link": {"description": "rel=next: the next page (keeps limit)", "schema": {"type": "string"}}}),
         "400": ref("BadRequest")}, auth_errors), ["accounts"],
  params=[{"$ref": "#/components/parameters/limit"}, {"$ref": "#/components/parameters/cursor"}],
  desc="Challenges received, accepted, declined or cancelled (payload `by`: who), games started, finished or aborted, draw offers, requests to leave a game and seats handed over, tournament pairings and results, messages from other players (`message`) and, for admins, reported messages (`message_reported`), from `game_events`. Moves and reminders are left out. Each event is the line `GET /v1/stream/events` sends for it (`type` tells a challenge received from one the caller created).")}
