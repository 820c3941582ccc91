// api::GameDocuments: the members that depend on the reader's seat, written out directly
// (viewer_members), are byte for byte the JSON tree viewer_game_view() gives, in positions with
// thousands of legal moves.

#include <gtest/gtest.h>

#include <random>

#include "services/api/game_documents.h"
#include "services/api/game_views.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

// The seat members as the tree gives them, as text without braces.
std::string tree_members(const api::GameService& s, const storage::GameRecord& game,
                         storage::Id caller) {
  const std::string text = api::viewer_game_view(s.catalog, game, {caller, true, nullptr})
                               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return text.substr(1, text.size() - 2);
}

TEST(GameDocuments, SeatMembersWrittenOutEqualTheTreeInMidGame) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const std::vector<Account> p = {make_account(client, "docs"), make_account(client, "docs")};
  const std::string id = start_game(client, p, "iso-path");
  std::mt19937 random(7);
  std::size_t most_moves = 0;
  for (int ply = 0; ply < 12; ++ply) {
    const Account& mover = to_move(client.get("/v1/games/" + id, p[0].token).body, p);
    const json view = client.get("/v1/games/" + id, mover.token).body;
    const auto loaded = server.service().play.load(std::stoll(id), false);
    ASSERT_TRUE(loaded);
    std::vector<storage::Id> callers = {0};  // a spectator, then each seat
    for (const auto& seat : loaded->game.seats) callers.push_back(seat.account_id);
    for (const storage::Id caller : callers) {
      EXPECT_EQ(api::viewer_members(server.service().catalog, loaded->game, caller),
                tree_members(server.service(), loaded->game, caller))
          << "ply " << ply << ", caller " << caller;
    }
    const json& legal = view.at("legal_moves");
    ASSERT_TRUE(legal.is_array() && !legal.empty());
    most_moves = std::max(most_moves, legal.size());
    const std::string move = legal[random() % legal.size()];
    ASSERT_EQ(client.post("/v1/games/" + id + "/moves", {{"move", move}, {"ply", ply}}, mover.token)
                  .status,
              201);
  }
  EXPECT_GT(most_moves, 1000u);  // the positions compared had thousands of legal moves
}

// Each new version reuses the moves the previous version's encoding holds and encodes only the
// ones it added; the document is byte for byte the one encoded from nothing.
TEST(GameDocuments, AVersionEncodesOnlyTheMovesItAddedToTheHeldVersion) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const std::vector<Account> p = {make_account(client, "docm"), make_account(client, "docm")};
  const std::string id = start_game(client, p, "counting", {{"target", 100}});  // never over here
  const domain::Catalog& catalog = server.service().catalog;
  api::GameDocuments documents;
  play::Snapshot last;
  for (int ply = 0; ply < 6; ++ply) {
    last = server.service().play.read_public(std::stoll(id));
    ASSERT_TRUE(last);
    for (const int after : {0, ply / 2, ply}) {
      EXPECT_EQ(documents.render(catalog, last, 0, after, nullptr),
                api::GameDocuments().render(catalog, last, 0, after, nullptr))
          << "ply " << ply << ", moves after " << after;
    }
    const Account& mover = to_move(client.get("/v1/games/" + id, p[0].token).body, p);
    ASSERT_EQ(client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", ply}}, mover.token)
                  .status,
              201);
  }
  EXPECT_EQ(documents.moves_encoded(), 5u);  // 0 + 1 + ... + 5 = 15 when each encodes them all
  // A version whose moves are not the held ones followed (here: the last move rewritten) is
  // encoded from nothing.
  auto rewritten = std::make_shared<play::GameSnapshot>(*last);
  auto moves = *last->moves;
  moves.back().record = "2";
  moves.back().hash = "rewritten";
  rewritten->moves = std::make_shared<const std::vector<storage::MoveRecord>>(moves);
  rewritten->game.version += 1;
  const std::string text = documents.render(catalog, rewritten, 0, 0, nullptr);
  EXPECT_EQ(documents.moves_encoded(), 5u + 5u);
  EXPECT_EQ(text, api::GameDocuments().render(catalog, rewritten, 0, 0, nullptr));
  EXPECT_NE(text.find("\"record\":\"2\""), std::string::npos);
}

TEST(GameDocuments, AByteBoundEmptiesTheCacheWhenANewGameArrives) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const std::vector<Account> p = {make_account(client, "docb"), make_account(client, "docb")};
  const play::Snapshot first = server.service().play.read_public(std::stoll(start_game(client, p)));
  const play::Snapshot second =
      server.service().play.read_public(std::stoll(start_game(client, p)));
  ASSERT_TRUE(first && second);
  const domain::Catalog& catalog = server.service().catalog;
  for (const std::size_t max_bytes : {api::GameDocuments::kMaxBytes, std::size_t{1}}) {
    api::GameDocuments documents(4096, max_bytes);
    const std::string text = documents.render(catalog, first, 0, 0, nullptr);
    documents.render(catalog, second, 0, 0, nullptr);
    const std::uint64_t before = documents.encodings();
    EXPECT_EQ(documents.render(catalog, first, 0, 0, nullptr), text);
    // Within the bound the first game's encoding is still held; past it, the second game
    // emptied the cache, and the first is encoded again (its shared part and its seat's).
    EXPECT_EQ(documents.encodings() - before, max_bytes == 1 ? 2u : 0u) << max_bytes;
  }
}

}  // namespace
