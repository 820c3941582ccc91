#include "services/api/http_support.h"

#include <charconv>
#include <cmath>

#include "lib/fairness/fairness.h"
#include "services/api/game_service.h"
#include "services/api/json_body.h"
#include "services/api/problem.h"
#include "services/api/web_session.h"

namespace api {

using nlohmann::json;

void write_problem(Response& res, const GameError& error) {
  problem(res, error.status, error.code, error.detail);
  if (error.extra.is_object() && !error.extra.empty()) {
    json body = json::parse(res.body);
    for (const auto& [key, value] : error.extra.items()) body[key] = value;
    res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace),
                    std::string(kProblemContentType));
  }
  for (const auto& [name, value] : error.headers) res.set_header(name, value);
}

Handler guarded(Handler handler) {
  return [handler = std::move(handler)](const Request& req, Response& res) {
    try {
      handler(req, res);
    } catch (const GameError& e) {
      write_problem(res, e);
    }
  };
}

namespace {

GameError unauthorized(const std::string& code, const std::string& detail, bool invalid) {
  std::string challenge = "Bearer realm=\"hexpost\"";
  if (invalid) challenge += ", error=\"invalid_token\"";
  return GameError(401, code, detail, {}, {{"WWW-Authenticate", challenge}});
}

}  // namespace

std::string bearer_token_hash(const Request& req) {
  if (!req.has_header("Authorization")) {
    // No Authorization header: the web session cookie, when there is one, is the credential.
    const std::string cookie = session_cookie(req);
    if (cookie.empty()) {
      throw unauthorized("unauthenticated",
                         "Send a token (Authorization: Bearer hxp_...) or sign in "
                         "(POST /v1/session).",
                         false);
    }
    if (!domain::plausible_token(cookie)) {
      throw unauthorized("invalid_token", "The session is malformed, revoked or unknown.", true);
    }
    return domain::token_hash(cookie);
  }
  const std::string header = req.get_header_value("Authorization");
  constexpr std::string_view kScheme = "Bearer ";
  if (header.size() <= kScheme.size() || header.compare(0, kScheme.size(), kScheme) != 0) {
    throw unauthorized("invalid_token", "The Authorization header must be 'Bearer <token>'.", true);
  }
  const std::string token = header.substr(kScheme.size());
  if (!domain::plausible_token(token)) {
    throw unauthorized("invalid_token", "The token is malformed, revoked or unknown.", true);
  }
  return domain::token_hash(token);
}

bool has_credential(const Request& req) {
  return req.has_header("Authorization") || !session_cookie(req).empty();
}

storage::Principal authenticate(GameService& service, const Request& req, Response& res) {
  const std::string hash = bearer_token_hash(req);
  return admit(service, hash, service.accounts.find_token(hash), res);
}

storage::Principal verify_token(const std::string& hash,
                                std::optional<storage::Principal> principal) {
  if (!principal || !fairness::equal_constant_time(principal->token_hash, hash)) {
    throw unauthorized("invalid_token", "The token is malformed, revoked or unknown.", true);
  }
  return std::move(*principal);
}

namespace {

// Sets the RateLimit headers of the bucket `policy` ("token" or "address") after the take
// `bucket`; when the take was refused, throws 429 rate_limited naming the limit `name` of the
// `whose` bucket ("token", "address").
void charge(GameService& service, Response& res, const std::string& policy,
            const storage::RateLimit& limit, const storage::BucketDecision& bucket,
            const std::string& name, const std::string& whose) {
  const int remaining = static_cast<int>(std::floor(std::max(0.0, bucket.remaining)));
  const int reset =
      static_cast<int>(std::ceil((limit.capacity - bucket.remaining) / limit.refill_per_s));
  res.set_header(
      "RateLimit-Policy",
      "\"" + policy + "\";q=" + std::to_string(static_cast<int>(limit.capacity)) +
          ";w=" + std::to_string(static_cast<int>(std::ceil(limit.capacity / limit.refill_per_s))));
  res.set_header("RateLimit", "\"" + policy + "\";r=" + std::to_string(remaining) +
                                  ";t=" + std::to_string(std::max(0, reset)));
  if (bucket.allowed) return;
  const int retry =
      std::max(1, static_cast<int>(std::ceil((1 - bucket.remaining) / limit.refill_per_s)));
  throw GameError(
      429, "rate_limited",
      "Too many requests for this " + whose + " (limit " + name + "); retry after " +
          std::to_string(retry) + " s.",
      {{"retry_after", retry},
       {"limit", name},
       {"burst", limit.capacity},
       {"per_second", limit.refill_per_s},
       {"resets_at", hxclock::to_rfc3339(service.clock.now() + std::chrono::seconds(retry))}},
      {{"Retry-After", std::to_string(retry)},
       {"RateLimit", "\"" + policy + "\";r=0;t=" + std::to_string(retry)},
       {"RateLimit-Policy", res.get_header_value("RateLimit-Policy")}});
}

}  // namespace

storage::Principal admit(GameService& service, const std::string& hash,
                         std::optional<storage::Principal> found, Response& res) {
  storage::Principal principal = verify_token(hash, std::move(found));
  const storage::RateLimit& limit =
      principal.is_bot ? service.options.bot_rate_limit : service.options.rate_limit;
  const storage::BucketDecision bucket = service.accounts.take_request(principal.token_id, limit);
  principal.allowed = bucket.allowed;
  principal.remaining = bucket.remaining;
  // Every token has its own bucket, so a bot's requests never use up a human's.
  charge(service, res, "token", limit, bucket,
         principal.is_bot ? "bot-requests-per-token" : "requests-per-token", "token");
  return principal;
}

std::optional<storage::Principal> reader(GameService& service, const Request& req, Response& res) {
  if (has_credential(req)) return authenticate(service, req, res);
  const storage::RateLimit& limit = service.options.anonymous_rate_limit;
  const storage::BucketDecision bucket =
      service.login_limits.take("reader:" + client_address(req), limit, service.now_text());
  charge(service, res, "address", limit, bucket, "anonymous-requests-per-address", "address");
  return std::nullopt;
}

void require_scope(const storage::Principal& principal, const std::vector<std::string>& scopes) {
  for (const auto& wanted : scopes) {
    for (const auto& have : principal.scopes) {
      if (have == wanted) return;
    }
  }
  std::string list;
  for (const auto& s : scopes) list += (list.empty() ? "" : " or ") + s;
  throw GameError(403, "insufficient_scope", "This operation needs the scope " + list + ".",
                  {{"required_scopes", scopes}});
}

json json_object_body(const Request& req) {
  json body = parse_json_body(req);
  if (!body.is_object()) {
    throw GameError(400, "invalid_body", "The request body must be a JSON object.");
  }
  return body;
}

json optional_json_object_body(const Request& req) {
  if (req.body.empty()) return json::object();
  return json_object_body(req);
}

std::string string_field(const json& body, const std::string& name, bool required,
                         std::size_t max_length) {
  if (!body.contains(name) || body.at(name).is_null()) {
    if (required) {
      throw GameError(400, "missing_field", "The field '" + name + "' is required.",
                      {{"field", name}});
    }
    return {};
  }
  const json& value = body.at(name);
  if (!value.is_string()) {
    throw GameError(400, "invalid_field", "The field '" + name + "' must be a string.",
                    {{"field", name}});
  }
  std::string text = value.get<std::string>();
  if (text.size() > max_length) {
    throw GameError(
        400, "invalid_field",
        "The field '" + name + "' is longer than " + std::to_string(max_length) + " bytes.",
        {{"field", name}});
  }
  if (text.find('\0') != std::string::npos) {
    throw GameError(400, "invalid_field", "The field '" + name + "' contains a NUL character.",
                    {{"field", name}});
  }
  return text;
}

std::optional<long long> int_field(const json& body, const std::string& name, bool required,
                                   long long min, long long max) {
  if (!body.contains(name) || body.at(name).is_null()) {
    if (required) {
      throw GameError(400, "missing_field", "The field '" + name + "' is required.",
                      {{"field", name}});
    }
    return std::nullopt;
  }
  const json& value = body.at(name);
  if (!value.is_number_integer()) {
    throw GameError(400, "invalid_field", "The field '" + name + "' must be an integer.",
                    {{"field", name}});
  }
  // Compared before any narrowing: 4294967298 must not become 2 on its way to an int.
  const bool above = value.is_number_unsigned()
                         ? value.get<unsigned long long>() > static_cast<unsigned long long>(max)
                         : value.get<long long>() > max;
  if (above || (!value.is_number_unsigned() && value.get<long long>() < min)) {
    throw GameError(400, "invalid_field",
                    "The field '" + name + "' must be an integer from " + std::to_string(min) +
                        " to " + std::to_string(max) + ".",
                    {{"field", name}, {"min", min}, {"max", max}});
  }
  return value.get<long long>();
}

std::string name_field(const json& body, const std::string& name, bool required,
                       std::size_t max_length) {
  std::string text = string_field(body, name, required, max_length);
  const bool blank = text.find_first_not_of(" \t\r\n\f\v") == std::string::npos;
  if (blank && (required || (body.contains(name) && !body.at(name).is_null()))) {
    throw GameError(400, "invalid_field", "The field '" + name + "' must not be empty or blank.",
                    {{"field", name}});
  }
  return text;
}

bool bool_field(const json& body, const std::string& name, bool fallback) {
  if (!body.contains(name) || body.at(name).is_null()) return fallback;
  if (!body.at(name).is_boolean()) {
    throw GameError(400, "invalid_field", "The field '" + name + "' must be a boolean.",
                    {{"field", name}});
  }
  return body.at(name).get<bool>();
}

storage::Id path_id(const Request& req, int index, const std::string& what) {
  const std::string text = req.matches[index].str();
  storage::Id id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) {
    throw GameError(404, what + "_not_found", "No " + what + " with id " + text + ".");
  }
  return id;
}

std::string query(const Request& req, const std::string& name) {
  return req.has_param(name.c_str()) ? req.get_param_value(name.c_str()) : std::string();
}

int int_param(const Request& req, const std::string& name, int fallback, int min, int max) {
  const std::string text = query(req, name);
  if (text.empty()) return fallback;
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    throw GameError(400, "invalid_parameter",
                    name + " must be an integer from " + std::to_string(min) + " to " +
                        std::to_string(max) + ".",
                    {{"parameter", name}, {"min", min}, {"max", max}});
  }
  return value;
}

int limit_param(const Request& req) { return int_param(req, "limit", 50, 1, 200); }

GameError bad_cursor() {
  return GameError(400, "invalid_cursor", "The cursor is not one this server gave out.",
                   {{"parameter", "cursor"}});
}

std::string base64url(const std::string& bytes) {
  static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned value = 0;
  int bits = 0;
  for (unsigned char c : bytes) {
    value = (value << 8) | c;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += table[(value >> bits) & 63];
    }
  }
  if (bits > 0) out += table[(value << (6 - bits)) & 63];
  return out;
}

std::optional<std::string> from_base64url(const std::string& text) {
  std::string out;
  unsigned value = 0;
  int bits = 0;
  for (char c : text) {
    int v = -1;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    if (c >= '0' && c <= '9') v = c - '0' + 52;
    if (c == '-') v = 62;
    if (c == '_') v = 63;
    if (v < 0) return std::nullopt;
    value = (value << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((value >> bits) & 255);
    }
  }
  return out;
}

void send_json(Response& res, int status, const json& body) {
  res.status = status;
  set_body(res, body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

void set_body(Response& res, std::string body, const std::string& content_type) {
  res.body = std::move(body);
  res.headers.erase("Content-Type");
  res.set_header("Content-Type", content_type);
}

void set_page_security_headers(Response& res) {
  res.set_header("Content-Security-Policy", std::string(kPageContentSecurityPolicy));
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("Referrer-Policy", "same-origin");
}

namespace {

// The opaque part of an entity tag ("x" of W/"x" or "x"); empty when `text` at `at` is not one.
// Moves `at` past it.
std::optional<std::string> next_entity_tag(const std::string& text, std::size_t& at) {
  if (text.compare(at, 2, "W/") == 0) at += 2;
  if (at >= text.size() || text[at] != '"') return std::nullopt;
  const std::size_t close = text.find('"', at + 1);
  if (close == std::string::npos) return std::nullopt;
  std::string opaque = text.substr(at + 1, close - at - 1);
  at = close + 1;
  return opaque;
}

// Whether the If-None-Match field value `list` matches the opaque tag `ours`.
bool list_matches(const std::string& list, const std::string& ours) {
  std::size_t at = 0;
  while (at < list.size()) {
    if (list[at] == ' ' || list[at] == '\t' || list[at] == ',') {
      ++at;
      continue;
    }
    if (list[at] == '*') return true;
    const auto tag = next_entity_tag(list, at);
    if (!tag) return false;  // malformed: nothing after it is trusted
    if (*tag == ours) return true;
  }
  return false;
}

}  // namespace

bool if_none_match_matches(const Request& req, const std::string& etag) {
  std::size_t at = 0;
  const auto ours = next_entity_tag(etag, at);
  if (!ours) return false;
  const std::size_t lines = req.get_header_value_count("If-None-Match");
  for (std::size_t i = 0; i < lines; ++i) {
    if (list_matches(req.get_header_value("If-None-Match", i), *ours)) return true;
  }
  return false;
}

bool answer_not_modified(const Request& req, Response& res, const std::string& etag) {
  res.set_header("ETag", etag);
  if (!if_none_match_matches(req, etag)) return false;
  res.status = 304;
  return true;
}

void set_next_link(const Request& req, Response& res, const std::string& next_cursor) {
  std::string target = req.path + "?";
  for (const auto& [name, value] : req.params) {
    if (name == "cursor") continue;
    // httplib's own query encoding, the inverse of the parsing that filled req.params.
    target += httplib::detail::encode_query_param(name) + "=" +
              httplib::detail::encode_query_param(value) + "&";
  }
  target += "cursor=" + httplib::detail::encode_query_param(next_cursor);
  res.set_header("Link", "<" + target + ">; rel=\"next\"");
}

GameError game_not_found(storage::Id id) {
  return GameError(404, "game_not_found", "No game " + std::to_string(id) + ".");
}

GameError refusal_error(const domain::Refusal& refusal, const json& current_state) {
  using K = domain::RefusalKind;
  const std::string code = domain::refusal_code(refusal);
  switch (refusal.kind) {
    case K::kNotAPlayer:
      return GameError(403, code, refusal.message);
    case K::kRules:
      if (code == "game_over") break;
      return GameError(422, code, refusal.message, {{"rule_code", code}});
    case K::kBadRequest:
      return GameError(400, code, refusal.message);
    case K::kLeaveRefused:
      return GameError(422, code, refusal.message);
    case K::kNotEntitled:
      return GameError(403, code, refusal.message);
    default:
      break;
  }
  return GameError(409, code, refusal.message, {{"current", current_state}});
}

}  // namespace api
