// libFuzzer target "json_body": the request guards and the JSON body decoder, called as
// hexpostd calls them (services/api/server.cc: check_body_framing before routing;
// http_support.cc: parse_json_body in the routes), on an httplib::Request built from the input.
//
// Input layout (fuzz_support.h): byte 0 chooses the method (POST, PUT, PATCH, GET, DELETE);
// then header lines "Name: value" up to the first empty line (at most 64); the rest is the body.
// Every refusal must be one of the documented status/code pairs and render as a problem
// document; an accepted body must nest no deeper than the limit and must dump() and re-parse
// to the same value.

#include <httplib.h>

#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fuzz/fuzz_support.h"
#include "services/api/guards.h"
#include "services/api/json_body.h"
#include "services/api/problem.h"

namespace {

constexpr std::size_t kMaxBodyBytes = 64 * 1024;  // api::ServerOptions::max_body_bytes

httplib::Request request_from(fuzz::Input& input) {
  static const std::array<const char*, 5> kMethods = {"POST", "PUT", "PATCH", "GET", "DELETE"};
  httplib::Request req;
  req.method = kMethods[input.byte() % kMethods.size()];
  std::string_view rest = input.rest();
  for (int count = 0; count < 64 && !rest.empty(); ++count) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (line.empty()) break;
    const std::size_t colon = line.find(':');
    std::string_view value = colon == std::string_view::npos ? "" : line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    req.headers.emplace(std::string(line.substr(0, colon)), std::string(value));
  }
  req.body = std::string(rest);
  return req;
}

// A problem document as hexpostd sends it: valid JSON carrying the same status and code.
void check_problem(int status, const std::string& code, const std::string& detail) {
  httplib::Response res;
  api::problem(res, status, code, detail);
  const auto document = nlohmann::json::parse(res.body, nullptr, false);
  fuzz::check(!document.is_discarded() && document.value("status", 0) == status &&
                  document.value("code", "") == code,
              "problem document does not round-trip: " + res.body);
}

int depth_of(const nlohmann::json& root) {
  int deepest = 0;
  std::vector<std::pair<const nlohmann::json*, int>> pending = {{&root, 0}};
  while (!pending.empty()) {
    auto [value, depth] = pending.back();
    pending.pop_back();
    if (!value->is_structured()) continue;
    deepest = std::max(deepest, depth + 1);
    for (const auto& child : *value) pending.emplace_back(&child, depth + 1);
  }
  return deepest;
}

void decode(const httplib::Request& req) {
  static const std::set<std::pair<int, std::string>> kRefusals = {
      {415, "unsupported_media_type"}, {400, "invalid_json"}, {400, "json_too_deep"}};
  try {
    const nlohmann::json body = api::parse_json_body(req);
    fuzz::check(depth_of(body) <= api::kDefaultJsonMaxDepth,
                "accepted a body nested deeper than the limit: " + req.body);
    const std::string dumped = body.dump();
    fuzz::check(nlohmann::json::parse(dumped) == body, "dump() does not re-parse: " + dumped);
  } catch (const api::ApiError& error) {
    fuzz::check(kRefusals.count({error.status(), error.code()}) == 1,
                "undocumented refusal " + std::to_string(error.status()) + " " + error.code());
    check_problem(error.status(), error.code(), error.detail());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::set<std::pair<int, std::string>> kFramingRefusals = {
      {411, "transfer_encoding_not_supported"},
      {400, "bad_content_length"},
      {413, "payload_too_large"},
      {411, "length_required"}};
  fuzz::Input input(data, size);
  const httplib::Request req = request_from(input);
  if (auto rejection = api::check_body_framing(req, kMaxBodyBytes)) {
    fuzz::check(kFramingRefusals.count({rejection->status, rejection->code}) == 1,
                "undocumented framing refusal " + std::to_string(rejection->status) + " " +
                    rejection->code);
    check_problem(rejection->status, rejection->code, rejection->detail);
    return 0;
  }
  decode(req);
  return 0;
}
