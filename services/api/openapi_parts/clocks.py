# Correspondence clocks (docs/clocks.md). Run by ../openapi_gen.py with its globals.
tags.append({"name": "clocks", "description": "Time controls, vacation, time zones, the admin pause"})
schemas["TimeControl"] = {"description": "Absent, null, {} or {\"type\":\"none\"}: unclocked. Stored and shown normalised (with `type`).",
  "oneOf": [
    {"type": "object", "required": ["type"], "properties": {"type": {"const": "none"}}, "additionalProperties": False},
    {"type": "object", "required": ["days_per_move"], "properties": {"type": {"const": "per_move"}, "days_per_move": {"type": "integer", "minimum": 1, "maximum": 60},
      "vacation": {"type": "boolean", "default": True}, "weekends_off": {"type": "boolean", "default": False}}, "additionalProperties": False},
    {"type": "object", "required": ["bank"], "properties": {"type": {"const": "bank"},
      "bank": {"type": "object", "required": ["initial_days", "increment_days", "max_days"], "properties": {
        "initial_days": {"type": "integer", "minimum": 1, "maximum": 60}, "increment_days": {"type": "integer", "minimum": 0, "maximum": 30},
        "max_days": {"type": "integer", "maximum": 120, "description": "at least initial_days"}}, "additionalProperties": False},
      "vacation": {"type": "boolean", "default": True}, "weekends_off": {"type": "boolean", "default": False}}, "additionalProperties": False}]}
schemas["NewChallenge"]["properties"]["clock"] = sref("TimeControl")
schemas["Seat"]["properties"]["deadline"] = {"type": ["string", "null"], "format": "date-time", "description": "When this seat's time runs out (RFC 3339 UTC); null when its clock does not run"}
schemas["Seat"]["properties"]["remaining_s"] = {"type": ["integer", "null"], "description": "Seconds of running time left (the bank when the clock does not run); null when unclocked"}
schemas["Vacation"] = {"type": "object", "required": ["on_vacation", "started_at", "until", "allowance_days", "used_days", "remaining_days"], "properties": {"on_vacation": {"type": "boolean"}, "started_at": {"type": ["string", "null"]}, "until": {"type": ["string", "null"]},
  "allowance_days": {"type": "number"}, "used_days": {"type": "number"}, "remaining_days": {"type": "number"}}}
paths["/v1/me"]["patch"] = op("updateMe", "Change the caller's profile: the time zone weekends are counted in (IANA name, default UTC)",
  merge({"200": jbody({"type": "object", "required": ["username", "time_zone"], "properties": {"username": {"type": "string"}, "time_zone": {"type": "string"}}}), "422": ref("Unprocessable")}, auth_errors, body_errors), ["clocks"],
  reqbody({"type": "object", "required": ["time_zone"], "properties": {"time_zone": {"type": "string", "maxLength": 64, "examples": ["Europe/Berlin"]}}, "additionalProperties": False}))
paths["/v1/me/vacation"] = {
  "get": op("getVacation", "The caller's vacation and what is left of this year's allowance", merge({"200": jbody(sref("Vacation"))}, auth_errors), ["clocks"]),
  "post": op("startVacation", "Start a vacation of `days` (without it: until stopped, at most the allowance left); clocks freeze in every game that allows vacation",
    merge({"201": jbody(sref("Vacation"), "Started"), "403": ref("Forbidden"), "409": ref("Conflict"), "422": ref("Unprocessable")}, auth_errors, body_errors), ["clocks"],
    reqbody({"type": "object", "properties": {"days": {"type": "integer", "minimum": 1, "maximum": 366}}}, False))}
paths["/v1/me/vacation/stop"] = {"post": op("stopVacation", "End the caller's vacation now; clocks run again from now", merge({"200": jbody(sref("Vacation")), "403": ref("Forbidden"), "409": ref("Conflict")}, auth_errors, body_errors), ["clocks"], reqbody({"type": "object"}, False))}
paths["/v1/admin/clocks"] = {
  "get": op("getClocks", "Whether every clock is paused (admin scope)", merge({"200": jbody({"type": "object", "required": ["paused"], "properties": {"paused": {"type": "boolean"}}}), "403": ref("Forbidden")}, auth_errors), ["clocks"]),
  "post": op("setClocks", "Pause or resume every clock (admin scope); clocks_paused / clocks_resumed events",
    merge({"200": jbody({"type": "object", "required": ["paused", "changed"], "properties": {"paused": {"type": "boolean"}, "changed": {"type": "boolean", "description": "false: the clocks already were in that state"}}}), "403": ref("Forbidden")}, auth_errors, body_errors), ["clocks"],
    reqbody({"type": "object", "required": ["paused"], "properties": {"paused": {"type": "boolean"}}}))}
schemas["Me"]["properties"]["time_zone"] = {"type": "string", "description": "IANA zone weekends are counted in (PATCH /v1/me)"}
