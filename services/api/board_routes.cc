// GET /v1/games/{id}/board.svg: the board as an SVG image (rules::State::render_svg), public, for
// pages and for embedding elsewhere (forum posts, mails). ?ply=N shows an earlier position,
// replayed from the record; ?seat=N turns the board to that seat's side. The cells of the move
// that made the position are highlighted. The game is read as GET /v1/games/{id} reads it (from
// this instance's copy when current), and the image of the current position is rendered once
// per version and seat (BoardImages).
#include "services/api/routes.h"

namespace api {

namespace {

// ?ply=N: 0 to the game's ply (400 invalid_parameter when not a number, 422 ply_out_of_range
// past the game's ply). Absent: the current position.
int ply_param(const Request& req, const storage::GameRecord& game) {
  const int ply = int_param(req, "ply", game.ply, 0, 1'000'000);
  if (ply > game.ply) {
    throw GameError(422, "ply_out_of_range",
                    "The game is at ply " + std::to_string(game.ply) + "; ply must be from 0 to " +
                        std::to_string(game.ply) + ".",
                    {{"parameter", "ply"}, {"max", game.ply}});
  }
  return ply;
}

// ?seat=N: the seat whose side faces the viewer, 0 to players - 1 (400 / 422 seat_out_of_range);
// absent: the game's default orientation (-1).
int seat_param(const Request& req, const storage::GameRecord& game) {
  const int seat = int_param(req, "seat", -1, -1, 1'000'000);
  if (seat >= game.players) {
    throw GameError(422, "seat_out_of_range",
                    "The game has seats 0 to " + std::to_string(game.players - 1) + ".",
                    {{"parameter", "seat"}, {"max", game.players - 1}});
  }
  return seat;
}

void get_board_svg(GameService& s, const Request& req, Response& res) {
  const play::Snapshot snapshot = read_game(s, req, res).snapshot;
  const storage::GameRecord& game = snapshot->game;
  const int ply = ply_param(req, game);
  const int seat = seat_param(req, game);
  // An earlier position never changes; the current one changes with the game's version.
  const bool current = ply == game.ply;
  const std::string etag = "\"g" + std::to_string(game.id) + "-board-p" + std::to_string(ply) +
                           "-s" + std::to_string(seat) +
                           (current ? "-v" + std::to_string(game.version) : "") + "\"";
  res.set_header("Cache-Control", current ? "public, max-age=30" : "public, max-age=86400");
  if (answer_not_modified(req, res, etag)) return;
  res.status = 200;
  // Opened on its own, the image runs nothing and loads nothing.
  res.set_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  if (current) {
    res.set_content(*s.boards.current(s.catalog, snapshot, seat), "image/svg+xml");
  } else {
    res.set_content(render_board(s.catalog, snapshot, ply, seat), "image/svg+xml");
  }
}

}  // namespace

void add_board_routes(Server& server, GameService& s) {
  server.get(R"(/v1/games/([^/]+)/board\.svg)",
             guarded([&s](const Request& q, Response& r) { get_board_svg(s, q, r); }));
}

}  // namespace api
