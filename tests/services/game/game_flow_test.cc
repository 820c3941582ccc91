// The full flow for every game in the catalogue (the registry plus the test-only counting game):
// accounts, challenge, accept, moves to the end, record, result, fairness verification. Plus
// draws, resignations, aborts, previews, ETags and the game lists.
#include <gtest/gtest.h>

#include <random>

#include "lib/fairness/fairness.h"
#include "rules/core/play.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

class GameFlow : public ::testing::TestWithParam<std::string> {};

// Replays the game from the revealed seed and checks every stored record, draw and hash.
void verify_fairness(const rules::GameDef& def, const json& game, const json& fairness) {
  const auto seed = fairness::from_hex(fairness.at("server_seed").get<std::string>());
  ASSERT_TRUE(seed.has_value());
  EXPECT_EQ(fairness::commitment(*seed), fairness.at("commitment").get<std::string>());
  std::vector<std::string> player_seeds;
  for (const auto& s : fairness.at("player_seeds")) player_seeds.push_back(s.at("player_seed"));
  const std::string id = game.at("id");
  const fairness::Bytes game_seed = fairness::game_seed(*seed, id, player_seeds);
  EXPECT_EQ(fairness::to_hex(game_seed), fairness.at("game_seed").get<std::string>());
  fairness::HmacRandom setup(game_seed, id, 0);
  const int n = game.at("players");
  for (int i = n - 1; i > 0; --i) setup.draw("seat", static_cast<std::uint32_t>(i + 1));
  rules::GameConfig config;
  config.players = n;
  for (const auto& [k, v] : game.at("options").items()) {
    config.options[k] = v.is_string() ? v.get<std::string>() : v.dump();
  }
  auto state = def.create(config, setup);
  ASSERT_TRUE(state.ok());
  EXPECT_EQ(rules::format_draws(setup.draws()), fairness.at("draws").at(0).at("draws"));
  std::string previous = fairness.at("commitment");
  const json& hashes = fairness.at("move_hashes");
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    const int ply = hashes[i].at("ply");
    const std::string record = hashes[i].at("record");
    fairness::HmacRandom rng(game_seed, id, ply);
    auto replayed = rules::play_entry(*state.value(), record, rng);
    ASSERT_TRUE(replayed.ok()) << record;
    EXPECT_EQ(replayed.value(), record);
    const std::string draws = rules::format_draws(rng.draws());
    EXPECT_EQ(draws, fairness.at("draws").at(i + 1).at("draws"));
    const std::string hash = fairness::move_hash(previous, ply, record, draws);
    EXPECT_EQ(hash, hashes[i].at("hash").get<std::string>()) << "ply " << ply;
    previous = hash;
  }
  EXPECT_EQ(previous, fairness.at("last_hash").get<std::string>());
  EXPECT_EQ(state.value()->serialize(), game.at("position").get<std::string>());
}

TEST_P(GameFlow, AccountsChallengeMovesToTheEndRecordAndResult) {
  SVC_REQUIRE_DB();
  const domain::Catalog catalog = test_catalog();
  const rules::GameDef* def = catalog.find(GetParam());
  ASSERT_NE(def, nullptr);
  TestServer server;
  Client client(server.port());
  const int n = def->info.player_counts.front();
  std::vector<Account> players;
  for (int i = 0; i < n; ++i) players.push_back(make_account(client, "flow"));
  const std::string id = start_game(client, players, GetParam());
  std::mt19937 rng(7);
  int plies = 0;
  json view;
  for (;;) {
    view = client.get("/v1/games/" + id, players[0].token).body;
    ASSERT_TRUE(view.is_object());
    if (view.at("status") != "active") break;
    const Account& mover = to_move(view, players);
    if (plies >= 300) {  // bound the test: a long random game ends by resignation
      const Reply r = client.post("/v1/games/" + id + "/resign", json::object(), mover.token);
      ASSERT_EQ(r.status, 200) << r.text;
      continue;
    }
    const json mine = client.get("/v1/games/" + id, mover.token).body;
    ASSERT_TRUE(mine.at("legal_moves").is_array()) << mine.dump();
    const json& legal = mine.at("legal_moves");
    ASSERT_FALSE(legal.empty());
    const std::string move = legal[rng() % legal.size()];
    const Reply r = client.post("/v1/games/" + id + "/moves",
                                {{"move", move}, {"ply", mine.at("ply")}}, mover.token);
    ASSERT_EQ(r.status, 201) << r.text;
    EXPECT_EQ(r.body.at("ply").get<int>(), mine.at("ply").get<int>() + 1);
    EXPECT_EQ(r.body.at("game").at("ply"), r.body.at("ply"));
    ++plies;
  }
  EXPECT_EQ(view.at("status"), "finished");
  ASSERT_TRUE(view.at("result").is_object());
  EXPECT_EQ(view.at("result").at("seats").size(), static_cast<std::size_t>(n));
  EXPECT_EQ(view.at("moves").size(), view.at("ply").get<std::size_t>());
  // Record: tags, one line per entry.
  const Reply record = client.get("/v1/games/" + id + "/record", players[0].token);
  ASSERT_EQ(record.status, 200);
  EXPECT_NE(record.text.find("[Game \"" + GetParam() + "\"]"), std::string::npos);
  EXPECT_NE(record.text.find("[Commitment \""), std::string::npos);
  EXPECT_NE(record.text.find("[ServerSeed \""), std::string::npos);
  EXPECT_NE(record.text.find("[Result \""), std::string::npos);
  for (const auto& m : view.at("moves")) {
    EXPECT_NE(record.text.find(m.at("record").get<std::string>() + " ; ply " +
                               std::to_string(m.at("ply").get<int>())),
              std::string::npos);
  }
  const Reply fairness = client.get("/v1/games/" + id + "/fairness", players[0].token);
  ASSERT_EQ(fairness.status, 200);
  ASSERT_TRUE(fairness.body.at("server_seed").is_string());
  verify_fairness(*def, view, fairness.body);
  // No move after the end.
  const Reply late = client.post("/v1/games/" + id + "/moves",
                                 {{"move", "1"}, {"ply", view.at("ply")}}, players[0].token);
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body.at("code"), "game_over");
}

std::vector<std::string> all_game_ids() {
  std::vector<std::string> ids;
  const domain::Catalog catalog = test_catalog();
  for (const rules::GameDef* def : catalog.games()) ids.push_back(def->info.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(EveryGame, GameFlow, ::testing::ValuesIn(all_game_ids()),
                         [](const auto& param_info) {
                           std::string name;
                           for (char c : param_info.param) name += std::isalnum(c) ? c : '_';
                           return name;
                         });

TEST(GamePlay, SeedIsHiddenWhileActiveAndCommitmentShownFromTheChallenge) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account a = make_account(client, "seed"), b = make_account(client, "seed");
  const Reply c =
      client.post("/v1/challenges", {{"game", "counting"}, {"opponents", {b.username}}}, a.token);
  ASSERT_EQ(c.status, 201);
  const std::string commitment = c.body.at("commitment");
  EXPECT_EQ(commitment.size(), 64u);
  const Reply acc = client.post("/v1/challenges/" + c.body.at("id").get<std::string>() + "/accept",
                                {{"seed", "my own seed"}}, b.token);
  ASSERT_EQ(acc.status, 200) << acc.text;
  const std::string id = acc.body.at("game_id");
  const Reply f = client.get("/v1/games/" + id + "/fairness", a.token);
  EXPECT_EQ(f.body.at("commitment"), commitment);
  EXPECT_TRUE(f.body.at("server_seed").is_null());
  bool seen = false;
  for (const auto& s : f.body.at("player_seeds")) seen |= s.at("player_seed") == "my own seed";
  EXPECT_TRUE(seen);
}

TEST(GamePlay, PreviewValidatesWithoutStoring) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "prev"), make_account(client, "prev")};
  const std::string id = start_game(client, p);
  const json view = client.get("/v1/games/" + id, p[0].token).body;
  const Account& mover = to_move(view, p);
  Reply ok = client.post("/v1/games/" + id + "/preview", {{"move", "2"}}, mover.token);
  EXPECT_EQ(ok.status, 200);
  EXPECT_EQ(ok.body.at("move"), "2");
  Reply bad = client.post("/v1/games/" + id + "/preview", {{"move", "7"}}, mover.token);
  EXPECT_EQ(bad.status, 422);
  EXPECT_EQ(bad.body.at("code"), "bad_notation");
  EXPECT_EQ(client.get("/v1/games/" + id, p[0].token).body.at("ply"), 0);
}

TEST(GamePlay, IllegalMoveIs422WithTheRulesReason) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "ill"), make_account(client, "ill")};
  const std::string id = start_game(client, p);
  const json view = client.get("/v1/games/" + id, p[0].token).body;
  const Reply r = client.post("/v1/games/" + id + "/moves", {{"move", "3"}, {"ply", 0}},
                              to_move(view, p).token);
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body.at("code"), "bad_notation");
  EXPECT_EQ(r.body.at("type"), "urn:hexpost:problem:bad_notation");
  EXPECT_NE(r.body.at("detail").get<std::string>().find("expected 1 or 2"), std::string::npos);
}

TEST(GamePlay, StalePlyAndNotYourTurnAre409WithTheCurrentState) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "st"), make_account(client, "st")};
  const std::string id = start_game(client, p);
  const json view = client.get("/v1/games/" + id, p[0].token).body;
  const Account& mover = to_move(view, p);
  const Account& other = mover.username == p[0].username ? p[1] : p[0];
  Reply turn = client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}}, other.token);
  EXPECT_EQ(turn.status, 409);
  EXPECT_EQ(turn.body.at("code"), "not_your_turn");
  Reply stale = client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 5}}, mover.token);
  EXPECT_EQ(stale.status, 409);
  EXPECT_EQ(stale.body.at("code"), "stale_ply");
  EXPECT_EQ(stale.body.at("current").at("ply"), 0);
  EXPECT_TRUE(stale.body.at("current").contains("position"));
}

TEST(GamePlay, EtagAndIfNoneMatch) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "etag"), make_account(client, "etag")};
  const std::string id = start_game(client, p);
  const Reply first = client.get("/v1/games/" + id, p[0].token);
  const std::string etag = first.header("ETag");
  ASSERT_FALSE(etag.empty());
  EXPECT_EQ(client.get("/v1/games/" + id, p[0].token, {{"If-None-Match", etag}}).status, 304);
  const Account& mover = to_move(first.body, p);
  ASSERT_EQ(
      client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}}, mover.token).status,
      201);
  const Reply after = client.get("/v1/games/" + id, p[0].token, {{"If-None-Match", etag}});
  EXPECT_EQ(after.status, 200);
  EXPECT_NE(after.header("ETag"), etag);
}

// ?moves_after=N lists only the moves after ply N; the rest of the view is the same.
TEST(GamePlay, MovesAfterListsOnlyTheLaterMoves) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "mva"), make_account(client, "mva")};
  const std::string id = start_game(client, p, "counting", {{"target", 1000}});
  ASSERT_NO_FATAL_FAILURE(play_counting_moves(client, id, p, 0, 4));
  const json all = client.get("/v1/games/" + id, p[0].token).body;
  const json later = client.get("/v1/games/" + id + "?moves_after=2", p[0].token).body;
  ASSERT_EQ(all.at("moves").size(), 4u);
  ASSERT_EQ(later.at("moves").size(), 2u);
  EXPECT_EQ(later.at("moves").at(0), all.at("moves").at(2));
  EXPECT_EQ(later.at("moves").at(1), all.at("moves").at(3));
  json rest = later;
  rest.erase("moves");
  json full = all;
  full.erase("moves");
  EXPECT_EQ(rest, full);
  EXPECT_EQ(client.get("/v1/games/" + id + "?moves_after=4", p[0].token).body.at("moves"),
            json::array());
  EXPECT_EQ(client.get("/v1/games/" + id + "?moves_after=0", p[0].token).body.at("moves"),
            all.at("moves"));
  const Reply bad = client.get("/v1/games/" + id + "?moves_after=-1", p[0].token);
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body.at("code"), "invalid_parameter");
  EXPECT_EQ(bad.body.at("parameter"), "moves_after");
  EXPECT_EQ(bad.header("Content-Type"), "application/problem+json");
}

TEST(GamePlay, DrawOfferDeclineOfferAccept) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "draw"), make_account(client, "draw")};
  const std::string id = start_game(client, p);
  const std::string path = "/v1/games/" + id + "/draw";
  EXPECT_EQ(client.post(path, {{"action", "accept"}}, p[1].token).body.at("code"), "no_draw_offer");
  EXPECT_EQ(client.post(path, {{"action", "offer"}}, p[0].token).status, 200);
  EXPECT_EQ(client.post(path, {{"action", "decline"}}, p[1].token).status, 200);
  EXPECT_EQ(client.post(path, {{"action", "maybe"}}, p[1].token).status, 400);
  EXPECT_EQ(client.post(path, {{"action", "offer"}}, p[0].token).body.at("draw_offers").size(), 1u);
  const Reply done = client.post(path, {{"action", "accept"}}, p[1].token);
  ASSERT_EQ(done.status, 200) << done.text;
  EXPECT_EQ(done.body.at("status"), "finished");
  EXPECT_EQ(done.body.at("result").at("summary"), "draw agreed");
  EXPECT_EQ(done.body.at("result").at("seats").at(0).at("score"), 0.5);
  EXPECT_TRUE(done.body.at("fairness").at("server_seed").is_string());
}

TEST(GamePlay, MultiPlayerResignationLetsTheOthersPlayOnAndDrawNeedsEveryone) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "three"), make_account(client, "three"),
                            make_account(client, "three")};
  const std::string id = start_game(client, p);
  Reply r = client.post("/v1/games/" + id + "/resign", json::object(), p[2].token);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body.at("game").at("status"), "active");
  EXPECT_EQ(r.body.at("record").get<std::string>().rfind("resign ", 0), 0u);
  const std::string path = "/v1/games/" + id + "/draw";
  EXPECT_EQ(client.post(path, {{"action", "offer"}}, p[0].token).body.at("status"), "active");
  const Reply done = client.post(path, {{"action", "accept"}}, p[1].token);
  EXPECT_EQ(done.body.at("status"), "finished");
  EXPECT_EQ(done.body.at("result").at("summary"), "draw agreed");
}

TEST(GamePlay, TwoPlayerResignationEndsTheGame) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "res"), make_account(client, "res")};
  const std::string id = start_game(client, p);
  const Reply r =
      client.post_raw("/v1/games/" + id + "/resign", "", "application/json", p[0].token);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body.at("game").at("status"), "finished");
  const json& seats = r.body.at("game").at("result").at("seats");
  for (const auto& s : seats) {
    EXPECT_EQ(s.at("placement").get<int>(), s.at("username") == p[0].username ? 2 : 1);
  }
}

TEST(GamePlay, AbortOnlyBeforeEverySeatHasMoved) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "ab"), make_account(client, "ab")};
  std::string id = start_game(client, p);
  ASSERT_NO_FATAL_FAILURE(play_counting_moves(client, id, p, 0, 1));
  Reply ok = client.post("/v1/games/" + id + "/abort", json::object(), p[0].token);
  EXPECT_EQ(ok.status, 200);
  EXPECT_EQ(ok.body.at("status"), "aborted");
  id = start_game(client, p);
  ASSERT_NO_FATAL_FAILURE(play_counting_moves(client, id, p, 0, 2));
  const Reply late = client.post("/v1/games/" + id + "/abort", json::object(), p[1].token);
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body.at("code"), "abort_too_late");
}

TEST(GamePlay, OpenSeekIsTakenByTheFirstComers) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account a = make_account(client, "seek"), b = make_account(client, "seek"),
                c = make_account(client, "seek"), d = make_account(client, "seek");
  const Reply seek = client.post("/v1/challenges", {{"game", "counting"}, {"players", 3}}, a.token);
  ASSERT_EQ(seek.status, 201);
  EXPECT_EQ(seek.body.at("open"), true);
  const std::string cid = seek.body.at("id");
  bool listed = false;
  const Reply open = client.get("/v1/challenges", d.token);
  for (const auto& ch : open.body.at("challenges")) {
    listed |= ch.at("id") == cid;
  }
  EXPECT_TRUE(listed);
  EXPECT_EQ(client.post("/v1/challenges/" + cid + "/accept", json::object(), b.token).status, 200);
  EXPECT_EQ(
      client.post("/v1/challenges/" + cid + "/accept", json::object(), b.token).body.at("code"),
      "already_joined");
  const Reply full = client.post("/v1/challenges/" + cid + "/accept", json::object(), c.token);
  ASSERT_EQ(full.status, 200);
  EXPECT_TRUE(full.body.at("game_id").is_string());
  const Reply late = client.post("/v1/challenges/" + cid + "/accept", json::object(), d.token);
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body.at("code"), "challenge_closed");
}

TEST(GamePlay, DeclineWithReasonAndNotInvited) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account a = make_account(client, "dec"), b = make_account(client, "dec"),
                c = make_account(client, "dec");
  const Reply ch =
      client.post("/v1/challenges", {{"game", "counting"}, {"opponents", {b.username}}}, a.token);
  const std::string cid = ch.body.at("id");
  EXPECT_EQ(client.post("/v1/challenges/" + cid + "/accept", json::object(), c.token).status, 403);
  const Reply d = client.post("/v1/challenges/" + cid + "/decline", {{"reason", "later"}}, b.token);
  EXPECT_EQ(d.status, 200);
  EXPECT_EQ(d.body.at("status"), "declined");
  EXPECT_EQ(d.body.at("decline_reason"), "later");
}

TEST(GameLists, MyGamesPutMyTurnFirstAndPaginate) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  std::vector<Account> p = {make_account(client, "list"), make_account(client, "list")};
  std::vector<std::string> ids;
  for (int i = 0; i < 5; ++i) ids.push_back(start_game(client, p));
  int mine = 0;
  for (const auto& id : ids) {
    const json view = client.get("/v1/games/" + id, p[0].token).body;
    if (to_move(view, p).username == p[0].username) ++mine;
  }
  const Reply all = client.get("/v1/me/games?limit=2", p[0].token);
  ASSERT_EQ(all.status, 200) << all.text;
  std::vector<std::string> seen;
  json page = all.body;
  for (;;) {
    for (const auto& g : page.at("games")) seen.push_back(g.at("id"));
    if (page.at("next_cursor").is_null()) break;
    page = client
               .get("/v1/me/games?limit=2&cursor=" + page.at("next_cursor").get<std::string>(),
                    p[0].token)
               .body;
  }
  EXPECT_EQ(seen.size(), 5u);
  const json first = client.get("/v1/me/games", p[0].token).body.at("games");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(first[i].at("your_turn").get<bool>(), i < mine);
  EXPECT_EQ(client.get("/v1/me/games?turn=mine", p[0].token).body.at("games").size(),
            static_cast<std::size_t>(mine));
  EXPECT_EQ(client.get("/v1/me/games?status=finished", p[0].token).body.at("games").size(), 0u);
  EXPECT_EQ(client.get("/v1/me/games?cursor=%21%21", p[0].token).status, 400);
  EXPECT_EQ(client.get("/v1/me/games?status=bogus", p[0].token).status, 400);
  const Reply by_player = client.get("/v1/games?player=" + p[1].username + "&limit=3", p[0].token);
  EXPECT_EQ(by_player.body.at("games").size(), 3u);
  const Reply rest = client.get("/v1/games?player=" + p[1].username + "&cursor=" +
                                    by_player.body.at("next_cursor").get<std::string>(),
                                p[0].token);
  EXPECT_EQ(rest.body.at("games").size(), 2u);
}

TEST(Catalog, ListsEveryGameWithPlayerCountsOptionsAndProvisional) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Reply r = client.get("/v1/catalog");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body.at("games").size(), test_catalog().games().size());
  const json& last = r.body.at("games").back();
  EXPECT_EQ(last.at("id"), "counting");
  EXPECT_EQ(last.at("player_counts"), json::array({2, 3, 4}));
  EXPECT_EQ(last.at("provisional"), true);
  EXPECT_EQ(last.at("options").at(0).at("name"), "target");
}

}  // namespace
