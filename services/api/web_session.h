#pragma once
// Web sessions (docs/web.md, "Sessions"): a browser signs in with POST /v1/session and gets the
// cookie hexpost_session=<token>, a token row with the play scope that every route accepts in
// place of Authorization: Bearer. Because a browser sends the cookie with any request to this
// server, whatever page made it, a state-changing request authenticated by the cookie must come
// from a page of this server: its Origin header must be the server's own origin.

#include <optional>
#include <string>
#include <string_view>

#include "services/api/problem.h"
#include "services/api/server.h"

namespace api {

inline constexpr std::string_view kSessionCookieName = "hexpost_session";

// The value of the hexpost_session cookie among the request's Cookie headers; empty without one.
std::string session_cookie(const Request& req);

// The server's own origin ("scheme://host[:port]"): that of `public_url` (HEXPOST_PUBLIC_URL),
// or, when it is empty, "http://" + the request's Host header.
std::string own_origin(const std::string& public_url, const Request& req);

// The cross-site request check (a Server request check): a POST, PUT, PATCH or DELETE that
// carries the session cookie and no Authorization header is refused with 403 cross_origin unless
// its Origin header equals own_origin(). Requests with a bearer token are not affected.
std::optional<ApiError> check_session_origin(const std::string& public_url, const Request& req);

// The Set-Cookie value that signs in with `token`: HttpOnly, SameSite=Strict, Path=/, plus Secure
// when the public URL is https.
std::string session_set_cookie(const std::string& token, const std::string& public_url);
// The Set-Cookie value that removes the session cookie (same attributes, Max-Age=0).
std::string session_clear_cookie(const std::string& public_url);

}  // namespace api
