# Conditional moves (docs/game-service.md "Conditional moves"). Run by ../openapi_gen.py with its globals.
schemas["ConditionalLines"] = {"type": "object", "required": ["game_id", "ply", "lines"],
  "description": "The caller's own lines on the game, each a list of moves in play order from ply `ply` + 1: the other seats' moves are the conditions, the caller's the replies",
  "properties": {"game_id": {"type": "string"}, "ply": {"type": "integer", "description": "The ply the lines start after (the game's ply when none are stored)"},
    "lines": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}, "description": "Canonical notation; empty when none are stored"}}}
schemas["Problem"]["properties"]["line"] = {"type": "integer", "description": "Conditional lines (422): the line at fault, from 1"}
schemas["Problem"]["properties"]["move"] = {"type": "integer", "description": "Conditional lines (422): the move of that line at fault, from 1"}
schemas["Problem"]["properties"]["text"] = {"type": "string", "description": "Conditional lines (422): that move as sent"}
paths["/v1/games/{id}/conditional"] = {
  "get": op("getConditional", "The caller's conditional lines on the game (a seated player; play or bot scope)",
    merge({"200": jbody(sref("ConditionalLines")), "403": ref("Forbidden"), "404": ref("NotFound")}, auth_errors), ["games"], params=[idp]),
  "put": op("putConditional", "Replace the caller's conditional lines (\"if you play X, I reply Y\"), each checked where it would be played",
    merge({"200": jbody(sref("ConditionalLines"), "Stored"), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict"), "422": ref("Unprocessable")}, auth_errors, body_errors), ["games"],
    reqbody({"type": "object", "required": ["lines"], "properties": {
      "lines": {"type": "array", "maxItems": 32, "items": {"type": "array", "minItems": 2, "maxItems": 40, "items": {"type": "string", "minLength": 1, "maxLength": 200}},
                "examples": [[["e5", "d5", "f5", "d4"]]]},
      "ply": {"type": "integer", "minimum": 0, "description": "The ply the player saw; another is refused with 409 stale_ply"}}}),
    params=[idp]),
  "delete": op("deleteConditional", "Delete the caller's conditional lines on the game",
    merge({"204": {"description": "Deleted (also when there were none)"}, "403": ref("Forbidden"), "404": ref("NotFound")}, auth_errors), ["games"], params=[idp])}
