// Conditional GETs (RFC 9110 §13.1.2) on every route that sends an ETag: GET /v1/games/{id},
// GET /v1/games/{id}/record and GET /v1/me/turns. If-None-Match matches with the weak
// comparison (W/"x" matches "x"), in a list, on any of several header lines, and as "*"; a
// match is 304 with the ETag and no body, anything else 200 with the body.
#include <gtest/gtest.h>

#include "tests/services/bots/bot_fixture.h"

namespace {

using namespace bottest;
using svctest::Account;
using svctest::Client;
using svctest::Reply;

class ConditionalGet : public ::testing::TestWithParam<std::string> {};

TEST_P(ConditionalGet, IfNoneMatchUsesWeakComparisonListsAndStar) {
  SVC_REQUIRE_DB();
  StreamServer server;
  Client client(server.port());
  const std::vector<Account> p = {svctest::make_account(client, "inm"),
                                  svctest::make_account(client, "inm")};
  const std::string game = svctest::start_game(client, p);
  std::string path = GetParam();
  if (const auto at = path.find("{id}"); at != std::string::npos) path.replace(at, 4, game);
  const Reply first = client.get(path, p[0].token);
  ASSERT_EQ(first.status, 200) << first.text;
  const std::string etag = first.header("ETag");
  ASSERT_EQ(etag.front(), '"') << etag;  // a strong tag
  const std::string opaque = etag.substr(1, etag.size() - 2);
  const std::vector<httplib::Headers> matching = {
      {{"If-None-Match", etag}},
      {{"If-None-Match", "W/" + etag}},
      {{"If-None-Match", "\"other\", W/\"more\" ,W/" + etag}},
      {{"If-None-Match", "\"other\""}, {"If-None-Match", etag}},
      {{"If-None-Match", "*"}},
  };
  for (const auto& headers : matching) {
    const Reply r = client.get(path, p[0].token, headers);
    EXPECT_EQ(r.status, 304) << headers.begin()->second;
    EXPECT_EQ(r.text, "");
    EXPECT_EQ(r.header("ETag"), etag);
  }
  const std::vector<httplib::Headers> other = {
      {{"If-None-Match", "\"other\", W/\"more\""}},
      {{"If-None-Match", opaque}},  // not a quoted entity tag
      {{"If-None-Match", "\"" + opaque + "x\""}},
  };
  for (const auto& headers : other) {
    const Reply r = client.get(path, p[0].token, headers);
    EXPECT_EQ(r.status, 200) << headers.begin()->second;
    EXPECT_NE(r.text, "");  // the representation (its clock fields may have ticked)
    EXPECT_EQ(r.header("ETag"), etag);
  }
}

std::string route_name(const ::testing::TestParamInfo<std::string>& route) {
  if (route.param.find("record") != std::string::npos) return "Record";
  if (route.param.find("turns") != std::string::npos) return "Turns";
  return "Game";
}

INSTANTIATE_TEST_SUITE_P(EveryEtagRoute, ConditionalGet,
                         ::testing::Values("/v1/games/{id}", "/v1/games/{id}/record",
                                           "/v1/me/turns"),
                         route_name);

}  // namespace
