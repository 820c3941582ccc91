#pragma once
// The game service's HTTP routes (/v1/...): accounts and tokens, the catalogue, challenges,
// games, moves, draws, records and fairness, and the OpenAPI document.
//
// Handlers follow load -> decide -> store -> answer: repositories load plain rows (one pooled
// connection per call, never two at once, none held while rules code runs), services/domain
// decides, a repository stores the result in one statement, and only then is the answer written.

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lib/clock/clock.h"
#include "services/api/board_images.h"
#include "services/api/game_documents.h"
#include "services/api/server.h"
#include "services/domain/credentials.h"
#include "services/domain/game_logic.h"
#include "services/domain/login_policy.h"
#include "services/play/play_service.h"
#include "services/storage/accounts_repository.h"
#include "services/storage/challenges_repository.h"
#include "services/storage/clocks_repository.h"
#include "services/storage/event_feed.h"
#include "services/storage/games_repository.h"
#include "services/storage/login_limits.h"
#include "services/storage/messages_repository.h"
#include "services/storage/ratings_repository.h"
#include "services/storage/tournaments_repository.h"
#include "services/sweeper/clock_sweeper.h"
#include "services/tournament/worker.h"

namespace storage {
class ConnectionPool;
}

namespace api {

struct GameServiceOptions {
  storage::RateLimit rate_limit;      // per token of a human account
  storage::RateLimit bot_rate_limit;  // per token of a bot account
  // Per client address, for requests without a credential (the public reading routes).
  storage::RateLimit anonymous_rate_limit{60, 2};
  // HEXPOST_PUBLIC_URL without a trailing '/': the server's origin for the session cookie's
  // cross-origin check and its Secure flag (empty: http://<Host header>).
  std::string public_url;
  int challenge_expiry_s = 7 * 24 * 3600;
  domain::HashQueue hash_queue;  // password hashing: slots, queue, wait (then 503 login_busy)
  domain::Argon2Params argon2;
  domain::LoginPolicy logins;    // login buckets and failure backoff (login_guard.h)
  std::string site = "hexpost";  // the record's Site tag
  sweeper::ClockOptions clocks;  // vacation allowance, reminders, dead games, sweeps
  // Rating systems, the competition worker's period, and who may organise
  // tournaments (empty: every account whose token has the organise scope).
  tourney::RatingPolicy ratings;
  int competition_interval_ms = 10000;
  std::vector<std::string> organisers;
  // How long a read trusts this instance's copy of a token (play::PlayOptions).
  double principal_read_age_s = 2;
};

// Reads HEXPOST_RATE_PER_S, HEXPOST_RATE_BURST, HEXPOST_ANON_RATE_PER_S, HEXPOST_ANON_RATE_BURST,
// HEXPOST_PUBLIC_URL and HEXPOST_CHALLENGE_EXPIRY_S (optional), the
// login variables (HEXPOST_HASH_*, HEXPOST_LOGIN_*: README's table), the clock variables of
// sweeper::clock_options, the rating variables of tourney::rating_policy,
// HEXPOST_COMPETITION_S and HEXPOST_ORGANISERS (comma-separated usernames).
// Throws std::invalid_argument naming the variable on a bad value.
GameServiceOptions game_service_options(const std::map<std::string, std::string, std::less<>>& env);

class GameService {
 public:
  GameService(storage::ConnectionPool& pool, domain::Catalog catalog,
              GameServiceOptions options = {}, hxclock::Clock& clock = hxclock::system_clock());

  storage::ConnectionPool& pool;
  hxclock::Clock& clock;  // every time computation of the service asks this
  // clock.now() as RFC 3339, the form SQL parameters take it in.
  std::string now_text() const { return hxclock::to_rfc3339(clock.now()); }
  domain::Catalog catalog;
  GameServiceOptions options;
  domain::PasswordHasher hasher;
  storage::AccountsRepository accounts;
  storage::LoginLimits login_limits;
  storage::ChallengesRepository challenges;
  storage::GamesRepository games;
  storage::ClocksRepository clocks;
  play::PlayService play;         // every change to a game goes through it
  GameDocuments documents;        // GET /v1/games/{id}'s encoded documents
  BoardImages boards;             // GET /v1/games/{id}/board.svg's images of current positions
  sweeper::ClockSweeper sweeper;  // not started here: hexpostd starts its thread
  storage::RatingsRepository ratings;
  storage::TournamentsRepository tournaments;
  storage::EventsRepository events;        // the inbox (GET /v1/me/events)
  storage::MessagesRepository messages;    // messages of games, mutes, reports
  tourney::CompetitionWorker competition;  // not started here: hexpostd starts its thread
};

struct CreatedAccount {
  storage::Id id = 0;
  std::optional<std::string> token;  // empty when the username is taken
};
// Used by POST /v1/accounts and `hexpostd admin create-user`.
CreatedAccount create_account(GameService& service, const std::string& username,
                              const std::string& email, const std::string& password, bool bot,
                              bool admin);

// One documented route: method and OpenAPI path ("/v1/games/{id}").
struct RouteDoc {
  std::string method;
  std::string path;
};

// Registers every /v1 route on `server` (plus a 503 mapper for database failures).
void add_game_service_routes(Server& server, GameService& service);
// The routes add_game_service_routes registers, for the documentation test.
const std::vector<RouteDoc>& game_service_routes();
// The OpenAPI document served at /v1/openapi.json (embedded at build time).
const std::string& openapi_document();

}  // namespace api
