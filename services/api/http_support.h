#pragma once
// Shared pieces of the game service's route files (internal to services/api).

#include <nlohmann/json.hpp>

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "services/api/server.h"
#include "services/domain/game_logic.h"
#include "services/storage/records.h"

namespace api {

class GameService;

// A problem with extension members and extra headers; guarded() renders it.
class GameError : public std::exception {
 public:
  GameError(int status_value, std::string code_value, std::string detail_value,
            nlohmann::json extra_value = {},
            std::vector<std::pair<std::string, std::string>> headers_value = {})
      : status(status_value),
        code(std::move(code_value)),
        detail(std::move(detail_value)),
        extra(std::move(extra_value)),
        headers(std::move(headers_value)) {}
  const char* what() const noexcept override { return detail.c_str(); }

  int status;
  std::string code;
  std::string detail;
  nlohmann::json extra;
  std::vector<std::pair<std::string, std::string>> headers;
};

// Wraps a handler so GameError becomes a problem response (other exceptions go on to the
// server's exception handler).
Handler guarded(Handler handler);

// Writes a problem document with extension members.
void write_problem(Response& res, const GameError& error);

// The credential of a request is its Authorization: Bearer token or, when it sends no
// Authorization header, the token in its web session cookie (web_session.h).
// 401 when there is no credential or it is not a live token; 429 when its bucket is empty. Sets
// the RateLimit headers on `res` either way.
storage::Principal authenticate(GameService& service, const Request& req, Response& res);
// authenticate() in two halves, for routes that look the token up inside their own load
// statement (GamesRepository::load_as): the SHA-256 (hex) of the credential's token, with the
// 401s that need no database; then the checks on what the lookup found, the bucket and the
// headers.
std::string bearer_token_hash(const Request& req);
// Whether the request carries a credential (an Authorization header or a session cookie).
bool has_credential(const Request& req);
// The caller of a public reading route: authenticate() when the request carries a credential (a
// bad one is still 401); otherwise nullopt (anonymous), charged to the bucket of its client
// address (GameServiceOptions::anonymous_rate_limit; 429 rate_limited naming the limit
// anonymous-requests-per-address, RateLimit headers with the policy "address").
std::optional<storage::Principal> reader(GameService& service, const Request& req, Response& res);
storage::Principal admit(GameService& service, const std::string& token_hash,
                         std::optional<storage::Principal> found, Response& res);
// admit() without the bucket: 401 unless the lookup found the token (a request looking its
// token up again after a lost race is not charged twice).
storage::Principal verify_token(const std::string& token_hash,
                                std::optional<storage::Principal> found);
// 403 insufficient_scope unless the principal has one of `scopes`.
void require_scope(const storage::Principal& principal, const std::vector<std::string>& scopes);

// The JSON body (415/400 via api::parse_json_body), which must be an object.
nlohmann::json json_object_body(const Request& req);
// Like json_object_body, but an empty body gives {}.
nlohmann::json optional_json_object_body(const Request& req);

// Field readers: 400 invalid_field naming the field on a wrong type.
std::string string_field(const nlohmann::json& body, const std::string& name, bool required,
                         std::size_t max_length = 200);
// An integer in [min, max] (400 invalid_field naming the range otherwise).
std::optional<long long> int_field(const nlohmann::json& body, const std::string& name,
                                   bool required,
                                   long long min = std::numeric_limits<long long>::min(),
                                   long long max = std::numeric_limits<long long>::max());
// A string_field that must hold more than white space when present (400 invalid_field).
std::string name_field(const nlohmann::json& body, const std::string& name, bool required,
                       std::size_t max_length);
bool bool_field(const nlohmann::json& body, const std::string& name, bool fallback);

// A path id: digits only, fits in int64; 404 otherwise (a malformed id names no resource).
storage::Id path_id(const Request& req, int index, const std::string& what);
// Query parameters.
std::string query(const Request& req, const std::string& name);
// An integer query parameter from min to max; `fallback` when absent; 400 invalid_parameter
// otherwise.
int int_param(const Request& req, const std::string& name, int fallback, int min, int max);
int limit_param(const Request& req);

std::string base64url(const std::string& bytes);
// 400 invalid_cursor: a cursor parameter this server did not give out.
GameError bad_cursor();
std::optional<std::string> from_base64url(const std::string& text);

void send_json(Response& res, int status, const nlohmann::json& body);
// The body and its Content-Type, as Response::set_content sets them, without set_content's copy
// of the body (Debian's cpp-httplib 0.11 takes it by const reference only; a game document can
// be several hundred KB).
void set_body(Response& res, std::string body, const std::string& content_type);

// The Content-Security-Policy of the HTML pages: nothing but this server's own scripts, styles,
// images (and data: images) and requests; no inline script, no framing, no <base>.
inline constexpr std::string_view kPageContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
// The headers every HTML page is sent with: Content-Security-Policy (above),
// X-Content-Type-Options: nosniff and Referrer-Policy: same-origin.
void set_page_security_headers(Response& res);

// Conditional GET (RFC 9110 §13.1.2), shared by every route that sends an ETag: true when the
// request's If-None-Match (every such header line, each a comma-separated list) is "*" or
// names an entity tag that weakly matches `etag` (W/"x" matches "x" and W/"x").
bool if_none_match_matches(const Request& req, const std::string& etag);
// Sets the ETag header; when If-None-Match matches, also answers 304 with no body and returns
// true (the route then stops).
bool answer_not_modified(const Request& req, Response& res, const std::string& etag);

// A paginated list's next page: sets the `Link: <...>; rel="next"` header to the request's path
// with every query parameter it came with (its filters and limit) and `cursor` replaced by
// `next_cursor`.
void set_next_link(const Request& req, Response& res, const std::string& next_cursor);

// The HTTP form of a domain refusal, with the current state for 409s.
GameError refusal_error(const domain::Refusal& refusal, const nlohmann::json& current_state);

// The scopes that may play: a person's token (play) or a bot's (bot).
inline const std::vector<std::string> kPlayScopes = {"play", "bot"};
// 404 game_not_found.
GameError game_not_found(storage::Id id);

}  // namespace api
