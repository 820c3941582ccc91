# Generates openapi.json (kept in the repository and embedded in hexpostd). Run: python3 services/api/openapi_gen.py
import json
P = "#/components/responses/"
def ref(name): return {"$ref": P + name}
def sref(name): return {"$ref": "#/components/schemas/" + name}
def jbody(schema, desc="OK", headers=None):
    r = {"description": desc, "content": {"application/json": {"schema": schema}}}
    if headers: r["headers"] = headers
    return r
def reqbody(schema, required=True):
    return {"required": required, "content": {"application/json": {"schema": schema}}}
idp = {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[0-9]+$"}, "description": "Numeric id"}
auth_errors = {"401": ref("Unauthorized"), "429": ref("TooManyRequests"), "503": ref("Unavailable")}
body_errors = {"400": ref("BadRequest"), "411": ref("LengthRequired"), "413": ref("PayloadTooLarge"), "415": ref("UnsupportedMediaType")}
ratelimit_headers = {"RateLimit": {"$ref": "#/components/headers/RateLimit"}, "RateLimit-Policy": {"$ref": "#/components/headers/RateLimitPolicy"}}
etag = {"ETag": {"description": "Changes with every change of the game", "schema": {"type": "string"}}}
# Conditional GETs (RFC 9110 §13.1.2), the same on every route that sends an ETag.
if_none_match = {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}, "description": "Entity tags, comma-separated (W/ tags match by weak comparison), or *: a match answers 304"}
not_modified = {"description": "Not modified: If-None-Match matches the current ETag (weak comparison, any tag of the list, or *)", "headers": etag}
next_link = {"Link": {"description": "`<path?filters&limit&cursor=next_cursor>; rel=\"next\"`: the request's query with the next cursor; sent whenever next_cursor is not null", "schema": {"type": "string"}}}
def op(opid, summary, responses, tags, body=None, params=None, secure=True, desc=None):
    o = {"operationId": opid, "summary": summary, "tags": tags, "responses": responses}
    if desc: o["description"] = desc
    if body: o["requestBody"] = body
    if params: o["parameters"] = params
    if not secure: o["security"] = []
    return o
def merge(*ds):
    out = {}
    for d in ds: out.update(d)
    return out

paths = {}
status_body = lambda value: {"type": "object", "required": ["status"], "properties": {"status": {"const": value}}}
paths["/healthz"] = {"get": op("getHealth", "Process is alive", {"200": jbody(status_body("ok")), "4XX": ref("ClientError")}, ["health"], secure=False)}
paths["/readyz"] = {"get": op("getReady", "Database reachable and migrations current", {"200": jbody(status_body("ready")), "4XX": ref("ClientError"), "503": ref("Unavailable")}, ["health"], secure=False)}
paths["/v1/openapi.json"] = {"get": op("getOpenApi", "This document", {"200": jbody({"type": "object", "additionalProperties": True, "description": "OpenAPI 3.1"}), "404": ref("NotFound")}, ["meta"], secure=False)}
paths["/v1/accounts"] = {"post": op("createAccount", "Create an account; answers its first token (all scopes), shown once",
    merge({"201": jbody({"type": "object", "required": ["username", "token"], "properties": {"username": {"type": "string"}, "token": {"type": "string", "pattern": "^hxp_[0-9A-Za-z]{43}$"}}}, "Created"),
           "409": ref("Conflict"), "429": ref("LoginThrottled"), "503": ref("LoginUnavailable")}, body_errors),
    ["accounts"], reqbody(sref("NewAccount")), secure=False)}
paths["/v1/tokens"] = {
  "post": op("createToken", "Create a token with username and password", merge({"201": jbody(sref("NewToken"), "Created"), "401": ref("Unauthorized"), "429": ref("LoginThrottled"), "503": ref("LoginUnavailable")}, body_errors),
             ["accounts"], reqbody({"type": "object", "required": ["username", "password"], "properties": {"username": {"type": "string"}, "password": {"type": "string"}, "name": {"type": "string", "maxLength": 100}, "scopes": {"type": "array", "items": sref("Scope")}}}), secure=False),
  "get": op("listTokens", "The caller's live tokens (never the secrets)", merge({"200": jbody({"type": "object", "properties": {"tokens": {"type": "array", "items": sref("TokenInfo")}}}, "OK", ratelimit_headers)}, auth_errors), ["accounts"])}
paths["/v1/tokens/{id}"] = {"delete": op("revokeToken", "Revoke one of the caller's tokens", merge({"204": {"description": "Revoked"}, "404": ref("NotFound")}, auth_errors), ["accounts"], params=[idp])}
paths["/v1/me"] = {"get": op("getMe", "The caller's account", merge({"200": jbody(sref("Me"), "OK", ratelimit_headers)}, auth_errors), ["accounts"])}
paths["/v1/catalog"] = {"get": op("getCatalog", "The games this server offers", {"200": jbody({"type": "object", "properties": {"games": {"type": "array", "items": sref("CatalogGame")}}}), "4XX": ref("ClientError")}, ["games"], secure=False)}
paths["/v1/challenges"] = {
  "post": op("createChallenge", "Challenge named opponents, or an open seek without them", merge({"201": jbody(sref("Challenge"), "Created"), "403": ref("Forbidden"), "422": ref("Unprocessable")}, auth_errors, body_errors), ["challenges"], reqbody(sref("NewChallenge"))),
  "get": op("listChallenges", "Open challenges the caller made, is invited to, or can join", merge({"200": jbody({"type": "object", "properties": {"challenges": {"type": "array", "items": sref("Challenge")}}}), "400": ref("BadRequest")}, auth_errors), ["challenges"], params=[{"$ref": "#/components/parameters/limit"}])}
paths["/v1/challenges/{id}"] = {"get": op("getChallenge", "One challenge", merge({"200": jbody(sref("Challenge")), "404": ref("NotFound")}, auth_errors), ["challenges"], params=[idp])}
paths["/v1/challenges/{id}/accept"] = {"post": op("acceptChallenge", "Take a seat; the last seat starts the game (Location: the game)", merge({"200": jbody(sref("Challenge")), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict"), "422": ref("Unprocessable")}, auth_errors, body_errors), ["challenges"], reqbody({"type": "object", "properties": {"seed": {"type": "string", "maxLength": 128, "description": "Optional player seed for the fair randomness"}}}, False), params=[idp])}
paths["/v1/challenges/{id}/decline"] = {"post": op("declineChallenge", "Decline (invitee) or withdraw (creator), with a reason", merge({"200": jbody(sref("Challenge")), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["challenges"], reqbody({"type": "object", "properties": {"reason": {"type": "string", "maxLength": 200}}}, False), params=[idp])}
paths["/v1/challenges/{id}/cancel"] = {"post": op("cancelChallenge", "Withdraw an open challenge or seek (creator only), with a reason", merge({"200": jbody(sref("Challenge")), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["challenges"], reqbody({"type": "object", "properties": {"reason": {"type": "string", "maxLength": 200}}}, False), params=[idp],
  desc="The challenge becomes `cancelled` and its participants get a `challenge_cancelled` event. Anyone but the creator gets 403 `not_creator`; a challenge that is no longer open, 409 `challenge_closed`.")}
listparams = [{"$ref": "#/components/parameters/limit"}, {"$ref": "#/components/parameters/cursor"},
  {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["active", "finished", "aborted"]}},
  {"name": "game", "in": "query", "schema": {"type": "string"}}]
paths["/v1/me/games"] = {"get": op("listMyGames", "The caller's games: their turn first, most urgent first, then other active games, then finished ones (newest first)",
  merge({"200": jbody(sref("GameList"), "OK", next_link), "400": ref("BadRequest")}, auth_errors), ["games"],
  params=listparams + [{"name": "turn", "in": "query", "schema": {"type": "string", "enum": ["mine", "any"]}}])}
paths["/v1/games"] = {"get": op("listGames", "Games, newest first", merge({"200": jbody(sref("GameList"), "OK", next_link), "400": ref("BadRequest")}, auth_errors), ["games"],
  params=listparams + [{"name": "player", "in": "query", "schema": {"type": "string"}}])}
paths["/v1/games/{id}"] = {"get": op("getGame", "A game: seats, whose turn, position, board, moves, result; legal moves for the caller on their turn",
  merge({"200": jbody(sref("Game"), "OK", etag), "304": not_modified, "404": ref("NotFound")}, auth_errors), ["games"],
  params=[idp, if_none_match,
          {"name": "moves_after", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 1000000, "default": 0},
           "description": "Only the moves after this ply in `moves` (for a client that has seen the game up to it); 0, the default, lists them all"}])}
paths["/v1/games/{id}/moves"] = {"post": op("makeMove", "Make a move at the ply the player saw",
  merge({"201": jbody(sref("MoveResult"), "The canonical move and the new state", etag),
         "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict"), "422": ref("Unprocessable")}, auth_errors, body_errors), ["games"],
  reqbody({"type": "object", "required": ["move", "ply"], "properties": {"move": {"type": "string", "maxLength": 200}, "ply": {"type": "integer", "minimum": 0}}}),
  params=[idp, {"name": "Idempotency-Key", "in": "header", "schema": {"type": "string", "maxLength": 255}, "description": "Replays of the same key and body return the stored 201; another body gets 422"}],
  desc="409 stale_ply / not_your_turn / game_over carry the current state in `current`; 422 carries the rules' code (`bad_notation`, `illegal_move`).")}
paths["/v1/games/{id}/preview"] = {"post": op("previewMove", "Validate a move without storing it", merge({"200": jbody({"type": "object", "required": ["move", "legal", "ply"], "properties": {"move": {"type": "string", "description": "The canonical form"}, "legal": {"type": "boolean"}, "ply": {"type": "integer"}}}), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict"), "422": ref("Unprocessable")}, auth_errors, body_errors), ["games"],
  reqbody({"type": "object", "required": ["move"], "properties": {"move": {"type": "string"}}}), params=[idp])}
paths["/v1/games/{id}/resign"] = {"post": op("resign", "Resign; in multi-player games the rules decide whether play goes on", merge({"200": jbody({"type": "object", "required": ["game"], "properties": {"record": {"type": "string"}, "game": sref("Game")}}), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["games"], reqbody({"type": "object"}, False), params=[idp])}
paths["/v1/games/{id}/draw"] = {"post": op("draw", "Offer, accept or decline a draw (every remaining player must agree)", merge({"200": jbody(sref("Game")), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["games"],
  reqbody({"type": "object", "required": ["action"], "properties": {"action": {"type": "string", "enum": ["offer", "accept", "decline"]}}}), params=[idp])}
paths["/v1/games/{id}/abort"] = {"post": op("abort", "Abort, allowed until every seat has made its first move", merge({"200": jbody(sref("Game")), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["games"], reqbody({"type": "object"}, False), params=[idp])}
paths["/v1/games/{id}/record"] = {"get": op("getRecord", "PGN-style record: tag pairs, then one entry per line with ply, time and draws", merge({"200": {"description": "The record", "headers": etag, "content": {"text/plain": {"schema": {"type": "string"}}}}, "304": not_modified, "404": ref("NotFound")}, auth_errors), ["games"], params=[idp, if_none_match])}
paths["/v1/games/{id}/fairness"] = {"get": op("getFairness", "Commitment, the server seed once the game is over, player seeds, every draw and the move hash chain", merge({"200": jbody(sref("Fairness")), "404": ref("NotFound")}, auth_errors), ["games"], params=[idp])}

def problem_resp(desc, extra_headers=None):
    r = {"description": desc, "content": {"application/problem+json": {"schema": sref("Problem")}}}
    if extra_headers: r["headers"] = extra_headers
    return r
responses = {
  "ClientError": problem_resp("A malformed request rejected before routing (bad_request, uri_too_long, method_not_allowed)"),
  "BadRequest": problem_resp("Malformed request (invalid_json, json_too_deep, invalid_body, missing_field, invalid_field, invalid_parameter, invalid_cursor, invalid_idempotency_key, invalid_username, invalid_email, weak_password, invalid_scope, invalid_clock)"),
  "Unauthorized": problem_resp("No token, a bad or revoked token (unauthenticated, invalid_token), or bad credentials (bad_credentials)", {"WWW-Authenticate": {"schema": {"type": "string"}}}),
  "Forbidden": problem_resp("insufficient_scope, not_your_game, not_invited, not_creator"),
  "NotFound": problem_resp("game_not_found, challenge_not_found, token_not_found, not_found"),
  "Conflict": problem_resp("stale_ply, not_your_turn, your_turn, game_over, no_draw_offer, abort_too_late, conflict, challenge_closed, already_joined, username_taken; game conflicts carry `current`"),
  "LengthRequired": problem_resp("transfer_encoding_not_supported (chunked bodies), length_required"),
  "PayloadTooLarge": problem_resp("payload_too_large"),
  "UnsupportedMediaType": problem_resp("unsupported_media_type: send application/json"),
  "Unprocessable": problem_resp("The rules refused (bad_notation, illegal_move, bad_options), invalid_line, unknown_game, unknown_user, idempotency_key_reused"),
  "TooManyRequests": problem_resp("rate_limited: the token's bucket is empty", {"Retry-After": {"schema": {"type": "integer"}}, "RateLimit": {"$ref": "#/components/headers/RateLimit"}, "RateLimit-Policy": {"$ref": "#/components/headers/RateLimitPolicy"}}),
  "Unavailable": problem_resp("database_unavailable (retry after Retry-After seconds)", {"Retry-After": {"schema": {"type": "integer"}}}),
  "LoginThrottled": problem_resp("rate_limited: the bucket of the client address (limit logins-per-address) or of the username (logins-per-username) is empty; "
                                 "login_backoff: this username failed too often from this address (limit failed-logins, `failures`); retry after Retry-After seconds",
                                 {"Retry-After": {"schema": {"type": "integer"}}}),
  "LoginUnavailable": problem_resp("login_busy: the password hashing queue is full or its wait ran out (Retry-After: 1); database_unavailable",
                                   {"Retry-After": {"schema": {"type": "integer"}}}),
}
nullable = lambda t: {"type": [t, "null"]}
schemas = {
  "Problem": {"type": "object", "required": ["type", "title", "status", "code"], "description": "RFC 9457 problem details. `code` is stable; `type` is urn:hexpost:problem:<code>.",
    "properties": {"type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"}, "detail": {"type": "string"}, "code": {"type": "string"},
      "current": {"type": "object", "additionalProperties": True, "description": "409 on a game: the game's current state (a GameSummary with position, to_move_seats and draw_offers)"},
      "field": {"type": "string", "description": "The request body member that was refused"}, "pattern": {"type": "string", "description": "invalid_username: the pattern a username must match"},
      "parameter": {"type": "string", "description": "The query parameter or header that was refused"}, "min": {"type": "integer"}, "max": {"type": "integer", "description": "min and max: the range of an integer parameter"},
      "rule_code": {"type": "string", "description": "The rules' refusal code (422)"}, "required_scopes": {"type": "array", "items": sref("Scope"), "description": "insufficient_scope: any one of these is needed"},
      "challenge_status": {"type": "string", "description": "challenge_closed on accept: what became of the challenge"},
      "vacation": sref("Vacation"), "retry_after": {"type": "integer", "description": "Seconds, as in Retry-After (429, too_many_streams)"},
      "limit": {"type": "string", "description": "Which limit was hit (requests-per-token, bot-requests-per-token, open-streams, streams-per-token, logins-per-address, logins-per-username, failed-logins)"},
      "burst": {"type": "number"}, "per_second": {"type": "number", "description": "burst and per_second: the token bucket (429)"},
      "per_minute": {"type": "number", "description": "The refill of a login bucket (429 logins-per-address, logins-per-username)"},
      "failures": {"type": "integer", "description": "login_backoff: failed logins in a row for this username from this address"}, "resets_at": {"type": "string", "format": "date-time"},
      "max_streams": {"type": "integer", "description": "too_many_streams: the server's stream slots"},
      "max_streams_per_token": {"type": "integer", "description": "too_many_streams_for_token: how many streams and long polls one token may hold"},
      "request_id": {"type": "string", "description": "5xx: the request's id (also its X-Request-Id header and in the server's log lines), to quote in a report"}}},
  "Scope": {"type": "string", "enum": ["play", "bot", "organise", "admin"]},
  "NewAccount": {"type": "object", "required": ["username", "email", "password"], "properties": {
     "username": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]{2,23}$"}, "email": {"type": "string", "maxLength": 254}, "password": {"type": "string", "minLength": 8, "maxLength": 1024}, "bot": {"type": "boolean", "default": False}}},
  "NewToken": {"type": "object", "required": ["id", "token", "name", "scopes"], "properties": {"id": {"type": "string"}, "token": {"type": "string"}, "name": {"type": "string"}, "scopes": {"type": "array", "items": sref("Scope")}}},
  "TokenInfo": {"type": "object", "required": ["id", "name", "prefix", "scopes", "created_at", "current"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "prefix": {"type": "string"}, "scopes": {"type": "array", "items": sref("Scope")}, "created_at": {"type": "string", "format": "date-time"}, "current": {"type": "boolean"}}},
  "Me": {"type": "object", "required": ["username", "email", "bot", "admin", "scopes", "token_scopes", "created_at"], "properties": {"username": {"type": "string"}, "email": {"type": "string"}, "bot": {"type": "boolean"}, "admin": {"type": "boolean"}, "scopes": {"type": "array", "items": sref("Scope")}, "token_scopes": {"type": "array", "items": sref("Scope")}, "created_at": {"type": "string"}}},
  "CatalogGame": {"type": "object", "required": ["id", "name", "player_counts", "provisional", "ruleset_version", "max_plies", "options"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "player_counts": {"type": "array", "items": {"type": "integer"}}, "provisional": {"type": "boolean"}, "ruleset_version": {"type": "string"}, "max_plies": {"type": "integer"},
     "options": {"type": "array", "items": {"type": "object", "required": ["name", "description", "default", "allowed"], "properties": {"name": {"type": "string"}, "description": {"type": "string"}, "default": {"type": "string"}, "allowed": {"type": "array", "items": {"type": "string"}}}}}}},
  "NewChallenge": {"type": "object", "required": ["game"], "properties": {"game": {"type": "string"}, "players": {"type": "integer", "minimum": 1, "maximum": 8},
     "opponents": {"type": "array", "items": {"type": "string"}, "description": "Usernames; omit for an open seek"}, "options": {"type": "object", "additionalProperties": {"type": ["string", "integer", "boolean"]}},
     "clock": {"type": "object", "properties": {"days_per_move": {"type": "integer", "minimum": 1, "maximum": 60}},
       "description": "Absent, null or {}: the server's default clock (HEXPOST_DEFAULT_DAYS_PER_MOVE days per move, 3 unless configured; the answer's `clock` says which). {\"type\":\"none\"}: no clock (docs/clocks.md)"}, "rated": {"type": "boolean"}, "seed": {"type": "string", "maxLength": 128}}},
  "Challenge": {"type": "object", "required": ["id", "creator", "game", "players", "options", "clock", "rated", "open", "status", "participants", "commitment", "decline_reason", "game_id", "created_at", "expires_at"],
     "properties": {"id": {"type": "string"}, "creator": {"type": "string"}, "game": {"type": "string"}, "players": {"type": "integer"}, "options": {"type": "object", "additionalProperties": True, "description": "The game's options as chosen (names from the catalogue)"}, "clock": sref("TimeControl"), "rated": {"type": "boolean"}, "open": {"type": "boolean"},
     "status": {"type": "string", "enum": ["open", "started", "declined", "cancelled", "expired"]}, "participants": {"type": "array", "items": {"type": "object", "required": ["username", "accepted"], "properties": {"username": {"type": "string"}, "accepted": {"type": "boolean"}}}},
     "commitment": {"type": "string", "description": "SHA-256 of the server seed"}, "decline_reason": nullable("string"), "game_id": nullable("string"), "created_at": {"type": "string"}, "expires_at": {"type": "string"}}},
  "Seat": {"type": "object", "required": ["seat", "username", "to_move", "placement", "score", "deadline", "remaining_s"], "properties": {"seat": {"type": "integer"}, "username": {"type": "string"}, "to_move": {"type": "boolean"}, "placement": nullable("integer"), "score": nullable("number"), "deadline": nullable("string")}},
  "Result": {"type": ["object", "null"], "properties": {"summary": {"type": "string"}, "seats": {"type": "array", "items": {"type": "object", "required": ["seat", "username", "placement", "score"], "properties": {"seat": {"type": "integer"}, "username": {"type": "string"}, "placement": {"type": "integer"}, "score": {"type": "number"}}}}}, "required": ["summary", "seats"]},
  "GameSummary": {"type": "object", "required": ["id", "game", "status", "ply", "version", "seats", "to_move", "your_seat", "your_turn", "result", "updated_at"], "properties": {"id": {"type": "string"}, "game": {"type": "string"}, "status": {"type": "string", "enum": ["active", "finished", "aborted"]}, "ply": {"type": "integer"}, "version": {"type": "integer"},
     "seats": {"type": "array", "items": sref("Seat")}, "to_move": {"type": "array", "items": {"type": "string"}}, "your_seat": nullable("integer"), "your_turn": {"type": "boolean"}, "result": sref("Result"), "updated_at": {"type": "string"}}},
  "Game": {"allOf": [sref("GameSummary"), {"type": "object", "description": "A GameSummary and the game's full state. `moves` is left out of the answer to a move (MoveResult); `legal_moves` is null unless it is the caller's turn.",
     "required": ["options", "clock", "rated", "players", "to_move_seats", "draw_offers", "position", "board", "legal_moves", "legal_moves_detail", "fairness", "challenge_id", "created_at", "finished_at"],
     "properties": {"options": {"type": "object", "additionalProperties": True, "description": "The game's options as chosen (names from the catalogue)"}, "clock": sref("TimeControl"), "rated": {"type": "boolean"}, "players": {"type": "integer"}, "to_move_seats": {"type": "array", "items": {"type": "integer"}}, "draw_offers": {"type": "array", "items": {"type": "integer"}},
     "position": {"type": "string"}, "board": {"type": "string"}, "legal_moves": {"type": ["array", "null"], "items": {"type": "string"}},
     "legal_moves_detail": {"type": ["array", "null"], "description": "The caller's legal moves (null unless it is their turn), each with the cells it touches in the order a player clicks them (from, to, the cells of a fence...): the cell names of the board's data-cell attributes in GET /v1/games/{id}/board.svg. Several moves may share cells; a page filters them by the cells clicked and offers a choice when more than one remains.",
       "items": {"type": "object", "required": ["move", "cells"], "properties": {"move": {"type": "string", "description": "As in legal_moves"}, "cells": {"type": "array", "minItems": 1, "items": {"type": "string"}}}}},
     "moves": {"type": "array", "items": {"type": "object", "required": ["ply", "seat", "username", "move", "record", "draws", "at"], "properties": {"ply": {"type": "integer"}, "seat": {"type": "integer"}, "username": {"type": "string"}, "move": {"type": "string"}, "record": {"type": "string"}, "draws": {"type": "string"}, "at": {"type": "string"}}}},
     "fairness": {"type": "object", "required": ["commitment", "server_seed"], "properties": {"commitment": {"type": "string"}, "server_seed": nullable("string")}}, "challenge_id": nullable("string"), "created_at": {"type": "string"}, "finished_at": nullable("string")}}]},
  "GameList": {"type": "object", "required": ["games", "next_cursor"], "properties": {"games": {"type": "array", "items": sref("GameSummary")}, "next_cursor": nullable("string")}},
  "MoveResult": {"type": "object", "required": ["move", "record", "ply", "draws", "hash", "game"], "properties": {"move": {"type": "string"}, "record": {"type": "string"}, "ply": {"type": "integer"}, "draws": {"type": "string"}, "hash": {"type": "string"}, "game": sref("Game")}},
  "Fairness": {"type": "object", "required": ["game_id", "scheme", "commitment", "server_seed", "game_seed", "player_seeds", "draws", "move_hashes", "last_hash"], "properties": {"game_id": {"type": "string"}, "scheme": {"type": "string"}, "commitment": {"type": "string"}, "server_seed": nullable("string"), "game_seed": nullable("string"),
     "player_seeds": {"type": "array", "description": "In slot (join) order", "items": {"type": "object", "required": ["slot", "seat", "username", "player_seed"], "properties": {"slot": {"type": "integer"}, "seat": {"type": "integer"}, "username": {"type": "string"}, "player_seed": {"type": "string"}}}},
     "draws": {"type": "array", "items": {"type": "object", "required": ["ply", "draws"], "properties": {"ply": {"type": "integer"}, "draws": {"type": "string"}}}},
     "move_hashes": {"type": "array", "items": {"type": "object", "required": ["ply", "record", "hash"], "properties": {"ply": {"type": "integer"}, "record": {"type": "string"}, "hash": {"type": "string"}}}}, "last_hash": {"type": "string"}}},
}
tags = [{"name": n, "description": d} for n, d in [("health", "Liveness and readiness"), ("meta", "This document"), ("accounts", "Accounts and tokens"), ("games", "Games, moves and records"), ("challenges", "Challenges and seeks")]]

# Each area of the API adds its paths, schemas, responses and tags in its own file,
# services/api/openapi_parts/<area>.py, run here in file-name order with these globals in scope.
import glob, os
here = os.path.dirname(os.path.abspath(__file__))
for part in sorted(glob.glob(os.path.join(here, "openapi_parts", "*.py"))):
    exec(compile(open(part).read(), part, "exec"), globals())

# Every operation's description (openapi_descriptions.py), unless the operation has its own.
from openapi_descriptions import DESCRIPTIONS
described = {o["operationId"]: o for item in paths.values() for o in item.values()}
unknown = sorted(set(DESCRIPTIONS) - set(described))
if unknown: raise SystemExit("openapi_descriptions.py describes unknown operations: " + ", ".join(unknown))
for opid, o in described.items():
    if opid in DESCRIPTIONS and "description" not in o: o["description"] = DESCRIPTIONS[opid]

# Closing the response shapes, after every part has added its own.
# 1. An allOf of a summary schema and more fields becomes one object schema (a closed shape cannot
#    be split over allOf: each part would refuse the other's fields).
def flatten_all_of(name):
    s = schemas[name]
    if "allOf" not in s: return
    merged = {"type": "object", "properties": {}, "required": []}
    for part in s["allOf"]:
        base = schemas[part["$ref"].rsplit("/", 1)[1]] if "$ref" in part else part
        merged["properties"].update(base.get("properties", {}))
        merged["required"] += [r for r in base.get("required", []) if r not in merged["required"]]
        merged["description"] = base.get("description", merged.get("description", ""))
    if not merged["required"]: del merged["required"]
    if not merged["description"]: del merged["description"]
    schemas[name] = merged
# 2. Every object schema that an answer can carry lists all its members: one that names its
#    properties and says nothing more gets additionalProperties: false. A free-form object says
#    so itself (additionalProperties: true or a schema). Request bodies are left as they are.
def close_objects(node, seen):
    if isinstance(node, list):
        for item in node: close_objects(item, seen)
    if not isinstance(node, dict): return
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        target = schemas if "/schemas/" in node["$ref"] else responses
        if ("$ref", node["$ref"]) not in seen and name in target:
            seen.add(("$ref", node["$ref"]))
            close_objects(target[name], seen)
        return
    if "properties" in node and "additionalProperties" not in node: node["additionalProperties"] = False
    for key, value in node.items():
        if key == "properties": close_objects(list(value.values()), seen)
        elif key not in ("examples", "default", "const", "enum"): close_objects(value, seen)
for name in list(schemas): flatten_all_of(name)
for item in paths.values():
    for method_op in item.values(): close_objects([r for r in method_op["responses"].values()], set())

doc = {"openapi": "3.1.0",
  "info": {"title": "Hexpost game service", "version": "0.1.0", "description": "Correspondence board games over REST. Errors are RFC 9457 problem+json with a stable `code`. Tokens go only in `Authorization: Bearer`, or, for a browser, in the `hexpost_session` cookie that POST /v1/session sets (a POST, PUT, PATCH or DELETE signed in by the cookie must carry the server's own `Origin`, else 403 cross_origin). Operations whose security includes `{}` are public: no credential needed. Every answer carries `X-Request-Id`: the request's own when it sent a well-formed one (1-64 characters of letters, digits and `._:-`), else a new one.", "license": {"name": "MIT", "identifier": "MIT"}},
  "servers": [{"url": "http://127.0.0.1:8080"}],
  "security": [{"bearer": []}, {"session": []}],
  "tags": tags,
  "paths": paths,
  "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "hxp_ tokens"},
                                     "session": {"type": "apiKey", "in": "cookie", "name": "hexpost_session", "description": "The web session cookie of POST /v1/session (a token with the play scope)"}},
    "parameters": {"limit": {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}},
                   "cursor": {"name": "cursor", "in": "query", "schema": {"type": "string"}, "description": "next_cursor of the previous page"}},
    "headers": {"RateLimit": {"description": "draft-ietf-httpapi-ratelimit-headers: remaining requests (r) and seconds to a full bucket (t)", "schema": {"type": "string"}},
                "RateLimitPolicy": {"description": "The bucket size (q) and the window in seconds to refill it (w)", "schema": {"type": "string"}}},
    "responses": responses, "schemas": schemas}}
open(os.path.join(here, "openapi.json"), "w").write(json.dumps(doc, indent=2) + "\n")
