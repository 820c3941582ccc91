// GET /v1/games/{id}/board.svg and the game JSON's legal_moves_detail (docs/web.md): the image's
// cells, the last move's highlight, earlier plies replayed from the record, orientation, ETag and
// 304, and the refusals of bad parameters; the cells of each legal move for the caller to move;
// the load benchmark's board reads.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "bench/load/load_driver.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++n;
  return n;
}

// The cells whose element has the class hl.
std::set<std::string> highlighted_cells(const std::string& svg) {
  std::set<std::string> cells;
  const std::regex tag("<[^>]*data-cell=\"([^\"]*)\"[^>]*>");
  const std::regex hl("class=\"([^\"]* )?hl( [^\"]*)?\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator();
       ++it) {
    const std::string element = (*it)[0];
    if (std::regex_search(element, hl)) cells.insert((*it)[1]);
  }
  return cells;
}

std::string board_path(const std::string& game, const std::string& query = "") {
  return "/v1/games/" + game + "/board.svg" + query;
}

TEST(BoardSvg, EveryCellTheLastMoveHighlightedEarlierPliesAndOrientation) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const std::vector<Account> players = {make_account(client, "svgann"),
                                        make_account(client, "svgbob")};
  const std::string game = start_game(client, players, "hex-quoridor");
  const Reply start = client.get(board_path(game));
  ASSERT_EQ(start.status, 200) << start.text;
  EXPECT_EQ(start.header("Content-Type"), "image/svg+xml");
  EXPECT_EQ(start.header("Cache-Control"), "public, max-age=30");
  EXPECT_EQ(start.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(count_of(start.text, "data-cell=\""), 61u);
  EXPECT_EQ(highlighted_cells(start.text), std::set<std::string>());

  const json view = client.get("/v1/games/" + game, players[0].token).body;
  const Account& mover = to_move(view, players);
  const json mine = client.get("/v1/games/" + game, mover.token).body;
  ASSERT_TRUE(mine["legal_moves_detail"].is_array());
  const json chosen = mine["legal_moves_detail"][0];
  ASSERT_EQ(
      client
          .post("/v1/games/" + game + "/moves", {{"move", chosen["move"]}, {"ply", 0}}, mover.token)
          .status,
      201);

  const Reply now = client.get(board_path(game));
  ASSERT_EQ(now.status, 200);
  EXPECT_EQ(count_of(now.text, "data-cell=\""), 61u);
  const std::vector<std::string> cells = chosen["cells"];
  EXPECT_EQ(highlighted_cells(now.text), std::set<std::string>(cells.begin(), cells.end()));
  EXPECT_EQ(client.get(board_path(game), "", {{"If-None-Match", now.header("ETag")}}).status, 304);
  EXPECT_NE(now.header("ETag"), start.header("ETag"));

  const Reply first = client.get(board_path(game, "?ply=0"));
  ASSERT_EQ(first.status, 200);
  EXPECT_EQ(first.text, start.text) << "ply 0, replayed from the record, is the start position";
  EXPECT_EQ(first.header("Cache-Control"), "public, max-age=86400");
  EXPECT_EQ(client.get(board_path(game, "?ply=1")).text, now.text);

  const Reply south = client.get(board_path(game, "?seat=0"));
  const Reply north = client.get(board_path(game, "?seat=1"));
  ASSERT_EQ(south.status, 200);
  ASSERT_EQ(north.status, 200);
  EXPECT_NE(south.text, north.text) << "seat 1's side faces the viewer";
  EXPECT_EQ(count_of(north.text, "data-cell=\""), 61u);
  EXPECT_EQ(highlighted_cells(north.text), std::set<std::string>(cells.begin(), cells.end()));
}

TEST(BoardSvg, BadPlyOrSeatIsAProblem) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const std::vector<Account> players = {make_account(client, "svgbad1"),
                                        make_account(client, "svgbad2")};
  const std::string game = start_game(client, players);
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"?ply=1", 422, "ply_out_of_range"},    {"?ply=x", 400, "invalid_parameter"},
      {"?ply=-1", 400, "invalid_parameter"},  {"?seat=2", 422, "seat_out_of_range"},
      {"?seat=-2", 400, "invalid_parameter"}, {"?seat=one", 400, "invalid_parameter"}};
  for (const auto& [query, status, code] : cases) {
    const Reply r = client.get(board_path(game, query));
    EXPECT_EQ(r.status, status) << query;
    EXPECT_EQ(r.header("Content-Type"), "application/problem+json") << query;
    EXPECT_EQ(r.body["code"], code) << query;
  }
  EXPECT_EQ(client.get(board_path("999999")).body["code"], "game_not_found");
}

// The load benchmark's board-svg reads (loadtest::run_reads): client i reads paths[i % size] with
// players[i % size]'s token. Each token's bucket holds 5 requests (refilled once in 1,000 s), so
// the count of 200 answers is exact: 5 per token whose client reads a board, none for a client
// reading a missing game.
TEST(BoardSvgLoad, EachClientReadsItsPathWithItsOwnToken) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.rate_limit = {5, 0.001};
  TestServer server(database_url(), options);
  Client client(server.port());
  const std::string game =
      start_game(client, {make_account(client, "svgloada"), make_account(client, "svgloadb")});
  const loadtest::Endpoint endpoint{"127.0.0.1", server.port()};
  std::vector<loadtest::Player> readers;
  for (int i = 0; i < 3; ++i) {
    const Account reader = make_account(client, "svgreader");
    readers.push_back({reader.username, reader.token});
  }
  const loadtest::ReadStats stats = loadtest::run_reads(
      endpoint, {board_path(game), board_path(game), board_path("999999")}, readers, 3, 0.5);
  EXPECT_EQ(stats.ok, 10);
  EXPECT_EQ(stats.latencies_ms.size(), 10u);
  EXPECT_GT(stats.failed, 0);  // the third client's 404s, then everyone's 429s
  EXPECT_GE(stats.seconds, 0.5);
  const loadtest::ReadStats none = loadtest::run_reads(endpoint, {}, readers, 3, 0.5);
  EXPECT_EQ(none.ok + none.failed, 0);
}

TEST(LegalMovesDetail, TheCallerToMoveGetsEachMoveWithItsCells) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const std::vector<Account> players = {make_account(client, "detann"),
                                        make_account(client, "detbob")};
  const std::string game = start_game(client, players);
  const json view = client.get("/v1/games/" + game, players[0].token).body;
  const Account& mover = to_move(view, players);
  const Account& waiter = &mover == &players[0] ? players[1] : players[0];
  const json mine = client.get("/v1/games/" + game, mover.token).body;
  // The counting game: add 1 or 2, each touching the cell of its amount.
  EXPECT_EQ(mine["legal_moves"], json({"1", "2"}));
  EXPECT_EQ(mine["legal_moves_detail"],
            json::parse(R"([{"move":"1","cells":["1"]},{"move":"2","cells":["2"]}])"));
  EXPECT_EQ(client.get("/v1/games/" + game, waiter.token).body["legal_moves_detail"], nullptr);
  EXPECT_EQ(client.get("/v1/games/" + game).body["legal_moves_detail"], nullptr);
}

}  // namespace
