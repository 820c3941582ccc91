#include "services/api/game_service.h"

#include <pqxx/pqxx>

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "rules/core/text.h"
#include "services/api/routes.h"
#include "services/storage/pool.h"

namespace api {

namespace {

double positive_number(const std::map<std::string, std::string, std::less<>>& env,
                       const std::string& name, double fallback, double max) {
  auto it = env.find(name);
  if (it == env.end() || it->second.empty()) return fallback;
  double value = 0;
  auto [end, ec] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), value);
  if (ec != std::errc() || end != it->second.data() + it->second.size() || value <= 0 ||
      value > max) {
    throw std::invalid_argument(name + " must be a number above 0 and at most " +
                                std::to_string(static_cast<long long>(max)) + ", not '" +
                                it->second + "'");
  }
  return value;
}

// The password hashing queue is full or its wait ran out: come back in a second.
std::optional<ApiError> hasher_busy(const std::exception& e) {
  if (dynamic_cast<const domain::HasherBusy*>(&e) == nullptr) return std::nullopt;
  return ApiError(503, "login_busy",
                  "Too many passwords are being checked right now; retry in a second.", 1);
}

int whole_number(const std::map<std::string, std::string, std::less<>>& env,
                 const std::string& name, int fallback, int max) {
  const double value = positive_number(env, name, fallback, max);
  if (value != std::floor(value)) {
    throw std::invalid_argument(name + " must be a whole number, not '" + env.at(name) + "'");
  }
  return static_cast<int>(value);
}

// HEXPOST_HASH_* and HEXPOST_LOGIN_* (README's table; domain/login_policy.h for their meaning).
void read_login_options(const std::map<std::string, std::string, std::less<>>& env,
                        GameServiceOptions& options) {
  domain::HashQueue& queue = options.hash_queue;
  queue.slots = whole_number(env, "HEXPOST_HASH_SLOTS", queue.slots, 256);
  queue.max_waiting = whole_number(env, "HEXPOST_HASH_QUEUE", queue.max_waiting, 4096);
  queue.max_wait = std::chrono::milliseconds(
      whole_number(env, "HEXPOST_HASH_WAIT_MS", static_cast<int>(queue.max_wait.count()), 60000));
  domain::LoginPolicy& p = options.logins;
  p.per_address.burst =
      positive_number(env, "HEXPOST_LOGIN_ADDRESS_BURST", p.per_address.burst, 1e6);
  p.per_address.per_minute =
      positive_number(env, "HEXPOST_LOGIN_ADDRESS_PER_MIN", p.per_address.per_minute, 1e6);
  p.per_username.burst =
      positive_number(env, "HEXPOST_LOGIN_USERNAME_BURST", p.per_username.burst, 1e6);
  p.per_username.per_minute =
      positive_number(env, "HEXPOST_LOGIN_USERNAME_PER_MIN", p.per_username.per_minute, 1e6);
  p.free_failures = whole_number(env, "HEXPOST_LOGIN_FREE_FAILURES", p.free_failures, 1000000);
  p.backoff_base = std::chrono::milliseconds(whole_number(
      env, "HEXPOST_LOGIN_BACKOFF_BASE_MS", static_cast<int>(p.backoff_base.count()), 3'600'000));
  p.backoff_max = std::chrono::seconds(whole_number(
      env, "HEXPOST_LOGIN_BACKOFF_MAX_S", static_cast<int>(p.backoff_max.count()), 86400));
  p.trusted_for =
      std::chrono::hours(24 * whole_number(env, "HEXPOST_LOGIN_TRUST_DAYS",
                                           static_cast<int>(p.trusted_for.count() / 24), 3650));
}

// Database failures that mean "not available right now": 503 with Retry-After, not 500.
std::optional<ApiError> database_failure(const std::exception& e) {
  if (storage::is_database_unavailable(e) || dynamic_cast<const pqxx::in_doubt_error*>(&e)) {
    return ApiError(503, "database_unavailable", "The database is not available.", 2);
  }
  if (const auto* sql = dynamic_cast<const pqxx::sql_error*>(&e)) {
    const std::string state = sql->sqlstate();
    // 08: connection exceptions; 57: operator intervention (shutdown, cancel); 53: resources.
    if (state.rfind("08", 0) == 0 || state.rfind("57", 0) == 0 || state.rfind("53", 0) == 0) {
      return ApiError(503, "database_unavailable", "The database is not available.", 2);
    }
  }
  return std::nullopt;
}

const std::vector<RouteDoc> kRoutes = {
    {"POST", "/v1/accounts"},
    {"POST", "/v1/tokens"},
    {"GET", "/v1/tokens"},
    {"DELETE", "/v1/tokens/{id}"},
    {"GET", "/v1/me"},
    {"GET", "/v1/catalog"},
    {"POST", "/v1/challenges"},
    {"GET", "/v1/challenges"},
    {"GET", "/v1/challenges/{id}"},
    {"POST", "/v1/challenges/{id}/accept"},
    {"POST", "/v1/challenges/{id}/decline"},
    {"POST", "/v1/challenges/{id}/cancel"},
    {"GET", "/v1/me/games"},
    {"GET", "/v1/me/events"},
    {"GET", "/v1/games"},
    {"GET", "/v1/games/{id}"},
    {"POST", "/v1/games/{id}/moves"},
    {"POST", "/v1/games/{id}/preview"},
    {"POST", "/v1/games/{id}/resign"},
    {"POST", "/v1/games/{id}/draw"},
    {"POST", "/v1/games/{id}/abort"},
    {"POST", "/v1/games/{id}/leave"},
    {"POST", "/v1/games/{id}/leave/vote"},
    {"POST", "/v1/games/{id}/leave/accept"},
    {"GET", "/v1/games/{id}/record"},
    {"GET", "/v1/games/{id}/fairness"},
    {"GET", "/v1/games/{id}/conditional"},
    {"PUT", "/v1/games/{id}/conditional"},
    {"DELETE", "/v1/games/{id}/conditional"},
    {"GET", "/v1/openapi.json"},
    {"PATCH", "/v1/me"},
    {"GET", "/v1/me/vacation"},
    {"POST", "/v1/me/vacation"},
    {"POST", "/v1/me/vacation/stop"},
    {"GET", "/v1/admin/clocks"},
    {"POST", "/v1/admin/clocks"},
    {"POST", "/v1/tournaments"},
    {"GET", "/v1/tournaments"},
    {"GET", "/v1/tournaments/{id}"},
    {"POST", "/v1/tournaments/{id}/join"},
    {"POST", "/v1/tournaments/{id}/withdraw"},
    {"POST", "/v1/tournaments/{id}/start"},
    {"GET", "/v1/ratings/{game}"},
    {"GET", "/v1/ratings/{game}/{username}"},
    {"GET", "/v1/me/notifications"},
    {"PATCH", "/v1/me/notifications"},
    {"POST", "/v1/me/notifications/rotate-secret"},
    {"POST", "/v1/mail/unsubscribe"},
    {"POST", "/v1/games/{id}/messages"},
    {"GET", "/v1/games/{id}/messages"},
    {"POST", "/v1/games/{id}/messages/{message_id}/report"},
    {"GET", "/v1/me/mutes"},
    {"PUT", "/v1/me/mutes/{username}"},
    {"DELETE", "/v1/me/mutes/{username}"},
    {"POST", "/v1/session"},
    {"GET", "/v1/session"},
    {"DELETE", "/v1/session"},
    {"GET", "/v1/players/{username}"},
    {"GET", "/v1/games/{id}/board.svg"},
};

}  // namespace

GameServiceOptions game_service_options(
    const std::map<std::string, std::string, std::less<>>& env) {
  GameServiceOptions options;
  options.rate_limit.refill_per_s = positive_number(env, "HEXPOST_RATE_PER_S", 20, 1e6);
  options.rate_limit.capacity = positive_number(env, "HEXPOST_RATE_BURST", 120, 1e7);
  options.bot_rate_limit.refill_per_s =
      positive_number(env, "HEXPOST_BOT_RATE_PER_S", options.rate_limit.refill_per_s, 1e6);
  options.bot_rate_limit.capacity =
      positive_number(env, "HEXPOST_BOT_RATE_BURST", options.rate_limit.capacity, 1e7);
  options.anonymous_rate_limit.refill_per_s = positive_number(
      env, "HEXPOST_ANON_RATE_PER_S", options.anonymous_rate_limit.refill_per_s, 1e6);
  options.anonymous_rate_limit.capacity =
      positive_number(env, "HEXPOST_ANON_RATE_BURST", options.anonymous_rate_limit.capacity, 1e7);
  if (auto it = env.find("HEXPOST_PUBLIC_URL"); it != env.end()) options.public_url = it->second;
  while (!options.public_url.empty() && options.public_url.back() == '/') {
    options.public_url.pop_back();
  }
  options.challenge_expiry_s = static_cast<int>(
      positive_number(env, "HEXPOST_CHALLENGE_EXPIRY_S", 7 * 24 * 3600, 365 * 24 * 3600));
  read_login_options(env, options);
  options.clocks = sweeper::clock_options(env);
  options.ratings = tourney::rating_policy(env);
  options.competition_interval_ms =
      static_cast<int>(1000 * positive_number(env, "HEXPOST_COMPETITION_S", 10, 3600));
  if (auto it = env.find("HEXPOST_ORGANISERS"); it != env.end()) {
    for (std::string_view part : rules::split(it->second, ',')) {
      std::string name(part);
      std::erase(name, ' ');
      if (!name.empty()) options.organisers.push_back(name);
    }
  }
  return options;
}

GameService::GameService(storage::ConnectionPool& pool_ref, domain::Catalog catalog_value,
                         GameServiceOptions options_value, hxclock::Clock& clock_ref)
    : pool(pool_ref),
      clock(clock_ref),
      catalog(std::move(catalog_value)),
      options(options_value),
      hasher(options_value.hash_queue, options_value.argon2),
      accounts(pool_ref),
      login_limits(pool_ref),
      challenges(pool_ref),
      games(pool_ref),
      clocks(pool_ref),
      play(pool_ref, catalog, games, clocks, clock_ref,
           {options_value.clocks.auto_vacation, options_value.clocks.vacation_days_per_year,
            options_value.clocks.leave_vote_s, options_value.principal_read_age_s}),
      sweeper(play, clocks, clock_ref, options_value.clocks),
      ratings(pool_ref),
      tournaments(pool_ref),
      events(pool_ref),
      messages(pool_ref),
      competition(ratings, tournaments, catalog, clock_ref, options_value.ratings,
                  std::chrono::milliseconds(options_value.competition_interval_ms)) {}

void add_game_service_routes(Server& server, GameService& service) {
  server.add_exception_mapper(database_failure);
  server.add_exception_mapper(hasher_busy);
  add_account_routes(server, service);
  add_challenge_routes(server, service);
  add_game_routes(server, service);
  add_conditional_routes(server, service);
  add_clock_routes(server, service);
  add_tournament_routes(server, service);
  add_rating_routes(server, service);
  add_mail_routes(server, service);
  add_inbox_routes(server, service);
  add_message_routes(server, service);
  add_session_routes(server, service);
  add_player_routes(server, service);
  add_board_routes(server, service);
  server.get("/v1/openapi.json", [](const Request&, Response& res) {
    res.status = 200;
    res.set_content(openapi_document(), "application/json");
  });
}

const std::vector<RouteDoc>& game_service_routes() { return kRoutes; }

}  // namespace api
