// `hexpost watch` against the stream contract of the bots work (GET /v1/games/{id}/stream:
// ndjson, {"type":"game_state","game":<GET /v1/games/{id} body>} per change, empty heartbeat
// lines, ending after the game-over state). hexpostd does not serve the stream on this branch
// yet, so a small httplib server plays the documented contract; the client is the real binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "stand_in_server.h"
#include "subprocess.h"

namespace {

using nlohmann::json;

json game_state(int ply, const std::string& status) {
  json game = {{"id", "7"},
               {"game", "iso-path"},
               {"status", status},
               {"ply", ply},
               {"seats",
                {{{"seat", 0}, {"username", "ann"}, {"deadline", nullptr}},
                 {{"seat", 1}, {"username", "bob"}, {"deadline", nullptr}}}},
               {"to_move_seats", status == "active" ? json::array({ply % 2}) : json::array()},
               {"your_seat", 0},
               {"your_turn", status == "active" && ply % 2 == 0},
               {"board", "board at ply " + std::to_string(ply) + "\n"},
               {"moves", json::array()},
               {"result", nullptr}};
  if (status != "active") game["result"] = {{"summary", "bob resigned"}, {"seats", json::array()}};
  return {{"type", "game_state"}, {"game", game}};
}

// A message of the game, as the stream sends it to a player.
json message_line() {
  return {{"type", "message"},
          {"id", "41"},
          {"message",
           {{"game_id", "7"},
            {"message_id", "3"},
            {"ply", 1},
            {"seat", 1},
            {"author", "bob"},
            {"text", "nice move\nreally"},
            {"created_at", "2026-11-26T21:13:04.782992Z"}}}};
}

// Serves the documented stream: two states, a heartbeat, a message, the final state; 401 for
// other tokens.
void serve_stream(testsupport::StandInServer& server) {
  server.http().Get("/v1/games/7/stream", [](const httplib::Request& req, httplib::Response& res) {
    if (req.get_header_value("Authorization") != "Bearer hxp_test") {
      res.status = 401;
      res.set_content(R"({"status":401,"code":"invalid_token","detail":"Bad token."})",
                      "application/problem+json");
      return;
    }
    res.set_chunked_content_provider("application/x-ndjson", [](size_t, httplib::DataSink& sink) {
      for (const std::string& line :
           {game_state(0, "active").dump(), std::string(), game_state(1, "active").dump(),
            message_line().dump(), game_state(2, "finished").dump()}) {
        const std::string text = line + "\n";
        sink.write(text.data(), text.size());
      }
      sink.done();
      return true;
    });
  });
  server.start();
}

TEST(WatchContract, RedrawsOnEveryStateUntilTheGameEnds) {
  testsupport::StandInServer server;
  serve_stream(server);
  const auto r = testsupport::run(
      {HEXPOST_CLI_PATH, "watch", "7"}, "",
      {{"HEXPOST_SERVER", server.url()}, {"HEXPOST_TOKEN", "hxp_test"}, {"NO_COLOR", "1"}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto at0 = r.out.find("iso-path #7, ply 0, active\nboard at ply 0\n");
  const auto at1 = r.out.find("iso-path #7, ply 1, active\nboard at ply 1\n");
  const auto at2 = r.out.find("iso-path #7, ply 2, finished\nboard at ply 2\n");
  ASSERT_NE(at0, std::string::npos) << r.out;
  ASSERT_NE(at1, std::string::npos) << r.out;
  ASSERT_NE(at2, std::string::npos) << r.out;
  EXPECT_LT(at0, at1);
  EXPECT_LT(at1, at2);
  // A message is printed where it came, between the states.
  const auto said = r.out.find("[ply 1] bob 2026-11-26T21:13:04Z: nice move\n  really\n");
  ASSERT_NE(said, std::string::npos) << r.out;
  EXPECT_LT(at1, said);
  EXPECT_LT(said, at2);
  EXPECT_NE(r.out.find("Game over: finished: bob resigned\n"), std::string::npos) << r.out;

  const auto raw =
      testsupport::run({HEXPOST_CLI_PATH, "watch", "7", "--json"}, "",
                       {{"HEXPOST_SERVER", server.url()}, {"HEXPOST_TOKEN", "hxp_test"}});
  EXPECT_EQ(raw.exit_code, 0) << raw.err;
  EXPECT_EQ(raw.out, game_state(0, "active").dump() + "\n" + game_state(1, "active").dump() + "\n" +
                         message_line().dump() + "\n" + game_state(2, "finished").dump() + "\n");

  const auto denied =
      testsupport::run({HEXPOST_CLI_PATH, "watch", "7"}, "",
                       {{"HEXPOST_SERVER", server.url()}, {"HEXPOST_TOKEN", "hxp_wrong"}});
  EXPECT_EQ(denied.exit_code, 4);
  EXPECT_EQ(denied.err, "hexpost: Bad token. (invalid_token)\n");
}

}  // namespace
