#include "services/api/web_session.h"

namespace api {

namespace {

bool is_state_changing(const std::string& method) {
  return method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE";
}

std::string trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

// The attributes every form of the cookie carries, so the clearing one replaces the setting one.
std::string cookie_attributes(const std::string& public_url) {
  std::string attributes = "; HttpOnly; SameSite=Strict; Path=/";
  if (public_url.rfind("https://", 0) == 0) attributes += "; Secure";
  return attributes;
}

}  // namespace

std::string session_cookie(const Request& req) {
  const std::size_t lines = req.get_header_value_count("Cookie");
  for (std::size_t i = 0; i < lines; ++i) {
    const std::string header = req.get_header_value("Cookie", i);
    std::string_view rest = header;
    while (!rest.empty()) {
      const std::size_t end = rest.find(';');
      const std::string pair = trimmed(rest.substr(0, end));
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
      const std::size_t equals = pair.find('=');
      if (equals != std::string::npos && pair.substr(0, equals) == kSessionCookieName) {
        return pair.substr(equals + 1);
      }
    }
  }
  return {};
}

std::string own_origin(const std::string& public_url, const Request& req) {
  if (public_url.empty()) return "http://" + req.get_header_value("Host");
  const std::size_t scheme_end = public_url.find("://");
  if (scheme_end == std::string::npos) return public_url;
  const std::size_t path = public_url.find('/', scheme_end + 3);
  return path == std::string::npos ? public_url : public_url.substr(0, path);
}

std::optional<ApiError> check_session_origin(const std::string& public_url, const Request& req) {
  if (!is_state_changing(req.method) || req.has_header("Authorization")) return std::nullopt;
  if (session_cookie(req).empty()) return std::nullopt;
  const std::string expected = own_origin(public_url, req);
  if (req.has_header("Origin") && req.get_header_value("Origin") == expected) return std::nullopt;
  return ApiError(403, "cross_origin",
                  "A " + req.method +
                      " signed in by the session cookie must carry the header Origin: " + expected +
                      ".");
}

std::string session_set_cookie(const std::string& token, const std::string& public_url) {
  return std::string(kSessionCookieName) + "=" + token + cookie_attributes(public_url);
}

std::string session_clear_cookie(const std::string& public_url) {
  return std::string(kSessionCookieName) + "=" + cookie_attributes(public_url) + "; Max-Age=0";
}

}  // namespace api
