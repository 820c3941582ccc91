#pragma once
// Internal to services/api: the route files of the game service.

#include <optional>
#include <string>

#include "services/api/game_service.h"
#include "services/api/game_views.h"
#include "services/api/http_support.h"

namespace api {

void add_account_routes(Server& server, GameService& service);
void add_challenge_routes(Server& server, GameService& service);
void add_game_routes(Server& server, GameService& service);
void add_conditional_routes(Server& server, GameService& service);  // conditional moves
void add_clock_routes(Server& server, GameService& service);        // vacation, zones, pause
void add_tournament_routes(Server& server, GameService& service);
void add_rating_routes(Server& server, GameService& service);
// The rating changes of a finished rated game: [{username, system, before, after, change}].
nlohmann::json rating_changes_view(GameService& service, storage::Id game_id);
// The game's open leave request as GET /v1/games/{id} and the game stream show it (null when
// there is none or the game is over).
nlohmann::json leave_request_view(GameService& service, const storage::GameRecord& game);
void add_mail_routes(Server& server, GameService& service);   // notifications
void add_inbox_routes(Server& server, GameService& service);  // GET /v1/me/events
// Messages, their reports and mutes (message_routes.cc).
void add_message_routes(Server& server, GameService& service);
// {id, game_id, ply, seat, author, text, created_at}: a message as the API shows it.
nlohmann::json message_view(const storage::MessageRecord& message);
// POST/GET/DELETE /v1/session, and the cross-origin check of cookie requests (web_session.h).
void add_session_routes(Server& server, GameService& service);
// GET /v1/games/{id}/board.svg (board_routes.cc).
void add_board_routes(Server& server, GameService& service);
// The game of a read of /v1/games/{id}... and the caller (0: anonymous), charged as a read: from
// this instance's copies when they are current (docs/game-service.md, "Reads from memory"), else
// from the database. 404 game_not_found when there is no such game.
struct GameReadFor {
  play::Snapshot snapshot;
  storage::Id caller = 0;
};
GameReadFor read_game(GameService& service, const Request& req, Response& res);
// GET /v1/players/{username}: the public profile.
void add_player_routes(Server& server, GameService& service);

}  // namespace api
