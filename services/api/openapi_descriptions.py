# What each operation does, who may call it and its notable errors, by operationId. Read by
# openapi_gen.py, which sets them on operations that have no description of their own; an entry
# for an operation the document does not have stops the generator. Redocly's
# operation-description rule (tools/openapi/redocly.yaml) fails the lint for an operation without
# one.
DESCRIPTIONS = {
    # health, meta
    "getHealth": "Answers 200 while the process runs, without touching the database: for liveness probes. No token.",
    "getReady": "Answers 200 when the database answers and its schema is at the migrations this build expects; "
                "503 otherwise, so a load balancer sends no traffic to an instance that cannot serve. No token.",
    "getOpenApi": "Serves this OpenAPI 3.1 document exactly as built into the server. No token.",
    # accounts
    "createAccount": "Creates a player (or, with `bot: true`, a bot) account and answers its first token with every scope "
                     "of the account; the token is shown only here. No token needed. 409 username_taken; 400 invalid_username "
                     "(with `pattern`), invalid_email or weak_password, naming the `field`; 429 rate_limited when the client address or "
                     "the username has used up its login attempts; 503 login_busy when too many passwords are being hashed.",
    "createToken": "Exchanges username and password for a new token, optionally named and limited to some of the account's "
                   "scopes; the secret is shown only in this answer. No token needed. 401 bad_credentials; 400 invalid_scope "
                   "for a scope the account does not hold; 429 rate_limited (per client address or username) or login_backoff (after "
                   "repeated failures for this username from this address, waits doubling from 1 s); 503 login_busy when too many "
                   "passwords are being hashed. Every 429 and 503 carries Retry-After.",
    "listTokens": "Lists the caller's live tokens: name, prefix, scopes, creation time, and which one made this request. "
                  "Secrets are never shown again. Any token of the account.",
    "revokeToken": "Revokes one of the caller's tokens at once (it may be the one making the request). Any token of the "
                   "account; 404 token_not_found for a token that is not the caller's or is already revoked.",
    "getMe": "The caller's account: username, e-mail, bot and admin flags, the account's scopes and those of the token "
             "in use, time zone and whether mail to the address is suppressed. Any token.",
    "getCatalog": "The games this server offers: id, name, player counts, options with their allowed values and "
                  "defaults, ruleset version and the ply limit. No token.",
    # challenges
    "createChallenge": "Creates a challenge to the named opponents, or an open seek without them, for a game of the "
                       "catalogue with options, a clock and rated or not; the creator holds the first seat. Scope play or "
                       "bot. 422 unknown_game, unknown_user or bad_options; 400 invalid_clock or invalid_field.",
    "listChallenges": "The open challenges the caller made, is invited to, or can join as open seeks, newest first. "
                      "Any token.",
    "getChallenge": "One challenge, in any state: participants and who has accepted, clock, commitment, and the game once "
                    "it started. Any token sees an open seek; a direct challenge only its creator and the accounts it "
                    "names: to anyone else it answers 404 challenge_not_found, as a missing one does.",
    "acceptChallenge": "Takes a seat at the challenge, with an optional seed for the fair randomness. When the last seat "
                       "is taken the game starts and `Location` names it. Scope play or bot; 403 not_invited, 409 "
                       "challenge_closed (with `challenge_status`) or already_joined.",
    "declineChallenge": "An invitee declines, or the creator withdraws, with an optional reason; the challenge closes for "
                        "everyone. Scope play or bot; 403 not_invited, 409 challenge_closed when it is no longer open.",
    # games
    "listMyGames": "The caller's games, paginated with `cursor` and a `Link: rel=next` header: those waiting for their "
                   "move first (most urgent deadline first), then their other active games, then finished ones newest "
                   "first. Filters: status, game, turn=mine. Any token; 400 invalid_parameter or invalid_cursor.",
    "listGames": "Every game on the server, newest first, paginated with `next_cursor`; filter by status, game or "
                 "player. No token needed (anonymous readers share a bucket per client address; a token or session that is sent must be live); 400 invalid_parameter or invalid_cursor.",
    "getGame": "A game's full state as the caller (or an anonymous reader) sees it: seats and clocks, whose turn, position and board (turned for "
               "the caller's seat), moves (after `moves_after`), result, rating changes once rated, and the legal "
               "moves when it is the caller's turn. Sends an ETag; If-None-Match answers 304. No token needed (anonymous readers share a bucket per client address; a token or session that is sent must be live); 404 "
               "game_not_found.",
    "previewMove": "Checks a move against the current position without storing it and answers its canonical form. "
                   "Scope play or bot, seated in the game; 422 with the rules' code (bad_notation, illegal_move), 409 "
                   "not_your_turn or game_over.",
    "resign": "The caller resigns. In a two-player game the other player wins; with more players the rules decide "
              "whether play goes on without them. Answers the record line and the new state. Scope play or bot, "
              "seated; 409 game_over.",
    "draw": "Offers, accepts or declines a draw. The game is drawn once every remaining player has agreed. Scope play or bot, seated; 409 no_draw_offer or game_over (with `current`).",
    "abort": "Aborts the game without a result. Allowed to any seated player until every seat has made its first move. "
             "Scope play or bot; 409 abort_too_late (with `current`), 403 not_your_game.",
    "leaveGame": "A seated player asks to leave a running game of three or more seats, naming a `replacement`; the "
                 "other seats still in the game vote until the deadline (HEXPOST_LEAVE_VOTE_S, 2 days), and events "
                 "`leave_requested` go to them and to the replacement. Without a replacement the caller resigns at "
                 "once. Scope play or bot, seated; 422 leave_not_allowed (fewer than three seats), invalid_replacement "
                 "or unknown_user; 409 leave_pending, replacement_not_allowed (a tournament that does not allow "
                 "replacements) or game_over; 403 not_your_game.",
    "voteOnLeave": "The caller votes on the game's open leave request. One no ends it: the leaver resigns. With three "
                   "or more voters no vote counts as yes at the deadline; with one or two every voter must say yes. "
                   "Once the vote has passed and the replacement has accepted, the seat passes to the replacement "
                   "(a `handover N NAME` entry, event `seat_replaced`). Scope play or bot; 403 not_a_voter; 409 "
                   "no_leave_request or already_voted.",
    "acceptSeat": "The replacement named in the game's open leave request accepts the seat; the seat passes once the "
                  "vote has passed. Without acceptance by the deadline the leaver resigns. Scope play or bot; 403 "
                  "not_the_replacement; 409 no_leave_request or already_accepted.",
    "getRecord": "The game as a PGN-style text record: tag pairs (seats, options, clock, result, commitment and seeds), "
                 "then one line per move with its ply, time and random draws, enough to replay it offline. No token needed (anonymous readers share a bucket per client address; a token or session that is sent must be live); "
                 "404 game_not_found.",
    "getConditional": "The caller's own conditional lines on the game, as the play pipeline holds them after the moves made "
                      "so far (lines that no longer match are gone, the others start at the current ply). Nobody else's lines are "
                      "shown. Play or bot scope; 403 not_your_game for an account without a seat, 404 game_not_found.",
    "putConditional": "Replaces the caller's conditional lines on a running game while another seat is to move: each line "
                      "alternates the other seats' moves (every seat that plays before the caller) and the caller's replies, and "
                      "ends with a reply. Each move is checked with the rules where it would be played; nothing is stored when one "
                      "is refused: 422 with the rules' code (bad_notation, illegal_move) or invalid_line (a line that does not end "
                      "with a reply, two replies to the same moves, a move that draws at random, a line past the game's end), with "
                      "`line`, `move` and `text`. When another seat's move matches a line, the reply is played at once as the caller's "
                      "move (its move event has `conditional`: true; the caller's stream shows conditional_played, and no your_turn "
                      "for the turn it answered); a move that matches no line discards every line. An empty list deletes them. 409 your_turn (play a move "
                      "instead), stale_ply (with `ply`), game_over; 403 not_your_game. Play or bot scope.",
    "deleteConditional": "Deletes the caller's conditional lines on the game; 204 also when there were none. Play or bot scope; "
                         "403 not_your_game, 404 game_not_found.",
    "getFairness": "Everything needed to check the game's randomness: the commitment, the server seed once the game is "
                   "over, the players' seeds in join order, every draw and the hash chain of the moves. No token needed (anonymous readers share a bucket per client address; a token or session that is sent must be live); 404 "
                   "game_not_found.",
    # clocks
    "updateMe": "Sets the caller's time zone (an IANA name), in which weekends are counted for clocks with "
                "`weekends_off`. Any token; 422 invalid_time_zone for an unknown name.",
    "getVacation": "Whether the caller is on vacation, since and until when, and how much of this year's allowance is "
                   "used and left. Any token.",
    "startVacation": "Starts a vacation of `days`, or without it until stopped (at most the allowance left). The "
                     "caller's clocks freeze in every game that allows vacation. Scope play or bot; 409 already_on_vacation, "
                     "422 vacation_allowance_exceeded (with `vacation`).",
    "stopVacation": "Ends the caller's vacation now; only the days actually taken count against the allowance, and the "
                    "frozen clocks run again from now. Scope play or bot; 409 not_on_vacation.",
    "getClocks": "Whether every clock on the server is paused. Scope admin; 403 insufficient_scope otherwise.",
    "setClocks": "Pauses or resumes every clock on the server (after an outage, for example), and records a "
                 "clocks_paused or clocks_resumed event; deadlines move by the time spent paused. Scope admin; 403 "
                 "insufficient_scope otherwise.",
    # notifications
    "getNotifications": "The caller's mail preference for each kind of notification (every mail, a daily digest, or "
                        "none), the address, and whether it is suppressed after hard bounces. Any token.",
    "updateNotifications": "Changes the mail preference of the kinds named in the body; the others keep theirs. Any "
                           "token; 400 for an unknown kind or mode.",
    "rotateMailSecret": "Draws a new secret for the caller's move-by-mail addresses and unsubscribe links: every address "
                        "and link mailed before stops working. Any token.",
    "unsubscribe": "The RFC 8058 one-click unsubscribe of a notification's List-Unsubscribe header: turns that kind of "
                   "mail off for the account. No token: the link's HMAC tag is the proof; 404 unsubscribe_link_invalid "
                   "when the tag does not match (or the secret was rotated).",
    # bots
    "streamEvents": "The caller's event stream: first a snapshot of pending challenges and games waiting for their move, "
                    "then `snapshot_done`, then every event of the account as it happens (ndjson, or Server-Sent Events). "
                    "Resume with ?since= or Last-Event-ID; a replayed your_turn whose turn is over carries a StaleTurn. "
                    "One stream per token: a newer one closes this one with a `closed` line. Scope play or bot; 400 for "
                    "an unknown `since`, 503 too_many_streams.",
    "streamGame": "Streams the game's full state, then the new state after every change, and ends after the game-over "
                  "state; empty lines are heartbeats. A caller with a seat in the game also gets its `message` lines "
                  "(not those of authors it has muted); spectators never do. Server-Sent Events (for EventSource) with "
                  "`Accept: text/event-stream` or ?format=sse: each line an `event: <type>` frame. No token needed: an anonymous "
                  "reader's streams count against its client address (HEXPOST_MAX_STREAMS_PER_TOKEN of them, then 429 "
                  "too_many_streams_for_address), a token's against the token (429 too_many_streams_for_token); 404 "
                  "game_not_found, 503 too_many_streams.",
    "getTurns": "The games where it is the caller's turn, most urgent deadline first, with the opponents and the count "
                "of legal moves. With ?wait=N it long-polls up to N seconds for the list to change from If-None-Match "
                "(or to be non-empty); an unchanged list answers 304. Any token; 503 too_many_streams.",
    # tournaments and ratings
    "createTournament": "Creates a tournament (round robin, double round robin, Swiss, knockout or league) for a game "
                        "of the catalogue, with options, clock, capacity, entry window and format settings. The caller "
                        "is its organiser. Scope organise, and a server setting may name the only organisers allowed "
                        "(403 not_an_organiser); 422 unknown_game, bad_format, bad_rounds, "
                        "bad_capacity, bad_options or bad_settings.",
    "listTournaments": "Tournaments newest first, optionally by status, with their entrant count. No token needed (anonymous readers share a bucket per client address; a token or session that is sent must be live).",
    "getTournament": "One tournament: entrants, standings with score and tie-breaks, and every round with its "
                     "pairings and games. ?format=text answers plain text; ?format=trf the FIDE TRF16 report (Swiss "
                     "only, 422 not_swiss otherwise). No token needed (anonymous readers share a bucket per client address; a token or session that is sent must be live); 404 tournament_not_found.",
    "joinTournament": "Enters the caller while entry is open; a full tournament refuses. Scope play or bot; 409 "
                      "already_joined, tournament_full or entry_closed; 404 tournament_not_found.",
    "withdrawTournament": "Leaves the tournament: before the start the entry is removed; later the remaining games are "
                          "forfeited. In a league, `next_season_only` plays this season out and skips the next. Scope "
                          "play or bot; 409 not_entered or tournament_over.",
    "startTournament": "Seeds the entrants and pairs the first round, starting its games. The organiser only (403 "
                       "not_the_organiser); 409 already_started or too_few_entrants.",
    "getRatings": "The leaderboard of a game's rating pool, Glicko-2 (default) or Elo, best first, with the games "
                  "played and whether each rating is still provisional. No token needed (anonymous readers share a bucket per client address; a token or session that is sent must be live); 404 for a game not in the "
                  "catalogue, 400 for an unknown system.",
    "getPlayerRatings": "A player's current ratings in a game's pool and their history: each rated game (Elo) or "
                        "rating period (Glicko-2) with the rating before and after. No token needed (anonymous readers share a bucket per client address; a token or session that is sent must be live); 404 for an unknown "
                        "player or game.",
    # messages
    "postMessage": "Sends a message (plain text, 1 to 2,000 Unicode code points) to the other players of a running "
                   "game, at the game's current ply. It changes nothing of the game (no ply, version or ETag change). "
                   "The other players get a `message` event (event stream, game stream, inbox) and, with their "
                   "`message` preference on, a mail; players who muted the author get nothing. Scope play or bot and a "
                   "seat in the game: 403 not_your_game otherwise; 409 game_over once the game is over; 400 "
                   "invalid_field (with `max_characters`) for an empty, blank or too long text, or one holding a NUL or "
                   "another control character (tab, line feed and carriage return are text).",
    "listMessages": "The game's messages, oldest first, each with its ply, author and time; pages follow next_cursor "
                    "(and Link rel=next). While the game runs only its players may read them (403 messages_private "
                    "for anyone else); once it is over, every account may, and the record shows them. Messages of "
                    "authors the caller has muted are left out. Any token; 404 game_not_found.",
    "reportMessage": "Reports a message to the admins, with an optional reason: a `message_reported` event goes to "
                     "every admin account (event stream and inbox). Scope play or bot; only someone who may read the "
                     "message may report it (403 messages_private); 404 message_not_found; 409 already_reported for a "
                     "second report of one message by one account.",
    "listMutes": "The usernames whose messages the caller does not see. Any token.",
    "muteAuthor": "Mutes an account's messages in every game: they are not delivered to the caller (streams, inbox, "
                  "mail) nor listed for them. Answers the caller's mutes. Scope play or bot; 404 unknown_user; 400 "
                  "invalid_username for the caller's own name.",
    "unmuteAuthor": "Ends a mute; later messages of that account reach the caller again, and the earlier ones are "
                    "listed again. Answers the caller's mutes. Scope play or bot; 404 not_muted.",
    # web sessions and profiles
    "createSession": "Signs in a browser: checks username and password like POST /v1/tokens (the same login limits, "
                     "backoff and 401 bad_credentials) and answers 201 with `Set-Cookie: hexpost_session=<token>; HttpOnly; "
                     "SameSite=Strict; Path=/` (plus `Secure` when HEXPOST_PUBLIC_URL is https). The cookie's token is a token "
                     "row named `web session` with the play scope: listed by GET /v1/tokens and revocable like any token. No "
                     "token needed.",
    "getSession": "Who is signed in: 200 {signed_in: false} without a credential, else the caller's username, the token's "
                  "scopes and id and whether the cookie or a bearer token was used; 401 for a credential that is not live.",
    "deleteSession": "Signs out: revokes the token the request was authenticated with and clears the cookie "
                     "(`Max-Age=0`). 204. With the cookie, the request needs the server's own Origin (403 cross_origin).",
    "getPlayer": "A player's public profile: account age and bot flag, the 20 most recent games (newest first), the "
                 "current ratings in every game with a rating, and the 20 most recent tournaments entered. No token "
                 "needed; 404 unknown_user.",
    "getBoardSvg": "The game's board as a self-contained SVG image, drawn by the rules library: every cell an element with "
                   "data-cell=\"<cell name>\" and a <title>, pieces, seat colours with their numbers, and a legend; the cells of "
                   "the move that made the position are highlighted (class hl). ?ply=N shows the position after N entries, "
                   "replayed from the record (0: the start); ?seat=N turns the board to seat N's side. Sends an ETag "
                   "(If-None-Match answers 304) and Cache-Control for embedding. No token needed; 400 invalid_parameter for a "
                   "ply or seat that is not a number, 422 ply_out_of_range or seat_out_of_range, 404 game_not_found.",
}
