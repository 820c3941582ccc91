# Ratings and tournaments (docs/ratings-tournaments.md). Run by ../openapi_gen.py with its globals.
tags.append({"name": "tournaments", "description": "Round robin, Swiss, knockout and league tournaments"})
tags.append({"name": "ratings", "description": "Elo and Glicko-2 ratings per game pool"})
schemas["NewTournament"] = {"type": "object", "required": ["name", "game", "format"], "properties": {
  "name": {"type": "string", "maxLength": 100}, "game": {"type": "string"},
  "format": {"type": "string", "enum": ["round-robin", "double-round-robin", "swiss", "knockout", "league"]},
  "rounds": {"type": "integer", "minimum": 1, "maximum": 50, "description": "Swiss: required"},
  "players_per_game": {"type": "integer", "enum": [2, 3, 4, 6], "default": 2, "description": "Above 2: multi-player tables (swiss: table rounds; round-robin, double-round-robin, league: the table design; knockout: the top settings.advance of each table go through)"},
  "options": {"type": "object"}, "clock": sref("TimeControl"), "rated": {"type": "boolean", "default": False},
  "capacity": {"type": "integer", "minimum": 2, "maximum": 10000},
  "entry_opens_at": {"type": "string", "format": "date-time"}, "entry_closes_at": {"type": "string", "format": "date-time"},
  "settings": {"type": "object", "properties": {
    "games_per_match": {"type": "integer", "minimum": 1, "maximum": 9, "default": 1},
    "max_tiebreaks": {"type": "integer", "minimum": 0, "maximum": 5, "default": 1},
    "division_size": {"type": "integer", "minimum": 2, "maximum": 64, "default": 8},
    "promote": {"type": "integer", "minimum": 0, "maximum": 16, "default": 2},
    "relegate": {"type": "integer", "minimum": 0, "maximum": 16, "default": 2},
    "all_at_once": {"type": "boolean", "default": False},
    "timeout_limit": {"type": "integer", "minimum": 0, "maximum": 100, "default": 2},
    "season_break_days": {"type": "integer", "minimum": 0, "maximum": 365, "default": 7},
    "allow_replacement": {"type": "boolean", "default": False, "description": "A player who leaves a game may be replaced (POST /v1/games/{id}/leave)"},
    "bye_points": {"type": "number", "minimum": 0, "maximum": 1, "default": 1},
    "advance": {"type": "integer", "minimum": 1, "maximum": 5, "description": "Knockout at tables: the top N of each table go through (default players_per_game - 1; below players_per_game)"}}, "additionalProperties": False}}}
schemas["TournamentSummary"] = {"type": "object", "required": ["id", "name", "game", "format", "status"], "properties": {
  "id": {"type": "string"}, "name": {"type": "string"}, "game": {"type": "string"}, "format": {"type": "string"},
  "status": {"type": "string", "enum": ["open", "running", "finished", "cancelled"]}, "organiser": {"type": "string"},
  "current_round": {"type": "integer"}, "season": {"type": "integer"}, "league_id": {"type": "string"},
  "entry_opens_at": {"type": "string", "format": "date-time"},
  "entry_closes_at": {"type": "string", "format": "date-time", "description": "an open tournament starts on its own then, with 2 entrants or more"},
  "started_at": {"type": "string", "format": "date-time"}, "finished_at": {"type": "string", "format": "date-time"},
  "rated": {"type": "boolean"}, "players_per_game": {"type": "integer"}, "rounds_planned": {"type": "integer"}, "capacity": {"type": "integer"},
  "entrants": {"type": "integer", "description": "How many have entered"}, "created_at": {"type": "string"}}}
schemas["Pairing"] = {"type": "object", "required": ["usernames", "game_id"], "properties": {
  "usernames": {"type": "array", "items": {"type": "string"}, "description": "Seat order, first mover first; one name: a bye"},
  "game_id": {"type": ["string", "null"], "description": "null: a bye or a forfeit"},
  "board": {"type": "integer"}, "division": {"type": "integer"}, "match_game": {"type": "integer"},
  "scores": {"type": ["array", "null"], "items": {"type": "number"}}}}
schemas["Standing"] = {"type": "object", "required": ["rank", "username", "score"], "properties": {
  "rank": {"type": "integer"}, "username": {"type": "string"}, "score": {"type": "number"}, "division": {"type": "integer"},
  "sonneborn_berger": {"type": "number"}, "direct_encounter": {"type": "number"}, "buchholz": {"type": "number"},
  "buchholz_cut1": {"type": "number"}, "median_buchholz": {"type": "number"}}}
schemas["Tournament"] = {"allOf": [sref("TournamentSummary"), {"type": "object", "properties": {
  "options": {"type": "object", "additionalProperties": True, "description": "The game's options as chosen"}, "clock": sref("TimeControl"),
  "settings": schemas["NewTournament"]["properties"]["settings"],
  "entrants": {"type": "array", "items": {"type": "object", "required": ["username", "seed", "division", "status"], "properties": {"username": {"type": "string"}, "seed": {"type": ["integer", "null"]}, "division": {"type": "integer"}, "status": {"type": "string"}}}},
  "standings": {"type": "array", "items": sref("Standing")},
  "total_rounds": {"type": "integer", "description": "Once started: the rounds the tournament will have (\"round current_round of total_rounds\")"},
  "rounds": {"type": "array", "items": sref("TournamentRound"), "description": "The rounds with games (played or playing)"},
  "schedule": {"type": "array", "items": sref("TournamentRound"), "description": "Round robin, double round robin and league: the later rounds of the fixed schedule, status scheduled, no game ids (scores only for byes and forfeits known already)"}}}]}
schemas["TournamentRound"] = {"type": "object", "required": ["number", "status", "pairings"], "properties": {
  "number": {"type": "integer"}, "status": {"type": "string", "enum": ["playing", "finished", "scheduled"], "description": "finished: every pairing has its scores"},
  "pairings": {"type": "array", "items": sref("Pairing")}}}
schemas["Rating"] = {"type": "object", "required": ["username", "rating", "games", "provisional"], "properties": {
  "username": {"type": "string"}, "system": {"type": "string", "enum": ["elo", "glicko2"]}, "rating": {"type": "integer"},
  "deviation": {"type": ["integer", "null"]}, "games": {"type": "integer"}, "provisional": {"type": "boolean"},
  "live_rating": {"type": "integer", "description": "The rating as it stands after the player's latest game: Glicko-2's period-in-progress estimate (the open periods rated as if they closed now); for Elo the same as rating"},
  "live_deviation": {"type": ["integer", "null"], "description": "Glicko-2: the deviation of the live estimate; null for Elo"}}}
tidp = idp
gamep = {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}, "description": "Game id from the catalogue"}
text_formats = {"name": "format", "in": "query", "schema": {"type": "string", "enum": ["json", "text", "trf"]}, "description": "text: the text `hexpost tournament show` prints (round x of y, standings with tie-breaks, every round with results and game links, the schedule); trf: FIDE TRF16 (Swiss only)"}
round_text = {"name": "round", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}, "description": "With format=text: only this round (404 round_not_found when it has no pairings yet); 400 without format=text"}
paths["/v1/tournaments"] = {
  "post": op("createTournament", "Create a tournament (organise scope; a server setting may restrict organisers)",
    merge({"201": jbody(sref("Tournament"), "Created"), "403": ref("Forbidden"), "422": ref("Unprocessable")}, auth_errors, body_errors), ["tournaments"], reqbody(sref("NewTournament"))),
  "get": op("listTournaments", "Tournaments, newest first", merge({"200": jbody({"type": "object", "properties": {"tournaments": {"type": "array", "items": sref("TournamentSummary")}}}), "400": ref("BadRequest")}, auth_errors), ["tournaments"],
    params=[{"$ref": "#/components/parameters/limit"}, {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["open", "running", "finished"]}}])}
paths["/v1/tournaments/{id}"] = {"get": op("getTournament", "Entrants, standings (score and tie-breaks) and rounds with pairings",
  merge({"200": {"description": "OK", "content": {"application/json": {"schema": sref("Tournament")}, "text/plain": {"schema": {"type": "string"}}}}, "400": ref("BadRequest"), "404": ref("NotFound"), "422": ref("Unprocessable")}, auth_errors), ["tournaments"], params=[tidp, text_formats, round_text])}
paths["/v1/tournaments/{id}/join"] = {"post": op("joinTournament", "Enter the tournament while entry is open",
  merge({"201": jbody({"type": "object", "required": ["joined", "tournament_id"], "properties": {"joined": {"const": True}, "tournament_id": {"type": "string"}}}, "Joined"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["tournaments"], reqbody({"type": "object"}, False), params=[tidp])}
paths["/v1/tournaments/{id}/withdraw"] = {"post": op("withdrawTournament", "Leave: before the start the entry is removed; later, remaining games are forfeited and a league does not re-register you. With next_season_only (leagues): play this season out, skip the next",
  merge({"200": jbody({"type": "object", "required": ["withdrawn", "next_season", "tournament_id"], "properties": {
      "withdrawn": {"type": "boolean", "description": "false with next_season_only"}, "next_season": {"type": ["boolean", "null"], "description": "With next_season_only: false (not re-registered); else null"},
      "tournament_id": {"type": "string"}}}), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["tournaments"],
  reqbody({"type": "object", "properties": {"next_season_only": {"type": "boolean", "default": False}}}, False), params=[tidp])}
paths["/v1/tournaments/{id}/start"] = {"post": op("startTournament", "Seed the entrants and start the first round (the organiser)",
  merge({"200": jbody(sref("Tournament")), "403": ref("Forbidden"), "404": ref("NotFound"), "409": ref("Conflict")}, auth_errors, body_errors), ["tournaments"], reqbody({"type": "object"}, False), params=[tidp])}
paths["/v1/ratings/{game}"] = {"get": op("getRatings", "The leaderboard of a game pool",
  merge({"200": jbody({"type": "object", "properties": {"game": {"type": "string"}, "system": {"type": "string"}, "ratings": {"type": "array", "items": sref("Rating")}}}), "400": ref("BadRequest"), "404": ref("NotFound")}, auth_errors), ["ratings"],
  params=[gamep, {"$ref": "#/components/parameters/limit"}, {"name": "system", "in": "query", "schema": {"type": "string", "enum": ["glicko2", "elo"], "default": "glicko2"}}])}
paths["/v1/ratings/{game}/{username}"] = {"get": op("getPlayerRatings", "A player's ratings in a pool and their history",
  merge({"200": jbody({"type": "object", "properties": {"game": {"type": "string"}, "username": {"type": "string"}, "ratings": {"type": "array", "items": sref("Rating")}, "history": {"type": "array", "items": {"type": "object", "required": ["system", "before", "after", "change", "at", "game_id"], "properties": {
      "system": {"type": "string", "enum": ["elo", "glicko2"]}, "before": {"type": "number"}, "after": {"type": "number"}, "change": {"type": "number"}, "at": {"type": "string", "format": "date-time"},
      "game_id": {"type": ["string", "null"], "description": "The rated game (Elo); null for a Glicko-2 rating period"}, "deviation": {"type": "number"}, "period": {"type": "integer", "description": "Glicko-2: the rating period"}}}}}}), "404": ref("NotFound")}, auth_errors), ["ratings"],
  params=[gamep, {"name": "username", "in": "path", "required": True, "schema": {"type": "string"}}, {"$ref": "#/components/parameters/limit"}])}
schemas["Game"]["allOf"][1]["properties"]["rating_changes"] = {"type": "array", "description": "Finished rated games: Elo changes per player (Glicko-2 changes come with the rating period)",
  "items": {"type": "object", "properties": {"username": {"type": "string"}, "system": {"type": "string"}, "before": {"type": "number"}, "after": {"type": "number"}, "change": {"type": "number"}}}}
