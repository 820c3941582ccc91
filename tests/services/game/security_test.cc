// Tokens, scopes, rate limits and bad input: every refusal is problem+json and changes nothing.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>

#include "services/storage/rate_buckets.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

void expect_problem(const Reply& r, int status, const std::string& code) {
  EXPECT_EQ(r.status, status) << r.text;
  EXPECT_EQ(r.header("Content-Type"), "application/problem+json") << r.text;
  ASSERT_TRUE(r.body.is_object()) << r.text;
  EXPECT_EQ(r.body.value("status", 0), status);
  if (!code.empty()) {
    EXPECT_EQ(r.body.value("code", ""), code);
    EXPECT_EQ(r.body.value("type", ""), "urn:hexpost:problem:" + code);
  }
}

// Raw bytes over a socket, for requests httplib's client will not send.
std::string raw_request(int port, const std::string& request) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return {};
  send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  timeval tv{3, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;) {
    out.append(buf, static_cast<std::size_t>(n));
    if (out.find("\r\n\r\n") != std::string::npos) {
      const auto length_at = out.find("Content-Length: ");
      if (length_at != std::string::npos) {
        const std::size_t length = std::stoul(out.substr(length_at + 16));
        if (out.size() >= out.find("\r\n\r\n") + 4 + length) break;
      }
    }
  }
  close(fd);
  return out;
}

TEST(Auth, MissingOrBadTokenIs401WithWwwAuthenticate) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  Reply none = client.get("/v1/me");
  expect_problem(none, 401, "unauthenticated");
  EXPECT_NE(none.header("WWW-Authenticate").find("Bearer"), std::string::npos);
  Reply bad = client.get("/v1/me", "hxp_notarealtoken");
  expect_problem(bad, 401, "invalid_token");
  EXPECT_NE(bad.header("WWW-Authenticate").find("invalid_token"), std::string::npos);
  Reply forged = client.get("/v1/me", "hxp_" + std::string(43, 'A'));
  expect_problem(forged, 401, "invalid_token");
  Reply basic = client.get("/v1/me", "", {{"Authorization", "Basic dXNlcjpwYXNz"}});
  expect_problem(basic, 401, "invalid_token");
}

TEST(Auth, TokensAreListedRevokedAndScoped) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account a = make_account(client, "tok");
  const Reply me = client.get("/v1/me", a.token);
  ASSERT_EQ(me.status, 200);
  EXPECT_EQ(me.body.at("username"), a.username);
  EXPECT_EQ(me.body.at("token_scopes"), me.body.at("scopes"));
  EXPECT_EQ(me.header("Cache-Control"), "");
  const Reply wrong = client.post("/v1/tokens", {{"username", a.username}, {"password", "nope"}});
  expect_problem(wrong, 401, "bad_credentials");
  const Reply narrow = client.post("/v1/tokens", {{"username", a.username},
                                                  {"password", "correct horse " + a.username},
                                                  {"name", "reader"},
                                                  {"scopes", {"organise"}}});
  ASSERT_EQ(narrow.status, 201) << narrow.text;
  EXPECT_EQ(narrow.header("Cache-Control"), "no-store");
  EXPECT_EQ(narrow.header("Location"), "/v1/tokens/" + narrow.body.at("id").get<std::string>());
  const std::string token = narrow.body.at("token");
  EXPECT_EQ(token.rfind("hxp_", 0), 0u);
  const Reply too_wide = client.post("/v1/tokens", {{"username", a.username},
                                                    {"password", "correct horse " + a.username},
                                                    {"scopes", {"admin"}}});
  expect_problem(too_wide, 400, "invalid_scope");
  // The organise-only token cannot play.
  const Reply forbidden = client.post("/v1/challenges", {{"game", "counting"}}, token);
  expect_problem(forbidden, 403, "insufficient_scope");
  const Reply list = client.get("/v1/tokens", a.token);
  ASSERT_EQ(list.body.at("tokens").size(), 2u);
  for (const auto& t : list.body.at("tokens")) EXPECT_FALSE(t.contains("token"));
  EXPECT_EQ(client.del("/v1/tokens/" + narrow.body.at("id").get<std::string>(), a.token).status,
            204);
  expect_problem(client.get("/v1/me", token), 401, "invalid_token");
  expect_problem(client.del("/v1/tokens/999999999", a.token), 404, "token_not_found");
  // The database holds only hashes.
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  EXPECT_EQ(tx.exec_params("SELECT count(*) FROM tokens WHERE prefix = $1 OR name = $1 OR "
                           "encode(token_hash, 'escape') = $1",
                           token)[0][0]
                .as<int>(),
            0);
}

TEST(Auth, AccountValidation) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account a = make_account(client, "dup");
  expect_problem(
      client.post("/v1/accounts",
                  {{"username", a.username}, {"email", "x@y.z"}, {"password", "longenough"}}),
      409, "username_taken");
  expect_problem(client.post("/v1/accounts",
                             {{"username", "ab"}, {"email", "x@y.z"}, {"password", "longenough"}}),
                 400, "invalid_username");
  expect_problem(
      client.post("/v1/accounts",
                  {{"username", "okname"}, {"email", "nope"}, {"password", "longenough"}}),
      400, "invalid_email");
  expect_problem(client.post("/v1/accounts",
                             {{"username", "okname"}, {"email", "x@y.z"}, {"password", "short"}}),
                 400, "weak_password");
  expect_problem(client.post("/v1/accounts", {{"username", 5}}), 400, "invalid_field");
  const Reply created =
      client.post("/v1/accounts",
                  {{"username", a.username + "x"}, {"email", "x@y.z"}, {"password", "longenough"}});
  ASSERT_EQ(created.status, 201) << created.text;
  EXPECT_EQ(created.header("Location"), "/v1/me");  // the account, as its token sees it
}

TEST(RateLimit, TokenBucketGives429WithRetryAfterAndRateLimitHeaders) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.rate_limit = {5, 0.5};
  TestServer server(database_url(), options);
  Client client(server.port());
  const Account a = make_account(client, "rl");
  int ok = 0, limited = 0;
  Reply last;
  int previous_remaining = 1000;
  for (int i = 0; i < 10; ++i) {
    last = client.get("/v1/me", a.token);
    if (last.status == 200) {
      ++ok;
      const std::string header = last.header("RateLimit");
      const int remaining = std::stoi(header.substr(header.find("r=") + 2));
      EXPECT_LT(remaining, previous_remaining);
      previous_remaining = remaining;
    } else {
      ++limited;
      expect_problem(last, 429, "rate_limited");
      EXPECT_FALSE(last.header("Retry-After").empty());
      EXPECT_NE(last.header("RateLimit").find("r=0"), std::string::npos);
      EXPECT_FALSE(last.header("RateLimit-Policy").empty());
    }
  }
  EXPECT_EQ(ok, 5);
  EXPECT_EQ(limited, 5);
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  EXPECT_EQ(client.get("/v1/me", a.token).status, 200);
}

// Bot tokens draw on their own limit (HEXPOST_BOT_RATE_*), named in the 429; a human's
// token on the same server keeps the human limit.
TEST(RateLimit, BotTokensHaveTheirOwnLimitNamedInThe429) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.rate_limit = {6, 0.01};
  options.bot_rate_limit = {2, 0.01};
  TestServer server(database_url(), options);
  Client client(server.port());
  const Account human = make_account(client, "rlh");
  const std::string name =
      "rlbot" +
      std::to_string(std::chrono::steady_clock::now().time_since_epoch().count() % 1000000);
  const Reply made = client.post("/v1/accounts",
                                 {{"username", name},
                                  {"email", name + "@example.org"},
                                  {"password", "correct horse battery"},
                                  {"bot", true}},
                                 "");
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string bot = made.body.at("token");
  int bot_ok = 0, human_ok = 0;
  Reply last;
  for (int i = 0; i < 6; ++i) {
    last = client.get("/v1/me", bot);
    bot_ok += last.status == 200;
    human_ok += client.get("/v1/me", human.token).status == 200;
  }
  EXPECT_EQ(bot_ok, 2);
  EXPECT_EQ(human_ok, 6);
  expect_problem(last, 429, "rate_limited");
  EXPECT_EQ(last.body.at("limit"), "bot-requests-per-token");
  EXPECT_EQ(last.body.at("burst"), 2);
  EXPECT_EQ(last.header("RateLimit-Policy"), "\"token\";q=2;w=200");
}

TEST(RateLimit, BucketsAreSharedByInstances) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.rate_limit = {4, 0.1};
  TestServer one(database_url(), options), two(database_url(), options);
  Client c1(one.port()), c2(two.port());
  const Account a = make_account(c1, "rl2");
  int ok = 0;
  for (int i = 0; i < 4; ++i) {
    ok += c1.get("/v1/me", a.token).status == 200;
    ok += c2.get("/v1/me", a.token).status == 200;
  }
  EXPECT_EQ(ok, 4);
}

// Leases (storage::RateBuckets): burst 64 gives leases of 4 tokens. Two instances taking turns
// still allow exactly the burst between them, and one write took a whole lease.
TEST(RateLimit, LeasedBucketsAllowExactlyTheBurstAcrossInstances) {
  SVC_REQUIRE_DB();
  api::GameServiceOptions options = test_options();
  options.rate_limit = {64, 0.001};
  ASSERT_EQ(storage::RateBuckets::lease_size(options.rate_limit), 4);
  TestServer one(database_url(), options), two(database_url(), options);
  Client c1(one.port()), c2(two.port());
  const Account a = make_account(c1, "rl3");
  ASSERT_EQ(c1.get("/v1/me", a.token).status, 200);
  {
    pqxx::connection c(database_url());
    const auto row = pqxx::nontransaction(c).exec1(
        "SELECT b.taken, b.tokens FROM rate_buckets b JOIN tokens t ON t.id = b.token_id JOIN "
        "accounts a ON a.id = t.account_id WHERE a.username = '" +
        a.username + "'");
    EXPECT_EQ(row[0].as<int>(), 4);
    EXPECT_NEAR(row[1].as<double>(), 60, 0.01);
  }
  int ok = 1, limited = 0;
  for (int i = 0; i < 40; ++i) {
    for (Client* c : {&c2, &c1}) {
      const int status = c->get("/v1/me", a.token).status;
      ok += status == 200;
      limited += status == 429;
    }
  }
  EXPECT_EQ(ok, 64);
  EXPECT_EQ(limited, 80 - 63);
}

// Moves and GET /v1/games/{id} look the token up inside the game's load statement: a revoked
// token is refused on its next request there too, and errors keep their order.
TEST(Auth, FoldedLookupRefusesRevokedTokensAndKeepsErrorOrder) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Account a = make_account(client, "fold"), b = make_account(client, "fold");
  const std::vector<Account> players = {a, b};
  const std::string id = start_game(client, players);
  const json view = client.get("/v1/games/" + id, a.token).body;
  const Account& mover = to_move(view, players);
  const Reply second = client.post("/v1/tokens", {{"username", mover.username},
                                                  {"password", "correct horse " + mover.username}});
  ASSERT_EQ(second.status, 201) << second.text;
  const std::string token = second.body.at("token");
  const std::string moves = "/v1/games/" + id + "/moves";
  EXPECT_EQ(client.get("/v1/games/" + id, token).status, 200);
  expect_problem(client.post("/v1/games/999999999/moves", {{"move", "1"}, {"ply", 0}}, token), 404,
                 "game_not_found");
  expect_problem(client.post(moves, {{"ply", 0}}, token), 400, "missing_field");
  ASSERT_EQ(client.del("/v1/tokens/" + second.body.at("id").get<std::string>(), mover.token).status,
            204);
  expect_problem(client.get("/v1/games/" + id, token), 401, "invalid_token");
  expect_problem(client.post(moves, {{"move", "1"}, {"ply", 0}}, token), 401, "invalid_token");
  expect_problem(client.post(moves, {{"ply", 0}}, token), 401, "invalid_token");
  expect_problem(client.post("/v1/games/999999999/moves", {{"move", "1"}, {"ply", 0}}, token), 401,
                 "invalid_token");
  EXPECT_EQ(client.post(moves, {{"move", "1"}, {"ply", 0}}, mover.token).status, 201);
}

std::string percent_encode(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

class BadInput : public ::testing::Test {
 protected:
  void SetUp() override {
    if (database_url().empty()) GTEST_SKIP() << "TEST_DATABASE_URL is not set";
    server = std::make_unique<TestServer>();
    client = std::make_unique<Client>(server->port());
    players = {make_account(*client, "bad"), make_account(*client, "bad")};
    id = start_game(*client, players);
    mover = to_move(client->get("/v1/games/" + id, players[0].token).body, players);
    before = snapshot();
  }
  std::string snapshot() {
    pqxx::connection c(database_url());
    pqxx::nontransaction tx(c);
    return tx
        .exec(
            "SELECT (SELECT count(*) FROM moves) || '/' || (SELECT sum(version) FROM games) "
            "|| '/' || (SELECT count(*) FROM game_events) || '/' || (SELECT count(*) FROM "
            "idempotency_keys) || '/' || (SELECT count(*) FROM accounts)")[0][0]
        .as<std::string>();
  }
  void TearDown() override {
    if (server) {
      EXPECT_EQ(snapshot(), before) << "a refused request changed the database";
    }
  }
  std::string moves() const { return "/v1/games/" + id + "/moves"; }

  std::unique_ptr<TestServer> server;
  std::unique_ptr<Client> client;
  std::vector<Account> players;
  Account mover;
  std::string id;
  std::string before;
};

TEST_F(BadInput, DeepJson) {
  // 100,000 deep does not fit the 64 KiB body limit: refused before it is read.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  expect_problem(client->post_raw(moves(), deep, "application/json", mover.token), 413,
                 "payload_too_large");
  // Deep but within the limit: refused by the depth check before parsing.
  const std::string within = std::string(30000, '[') + std::string(30000, ']');
  expect_problem(client->post_raw(moves(), within, "application/json", mover.token), 400,
                 "json_too_deep");
  const std::string object = "{\"move\":" + std::string(20000, '[') + std::string(20000, ']') + "}";
  expect_problem(client->post_raw(moves(), object, "application/json", mover.token), 400,
                 "json_too_deep");
}

TEST_F(BadInput, ChunkedBody) {
  const std::string request = "POST " + moves() + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                              mover.token +
                              "\r\nContent-Type: application/json\r\nTransfer-Encoding: "
                              "chunked\r\n\r\n5\r\n{\"a\":\r\n0\r\n\r\n";
  const std::string reply = raw_request(server->port(), request);
  EXPECT_EQ(reply.rfind("HTTP/1.1 411", 0), 0u) << reply;
  EXPECT_NE(reply.find("application/problem+json"), std::string::npos);
}

TEST_F(BadInput, OversizedBody) {
  const std::string big = "{\"move\":\"" + std::string(70000, '1') + "\",\"ply\":0}";
  const Reply r = client->post_raw(moves(), big, "application/json", mover.token);
  EXPECT_EQ(r.status, 413);
}

TEST_F(BadInput, LongFieldInsideTheLimit) {
  const Reply r =
      client->post(moves(), {{"move", std::string(5000, '1')}, {"ply", 0}}, mover.token);
  expect_problem(r, 400, "invalid_field");
}

TEST_F(BadInput, WrongContentType) {
  expect_problem(client->post_raw(moves(), "{\"move\":\"1\",\"ply\":0}", "text/plain", mover.token),
                 415, "unsupported_media_type");
}

TEST_F(BadInput, BadToken) {
  expect_problem(client->post(moves(), {{"move", "1"}, {"ply", 0}}, "hxp_bogus"), 401,
                 "invalid_token");
}

TEST_F(BadInput, MoveInSomeoneElsesGame) {
  const Account stranger = make_account(*client, "stranger");
  before = snapshot();
  expect_problem(client->post(moves(), {{"move", "1"}, {"ply", 0}}, stranger.token), 403,
                 "not_your_game");
  expect_problem(client->post("/v1/games/" + id + "/resign", json::object(), stranger.token), 403,
                 "not_your_game");
  expect_problem(
      client->post("/v1/games/99999999/moves", {{"move", "1"}, {"ply", 0}}, stranger.token), 404,
      "game_not_found");
  expect_problem(client->post("/v1/games/abc/moves", {{"move", "1"}, {"ply", 0}}, stranger.token),
                 404, "game_not_found");
}

TEST_F(BadInput, WrongTypesAndMissingFields) {
  expect_problem(client->post(moves(), {{"move", "1"}}, mover.token), 400, "missing_field");
  expect_problem(client->post(moves(), {{"move", 1}, {"ply", 0}}, mover.token), 400,
                 "invalid_field");
  expect_problem(client->post(moves(), {{"move", "1"}, {"ply", "0"}}, mover.token), 400,
                 "invalid_field");
  expect_problem(client->post(moves(), json::array({1, 2}), mover.token), 400, "invalid_body");
  expect_problem(client->post_raw(moves(), "{\"move\":", "application/json", mover.token), 400,
                 "invalid_json");
  expect_problem(
      client->post_raw(moves(), "{\"move\":\"\xff\",\"ply\":0}", "application/json", mover.token),
      400, "invalid_json");
  expect_problem(client->post(moves(), {{"move", "1"}, {"ply", 0}}, mover.token,
                              {{"Idempotency-Key", std::string(300, 'k')}}),
                 400, "invalid_idempotency_key");
}

TEST_F(BadInput, SqlMetacharactersInEveryStringField) {
  const std::vector<std::string> nasty = {"'; DROP TABLE games; --", "\" OR 1=1 --",
                                          "1'); DELETE FROM moves; --", "$1 $2 \\x00 \\' %s",
                                          "Robert'); DROP TABLE accounts;--"};
  for (const std::string& text : nasty) {
    // Move notation, preview, draw action, idempotency key: refused, nothing stored.
    expect_problem(client->post(moves(), {{"move", text}, {"ply", 0}}, mover.token), 422,
                   "bad_notation");
    expect_problem(client->post("/v1/games/" + id + "/preview", {{"move", text}}, mover.token), 422,
                   "bad_notation");
    expect_problem(client->post("/v1/games/" + id + "/draw", {{"action", text}}, mover.token), 400,
                   "invalid_field");
    // Account fields and challenge fields that validation refuses.
    expect_problem(client->post("/v1/accounts",
                                {{"username", text}, {"email", "a@b.c"}, {"password", "12345678"}}),
                   400, "invalid_username");
    expect_problem(client->post("/v1/tokens", {{"username", text}, {"password", text}}), 401,
                   "bad_credentials");
    expect_problem(client->post("/v1/challenges", {{"game", text}}, mover.token), 422,
                   "unknown_game");
    expect_problem(client->post("/v1/challenges",
                                {{"game", "counting"}, {"options", {{text, text}}}}, mover.token),
                   422, "bad_options");
    expect_problem(
        client->post("/v1/challenges", {{"game", "counting"}, {"opponents", {text}}}, mover.token),
        422, "unknown_user");
    EXPECT_EQ(
        client
            ->get("/v1/games?player=" + percent_encode(text) + "&game=" + percent_encode(text),
                  mover.token)
            .body.at("games")
            .size(),
        0u);
  }
  const std::string after_refusals = snapshot();
  EXPECT_EQ(after_refusals, before);
  // Fields that are stored verbatim round-trip unchanged (and the tables are all still there).
  const std::string text = "'; DROP TABLE games; --";
  const Reply token =
      client->post("/v1/tokens", {{"username", players[0].username},
                                  {"password", "correct horse " + players[0].username},
                                  {"name", text}});
  ASSERT_EQ(token.status, 201);
  EXPECT_EQ(token.body.at("name"), text);
  const Reply ch =
      client->post("/v1/challenges",
                   {{"game", "counting"}, {"opponents", {players[1].username}}, {"seed", text}},
                   players[0].token);
  ASSERT_EQ(ch.status, 201);
  const Reply declined =
      client->post("/v1/challenges/" + ch.body.at("id").get<std::string>() + "/decline",
                   {{"reason", text}}, players[1].token);
  EXPECT_EQ(declined.body.at("decline_reason"), text);
  EXPECT_EQ(client->get("/v1/games/" + id, players[0].token).status, 200);
  before = snapshot();  // the verbatim writes above were meant to change things
}

TEST_F(BadInput, NulInThePathOrAQueryParameterIs400) {
  expect_problem(client->get("/v1/games?player=%00", mover.token), 400, "nul_character");
  expect_problem(client->get("/v1/games?game=counting&status=%00x", mover.token), 400,
                 "nul_character");
  expect_problem(client->get("/v1/ratings/counting/a%00b", mover.token), 400, "nul_character");
  EXPECT_EQ(client->get("/v1/games/" + id, mover.token).status, 200);
}

TEST_F(BadInput, EmptyOrBlankNamesAre400) {
  for (const std::string name : {"", "   ", "\t\n"}) {
    const Reply r = client->post("/v1/tournaments",
                                 {{"name", name}, {"game", "counting"}, {"format", "round-robin"}},
                                 mover.token);
    expect_problem(r, 400, "invalid_field");
    EXPECT_EQ(r.body.value("field", ""), "name");
    expect_problem(client->post("/v1/tokens", {{"username", mover.username},
                                               {"password", "correct horse " + mover.username},
                                               {"name", name}}),
                   400, "invalid_field");
  }
  EXPECT_EQ(count_rows("tournaments"), 0);
}

TEST_F(BadInput, IntegersOutsideTheirRangeAre400BeforeNarrowing) {
  // 4294967298 = 2^32 + 2: narrowed to an int it was 2, a valid value.
  const json big = 4294967298LL;
  const long long challenges = count_rows("challenges");
  const Reply table = client->post("/v1/tournaments",
                                   {{"name", "t"},
                                    {"game", "counting"},
                                    {"format", "swiss"},
                                    {"rounds", 3},
                                    {"players_per_game", big}},
                                   mover.token);
  expect_problem(table, 400, "invalid_field");
  EXPECT_EQ(table.body.value("field", ""), "players_per_game");
  EXPECT_EQ(table.body.value("max", 0), 6);
  expect_problem(
      client->post("/v1/challenges", {{"game", "counting"}, {"players", big}}, mover.token), 400,
      "invalid_field");
  const json beyond_int64 = 18446744073709551615ULL;
  expect_problem(client->post(moves(), {{"move", "1"}, {"ply", beyond_int64}}, mover.token), 400,
                 "invalid_field");
  EXPECT_EQ(count_rows("tournaments"), 0);
  EXPECT_EQ(count_rows("challenges"), challenges);
}

TEST_F(BadInput, DirectChallengesAreVisibleOnlyToTheirPlayers) {
  const Account stranger = make_account(*client, "peek");
  const Reply direct =
      client->post("/v1/challenges", {{"game", "counting"}, {"opponents", {players[1].username}}},
                   players[0].token);
  ASSERT_EQ(direct.status, 201) << direct.text;
  const std::string path = "/v1/challenges/" + direct.body.at("id").get<std::string>();
  EXPECT_EQ(client->get(path, players[0].token).status, 200);
  EXPECT_EQ(client->get(path, players[1].token).status, 200);
  expect_problem(client->get(path, stranger.token), 404, "challenge_not_found");
  const Reply seek = client->post("/v1/challenges", {{"game", "counting"}}, players[0].token);
  ASSERT_EQ(seek.status, 201) << seek.text;
  EXPECT_EQ(
      client->get("/v1/challenges/" + seek.body.at("id").get<std::string>(), stranger.token).status,
      200);
  before = snapshot();  // the new account and challenges were meant
}

TEST_F(BadInput, PreviewNeedsThePlayScope) {
  const Reply organise_only =
      client->post("/v1/tokens", {{"username", mover.username},
                                  {"password", "correct horse " + mover.username},
                                  {"scopes", {"organise"}}});
  ASSERT_EQ(organise_only.status, 201) << organise_only.text;
  expect_problem(client->post("/v1/games/" + id + "/preview", {{"move", "1"}},
                              organise_only.body.at("token").get<std::string>()),
                 403, "insufficient_scope");
  EXPECT_EQ(client->post("/v1/games/" + id + "/preview", {{"move", "1"}}, mover.token).status, 200);
}

}  // namespace
