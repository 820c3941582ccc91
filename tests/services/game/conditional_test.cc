// Conditional moves (PUT/GET/DELETE /v1/games/{id}/conditional; play::PlayService's
// settle_conditionals): Hex Quoridor games between two players (its moves draw nothing, so
// lines can be checked in advance), on real PostgreSQL and HTTP.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "lib/fairness/fairness.h"
#include "rules/core/play.h"
#include "rules/core/registry.h"
#include "services/api/game_service.h"
#include "services/api/stream_views.h"
#include "tests/services/game/clock_support.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

const rules::GameDef& quoridor() { return *rules::find_game("hex-quoridor"); }

// The position after `moves` are played from `position` (rules library, no draws).
std::string after(const std::string& position, const std::vector<std::string>& moves) {
  auto state = std::move(quoridor().load(position)).value();
  rules::NoRandom rng;
  for (const auto& m : moves) {
    if (!rules::play(*state, m, rng).ok()) throw std::runtime_error("illegal in test: " + m);
  }
  return state->serialize();
}

// The pawn steps of the seat to move after `moves` (a fence's canonical name starts with "F").
std::vector<std::string> steps(const std::string& position,
                               const std::vector<std::string>& moves = {}) {
  auto state = std::move(quoridor().load(after(position, moves))).value();
  std::vector<std::string> out;
  for (rules::Move m : state->legal_moves()) {
    const std::string text = state->format_move(m);
    if (text.front() != 'F') out.push_back(text);
  }
  return out;
}

// A pawn step of the seat to move after `moves` that ends the game (it reaches the goal), or "".
std::string winning_step(const std::string& position, const std::vector<std::string>& moves) {
  for (const std::string& step : steps(position, moves)) {
    std::vector<std::string> line = moves;
    line.push_back(step);
    if (quoridor().load(after(position, line)).value()->to_move().empty()) return step;
  }
  return "";
}

// The step of the seat to move after `moves` that takes its pawn furthest toward its goal
// (`ahead`) or furthest from it: seat 0 goes north (rows a..i), seat 1 south.
std::string race_step(const std::string& position, const std::vector<std::string>& moves,
                      bool ahead) {
  const int seat = quoridor().load(after(position, moves)).value()->to_move().front();
  std::string best;
  for (const std::string& step : steps(position, moves)) {
    const int progress = seat == 0 ? step[0] : -step[0];
    const int best_progress = best.empty() ? 0 : (seat == 0 ? best[0] : -best[0]);
    if (best.empty() || (ahead ? progress > best_progress : progress < best_progress)) best = step;
  }
  return best;
}

long long rows_of(const std::string& sql, const std::string& id) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  return tx.exec_params1(sql, id)[0].as<long long>();
}
long long stored_lines(const std::string& id) {
  return rows_of("SELECT count(*) FROM conditional_lines WHERE game_id = $1", id);
}
bool flagged(const std::string& id) {
  return rows_of("SELECT has_conditionals::int FROM games WHERE id = $1", id) == 1;
}

// The move list is contiguous from ply 1 and each hash chains to the previous one.
void expect_chain_intact(const std::string& id) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  std::string previous =
      tx.exec_params1("SELECT commitment FROM games WHERE id = $1", id)[0].c_str();
  int ply = 0;
  for (const auto& row : tx.exec_params(
           "SELECT ply, record, draws, hash FROM moves WHERE game_id = $1 ORDER BY ply", id)) {
    ASSERT_EQ(row[0].as<int>(), ++ply);
    EXPECT_EQ(row[3].c_str(), fairness::move_hash(previous, ply, row[1].c_str(), row[2].c_str()));
    previous = row[3].c_str();
  }
}

// The account's move events of the game, oldest first, as its event stream renders them.
std::vector<json> move_lines(api::GameService& service, const std::string& username) {
  const auto account = rows_of("SELECT id FROM accounts WHERE username = $1", username);
  std::vector<json> out;
  for (const auto& e : service.events.recent_for_account(account, {"move"}, 0, 50)) {
    out.insert(out.begin(), api::account_event_line(service, e, account));
  }
  return out;
}

// The account's "your turn" mail of the game at `ply`, by status ("suppressed" or "waiting":
// queued, held or sent).
long long turn_mail(const std::string& id, const std::string& username, int ply,
                    const std::string& status) {
  return rows_of(
      "SELECT count(*) FROM mail_outbox m JOIN accounts a ON a.id = m.account_id "
      "WHERE m.game_id = $1 AND m.kind = 'your_turn' AND m.ply = " +
          std::to_string(ply) + " AND a.username = '" + username + "' AND " +
          (status == "suppressed" ? "m.status = 'suppressed'"
                                  : "m.status IN ('queued', 'held', 'sent')"),
      id);
}

// Lines as JSON (a braced list of two strings would be read as an object).
json lines(const std::vector<std::vector<std::string>>& moves) { return json(moves); }

// Stores `username`'s lines on game `id` at ply 0 straight in the database, flagged as the move
// statement would flag them, as an instance that died before settling a move leaves them.
void leave_lines_unsettled(const std::string& id, const json& stored, const std::string& username) {
  pqxx::connection c(database_url());
  pqxx::work tx(c);
  tx.exec_params(
      "INSERT INTO conditional_lines (game_id, account_id, seat, base_ply, lines, stored_at) "
      "SELECT $1, a.id, s.seat, 0, $2::jsonb, now() FROM accounts a JOIN game_seats s ON "
      "s.account_id = a.id AND s.game_id = $1 WHERE a.username = $3",
      id, stored.dump(), username);
  tx.exec_params("UPDATE games SET has_conditionals = true WHERE id = $1", id);
  tx.commit();
}

std::string path(const std::string& id) { return "/v1/games/" + id + "/conditional"; }

class Conditional : public ::testing::Test {
 protected:
  void SetUp() override {
    SVC_REQUIRE_DB();
    server = std::make_unique<TestServer>();
    client = std::make_unique<Client>(server->port());
    begin(*client);
  }
  // A new game: `first` is to move, `second` stores lines.
  void begin(Client& c) {
    p = {make_account(c, "cond"), make_account(c, "cond")};
    id = start_game(c, p, "hex-quoridor");
    const json view = c.get("/v1/games/" + id, p[0].token).body;
    first = to_move(view, p);
    second = first.token == p[0].token ? p[1] : p[0];
    start = view.at("position");
  }
  Reply put(Client& c, const std::vector<std::vector<std::string>>& lines, const Account& by) {
    return c.put(path(id), {{"lines", lines}}, by.token);
  }
  Reply move(Client& c, const std::string& text, int ply, const Account& by) {
    return c.post("/v1/games/" + id + "/moves", {{"move", text}, {"ply", ply}}, by.token);
  }
  json game() { return client->get("/v1/games/" + id, p[0].token).body; }

  std::unique_ptr<TestServer> server;
  std::unique_ptr<Client> client;
  std::vector<Account> p;
  Account first, second;
  std::string id, start;
};

TEST_F(Conditional, AMatchingLineRepliesAtOnceAndTellsTheNextPlayer) {
  const std::string x = steps(start)[0];
  const std::string y = steps(start, {x})[0];
  const Reply stored = put(*client, {{x, y}}, second);
  ASSERT_EQ(stored.status, 200) << stored.text;
  EXPECT_EQ(stored.body, json({{"game_id", id}, {"ply", 0}, {"lines", lines({{x, y}})}}));
  EXPECT_TRUE(flagged(id));

  ASSERT_EQ(move(*client, x, 0, first).status, 201);
  const json view = game();
  ASSERT_EQ(view.at("ply"), 2);
  EXPECT_EQ(view.at("moves").at(1).at("record"), y);
  EXPECT_EQ(view.at("moves").at(1).at("username"), second.username);
  EXPECT_EQ(to_move(view, p).username, first.username);
  // The reply's move event and the first player's your_turn mail, as after any move.
  EXPECT_EQ(rows_of("SELECT count(*) FROM game_events WHERE game_id = $1 AND kind = 'move' "
                    "AND ply = 2",
                    id),
            1);
  EXPECT_EQ(rows_of("SELECT count(*) FROM mail_outbox m JOIN accounts a ON a.id = m.account_id "
                    "WHERE m.game_id = $1 AND m.kind = 'your_turn' AND m.ply = 2 AND a.username = "
                    "'" +
                        first.username + "'",
                    id),
            1);
  // The line is played to its end: nothing is left, and the flag is down.
  EXPECT_EQ(client->get(path(id), second.token).body.at("lines"), json::array());
  EXPECT_EQ(stored_lines(id), 0);
  EXPECT_FALSE(flagged(id));
  expect_chain_intact(id);
}

TEST_F(Conditional, AMoveMatchingNoLineDiscardsEveryLine) {
  const std::vector<std::string> xs = steps(start);
  ASSERT_GE(xs.size(), 3u);
  const Reply stored =
      put(*client, {{xs[0], steps(start, {xs[0]})[0]}, {xs[1], steps(start, {xs[1]})[0]}}, second);
  ASSERT_EQ(stored.status, 200) << stored.text;
  ASSERT_EQ(move(*client, xs[2], 0, first).status, 201);
  const json view = game();
  EXPECT_EQ(view.at("ply"), 1);
  EXPECT_EQ(to_move(view, p).username, second.username);
  EXPECT_EQ(client->get(path(id), second.token).body,
            json({{"game_id", id}, {"ply", 1}, {"lines", json::array()}}));
  EXPECT_EQ(stored_lines(id), 0);
  EXPECT_FALSE(flagged(id));
}

TEST_F(Conditional, ALineAdvancesOverTwoMoves) {
  const std::string x = steps(start)[0];
  const std::string y = steps(start, {x})[0];
  const std::string x2 = steps(start, {x, y})[0];
  const std::string y2 = steps(start, {x, y, x2})[0];
  ASSERT_EQ(put(*client, {{x, y, x2, y2}}, second).status, 200);
  ASSERT_EQ(move(*client, x, 0, first).status, 201);
  EXPECT_EQ(game().at("ply"), 2);
  EXPECT_EQ(client->get(path(id), second.token).body,
            json({{"game_id", id}, {"ply", 2}, {"lines", lines({{x2, y2}})}}));
  ASSERT_EQ(move(*client, x2, 2, first).status, 201);
  const json view = game();
  EXPECT_EQ(view.at("ply"), 4);
  EXPECT_EQ(view.at("moves").at(3).at("record"), y2);
  EXPECT_EQ(stored_lines(id), 0);
  expect_chain_intact(id);
}

TEST_F(Conditional, RefusalsSayWhyAndStoreNothing) {
  const std::string x = steps(start)[0];
  const std::string y = steps(start, {x})[0];
  // The second line's second move is not a legal move there: the rules' code and reason.
  Reply r = put(*client, {{x, y}, {x, "zz9"}}, second);
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(r.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(r.body.at("code"), "bad_notation");
  EXPECT_EQ(r.body.at("line"), 2);
  EXPECT_EQ(r.body.at("move"), 2);
  EXPECT_EQ(r.body.at("text"), "zz9");
  EXPECT_EQ(r.body.at("detail").get<std::string>().rfind("line 2, move 2 (zz9): ", 0), 0u);
  // A line that ends with the opponent's move, and two replies to the same move.
  r = put(*client, {{x}}, second);
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body.at("code"), "invalid_line");
  r = put(*client, {{x, steps(start, {x})[0]}, {x, steps(start, {x})[1]}}, second);
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body.at("code"), "invalid_line");
  EXPECT_EQ(r.body.at("line"), 2);
  // The player to move plays instead; a stale ply; an outsider; an unknown game; no token.
  r = put(*client, {{y, x}}, first);
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(r.body.at("code"), "your_turn");
  r = client->put(path(id), {{"lines", lines({{x, y}})}, {"ply", 3}}, second.token);
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(r.body.at("code"), "stale_ply");
  const Account outsider = make_account(*client, "cond");
  EXPECT_EQ(put(*client, {{x, y}}, outsider).status, 403);
  EXPECT_EQ(client->get(path(id), outsider.token).status, 403);
  EXPECT_EQ(client->del(path(id), outsider.token).status, 403);
  EXPECT_EQ(client->get("/v1/games/99999999/conditional", second.token).status, 404);
  EXPECT_EQ(client->get(path(id), "").status, 401);
  r = client->put(path(id), {{"lines", "e5"}}, second.token);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body.at("code"), "invalid_field");
  EXPECT_EQ(stored_lines(id), 0);
  EXPECT_EQ(rows_of("SELECT count(*) FROM conditional_history WHERE game_id = $1", id), 0);
  EXPECT_FALSE(flagged(id));
}

TEST_F(Conditional, LinesArePrivateUntilTheGameEndsThenInTheRecord) {
  const std::string x = steps(start)[0];
  const std::string y = steps(start, {x})[0];
  ASSERT_EQ(put(*client, {{x, y}}, second).status, 200);
  // The other player sees only their own (none); the record does not show them.
  EXPECT_EQ(client->get(path(id), first.token).body.at("lines"), json::array());
  EXPECT_EQ(client->get("/v1/games/" + id + "/record", first.token).text.find("conditional"),
            std::string::npos);
  ASSERT_EQ(client->del(path(id), second.token).status, 204);
  EXPECT_EQ(client->get(path(id), second.token).body.at("lines"), json::array());
  EXPECT_EQ(stored_lines(id), 0);
  EXPECT_FALSE(flagged(id));
  ASSERT_EQ(client->post("/v1/games/" + id + "/resign", json::object(), first.token).status, 200);
  const std::string record = client->get("/v1/games/" + id + "/record", first.token).text;
  const json view = game();
  const int second_seat = view.at("seats").at(0).at("username") == second.username ? 0 : 1;
  EXPECT_NE(record.find("; conditional lines of " + second.username + " (seat " +
                        std::to_string(second_seat) + "), stored at ply 0: " + x + " " + y + "\n"),
            std::string::npos)
      << record;
  // Over: nothing more can be stored.
  EXPECT_EQ(put(*client, {{x, y}}, second).body.at("code"), "game_over");
}

// The reply a line holds is the winning move: the reply ends the game as any move would (result,
// placements, game_finished), nothing more can be played, and the lines are left in the record.
TEST_F(Conditional, AReplyThatWinsEndsTheGame) {
  // The second player races to its goal while the first steps away from its own, until the
  // first is to move and the second wins with one step whatever pawn step the first makes.
  std::vector<std::string> played;
  std::string x, win;
  for (int ply = 0; ply < 40 && win.empty(); ++ply) {
    const bool firsts_turn = ply % 2 == 0;
    const std::string step = race_step(start, played, !firsts_turn);
    std::vector<std::string> next = played;
    next.push_back(step);
    if (firsts_turn && !winning_step(start, next).empty()) {
      x = step;
      win = winning_step(start, next);
      break;
    }
    ASSERT_EQ(move(*client, step, ply, firsts_turn ? first : second).status, 201);
    played = next;
  }
  ASSERT_FALSE(win.empty()) << "no winning position reached: " << after(start, played);
  const int base = static_cast<int>(played.size());
  std::vector<std::string> other_start = played;
  std::string other;
  for (const std::string& s : steps(start, played)) {
    if (s != x) other = s;
  }
  other_start.push_back(other);
  const std::string other_reply = steps(start, other_start)[0];
  ASSERT_EQ(put(*client, {{x, win}, {other, other_reply}}, second).status, 200);

  ASSERT_EQ(move(*client, x, base, first).status, 201);
  const json view = game();
  EXPECT_EQ(view.at("status"), "finished");
  EXPECT_EQ(view.at("ply"), base + 2);
  EXPECT_EQ(view.at("moves").back().at("record"), win);
  EXPECT_EQ(view.at("moves").back().at("username"), second.username);
  const int second_seat = view.at("seats").at(0).at("username") == second.username ? 0 : 1;
  EXPECT_EQ(view.at("seats").at(second_seat).at("placement"), 1);
  EXPECT_EQ(view.at("seats").at(1 - second_seat).at("placement"), 2);
  EXPECT_EQ(view.at("to_move"), json::array());
  // One game_finished event at the reply's ply, with both seats placed.
  EXPECT_EQ(rows_of("SELECT count(*) FROM game_events WHERE game_id = $1 AND kind = "
                    "'game_finished' AND ply = " +
                        std::to_string(base + 2) + " AND (payload->'seats'->" +
                        std::to_string(second_seat) +
                        "->>'placement')::int = 1 AND (payload->"
                        "'seats'->" +
                        std::to_string(1 - second_seat) + "->>'placement')::int = 2",
                    id),
            1);
  EXPECT_EQ(rows_of("SELECT count(*) FROM game_events WHERE game_id = $1 AND kind = "
                    "'game_finished'",
                    id),
            1);
  // Over: no move, no lines.
  const Reply late = move(*client, steps(start, played)[0], base + 2, first);
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body.at("code"), "game_over");
  EXPECT_EQ(stored_lines(id), 0);
  EXPECT_FALSE(flagged(id));
  EXPECT_EQ(client->get(path(id), second.token).body.at("lines"), json::array());
  const std::string record = client->get("/v1/games/" + id + "/record", first.token).text;
  EXPECT_NE(record.find("; conditional lines of " + second.username + " (seat " +
                        std::to_string(second_seat) + "), stored at ply " + std::to_string(base) +
                        ": " + x + " " + win + " | " + other + " " + other_reply + "\n"),
            std::string::npos)
      << record;
  expect_chain_intact(id);
}

// The seat whose reply answered a turn is not told it was its turn: its "your turn" mail for
// that ply is suppressed, and its stream shows the opponent's move as a plain move and the
// reply as conditional_played. The next player is told as after any move.
TEST_F(Conditional, TheOwnerIsNotToldOfTheTurnItsReplyAnswered) {
  const std::string x = steps(start)[0];
  const std::string y = steps(start, {x})[0];
  ASSERT_EQ(put(*client, {{x, y}}, second).status, 200);
  ASSERT_EQ(move(*client, x, 0, first).status, 201);
  ASSERT_EQ(game().at("ply"), 2);
  EXPECT_EQ(turn_mail(id, second.username, 1, "suppressed"), 1);
  EXPECT_EQ(turn_mail(id, second.username, 1, "waiting"), 0);
  EXPECT_EQ(turn_mail(id, first.username, 2, "waiting"), 1);

  const std::vector<json> owner = move_lines(server->service(), second.username);
  ASSERT_EQ(owner.size(), 2u);
  EXPECT_EQ(owner[0].at("type"), "move");
  EXPECT_EQ(owner[0].at("last_move"), x);
  EXPECT_FALSE(owner[0].contains("your_turn")) << owner[0].dump();
  EXPECT_EQ(owner[1].at("type"), "conditional_played");
  EXPECT_EQ(owner[1].at("last_move"), y);
  EXPECT_EQ(owner[1].at("payload").at("conditional"), true);
  const std::vector<json> other = move_lines(server->service(), first.username);
  ASSERT_EQ(other.size(), 2u);
  EXPECT_EQ(other[0].at("type"), "move");
  EXPECT_EQ(other[1].at("type"), "your_turn");
  EXPECT_EQ(other[1].at("your_turn").at("ply"), 2);
  EXPECT_EQ(other[1].at("your_turn").at("last_move"), y);
}

// The opponent's move was stored but its lines not yet followed (as if its instance died right
// after the commit): the instance rendering the owner's stream plays the reply before it looks
// at the turn, so the owner is not told it is to move.
TEST_F(Conditional, AStreamRenderingAnUnsettledMovePlaysTheReplyFirst) {
  const std::string x = steps(start)[0];
  const std::string y = steps(start, {x})[0];
  ASSERT_EQ(move(*client, x, 0, first).status, 201);
  leave_lines_unsettled(id, lines({{x, y}}), second.username);
  TestServer other;
  const std::vector<json> owner = move_lines(other.service(), second.username);
  ASSERT_EQ(owner.size(), 1u);
  EXPECT_EQ(owner[0].at("type"), "move");
  EXPECT_FALSE(owner[0].contains("your_turn")) << owner[0].dump();
  const json view = game();
  EXPECT_EQ(view.at("ply"), 2);
  EXPECT_EQ(view.at("moves").at(1).at("record"), y);
  EXPECT_EQ(turn_mail(id, second.username, 1, "suppressed"), 1);
  EXPECT_EQ(turn_mail(id, second.username, 1, "waiting"), 0);
  EXPECT_EQ(stored_lines(id), 0);
  EXPECT_FALSE(flagged(id));
}

// The line's owner resigns while the opponent's matching move is posted: one consistent outcome
// each time (the reply before the resignation, or no reply at all), never a move after the end.
TEST_F(Conditional, AReplyRacingAResignationHasOneConsistentOutcome) {
  for (int round = 0; round < 6; ++round) {
    if (round > 0) begin(*client);
    const std::string x = steps(start)[0];
    const std::string y = steps(start, {x})[0];
    ASSERT_EQ(put(*client, {{x, y}}, second).status, 200);
    Client c1(server->port()), c2(server->port());
    std::atomic<int> moved{0}, resigned{0};
    std::thread a([&] { moved = move(c1, x, 0, first).status; });
    std::thread b([&] {
      resigned = c2.post("/v1/games/" + id + "/resign", json::object(), second.token).status;
    });
    a.join();
    b.join();
    EXPECT_EQ(resigned.load(), 200);
    const json view = game();
    EXPECT_EQ(view.at("status"), "finished");
    const json moves = view.at("moves");
    const std::string last = moves.back().at("record");
    EXPECT_EQ(last.rfind("resign ", 0), 0u) << view.dump();
    if (moved == 201) {
      // x, then y (the reply came first) or not (the resignation came first), then the end.
      ASSERT_TRUE(moves.size() == 2 || moves.size() == 3) << view.dump();
      EXPECT_EQ(moves.at(0).at("record"), x);
      if (moves.size() == 3) {
        EXPECT_EQ(moves.at(1).at("record"), y);
      }
    } else {
      EXPECT_EQ(moved.load(), 409);  // the resignation ended the game first
      EXPECT_EQ(moves.size(), 1u);
    }
    EXPECT_EQ(stored_lines(id), 0);
    ASSERT_NO_FATAL_FAILURE(expect_chain_intact(id));
  }
}

TEST_F(Conditional, TheOpponentMovesOnOneInstanceAndTheLinesStoredOnTheOtherReply) {
  TestServer other;
  Client c2(other.port());
  const std::string x = steps(start)[0];
  const std::string y = steps(start, {x})[0];
  ASSERT_EQ(put(c2, {{x, y}}, second).status, 200);   // through instance two
  ASSERT_EQ(move(*client, x, 0, first).status, 201);  // through instance one
  const json view = c2.get("/v1/games/" + id, p[0].token).body;
  EXPECT_EQ(view.at("ply"), 2);
  EXPECT_EQ(view.at("moves").at(1).at("record"), y);
  expect_chain_intact(id);
}

// An instance that stored the opponent's move and died before its lines were settled: the
// sweeper's pass (of any instance) plays the reply.
TEST_F(Conditional, TheSweeperPlaysAReplyAMoveLeftUnsettled) {
  const std::string x = steps(start)[0];
  const std::string y = steps(start, {x})[0];
  ASSERT_EQ(move(*client, x, 0, first).status, 201);
  // The lines as they were before x, as if the instance died right after x's commit.
  leave_lines_unsettled(id, lines({{x, y}}), second.username);
  TestServer other;
  const sweeper::SweepReport report = other.service().sweeper.sweep_once();
  EXPECT_EQ(report.conditional_replies, 1);
  const json view = game();
  EXPECT_EQ(view.at("ply"), 2);
  EXPECT_EQ(view.at("moves").at(1).at("record"), y);
  EXPECT_EQ(stored_lines(id), 0);
  EXPECT_FALSE(flagged(id));
  EXPECT_EQ(other.service().sweeper.sweep_once().conditional_replies, 0);
}

// The first player's time runs out: the sweeper's timeout ends the game, the lines are dropped
// and no reply is stored; lines can no longer be stored.
TEST(ConditionalClock, ATimeoutDropsTheLinesAndNoReplyIsStored) {
  SVC_REQUIRE_DB();
  clocktest::ClockWorld world("2026-03-02T10:00:00Z", "condclk");
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_game(c, p, "hex-quoridor");
  const json view = c.get("/v1/games/" + id, p[0].token).body;
  const Account first = to_move(view, p);
  const Account second = first.token == p[0].token ? p[1] : p[0];
  const std::string x = steps(view.at("position"))[0];
  const std::string y = steps(view.at("position"), {x})[0];
  ASSERT_EQ(c.put(path(id), {{"lines", lines({{x, y}})}}, second.token).status, 200);
  clock.advance(std::chrono::hours(24 * 4));  // past the 3 days per move
  EXPECT_EQ(s.service().sweeper.sweep_once().timeouts, 1);
  const json over = c.get("/v1/games/" + id, p[0].token).body;
  EXPECT_EQ(over.at("status"), "finished");
  ASSERT_EQ(over.at("moves").size(), 1u);  // the timeout entry alone
  EXPECT_EQ(over.at("moves").at(0).at("username"), first.username);
  EXPECT_EQ(stored_lines(id), 0);
  EXPECT_FALSE(flagged(id));
  // The late move is refused (time expired, or the game is over), and no reply follows.
  const Reply late = c.post("/v1/games/" + id + "/moves", {{"move", x}, {"ply", 0}}, first.token);
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(c.put(path(id), {{"lines", lines({{x, y}})}}, second.token).body.at("code"),
            "game_over");
  EXPECT_EQ(c.get("/v1/games/" + id, p[0].token).body.at("moves").size(), 1u);
}

}  // namespace
