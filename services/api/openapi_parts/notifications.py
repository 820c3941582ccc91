# Play by email (docs/mail.md). Run by ../openapi_gen.py with its globals.
tags.append({"name": "notifications", "description": "Mail notifications, move addresses and unsubscribing"})
mode = {"type": "string", "enum": ["every", "digest", "off"]}
kinds = ["your_turn", "game_over", "challenge", "reminder", "tournament_round", "tournament_standings", "message"]
schemas["Notifications"] = {"type": "object", "required": ["email", "kinds", "suppressed", "hard_bounces"], "properties": {
  "email": {"type": "string"},
  "kinds": {"type": "object", "required": kinds, "properties": {k: mode for k in kinds}, "description": "Per kind: every mail, one daily digest, or none (default every; bots off)"},
  "suppressed": {"type": "boolean", "description": "The address bounced too often (5xx); no mail is sent to it"},
  "hard_bounces": {"type": "integer", "description": "5xx refusals in a row"}}}
schemas["Me"]["properties"]["email_suppressed"] = {"type": "boolean", "description": "No mail is sent to this address after repeated hard bounces"}
paths["/v1/me/notifications"] = {
  "get": op("getNotifications", "The caller's mail preferences per kind and the state of their address",
            merge({"200": jbody(sref("Notifications"))}, auth_errors), ["notifications"]),
  "patch": op("updateNotifications", "Change the mail preference of some kinds; kinds not named keep theirs",
              merge({"200": jbody(sref("Notifications"))}, auth_errors, body_errors), ["notifications"],
              reqbody({"type": "object", "properties": {k: mode for k in kinds}, "additionalProperties": False}))}
paths["/v1/me/notifications/rotate-secret"] = {"post": op("rotateMailSecret",
  "Draw a new secret for the caller's move addresses and unsubscribe links; every address and link mailed before stops working",
  merge({"200": jbody({"type": "object", "required": ["rotated"], "properties": {"rotated": {"const": True}}})}, auth_errors, body_errors), ["notifications"], reqbody({"type": "object"}, False))}
paths["/v1/mail/unsubscribe"] = {"post": op("unsubscribe",
  "RFC 8058 one-click unsubscribe: the List-Unsubscribe link of a notification turns its kind off (no token; the link carries an HMAC tag)",
  {"200": jbody({"type": "object", "required": ["unsubscribed"], "properties": {"unsubscribed": {"type": "string", "enum": kinds, "description": "The kind now turned off"}}}), "404": ref("NotFound"), "503": ref("Unavailable")},
  ["notifications"], secure=False,
  params=[{"name": "a", "in": "query", "required": True, "schema": {"type": "string", "pattern": "^[0-9]+$"}, "description": "Account id"},
          {"name": "k", "in": "query", "required": True, "schema": {"type": "string", "enum": kinds}, "description": "Notification kind"},
          {"name": "t", "in": "query", "required": True, "schema": {"type": "string"}, "description": "Tag from the mail"}])}
