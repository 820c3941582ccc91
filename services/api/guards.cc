#include "services/api/guards.h"

#include <httplib.h>

#include <algorithm>
#include <cctype>

namespace api {
namespace {

bool all_digits(const std::string& text) {
  return !text.empty() && text.size() <= 19 &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::optional<Rejection> check_content_length(const httplib::Request& req,
                                              std::size_t max_body_bytes) {
  const auto [first, last] = req.headers.equal_range("Content-Length");
  std::optional<unsigned long long> length;
  for (auto it = first; it != last; ++it) {
    if (!all_digits(it->second)) {
      return Rejection{400, "bad_content_length", "Content-Length must be a decimal number."};
    }
    const unsigned long long value = std::stoull(it->second);
    if (length && *length != value) {
      return Rejection{400, "bad_content_length", "Conflicting Content-Length headers."};
    }
    length = value;
  }
  if (length && *length > max_body_bytes) {
    return Rejection{413, "payload_too_large",
                     "The request body is " + std::to_string(*length) + " bytes; the limit is " +
                         std::to_string(max_body_bytes) + " bytes."};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Rejection> check_body_framing(const httplib::Request& req,
                                            std::size_t max_body_bytes) {
  if (req.has_header("Transfer-Encoding")) {
    return Rejection{411, "transfer_encoding_not_supported",
                     "Send the request body with Content-Length; Transfer-Encoding (chunked "
                     "uploads) is not supported."};
  }
  if (auto rejection = check_content_length(req, max_body_bytes)) return rejection;
  const bool needs_length = req.method == "POST" || req.method == "PUT" || req.method == "PATCH";
  if (needs_length && !req.has_header("Content-Length")) {
    return Rejection{
        411, "length_required",
        "Send Content-Length with every " + req.method + " (Content-Length: 0 for an empty body)."};
  }
  return std::nullopt;
}

}  // namespace api
