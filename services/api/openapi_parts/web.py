# Public reading (no credential needed) and web sessions (POST/GET/DELETE /v1/session), and the
# public player profile. Runs after the other parts: it marks their reading operations public.
public_security = [{}, {"bearer": []}, {"session": []}]
for path, method in [("/v1/games", "get"), ("/v1/games/{id}", "get"), ("/v1/games/{id}/record", "get"),
                     ("/v1/games/{id}/fairness", "get"), ("/v1/games/{id}/stream", "get"),
                     ("/v1/tournaments", "get"), ("/v1/tournaments/{id}", "get"),
                     ("/v1/ratings/{game}", "get"), ("/v1/ratings/{game}/{username}", "get")]:
    paths[path][method]["security"] = public_security

game_stream = paths["/v1/games/{id}/stream"]["get"]
game_stream["responses"]["200"]["content"]["text/event-stream"] = {"schema": {"type": "string", "description": "Server-Sent Events: `event: <type>` and `data: <the ndjson line>` per frame, `: heartbeat` comments"}}
game_stream["responses"]["429"] = problem_resp("rate_limited (an anonymous reader's address bucket or the token's), too_many_streams_for_token or too_many_streams_for_address (Retry-After)", {"Retry-After": {"schema": {"type": "integer"}}})
game_stream["parameters"] = game_stream.get("parameters", []) + [{"name": "format", "in": "query", "schema": {"type": "string", "enum": ["ndjson", "sse"]}, "description": "sse: Server-Sent Events (also with Accept: text/event-stream)"}]

session_cookie = {"Set-Cookie": {"description": "`hexpost_session=<token>; HttpOnly; SameSite=Strict; Path=/`, plus `; Secure` when HEXPOST_PUBLIC_URL is https", "schema": {"type": "string"}}}
schemas["Session"] = {"type": "object", "required": ["signed_in", "username"], "properties": {
    "signed_in": {"type": "boolean"}, "username": {"type": ["string", "null"]},
    "scopes": {"type": "array", "items": sref("Scope")}, "token_id": {"type": "string", "description": "The token behind the session (GET /v1/tokens)"},
    "via": {"type": "string", "enum": ["cookie", "bearer"], "description": "The credential this request was authenticated with"}}}
paths["/v1/session"] = {
    "post": op("createSession", "Sign in a browser: the session cookie",
               merge({"201": jbody(sref("Session"), "Signed in", session_cookie), "401": ref("Unauthorized"), "403": ref("Forbidden"),
                      "429": ref("LoginThrottled"), "503": ref("LoginUnavailable")}, body_errors),
               ["accounts"], reqbody({"type": "object", "required": ["username", "password"], "properties": {"username": {"type": "string"}, "password": {"type": "string"}}}), secure=False),
    "get": op("getSession", "Who is signed in", merge({"200": jbody(sref("Session"))}, auth_errors), ["accounts"]),
    "delete": op("deleteSession", "Sign out: the session's token revoked, the cookie cleared",
                 merge({"204": {"description": "Signed out", "headers": {"Set-Cookie": {"description": "`hexpost_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`", "schema": {"type": "string"}}}},
                        "403": ref("Forbidden")}, auth_errors), ["accounts"])}
paths["/v1/session"]["get"]["security"] = public_security

paths["/v1/players/{username}"] = {"get": op("getPlayer", "A player's public profile: games, ratings per game, tournaments",
    merge({"200": jbody({"type": "object", "required": ["username", "bot", "created_at", "games", "ratings", "tournaments"], "properties": {
        "username": {"type": "string"}, "bot": {"type": "boolean"}, "created_at": {"type": "string", "format": "date-time"},
        "games": {"type": "array", "items": sref("GameSummary"), "description": "The 20 most recent, newest first"},
        "ratings": {"type": "array", "items": {"type": "object", "required": ["game", "system", "rating", "deviation", "games", "provisional"], "properties": {
            "game": {"type": "string"}, "system": {"type": "string", "enum": ["elo", "glicko2"]}, "rating": {"type": "integer"},
            "deviation": {"type": ["integer", "null"]}, "games": {"type": "integer"}, "provisional": {"type": "boolean"},
            "live_rating": schemas["Rating"]["properties"]["live_rating"], "live_deviation": schemas["Rating"]["properties"]["live_deviation"]}}},
        "tournaments": {"type": "array", "items": sref("TournamentSummary"), "description": "The 20 most recent entered, newest first"}}}),
        "404": ref("NotFound")}, auth_errors), ["ratings"],
    params=[{"name": "username", "in": "path", "required": True, "schema": {"type": "string"}}])}
paths["/v1/players/{username}"]["get"]["security"] = public_security

paths["/v1/games/{id}/board.svg"] = {"get": op("getBoardSvg", "The board as an SVG image, at any ply, from any seat's side",
    merge({"200": {"description": "A self-contained SVG (no script, no external reference): one element with data-cell and a <title> per cell; the cells of the move that made the position have the class hl",
                   "headers": merge(etag, {"Cache-Control": {"description": "`public, max-age=30` for the current position, `public, max-age=86400` for an earlier one", "schema": {"type": "string"}}}),
                   "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
           "304": not_modified, "400": ref("BadRequest"), "404": ref("NotFound"), "422": ref("Unprocessable")}, auth_errors), ["games"],
    params=[idp, if_none_match,
            {"name": "ply", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "The position after this many entries (0: the start; default: the current position); past the game's ply: 422 ply_out_of_range"},
            {"name": "seat", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "The seat whose side faces the viewer (default: the game's usual orientation); not a seat of the game: 422 seat_out_of_range"}])}
paths["/v1/games/{id}/board.svg"]["get"]["security"] = public_security
