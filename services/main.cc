// hexpostd: composition root. Reads the configuration once, then wires storage and api
// together for `serve`, or applies migrations for `migrate`. No logic of its own beyond that.

#include <pthread.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <systemd/sd-daemon.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <iostream>
#include <iterator>
#include <string>
#include <thread>

#include "services/api/game_service.h"
#include "services/api/health_routes.h"
#include "services/api/metrics_routes.h"
#include "services/api/request_log.h"
#include "services/api/server.h"
#include "services/api/stream_routes.h"
#include "services/api/web_routes.h"
#include "services/config.h"
#include "services/events/event_hub.h"
#include "services/mail/inbound.h"
#include "services/mail/sender.h"
#include "services/storage/instances.h"
#include "services/storage/migrations.h"
#include "services/storage/pool.h"
#include "services/storage/readiness.h"

extern char** environ;

namespace {

constexpr const char* kEnvironmentHelp = R"(
Environment (read once at start; a bad value stops hexpostd with one line):
  HEXPOST_DATABASE_URL         libpq connection string or postgresql:// URI (required)
  HEXPOST_LISTEN               host:port to serve on (default 127.0.0.1:8080; port 0 = any)
  HEXPOST_THREADS              HTTP worker threads (default 32)
  HEXPOST_DB_POOL              database connections (default 8)
  HEXPOST_DB_WAIT_MS           wait for a free connection before answering 503 (default 2000)
  HEXPOST_NO_MIGRATE           1: serve does not apply pending migrations (default 0)
  HEXPOST_MIGRATIONS_DIR       directory of NNNN_name.sql files
  HEXPOST_MAX_BODY_BYTES       request body limit (default 65536)
  HEXPOST_KEEPALIVE_MAX        requests per keep-alive connection (default 100)
  HEXPOST_KEEPALIVE_TIMEOUT_S  keep-alive idle timeout (default 5)
  HEXPOST_REQUEST_DEADLINE_MS  reading a request's head and body, in all; then 408 and close
                               (default 10000)
  HEXPOST_MAX_HEADER_FIELDS    header fields per request; more get 431 and close (default 100)
  HEXPOST_MAX_HEADER_BYTES     header bytes per request; more get 431 and close (default 16384)
  HEXPOST_MAX_CONNECTIONS_PER_ADDRESS  open connections per client address; one more gets 429
                               and is closed (default 64)
  HEXPOST_MAX_WAITING          complete requests waiting for a worker; one more gets 503
                               overloaded (default 1024)
  HEXPOST_METRICS_LISTEN       host:port of a second listener serving GET /metrics without a
                               token (keep it private); on the main listener /metrics needs a
                               token with the admin scope (default: none)
  HEXPOST_TRUSTED_PROXIES      reverse proxies (addresses or CIDRs, comma-separated): their
                               X-Real-IP names the client, and the per-address connection
                               limit does not apply to them (default: none)
  HEXPOST_HEARTBEAT_S          service_instances heartbeat period (default 10)
  HEXPOST_INSTANCE_ID          instance id (default <hostname>-<pid>)
  HEXPOST_LOG_LEVEL            trace|debug|info|warn|error|critical|off (default info)
  HEXPOST_LOG_FORMAT           text (default) or json: one JSON object per line with time,
                               level, message, request_id and an access line's fields
  HEXPOST_RATE_PER_S           per-token sustained request rate (default 20)
  HEXPOST_RATE_BURST           per-token burst (token-bucket size, default 120)
  HEXPOST_BOT_RATE_PER_S       the same for tokens of bot accounts (default: HEXPOST_RATE_PER_S)
  HEXPOST_BOT_RATE_BURST       (default: HEXPOST_RATE_BURST)
  HEXPOST_ANON_RATE_PER_S      per-address sustained rate of requests without a token (default 2)
  HEXPOST_ANON_RATE_BURST      their burst per client address (default 60)
  HEXPOST_CHALLENGE_EXPIRY_S   challenges expire after this many seconds (default 604800)
  HEXPOST_HASH_SLOTS           password hashes at once (default 2)
  HEXPOST_HASH_QUEUE           logins waiting for a hash slot; one more gets 503 login_busy (default 8)
  HEXPOST_HASH_WAIT_MS         longest wait for a hash slot, then 503 login_busy (default 2000)
  HEXPOST_LOGIN_ADDRESS_BURST  POST /v1/tokens and /v1/accounts per client address: burst (default 20)
  HEXPOST_LOGIN_ADDRESS_PER_MIN  ... and refill per minute (default 10); past it 429
  HEXPOST_LOGIN_USERNAME_BURST   the same per username: burst (default 50)
  HEXPOST_LOGIN_USERNAME_PER_MIN ... and refill per minute (default 5)
  HEXPOST_LOGIN_FREE_FAILURES  failed logins per username and address before the backoff (default 5)
  HEXPOST_LOGIN_BACKOFF_BASE_MS  first backoff; it doubles with each further failure (default 1000)
  HEXPOST_LOGIN_BACKOFF_MAX_S  longest backoff (default 900)
  HEXPOST_LOGIN_TRUST_DAYS     a username+address pair that logged in within this many days
                               skips the per-username limit (default 30)
  HEXPOST_SWEEP_S              clock sweeper period in seconds (default 30)
  HEXPOST_VACATION_DAYS        yearly vacation allowance per player (default 30)
  HEXPOST_OUTAGE_THRESHOLD_S   heartbeat gap that counts as an outage (default 600)
  HEXPOST_REMINDERS            reminder fractions of a turn's time (default 0.5,0.8,0.95)
  HEXPOST_DEAD_GAME_DAYS       unclocked games idle this long are aborted (default 90; 0 = never)
  HEXPOST_DEFAULT_DAYS_PER_MOVE  clock of a challenge that names none (default 3; 0 = unclocked)
  HEXPOST_AUTO_VACATION        1: a flag fall takes a vacation day while one is left (default 0)
  HEXPOST_MAX_STREAMS_PER_TOKEN  open streams and long polls of one token (default 4); one
                               more gets 429
  HEXPOST_MAX_STREAMS          open event/game streams and long polls (default 10000); open
                               streams hold no worker (one event loop); one more gets 503
  HEXPOST_MAX_LONG_POLLS       waiting long polls (default 64); each has its own worker on top
                               of HEXPOST_THREADS; one more gets 503
  HEXPOST_STREAM_MAX_BUFFER_BYTES  unsent output of one stream before it is cut off as a slow
                               reader (default 1048576)
  HEXPOST_STREAM_HEARTBEAT_MS  stream heartbeat period (default 10000)
  HEXPOST_STREAM_POLL_MS       event feed re-read without a NOTIFY (default 1000)
  HEXPOST_COMPETITION_S        ratings and tournament worker period in seconds (default 10)
  HEXPOST_ELO_K                fixed Elo K (default 0: FIDE K rules 40/20/10)
  HEXPOST_GLICKO2_TAU          Glicko-2 tau (default 0.5)
  HEXPOST_RATING_PERIOD_S      Glicko-2 rating period in seconds (default 604800)
  HEXPOST_PROVISIONAL_RD       Glicko-2 ratings are provisional while RD >= this (default 110)
  HEXPOST_ORGANISERS           usernames allowed to organise tournaments (default: everyone)
  HEXPOST_SMTP_URL             smtp://host:port or smtps://host:port; unset: no mail is sent
  HEXPOST_SMTP_USER            SMTP user name (optional)
  HEXPOST_SMTP_PASSWORD        SMTP password (optional)
  HEXPOST_SMTP_STARTTLS        off|try|require for smtp:// (default try)
  HEXPOST_MAIL_FROM            From of notifications (default Hexpost <hexpost@DOMAIN>)
  HEXPOST_MAIL_DOMAIN          domain of Message-IDs and move addresses (default localhost)
  HEXPOST_PUBLIC_URL           base URL of game links and unsubscribe links in mails (default
                               https://DOMAIN), the origin session cookies must come from
                               (default http://<Host>), https: the cookie is Secure
  HEXPOST_MAIL_POLL_MS         mail sender period (default 2000)
  HEXPOST_MAIL_MAX_ATTEMPTS    delivery attempts before a mail is failed (default 12)
  HEXPOST_MAIL_RETAIN_DAYS     days outbox rows and inbound ids are kept (default 30)
)";

void setup_logging(const config::Config& cfg) {
  auto logger = spdlog::stderr_color_mt("hexpostd");
  spdlog::set_default_logger(logger);
  api::use_log_format(cfg.log_json ? api::LogFormat::kJson : api::LogFormat::kText);
  spdlog::set_level(spdlog::level::from_str(cfg.log_level));
}

// libpq reads these when the connection string does not say otherwise: a black-holed database
// host must not hang start-up or a request, and pg_stat_activity should name us.
void set_libpq_defaults() {
  ::setenv("PGCONNECT_TIMEOUT", "5", /*overwrite=*/0);
  ::setenv("PGAPPNAME", "hexpostd", /*overwrite=*/0);
}

std::string default_instance_id() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) std::snprintf(host, sizeof host, "unknown");
  return std::string(host) + "-" + std::to_string(::getpid());
}

// libpq messages span several lines ("could not connect...\n\tIs the server running...").
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

// SIGINT/SIGTERM are blocked in every thread (construct this before starting any) and taken by
// one watcher thread with sigtimedwait. After the first signal it keeps calling on_signal until
// stop(), which covers a signal that lands before the server has started listening; a second
// signal exits at once.
class SignalWatcher {
 public:
  SignalWatcher() {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGINT);
    sigaddset(&signals_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
  }
  ~SignalWatcher() { stop(); }

  void start(std::function<void()> on_signal) {
    thread_ = std::thread([this, on_signal = std::move(on_signal)] { watch(on_signal); });
  }
  void stop() {
    done_ = true;
    if (thread_.joinable()) thread_.join();
  }

 private:
  void watch(const std::function<void()>& on_signal) {
    const timespec tick{0, 200'000'000};
    bool signalled = false;
    while (!done_) {
      const int signal = sigtimedwait(&signals_, nullptr, &tick);
      if (signal > 0 && signalled) {
        spdlog::warn("second {}: exiting now", strsignal(signal));
        std::_Exit(1);
      }
      if (signal > 0) {
        spdlog::info("{}: stopping (finishing requests in flight)", strsignal(signal));
        signalled = true;
      }
      if (signalled) on_signal();
    }
  }

  sigset_t signals_{};
  std::atomic<bool> done_{false};
  std::thread thread_;
};

api::Readiness to_api(const storage::Readiness& r) {
  using State = storage::Readiness::State;
  switch (r.state) {
    case State::kReady:
      return {true, "", r.detail};
    case State::kDatabaseUnavailable:
      return {false, "database_unavailable", r.detail};
    case State::kMigrationsPending:
      return {false, "migrations_pending", r.detail};
    case State::kMigrationsInvalid:
      return {false, "migrations_invalid", r.detail};
  }
  return {false, "not_ready", r.detail};
}

// Ordinary workers plus one per waiting long poll: long polls never take an ordinary worker
// (open streams hold none: they live on the stream loop).
api::ServerOptions server_options(const config::Config& cfg, const api::StreamOptions& streams) {
  api::ServerOptions options = api::server_options(cfg);
  options.threads += streams.max_long_polls;
  return options;
}

void log_applied(const std::vector<std::string>& applied, std::size_t total) {
  if (applied.empty()) spdlog::info("migrations: schema is current ({} files)", total);
  for (const auto& file : applied) spdlog::info("migrations: applied {}", file);
}

int run_migrate(const config::Config& cfg) {
  const auto migrations = storage::load_migrations(cfg.migrations_dir);
  log_applied(storage::apply_migrations(cfg.database_url, migrations), migrations.size());
  return 0;
}

// Applies pending migrations unless told not to, and refuses to go on when an applied file
// was edited (apply_migrations throws; without migrating, the status check does).
void prepare_schema(const config::Config& cfg, storage::ConnectionPool& pool,
                    const std::vector<storage::Migration>& migrations) {
  if (cfg.migrate_on_serve) {
    log_applied(storage::apply_migrations(cfg.database_url, migrations), migrations.size());
    return;
  }
  const auto status = storage::migration_status(pool, migrations);
  if (!status.problems.empty()) throw storage::MigrationError(status.problems.front());
  if (!status.pending.empty()) {
    spdlog::warn("migrations: {} pending and HEXPOST_NO_MIGRATE is set; /readyz answers 503",
                 status.pending.size());
  }
}

std::string url_for(const config::ListenAddress& listen, int port) {
  const bool v6 = listen.host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + listen.host + "]" : listen.host) + ":" + std::to_string(port);
}

// GET /metrics without a token on HEXPOST_METRICS_LISTEN (meant for a private address), served
// by a small server of its own on its own thread, while this lives.
class MetricsListener {
 public:
  MetricsListener(const config::Config& cfg, api::GameService& games) {
    if (!cfg.metrics_listen) return;
    api::ServerOptions options;
    options.threads = 2;
    server_ = std::make_unique<api::Server>(options);
    api::add_metrics_route(*server_, games, /*require_admin=*/false);
    const int port = server_->bind(cfg.metrics_listen->host, cfg.metrics_listen->port);
    spdlog::info("metrics on {}/metrics", url_for(*cfg.metrics_listen, port));
    thread_ = std::thread([this] { server_->run(); });
  }
  ~MetricsListener() {
    if (!server_) return;
    server_->stop();
    thread_.join();
  }

 private:
  std::unique_ptr<api::Server> server_;
  std::thread thread_;
};

int run_serve(const config::Config& cfg, const api::GameServiceOptions& game_options,
              const api::StreamOptions& stream_options, const mail::MailOptions& mail_options) {
  SignalWatcher signals;  // before any thread exists
  const auto migrations = storage::load_migrations(cfg.migrations_dir);
  storage::ConnectionPool pool(cfg.database_url, static_cast<std::size_t>(cfg.db_pool),
                               cfg.db_wait);
  prepare_schema(cfg, pool, migrations);

  // Before any sweep: a gap in every instance's heartbeat is an outage, and the clocks are
  // frozen for it (this also registers the instance).
  if (auto outage = storage::ClocksRepository(pool).check_outage(
          cfg.instance_id, hxclock::to_rfc3339(hxclock::system_clock().now()),
          game_options.clocks.outage_threshold_s)) {
    spdlog::warn("outage from {} to {}: {} running clocks extended by {:.0f} s", outage->from,
                 outage->to, outage->seats, outage->extended_by_s);
  }
  storage::InstanceRepository instances(pool);
  instances.register_start(cfg.instance_id);
  storage::Heartbeat heartbeat(instances, cfg.instance_id, cfg.heartbeat_interval);
  heartbeat.start();

  api::Server server(server_options(cfg, stream_options));
  server.add_exception_mapper([](const std::exception& e) -> std::optional<api::ApiError> {
    if (!storage::is_database_unavailable(e)) return std::nullopt;
    return api::ApiError(503, "database_unavailable", "The database is not available.", 5);
  });
  api::add_health_routes(server,
                         [&] { return to_api(storage::check_readiness(pool, migrations)); });
  api::GameService games(pool, domain::Catalog::from_registry(), game_options);
  api::add_game_service_routes(server, games);
  events::EventHub hub(cfg.database_url, {stream_options.poll});
  api::StreamService streams(games, hub, stream_options);
  api::add_stream_routes(server, streams);
  api::ServiceMetrics service_metrics(games, HEXPOST_VERSION);
  api::add_metrics_route(server, games, /*require_admin=*/true);
  api::add_web_routes(server);
  MetricsListener metrics_listener(cfg, games);
  hub.start();
  games.sweeper.start();
  games.competition.start();
  mail::Sender mail_sender(pool, games.games, games.catalog, mail_options);
  mail_sender.start();
  spdlog::info("mail: {} (domain {})",
               mail_options.enabled() ? "sending over SMTP"
                                      : "not sent (HEXPOST_SMTP_URL unset); the outbox records",
               mail_options.domain);
  const int port = server.bind(cfg.listen.host, cfg.listen.port);
  spdlog::info("instance {} listening on {}", cfg.instance_id, url_for(cfg.listen, port));
  // systemd's Type=notify readiness (ops/systemd/hexpostd.service): the schema is migrated and
  // the socket listens. Without $NOTIFY_SOCKET (not started by systemd) this does nothing.
  sd_notifyf(0, "READY=1\nSTATUS=listening on %s", url_for(cfg.listen, port).c_str());

  signals.start([&server, &hub] {
    hub.stop();  // ends the open streams, so the workers can finish
    server.stop();
  });
  const bool clean = server.run();
  sd_notify(0, "STOPPING=1");
  signals.stop();
  hub.stop();
  mail_sender.stop();
  games.sweeper.stop();
  games.competition.stop();
  heartbeat.stop();
  spdlog::info("hexpostd stopped");
  return clean ? 0 : 1;
}

// `hexpostd admin create-user NAME --email E [--admin] [--bot]`: the password is read from
// stdin (first line), never from the command line; the new token is printed once.
int run_create_user(const config::Config& cfg, const api::GameServiceOptions& options,
                    const std::string& username, const std::string& email, bool admin, bool bot) {
  std::string password;
  std::getline(std::cin, password);
  if (!domain::valid_username(username) || !domain::valid_email(email) || password.size() < 8) {
    std::fprintf(
        stderr,
        "hexpostd: need a valid username, e-mail and a password of 8+ characters on stdin\n");
    return 2;
  }
  storage::ConnectionPool pool(cfg.database_url, 1, cfg.db_wait);
  api::GameService service(pool, domain::Catalog::from_registry(), options);
  const api::CreatedAccount created =
      api::create_account(service, username, email, password, bot, admin);
  if (!created.token) {
    std::fprintf(stderr, "hexpostd: the username %s is taken\n", username.c_str());
    return 1;
  }
  std::printf("%s\n", created.token->c_str());
  return 0;
}

// `hexpostd mail-in [--recipient ADDR]`: one RFC 5322 message on stdin, from the MTA's pipe;
// the exit code follows sysexits.h (0, 67 EX_NOUSER, 75 EX_TEMPFAIL).
int run_mail_in(const config::Config& cfg, const api::GameServiceOptions& options,
                const mail::MailOptions& mail_options, const std::string& recipient) {
  const std::string raw{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  storage::ConnectionPool pool(cfg.database_url, 1, cfg.db_wait);
  api::GameService service(pool, domain::Catalog::from_registry(), options);
  storage::MailRepository repo(pool);
  return mail::handle_inbound(service.play, repo, service.messages, mail_options.domain, raw,
                              recipient)
      .exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"hexpostd: the Hexpost correspondence game server"};
  app.set_version_flag("--version", std::string("hexpostd ") + HEXPOST_VERSION);
  app.require_subcommand(1);
  app.footer(kEnvironmentHelp);
  CLI::App* serve = app.add_subcommand("serve", "apply pending migrations, then serve HTTP");
  app.add_subcommand("migrate", "apply pending migrations and exit");
  CLI::App* admin = app.add_subcommand("admin", "administration");
  admin->require_subcommand(1);
  CLI::App* create_user =
      admin->add_subcommand("create-user", "create an account (password from stdin)");
  std::string new_username, new_email;
  bool new_admin = false, new_bot = false;
  create_user->add_option("username", new_username)->required();
  create_user->add_option("--email", new_email)->required();
  create_user->add_flag("--admin", new_admin, "with the admin scope");
  create_user->add_flag("--bot", new_bot, "a bot account");
  CLI::App* mail_in = app.add_subcommand(
      "mail-in", "apply one incoming mail from stdin (MTA pipe; sysexits codes)");
  std::string mail_recipient;
  mail_in->add_option("--recipient", mail_recipient,
                      "the envelope recipient (postfix ${recipient})");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  config::Config cfg;
  try {
    cfg = config::load_config(config::environment_map(environ));
  } catch (const config::ConfigError& e) {
    std::fprintf(stderr, "hexpostd: configuration error: %s\n", e.what());
    return mail_in->parsed() ? mail::kExitTempFail : 2;  // the MTA keeps the mail meanwhile
  }
  if (cfg.instance_id.empty()) cfg.instance_id = default_instance_id();
  setup_logging(cfg);
  set_libpq_defaults();
  spdlog::info("hexpostd {}: {}", HEXPOST_VERSION, config::describe(cfg));
  try {
    const api::GameServiceOptions game_options =
        api::game_service_options(config::environment_map(environ));
    if (create_user->parsed()) {
      return run_create_user(cfg, game_options, new_username, new_email, new_admin, new_bot);
    }
    const auto env = config::environment_map(environ);
    const mail::MailOptions mail_options = mail::mail_options(env);
    if (mail_in->parsed()) return run_mail_in(cfg, game_options, mail_options, mail_recipient);
    return serve->parsed() ? run_serve(cfg, game_options, api::stream_options(env), mail_options)
                           : run_migrate(cfg);
  } catch (const std::exception& e) {
    spdlog::critical("{}", one_line(e.what()));
    return mail_in->parsed() ? mail::kExitTempFail : 1;
  }
}
