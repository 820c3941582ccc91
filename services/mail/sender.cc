#include "services/mail/sender.h"

#include <spdlog/spdlog.h>

#include <charconv>
#include <cmath>
#include <random>
#include <stdexcept>

#include "services/mail/compose.h"
#include "services/storage/pool.h"

namespace mail {

namespace {

using Env = std::map<std::string, std::string, std::less<>>;

std::string get(const Env& env, const std::string& name, const std::string& fallback = "") {
  auto it = env.find(name);
  return it == env.end() || it->second.empty() ? fallback : it->second;
}

long long bounded(const Env& env, const std::string& name, long long fallback, long long max) {
  const std::string text = get(env, name);
  if (text.empty()) return fallback;
  long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 1 || value > max) {
    throw std::invalid_argument(name + " must be a whole number from 1 to " + std::to_string(max) +
                                ", not '" + text + "'");
  }
  return value;
}

StartTls starttls_mode(const std::string& text) {
  if (text == "off") return StartTls::kOff;
  if (text == "try" || text.empty()) return StartTls::kTry;
  if (text == "require") return StartTls::kRequire;
  throw std::invalid_argument("HEXPOST_SMTP_STARTTLS must be off, try or require, not '" + text +
                              "'");
}

// Rows deleted per pass and table: 500 a second at the default poll, cheap when there are none.
constexpr int kPurgeBatch = 1000;

double random_unit() {
  thread_local std::mt19937_64 engine{std::random_device{}()};
  return std::uniform_real_distribution<double>(0, 1)(engine);
}

}  // namespace

MailOptions mail_options(const Env& env) {
  MailOptions o;
  o.smtp.url = get(env, "HEXPOST_SMTP_URL");
  if (!o.smtp.url.empty() && o.smtp.url.rfind("smtp://", 0) != 0 &&
      o.smtp.url.rfind("smtps://", 0) != 0) {
    throw std::invalid_argument("HEXPOST_SMTP_URL must start with smtp:// or smtps://");
  }
  o.smtp.user = get(env, "HEXPOST_SMTP_USER");
  o.smtp.password = get(env, "HEXPOST_SMTP_PASSWORD");
  o.smtp.starttls = starttls_mode(get(env, "HEXPOST_SMTP_STARTTLS"));
  o.domain = get(env, "HEXPOST_MAIL_DOMAIN", o.domain);
  o.from = get(env, "HEXPOST_MAIL_FROM", "Hexpost <hexpost@" + o.domain + ">");
  o.public_url = get(env, "HEXPOST_PUBLIC_URL");
  while (!o.public_url.empty() && o.public_url.back() == '/') o.public_url.pop_back();
  o.poll = std::chrono::milliseconds(bounded(env, "HEXPOST_MAIL_POLL_MS", 2000, 3'600'000));
  o.max_attempts = static_cast<int>(bounded(env, "HEXPOST_MAIL_MAX_ATTEMPTS", 12, 100));
  o.retain_days = static_cast<int>(bounded(env, "HEXPOST_MAIL_RETAIN_DAYS", 30, 3650));
  return o;
}

double backoff_s(const MailOptions& options, int attempts, double unit) {
  const double full =
      std::min(options.backoff_max_s, options.backoff_base_s * std::pow(2.0, attempts - 1));
  return full / 2 + unit * full / 2;
}

Sender::Sender(storage::ConnectionPool& pool, storage::GamesRepository& games,
               const domain::Catalog& catalog, MailOptions options, hxclock::Clock& clock)
    : repo_(pool),
      games_(games),
      catalog_(catalog),
      options_(std::move(options)),
      clock_(clock),
      smtp_(options_.enabled() ? std::make_unique<SmtpClient>(options_.smtp) : nullptr),
      task_(options_.poll, [this] { run_once(); }) {}

Sender::~Sender() { stop(); }

void Sender::start() { task_.start(); }
void Sender::stop() { task_.stop(); }

int Sender::run_once() {
  try {
    const hxclock::TimePoint now = clock_.now();
    repo_.make_digests(hxclock::to_rfc3339(now), options_.digest_period_s);
    const auto retained = std::chrono::hours(24) * options_.retain_days;
    repo_.purge_before(hxclock::to_rfc3339(now - retained), kPurgeBatch);
    if (!smtp_) return 0;  // disabled: the outbox keeps the rows, unrendered (no wasted work)
    render_due();
    return send_due();
  } catch (const std::exception& e) {
    spdlog::warn("mail: {}", e.what());
    return 0;
  }
}

int Sender::render_due() {
  int rendered = 0;
  for (;;) {
    const hxclock::TimePoint now = clock_.now();
    const auto items = repo_.unrendered(hxclock::to_rfc3339(now), options_.batch);
    for (const auto& item : items) {
      render_one(item, now);
      ++rendered;
    }
    if (static_cast<int>(items.size()) < options_.batch) return rendered;
  }
}

void Sender::render_one(const storage::OutboxItem& item, hxclock::TimePoint now) {
  std::optional<storage::RenderedRow> row;
  try {
    row = compose(item, ComposeContext{repo_, games_, catalog_, options_, now});
  } catch (const std::exception& e) {
    if (storage::is_database_unavailable(e)) throw;  // try again on the next pass
    spdlog::warn("mail: outbox row {} cannot be rendered: {}", item.id, e.what());
    repo_.fail_unrendered(item.id, std::string("cannot render: ") + e.what());
    return;
  }
  if (row) {
    repo_.store_rendered(*row);
  } else {
    repo_.fail_unrendered(item.id, "the recipient's account is gone");
  }
}

int Sender::send_due() {
  int sent = 0;
  for (;;) {
    bool stopped = false;
    const int claimed =
        repo_.send_due(hxclock::to_rfc3339(clock_.now()), options_.batch,
                       options_.hard_bounce_limit, [&](const storage::ClaimedMail& mail) {
                         auto outcome = send_one(mail);
                         if (outcome.verdict == storage::SendVerdict::kSent) ++sent;
                         stopped = stopped || outcome.stop_batch;
                         return outcome;
                       });
    if (stopped || claimed < options_.batch) return sent;
  }
}

storage::SendOutcome Sender::send_one(const storage::ClaimedMail& mail) {
  const SmtpResult result = smtp_->send(bare_address(options_.from), mail.to_address, mail.message);
  using storage::SendVerdict;
  if (result.kind == SmtpResult::Kind::kSent) return {SendVerdict::kSent, "", "", false};
  const std::string error = std::to_string(result.code) + " " + result.detail;
  if (result.kind == SmtpResult::Kind::kPermanent) {
    spdlog::warn("mail {}: {} refused it for good: {}", mail.message_id, mail.to_address, error);
    return {SendVerdict::kHardBounce, error, "", false};
  }
  const int attempts = mail.attempts + 1;
  if (attempts >= options_.max_attempts) return {SendVerdict::kFailed, error, "", false};
  const auto delay = std::chrono::microseconds(
      static_cast<long long>(backoff_s(options_, attempts, random_unit()) * 1e6));
  // The server is away or refuses us (not the recipient): the rest of the batch waits too.
  return {SendVerdict::kRetry, error, hxclock::to_rfc3339(clock_.now() + delay),
          result.server_problem};
}

}  // namespace mail
