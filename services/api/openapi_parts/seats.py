# Leaving a multi-player game: the request, the vote, the replacement's acceptance
# (docs/game-service.md, "Leaving a game"). Run by ../openapi_gen.py with its globals.
schemas["LeaveRequest"] = {"type": "object", "description": "A seated player's request to leave, naming a replacement; the other seats still in the game vote on it",
  "required": ["game_id", "seat", "leaver", "replacement", "voters", "approvals", "refusals", "accepted", "status", "deadline"],
  "properties": {"game_id": {"type": "string"}, "seat": {"type": "integer"}, "leaver": {"type": "string"},
    "replacement": {"type": ["string", "null"], "description": "null: nobody was named (the leaver resigned at once)"},
    "voters": {"type": "array", "items": {"type": "integer"}, "description": "The seats that vote"},
    "approvals": {"type": "array", "items": {"type": "integer"}}, "refusals": {"type": "array", "items": {"type": "integer"}},
    "accepted": {"type": "boolean", "description": "The replacement has accepted the seat"},
    "status": {"type": "string", "enum": ["pending", "handed_over", "resigned", "closed"]},
    "deadline": {"type": "string", "format": "date-time", "description": "The end of the vote"}}}
schemas["LeaveAnswer"] = {"type": "object", "required": ["leave_request", "game"], "properties": {"leave_request": sref("LeaveRequest"), "game": sref("Game")}}
schemas["Game"]["allOf"][1]["properties"]["leave_request"] = {"oneOf": [sref("LeaveRequest"), {"type": "null"}], "description": "GET /v1/games/{id}: the open leave request, or null"}
leave_errors = merge({"200": jbody(sref("LeaveAnswer"), "OK", etag), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict"), "422": ref("Unprocessable")}, auth_errors, body_errors)
paths["/v1/games/{id}/leave"] = {"post": op("leaveGame", "Ask to leave a game of three or more seats, naming a replacement (without one: resign at once)", leave_errors, ["games"],
  reqbody({"type": "object", "properties": {"replacement": {"type": "string", "maxLength": 24, "description": "The username of the player who would take the seat"}}}, False), params=[idp])}
paths["/v1/games/{id}/leave/vote"] = {"post": op("voteOnLeave", "Vote on the game's open leave request", leave_errors, ["games"],
  reqbody({"type": "object", "required": ["approve"], "properties": {"approve": {"type": "boolean"}}}), params=[idp])}
paths["/v1/games/{id}/leave/accept"] = {"post": op("acceptSeat", "The named replacement accepts the seat", leave_errors, ["games"], reqbody({"type": "object"}, False), params=[idp])}
