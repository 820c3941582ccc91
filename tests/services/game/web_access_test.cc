// Public reading and web sessions (docs/web.md): anonymous GETs of the public routes with their
// exact fields, 401 problems on the private ones, the per-address bucket of anonymous readers,
// and the session cookie over real HTTP (its flags, the same-origin rule for state-changing
// requests, sign-out, the Secure flag behind an https public URL).
#include <gtest/gtest.h>

#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

// The account's password as make_account() sets it.
std::string password_of(const Account& account) { return "correct horse " + account.username; }

// The token in a Set-Cookie value "hexpost_session=<token>; ...".
std::string cookie_token(const std::string& set_cookie) {
  const std::size_t start = set_cookie.find('=') + 1;
  return set_cookie.substr(start, set_cookie.find(';') - start);
}

httplib::Headers cookie_headers(const std::string& token, const std::string& origin = "") {
  httplib::Headers headers = {{"Cookie", "theme=dark; hexpost_session=" + token}};
  if (!origin.empty()) headers.emplace("Origin", origin);
  return headers;
}

std::string origin_of(const TestServer& server) {
  return "http://127.0.0.1:" + std::to_string(server.port());
}

// A started two-player round-robin of the counting game between `a` (the organiser) and `b`.
std::string started_tournament(Client& client, const Account& a, const Account& b) {
  const json spec = {{"name", "Public cup"},
                     {"game", "counting"},
                     {"format", "round-robin"},
                     {"clock", {{"days_per_move", 1}}}};
  const std::string id = client.post("/v1/tournaments", spec, a.token).body.at("id");
  for (const Account* p : {&a, &b}) {
    EXPECT_EQ(client.post("/v1/tournaments/" + id + "/join", json::object(), p->token).status, 201);
  }
  EXPECT_EQ(client.post("/v1/tournaments/" + id + "/start", json::object(), a.token).status, 200);
  return id;
}

TEST(PublicReading, AnonymousReadsGamesRecordsTournamentsRatingsAndProfiles) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account ann = make_account(client, "pubann");
  const Account bob = make_account(client, "pubbob");
  const std::string game = start_game(client, {ann, bob});
  ASSERT_NO_FATAL_FAILURE(play_counting_moves(client, game, {ann, bob}, 0, 1));

  const Reply view = client.get("/v1/games/" + game);
  ASSERT_EQ(view.status, 200) << view.text;
  EXPECT_EQ(view.body["id"], game);
  EXPECT_EQ(view.body["ply"], 1);
  EXPECT_EQ(view.body["moves"].size(), 1u);
  EXPECT_EQ(view.body["your_seat"], nullptr);
  EXPECT_EQ(view.body["legal_moves"], nullptr);
  EXPECT_TRUE(view.body["board"].is_string());
  EXPECT_EQ(view.header("RateLimit-Policy"), "\"address\";q=1000000;w=1");
  EXPECT_EQ(client.get("/v1/games/" + game, "", {{"If-None-Match", view.header("ETag")}}).status,
            304);

  const Reply list = client.get("/v1/games?player=" + ann.username);
  ASSERT_EQ(list.status, 200) << list.text;
  ASSERT_EQ(list.body["games"].size(), 1u);
  EXPECT_EQ(list.body["games"][0]["id"], game);

  const Reply record = client.get("/v1/games/" + game + "/record");
  EXPECT_EQ(record.status, 200);
  EXPECT_EQ(record.header("Content-Type"), "text/plain; charset=utf-8");
  EXPECT_EQ(record.text.rfind("[Event \"Hexpost game " + game + "\"]\n", 0), 0u) << record.text;
  const Reply fairness = client.get("/v1/games/" + game + "/fairness");
  EXPECT_EQ(fairness.status, 200);
  EXPECT_EQ(fairness.body["game_id"], game);

  const std::string cup = started_tournament(client, ann, bob);
  const Reply tournament = client.get("/v1/tournaments/" + cup);
  ASSERT_EQ(tournament.status, 200) << tournament.text;
  EXPECT_EQ(tournament.body["status"], "running");
  EXPECT_EQ(tournament.body["rounds"][0]["pairings"].size(), 1u);
  EXPECT_EQ(tournament.body["standings"].size(), 2u);
  EXPECT_EQ(client.get("/v1/tournaments?status=running").status, 200);

  const Reply ratings = client.get("/v1/ratings/counting");
  EXPECT_EQ(ratings.status, 200);
  EXPECT_EQ(ratings.body,
            json({{"game", "counting"}, {"system", "glicko2"}, {"ratings", json::array()}}));
  EXPECT_EQ(client.get("/v1/ratings/counting/" + ann.username).body["username"], ann.username);

  const Reply profile = client.get("/v1/players/" + bob.username);
  ASSERT_EQ(profile.status, 200) << profile.text;
  EXPECT_EQ(profile.body["username"], bob.username);
  EXPECT_EQ(profile.body["bot"], false);
  ASSERT_GE(profile.body["games"].size(), 2u);  // the tournament's game, then the first
  EXPECT_EQ(profile.body["games"].back()["id"], game);
  EXPECT_EQ(profile.body["ratings"], json::array());
  ASSERT_EQ(profile.body["tournaments"].size(), 1u);
  EXPECT_EQ(profile.body["tournaments"][0]["id"], cup);
  const Reply nobody = client.get("/v1/players/nobody_here");
  EXPECT_EQ(nobody.status, 404);
  EXPECT_EQ(nobody.body["code"], "unknown_user");
}

// The game document depends on the viewer's seat (legal moves, the board's orientation), so its
// ETag does too: a cache holding an anonymous copy never answers a seated player with it.
TEST(PublicReading, TheGameEtagNamesTheViewersSeat) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account ann = make_account(client, "etagann");
  const Account bob = make_account(client, "etagbob");
  const Account eve = make_account(client, "etageve");
  const std::string game = start_game(client, {ann, bob});
  const Reply anonymous = client.get("/v1/games/" + game);
  ASSERT_EQ(anonymous.status, 200) << anonymous.text;
  const std::string shared = anonymous.header("ETag");
  EXPECT_EQ(shared, "\"g" + game + "-v" + anonymous.body["version"].dump() + "\"");
  EXPECT_EQ(anonymous.header("Vary"), "Authorization, Cookie");
  // A spectator sees the anonymous document, so shares its tag.
  EXPECT_EQ(client.get("/v1/games/" + game, eve.token, {{"If-None-Match", shared}}).status, 304);
  const Reply seated = client.get("/v1/games/" + game, ann.token, {{"If-None-Match", shared}});
  ASSERT_EQ(seated.status, 200) << seated.text;
  const int seat = seated.body["your_seat"].get<int>();
  EXPECT_EQ(seated.header("ETag"),
            shared.substr(0, shared.size() - 1) + "-s" + std::to_string(seat) + "\"");
  EXPECT_EQ(
      client.get("/v1/games/" + game, ann.token, {{"If-None-Match", seated.header("ETag")}}).status,
      304);
}

TEST(PublicReading, PrivateRoutesAnswer401ProblemsWithoutACredential) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account ann = make_account(client, "privann");
  const Account bob = make_account(client, "privbob");
  const std::string game = start_game(client, {ann, bob});
  for (const std::string& path : std::vector<std::string>{
           "/v1/me", "/v1/tokens", "/v1/me/games", "/v1/me/notifications", "/v1/me/vacation",
           "/v1/me/events", "/v1/me/mutes", "/v1/challenges", "/v1/games/" + game + "/conditional",
           "/v1/games/" + game + "/messages"}) {
    const Reply r = client.get(path);
    EXPECT_EQ(r.status, 401) << path;
    EXPECT_EQ(r.header("Content-Type"), "application/problem+json") << path;
    EXPECT_EQ(r.body["code"], "unauthenticated") << path;
  }
  const Reply move = client.post("/v1/games/" + game + "/moves", {{"move", "1"}, {"ply", 0}});
  EXPECT_EQ(move.status, 401);
  EXPECT_EQ(move.body["code"], "unauthenticated");
  // A credential that is sent must be good: a bad one is not read as anonymous.
  const Reply bad = client.get("/v1/games/" + game, "hxp_" + std::string(43, 'A'));
  EXPECT_EQ(bad.status, 401);
  EXPECT_EQ(bad.body["code"], "invalid_token");
}

TEST(PublicReading, AnonymousReadersShareOneBucketPerAddress) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.anonymous_rate_limit = {3, 0.001};
  TestServer server(database_url(), options);
  Client client(server.port());
  const Account ann = make_account(client, "bucketann");
  for (int i = 0; i < 3; ++i) {
    const Reply r = client.get("/v1/games");
    ASSERT_EQ(r.status, 200) << i;
    // r= is exact; t= (seconds to a full bucket) depends on how long the requests took.
    EXPECT_EQ(r.header("RateLimit").rfind("\"address\";r=" + std::to_string(2 - i) + ";t=", 0), 0u)
        << r.header("RateLimit");
  }
  const Reply refused = client.get("/v1/tournaments");
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(refused.body["code"], "rate_limited");
  EXPECT_EQ(refused.body["limit"], "anonymous-requests-per-address");
  EXPECT_EQ(refused.header("Retry-After"), std::to_string(refused.body["retry_after"].get<int>()));
  EXPECT_GE(refused.body["retry_after"].get<int>(), 900);
  // A token has its own bucket.
  EXPECT_EQ(client.get("/v1/games", ann.token).status, 200);
}

TEST(WebSession, SignInSetsAnHttpOnlyStrictCookieThatAuthenticates) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account ann = make_account(client, "cookann");
  const Reply wrong =
      client.post("/v1/session", {{"username", ann.username}, {"password", "not it at all"}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(wrong.body["code"], "bad_credentials");
  EXPECT_EQ(wrong.header("Set-Cookie"), "");

  const Reply in =
      client.post("/v1/session", {{"username", ann.username}, {"password", password_of(ann)}});
  ASSERT_EQ(in.status, 201) << in.text;
  const std::string token = cookie_token(in.header("Set-Cookie"));
  EXPECT_EQ(in.header("Set-Cookie"),
            "hexpost_session=" + token + "; HttpOnly; SameSite=Strict; Path=/");
  EXPECT_EQ(in.body["username"], ann.username);
  EXPECT_EQ(in.body["scopes"], json({"play"}));

  const Reply who = client.get("/v1/session", "", cookie_headers(token));
  ASSERT_EQ(who.status, 200);
  EXPECT_EQ(who.body["signed_in"], true);
  EXPECT_EQ(who.body["username"], ann.username);
  EXPECT_EQ(who.body["via"], "cookie");
  EXPECT_EQ(who.body["token_id"], in.body["token_id"]);
  EXPECT_EQ(client.get("/v1/session").body, json({{"signed_in", false}, {"username", nullptr}}));
  const Reply me = client.get("/v1/me", "", cookie_headers(token));
  EXPECT_EQ(me.status, 200);
  EXPECT_EQ(me.body["token_scopes"], json({"play"}));
  // The session is a token row like any other: listed, and revocable by id.
  const Reply tokens = client.get("/v1/tokens", ann.token);
  ASSERT_EQ(tokens.body["tokens"].size(), 2u);
  EXPECT_EQ(tokens.body["tokens"][1]["name"], "web session");
}

TEST(WebSession, StateChangingCookieRequestsNeedTheServersOwnOrigin) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account ann = make_account(client, "origann");
  const Account bob = make_account(client, "origbob");
  const std::vector<Account> players = {ann, bob};
  const std::string game = start_game(client, players);
  const Account& mover = to_move(client.get("/v1/games/" + game, ann.token).body, players);
  const std::string token = cookie_token(
      client.post("/v1/session", {{"username", mover.username}, {"password", password_of(mover)}})
          .header("Set-Cookie"));
  const json move = {{"move", "1"}, {"ply", 0}};
  const std::string path = "/v1/games/" + game + "/moves";
  const std::vector<std::string> wrong_origins = {
      "", "http://evil.test", "https://127.0.0.1:" + std::to_string(server.port())};
  for (const std::string& origin : wrong_origins) {
    const Reply refused = client.post(path, move, "", cookie_headers(token, origin));
    EXPECT_EQ(refused.status, 403) << origin;
    EXPECT_EQ(refused.header("Content-Type"), "application/problem+json");
    EXPECT_EQ(refused.body["code"], "cross_origin") << origin;
  }
  EXPECT_EQ(client.get("/v1/games/" + game).body["ply"], 0) << "nothing was stored";
  const Reply made = client.post(path, move, "", cookie_headers(token, origin_of(server)));
  EXPECT_EQ(made.status, 201) << made.text;
  EXPECT_EQ(client.get("/v1/games/" + game).body["ply"], 1);
  // A bearer token is not a cookie: no Origin needed, whatever else the request carries.
  const Account& next = to_move(client.get("/v1/games/" + game, ann.token).body, players);
  const Reply bearer = client.post(path, {{"move", "1"}, {"ply", 1}}, next.token,
                                   cookie_headers(token, "http://evil.test"));
  EXPECT_EQ(bearer.status, 201) << bearer.text;
}

TEST(WebSession, SignOutRevokesTheTokenAndClearsTheCookie) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account ann = make_account(client, "outann");
  const std::string token = cookie_token(
      client.post("/v1/session", {{"username", ann.username}, {"password", password_of(ann)}})
          .header("Set-Cookie"));
  EXPECT_EQ(client.del("/v1/session", "", cookie_headers(token)).status, 403);
  const Reply out = client.del("/v1/session", "", cookie_headers(token, origin_of(server)));
  EXPECT_EQ(out.status, 204);
  EXPECT_EQ(out.header("Set-Cookie"),
            "hexpost_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0");
  const Reply after = client.get("/v1/me", "", cookie_headers(token));
  EXPECT_EQ(after.status, 401);
  EXPECT_EQ(after.header("Content-Type"), "application/problem+json");
  EXPECT_EQ(after.body["code"], "invalid_token");
  EXPECT_EQ(client.get("/v1/session", "", cookie_headers(token)).status, 401);
  EXPECT_EQ(client.get("/v1/me", ann.token).status, 200) << "other tokens stay live";
}

TEST(WebSession, AnHttpsPublicUrlMakesTheCookieSecureAndNamesTheOrigin) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.public_url = "https://games.example.test";
  TestServer server(database_url(), options);
  Client client(server.port());
  const Account ann = make_account(client, "secann");
  const Reply in =
      client.post("/v1/session", {{"username", ann.username}, {"password", password_of(ann)}});
  ASSERT_EQ(in.status, 201);
  const std::string token = cookie_token(in.header("Set-Cookie"));
  EXPECT_EQ(in.header("Set-Cookie"),
            "hexpost_session=" + token + "; HttpOnly; SameSite=Strict; Path=/; Secure");
  EXPECT_EQ(client.del("/v1/session", "", cookie_headers(token, origin_of(server))).status, 403);
  EXPECT_EQ(
      client.del("/v1/session", "", cookie_headers(token, "https://games.example.test")).status,
      204);
}

TEST(SecurityHeaders, EveryResponseIsNosniff) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  EXPECT_EQ(client.get("/v1/catalog").header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(client.get("/v1/me").header("X-Content-Type-Options"), "nosniff");
}

}  // namespace
