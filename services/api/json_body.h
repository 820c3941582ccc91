#pragma once
// Reading JSON request bodies safely.
//
// nlohmann-json 3.11.2 parses iteratively but copies and dump()s recursively, so a deeply
// nested document that parses fine can still overflow the stack later. Bodies are therefore
// scanned for nesting depth before they are parsed.

#include <nlohmann/json.hpp>

#include <string_view>

namespace httplib {
struct Request;
}

namespace api {

inline constexpr int kDefaultJsonMaxDepth = 64;

// True when no array/object in `text` nests deeper than `max_depth` (brackets inside strings
// do not count). Linear, no allocation; does not check that `text` is valid JSON.
bool json_depth_within(std::string_view text, int max_depth);

// application/json or application/<something>+json; parameters and case are ignored.
bool is_json_media_type(std::string_view content_type);

// The body of a JSON route, parsed. Throws ApiError:
//   415 unsupported_media_type  Content-Type is not JSON
//   400 invalid_json            empty body, syntax error or invalid UTF-8
//   400 json_too_deep           nesting deeper than max_depth
nlohmann::json parse_json_body(const httplib::Request& req, int max_depth = kDefaultJsonMaxDepth);

}  // namespace api
