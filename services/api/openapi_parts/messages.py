# Messages between the players of a game, their reports and mutes (docs/game-service.md,
# "Messages"). Run by ../openapi_gen.py with its globals.
tags.append({"name": "messages", "description": "Messages between the players of a game, mutes and reports"})
schemas["Message"] = {"type": "object", "required": ["id", "game_id", "ply", "seat", "author", "text", "created_at"], "properties": {
  "id": {"type": "string"}, "game_id": {"type": "string"},
  "ply": {"type": "integer", "description": "The game's ply when the message was sent"},
  "seat": {"type": "integer", "description": "The author's seat"}, "author": {"type": "string"},
  "text": {"type": "string", "description": "Plain text, 1 to 2,000 Unicode code points"},
  "created_at": {"type": "string", "format": "date-time"}}}
schemas["MessagePage"] = {"type": "object", "required": ["messages", "next_cursor"], "properties": {
  "messages": {"type": "array", "items": sref("Message"), "description": "Oldest first, without the messages of authors the caller has muted"},
  "next_cursor": {"type": ["string", "null"], "description": "The cursor of the next (newer) page; null on the last page"}}}
schemas["Mutes"] = {"type": "object", "required": ["muted"], "properties": {
  "muted": {"type": "array", "items": {"type": "string"}, "description": "The usernames the caller has muted, sorted"}}}
schemas["Problem"]["properties"]["max_characters"] = {"type": "integer", "description": "invalid_field on a message's text: the most characters (code points) a message may have"}
message_idp = {"name": "message_id", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[0-9]+$"}, "description": "The message's id"}
username_p = {"name": "username", "in": "path", "required": True, "schema": {"type": "string"}, "description": "The account to mute or unmute"}
paths["/v1/games/{id}/messages"] = {
  "post": op("postMessage", "Send a message to the other players of a running game (its players only)",
             merge({"201": jbody(sref("Message"), "Created", {"Location": {"schema": {"type": "string"}}}),
                    "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["messages"],
             reqbody({"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "description": "Plain text, 1 to 2,000 code points, not only white space, no NUL or other control character but tab, LF and CR"}}}), params=[idp]),
  "get": op("listMessages", "A game's messages, oldest first: its players' while it runs, everyone's once it is over",
            merge({"200": jbody(sref("MessagePage"), "OK", next_link), "400": ref("BadRequest"), "403": ref("Forbidden"), "404": ref("NotFound")}, auth_errors), ["messages"],
            params=[idp, {"$ref": "#/components/parameters/limit"}, {"$ref": "#/components/parameters/cursor"}])}
paths["/v1/games/{id}/messages/{message_id}/report"] = {"post": op("reportMessage", "Report a message to the admins",
  merge({"201": jbody({"type": "object", "required": ["report_id", "message_id", "game_id"], "properties": {"report_id": {"type": "string"}, "message_id": {"type": "string"}, "game_id": {"type": "string"}}}, "Created"),
         "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["messages"],
  reqbody({"type": "object", "properties": {"reason": {"type": "string", "maxLength": 500}}}, False), params=[idp, message_idp])}
paths["/v1/me/mutes"] = {"get": op("listMutes", "The accounts whose messages the caller does not see",
  merge({"200": jbody(sref("Mutes"))}, auth_errors), ["messages"])}
paths["/v1/me/mutes/{username}"] = {
  "put": op("muteAuthor", "Stop seeing an account's messages, in every game",
            merge({"200": jbody(sref("Mutes")), "400": ref("BadRequest"), "403": ref("Forbidden"), "404": ref("NotFound")}, auth_errors), ["messages"], params=[username_p]),
  "delete": op("unmuteAuthor", "See an account's messages again",
               merge({"200": jbody(sref("Mutes")), "403": ref("Forbidden"), "404": ref("NotFound")}, auth_errors), ["messages"], params=[username_p])}
responses["Forbidden"]["description"] += ", messages_private"
responses["NotFound"]["description"] += ", message_not_found, unknown_user, not_muted"
responses["Conflict"]["description"] += ", already_reported"
