#include "services/api/web_routes.h"

#include <string>

#include "services/api/http_support.h"
#include "services/api/web_assets.h"

namespace api {

namespace {

// The page every page route serves; its script (app.js) renders the page the path names.
constexpr std::string_view kShell = "page.html";

// The page routes: paths of the web client, each answered with the shell.
const char* const kPagePatterns[] = {
    "/",
    R"(/games/(\d+))",
    R"(/tournaments/(\d+))",
    R"(/ratings/([A-Za-z0-9_-]+))",
    R"(/players/([^/]+))",
    "/sign-in",
    "/sign-up",
    "/me",
};

// X-Content-Type-Options: nosniff is the server's, on every answer (server.cc).
void send_asset(const Request& req, Response& res, const WebAsset& asset) {
  res.set_header("Cache-Control", "no-cache");
  if (answer_not_modified(req, res, std::string(asset.etag))) return;
  res.status = 200;
  res.set_content(std::string(asset.body), std::string(asset.content_type));
}

void get_asset(const Request& req, Response& res) {
  const WebAsset* asset = find_web_asset(req.matches[1].str());
  if (asset == nullptr || asset->name == kShell) {
    throw GameError(404, "not_found", "No asset " + req.matches[1].str() + ".");
  }
  send_asset(req, res, *asset);
}

void get_page(const Request& req, Response& res) {
  set_page_security_headers(res);
  send_asset(req, res, *find_web_asset(kShell));
}

}  // namespace

void add_web_routes(Server& server) {
  server.get(R"(/assets/([A-Za-z0-9_.-]+))", guarded(get_asset));
  for (const char* pattern : kPagePatterns) server.get(pattern, guarded(get_page));
}

}  // namespace api
