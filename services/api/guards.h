#pragma once
// Request framing checks that run before httplib reads a body (pre-routing), because
// cpp-httplib 0.11.4 on its own:
//   - does not apply set_payload_max_length() to Transfer-Encoding: chunked bodies;
//   - reads a POST/PUT/PATCH that has neither Content-Length nor Transfer-Encoding until the
//     read timeout (5 s) and then answers 400;
//   - reads (and discards) an oversized body before answering 413.

#include <cstddef>
#include <optional>
#include <string>

namespace httplib {
struct Request;
}

namespace api {

struct Rejection {
  int status = 0;
  std::string code;
  std::string detail;
};

// Empty when the request may proceed. Otherwise:
//   411 transfer_encoding_not_supported  any Transfer-Encoding header (chunked uploads)
//   400 bad_content_length               Content-Length not a number, or conflicting values
//   413 payload_too_large                Content-Length above max_body_bytes
//   411 length_required                  POST/PUT/PATCH without Content-Length
std::optional<Rejection> check_body_framing(const httplib::Request& req,
                                            std::size_t max_body_bytes);

}  // namespace api
