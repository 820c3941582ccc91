#include "services/api/json_body.h"

#include <httplib.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "services/api/problem.h"

namespace api {

bool json_depth_within(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return false;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return true;
}

bool is_json_media_type(std::string_view content_type) {
  std::string type(content_type.substr(0, content_type.find(';')));
  std::transform(type.begin(), type.end(), type.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const auto first = type.find_first_not_of(" \t");
  const auto last = type.find_last_not_of(" \t");
  if (first == std::string::npos) return false;
  type = type.substr(first, last - first + 1);
  if (type == "application/json") return true;
  return type.starts_with("application/") && type.ends_with("+json") &&
         type.find('/', 12) == std::string::npos;
}

nlohmann::json parse_json_body(const httplib::Request& req, int max_depth) {
  const std::string content_type = req.get_header_value("Content-Type");
  if (!is_json_media_type(content_type)) {
    throw ApiError(
        415, "unsupported_media_type",
        "This endpoint takes application/json, not '" +
            (content_type.empty() ? std::string("(none)") : content_type.substr(0, 100)) + "'.");
  }
  if (req.body.empty()) {
    throw ApiError(400, "invalid_json", "The request body is empty; a JSON document is required.");
  }
  if (!json_depth_within(req.body, max_depth)) {
    throw ApiError(400, "json_too_deep",
                   "The JSON document nests deeper than " + std::to_string(max_depth) + " levels.");
  }
  nlohmann::json value = nlohmann::json::parse(req.body, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) {
    throw ApiError(400, "invalid_json", "The request body is not valid JSON (RFC 8259, UTF-8).");
  }
  return value;
}

}  // namespace api
