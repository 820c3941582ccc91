// The OpenAPI document: served verbatim, every registered route documented, every documented
// path served, every operation declares problem+json errors.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "services/api/stream_routes.h"
#include "tests/services/game/service_fixture.h"

namespace {

using namespace svctest;

json document() {
  std::ifstream in(HEXPOST_OPENAPI_FILE);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

TEST(OpenApi, EveryRouteIsDocumentedAndEveryDocumentedPathExists) {
  const json doc = document();
  EXPECT_EQ(doc.at("openapi").get<std::string>().rfind("3.1", 0), 0u);
  std::set<std::pair<std::string, std::string>> documented, registered;
  for (const auto& [path, item] : doc.at("paths").items()) {
    for (const auto& [method, op] : item.items()) {
      if (method == "parameters") continue;
      std::string upper = method;
      for (char& c : upper) c = static_cast<char>(std::toupper(c));
      documented.insert({upper, path});
    }
  }
  for (const auto& r : api::game_service_routes()) registered.insert({r.method, r.path});
  for (const auto& r : api::stream_routes()) registered.insert({r.method, r.path});  // Bot API
  // hexpostd's own health routes (services/api/health_routes.cc).
  registered.insert({"GET", "/healthz"});
  registered.insert({"GET", "/readyz"});
  for (const auto& r : registered) {
    EXPECT_TRUE(documented.count(r)) << r.first << " " << r.second << " is not documented";
  }
  for (const auto& d : documented) {
    EXPECT_TRUE(registered.count(d)) << d.first << " " << d.second << " is documented only";
  }
}

TEST(OpenApi, EveryOperationHasAnIdAndProblemErrors) {
  const json doc = document();
  std::set<std::string> ids;
  for (const auto& [path, item] : doc.at("paths").items()) {
    for (const auto& [method, op] : item.items()) {
      ASSERT_TRUE(op.contains("operationId")) << method << " " << path;
      EXPECT_TRUE(ids.insert(op.at("operationId")).second);
      bool has_error = false;
      for (const auto& [status, response] : op.at("responses").items()) {
        if (status[0] == '4' || status[0] == '5') has_error = true;
      }
      EXPECT_TRUE(has_error) << method << " " << path;
    }
  }
}

TEST(OpenApi, DocumentedRoutesAnswerOverHttp) {
  SVC_REQUIRE_DB();
  TestServer server;
  Client client(server.port());
  const Reply served = client.get("/v1/openapi.json");
  ASSERT_EQ(served.status, 200);
  std::ifstream in(HEXPOST_OPENAPI_FILE);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(served.text, text.str());
  // Every documented /v1 path is routed: an unauthenticated call never gets the router's 404/405.
  for (const auto& r : api::game_service_routes()) {
    const std::string path = std::regex_replace(r.path, std::regex("\\{id\\}"), "1");
    Reply reply;
    if (r.method == "GET") reply = client.get(path);
    if (r.method == "POST") reply = client.post(path, json::object());
    if (r.method == "DELETE") reply = client.del(path);
    EXPECT_NE(reply.status, 405) << r.method << " " << path;
    if (reply.status == 404) {
      EXPECT_NE(reply.body.value("code", ""), "not_found") << r.method << " " << path;
    }
  }
}

}  // namespace
