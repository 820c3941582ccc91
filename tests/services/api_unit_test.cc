// Pure parts of the api library: problem documents, framing guards, JSON body rules.

#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>

#include "services/api/game_service.h"
#include "services/api/guards.h"
#include "services/api/http_support.h"
#include "services/api/json_body.h"
#include "services/api/problem.h"
#include "services/api/web_session.h"

namespace {

httplib::Request request(const std::string& method, httplib::Headers headers = {},
                         std::string body = "") {
  httplib::Request req;
  req.method = method;
  req.path = "/x";
  req.headers = std::move(headers);
  req.body = std::move(body);
  return req;
}

// set_body leaves the response as set_content leaves it: the body, and one Content-Type that
// replaces any set before (in any letter case).
TEST(SetBody, LeavesTheResponseAsSetContentDoes) {
  for (const std::string earlier : {"", "Content-Type", "content-type"}) {
    httplib::Response copied, moved;
    if (!earlier.empty()) {
      copied.set_header(earlier, "text/plain");
      moved.set_header(earlier, "text/plain");
    }
    copied.set_header("ETag", "\"1\"");
    moved.set_header("ETag", "\"1\"");
    copied.set_content("{\"a\":1}", "application/json");
    api::set_body(moved, "{\"a\":1}", "application/json");
    EXPECT_EQ(moved.body, copied.body) << earlier;
    EXPECT_EQ(moved.headers, copied.headers) << earlier;
    EXPECT_EQ(moved.get_header_value("Content-Type"), "application/json");
    EXPECT_EQ(moved.get_header_value_count("Content-Type"), 1u) << earlier;
  }
}

TEST(Problem, WritesRfc9457Document) {
  httplib::Response res;
  api::problem(res, 409, "stale_ply", "Ply 3 was already played.");
  EXPECT_EQ(res.status, 409);
  EXPECT_EQ(res.get_header_value("Content-Type"), "application/problem+json");
  const auto body = nlohmann::json::parse(res.body);
  EXPECT_EQ(body.at("type"), "urn:hexpost:problem:stale_ply");
  EXPECT_EQ(body.at("title"), "Conflict");
  EXPECT_EQ(body.at("status"), 409);
  EXPECT_EQ(body.at("detail"), "Ply 3 was already played.");
  EXPECT_EQ(body.at("code"), "stale_ply");
}

TEST(Problem, SurvivesInvalidUtf8InDetail) {
  httplib::Response res;
  api::problem(res, 400, "bad_request", std::string("bad \xff byte"));
  EXPECT_TRUE(nlohmann::json::accept(res.body));
}

TEST(Problem, ApiErrorCarriesRetryAfter) {
  httplib::Response res;
  api::problem(res, api::ApiError(503, "database_unavailable", "down", 5));
  EXPECT_EQ(res.status, 503);
  EXPECT_EQ(res.get_header_value("Retry-After"), "5");
}

TEST(Problem, DefaultCodesForLibraryStatuses) {
  EXPECT_EQ(api::default_problem_code(404), "not_found");
  EXPECT_EQ(api::default_problem_code(405), "method_not_allowed");
  EXPECT_EQ(api::default_problem_code(413), "payload_too_large");
  EXPECT_EQ(api::default_problem_code(599), "server_error");
  EXPECT_EQ(api::status_title(414), "URI Too Long");
}

TEST(Guards, ChunkedIsLengthRequired) {
  auto r = api::check_body_framing(request("POST", {{"Transfer-Encoding", "chunked"}}), 100);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 411);
  EXPECT_EQ(r->code, "transfer_encoding_not_supported");
}

TEST(Guards, BodilessPostNeedsContentLength) {
  auto r = api::check_body_framing(request("POST"), 100);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 411);
  EXPECT_EQ(r->code, "length_required");
  EXPECT_FALSE(api::check_body_framing(request("POST", {{"Content-Length", "0"}}), 100));
  EXPECT_FALSE(api::check_body_framing(request("GET"), 100));
  EXPECT_FALSE(api::check_body_framing(request("DELETE"), 100));
}

TEST(Guards, ContentLengthLimits) {
  EXPECT_FALSE(api::check_body_framing(request("PUT", {{"Content-Length", "100"}}), 100));
  auto big = api::check_body_framing(request("PUT", {{"Content-Length", "101"}}), 100);
  ASSERT_TRUE(big);
  EXPECT_EQ(big->status, 413);
  auto junk = api::check_body_framing(request("PUT", {{"Content-Length", "1x"}}), 100);
  ASSERT_TRUE(junk);
  EXPECT_EQ(junk->code, "bad_content_length");
  auto twice = api::check_body_framing(
      request("PUT", {{"Content-Length", "1"}, {"Content-Length", "2"}}), 100);
  ASSERT_TRUE(twice);
  EXPECT_EQ(twice->code, "bad_content_length");
  auto huge =
      api::check_body_framing(request("PUT", {{"Content-Length", "99999999999999999999999"}}), 100);
  ASSERT_TRUE(huge);
  EXPECT_EQ(huge->status, 400);
}

TEST(JsonDepth, CountsNestingOutsideStrings) {
  EXPECT_TRUE(api::json_depth_within(R"({"a":[1,{"b":[]}]})", 4));
  EXPECT_FALSE(api::json_depth_within(R"({"a":[1,{"b":[]}]})", 3));
  EXPECT_TRUE(api::json_depth_within(R"(["[[[[[[", "\"[[[["])", 1));
  EXPECT_TRUE(api::json_depth_within("", 0));
  EXPECT_FALSE(api::json_depth_within(std::string(100000, '['), 64));
}

TEST(JsonMediaType, AcceptsJsonAndPlusJson) {
  EXPECT_TRUE(api::is_json_media_type("application/json"));
  EXPECT_TRUE(api::is_json_media_type("Application/JSON; charset=utf-8"));
  EXPECT_TRUE(api::is_json_media_type("application/merge-patch+json"));
  EXPECT_FALSE(api::is_json_media_type("text/plain"));
  EXPECT_FALSE(api::is_json_media_type("application/jsonx"));
  EXPECT_FALSE(api::is_json_media_type(""));
}

int status_of(const httplib::Request& req) {
  try {
    api::parse_json_body(req);
  } catch (const api::ApiError& e) {
    return e.status();
  }
  return 200;
}

TEST(JsonBody, ParsesOrThrowsApiError) {
  const httplib::Headers json{{"Content-Type", "application/json"}};
  EXPECT_EQ(api::parse_json_body(request("POST", json, R"({"a":1})")).at("a"), 1);
  EXPECT_EQ(status_of(request("POST", {{"Content-Type", "text/plain"}}, "{}")), 415);
  EXPECT_EQ(status_of(request("POST", {}, "{}")), 415);
  EXPECT_EQ(status_of(request("POST", json, "")), 400);
  EXPECT_EQ(status_of(request("POST", json, "{")), 400);
  EXPECT_EQ(status_of(request("POST", json, "\"\xff\"")), 400);
  EXPECT_EQ(status_of(request("POST", json, std::string(100000, '['))), 400);
}

}  // namespace

namespace {

// HEXPOST_ORGANISERS: comma-separated usernames; spaces and empty entries are ignored.
TEST(GameServiceOptions, OrganisersFromTheEnvironment) {
  const auto options = api::game_service_options({{"HEXPOST_ORGANISERS", " ann, bob ,,carl"}});
  EXPECT_EQ(options.organisers, (std::vector<std::string>{"ann", "bob", "carl"}));
  EXPECT_TRUE(api::game_service_options({}).organisers.empty());
}

TEST(WebSessionUnit, FindsTheSessionCookieAmongOthers) {
  EXPECT_EQ(api::session_cookie(request("GET", {{"Cookie", "a=1; hexpost_session=hxp_x ; b=2"}})),
            "hxp_x");
  EXPECT_EQ(
      api::session_cookie(request("GET", {{"Cookie", "a=1"}, {"Cookie", "hexpost_session=hxp_y"}})),
      "hxp_y");
  EXPECT_EQ(api::session_cookie(request("GET", {{"Cookie", "my_hexpost_session=z"}})), "");
  EXPECT_EQ(api::session_cookie(request("GET")), "");
}

TEST(WebSessionUnit, OwnOriginIsThePublicUrlsOrTheHosts) {
  EXPECT_EQ(api::own_origin("https://games.example:8443/hexpost", request("GET")),
            "https://games.example:8443");
  EXPECT_EQ(api::own_origin("https://games.example", request("GET")), "https://games.example");
  EXPECT_EQ(api::own_origin("", request("GET", {{"Host", "127.0.0.1:8080"}})),
            "http://127.0.0.1:8080");
}

TEST(WebSessionUnit, OnlyStateChangingCookieRequestsNeedTheOrigin) {
  const httplib::Headers cookie = {{"Cookie", "hexpost_session=t"}, {"Host", "h:1"}};
  EXPECT_FALSE(api::check_session_origin("", request("GET", cookie)));
  for (const std::string method : {"POST", "PUT", "PATCH", "DELETE"}) {
    const auto refused = api::check_session_origin("", request(method, cookie));
    ASSERT_TRUE(refused) << method;
    EXPECT_EQ(refused->status(), 403);
    EXPECT_EQ(refused->code(), "cross_origin");
    httplib::Headers same = cookie;
    same.emplace("Origin", "http://h:1");
    EXPECT_FALSE(api::check_session_origin("", request(method, same))) << method;
    httplib::Headers bearer = cookie;
    bearer.emplace("Authorization", "Bearer x");
    EXPECT_FALSE(api::check_session_origin("", request(method, bearer))) << method;
  }
  EXPECT_FALSE(api::check_session_origin("", request("POST", {{"Host", "h:1"}})));
}

TEST(WebSessionUnit, AnonymousLimitAndPublicUrlFromTheEnvironment) {
  const api::GameServiceOptions defaults = api::game_service_options({});
  EXPECT_EQ(defaults.anonymous_rate_limit.capacity, 60);
  EXPECT_EQ(defaults.anonymous_rate_limit.refill_per_s, 2);
  EXPECT_EQ(defaults.public_url, "");
  const api::GameServiceOptions set =
      api::game_service_options({{"HEXPOST_ANON_RATE_BURST", "7"},
                                 {"HEXPOST_ANON_RATE_PER_S", "0.5"},
                                 {"HEXPOST_PUBLIC_URL", "https://games.example/"}});
  EXPECT_EQ(set.anonymous_rate_limit.capacity, 7);
  EXPECT_EQ(set.anonymous_rate_limit.refill_per_s, 0.5);
  EXPECT_EQ(set.public_url, "https://games.example");
  EXPECT_THROW(api::game_service_options({{"HEXPOST_ANON_RATE_BURST", "0"}}),
               std::invalid_argument);
}

TEST(PageSecurityHeaders, SetsTheExactPolicy) {
  httplib::Response res;
  api::set_page_security_headers(res);
  EXPECT_EQ(res.get_header_value("Content-Security-Policy"),
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
  EXPECT_EQ(res.get_header_value("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(res.get_header_value("Referrer-Policy"), "same-origin");
}

}  // namespace
