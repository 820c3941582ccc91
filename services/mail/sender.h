#pragma once
// The mail sender inside hexpostd: every `poll` it folds due digests, renders outbox rows that
// are due and not yet rendered (compose.h), then sends rendered rows over SMTP. Rows are claimed
// with FOR UPDATE SKIP LOCKED, so several instances share the outbox; a crash mid-batch leaves
// the rows queued and they are sent again with the same Message-ID (at-least-once delivery).
//
// Outcomes: a 4xx reply or a transport failure retries with exponential backoff and jitter; a
// 5xx reply or the attempt limit marks the row failed; a 5xx also counts a hard bounce for the
// address, which is suppressed after `hard_bounce_limit` of them in a row (a delivery resets the
// count). Without an SMTP URL nothing is rendered or sent and the outbox keeps recording.
//
// Retention: each pass deletes up to 1,000 outbox rows and 1,000 inbound Message-IDs older than
// retain_days, whatever their state (a notification that old is no longer worth sending), so
// the tables stay bounded also when mail is off.

#include <chrono>
#include <map>
#include <memory>
#include <string>

#include "lib/clock/clock.h"
#include "lib/clock/periodic.h"
#include "services/domain/game_logic.h"
#include "services/mail/smtp.h"
#include "services/storage/games_repository.h"
#include "services/storage/mail_repository.h"

namespace mail {

struct MailOptions {
  SmtpSettings smtp;
  std::string from = "Hexpost <hexpost@localhost>";  // HEXPOST_MAIL_FROM
  std::string domain = "localhost";                  // HEXPOST_MAIL_DOMAIN
  std::string public_url;  // HEXPOST_PUBLIC_URL, for unsubscribe links; "" = https://<domain>
  int max_attempts = 12;   // HEXPOST_MAIL_MAX_ATTEMPTS
  double backoff_base_s = 60;
  double backoff_max_s = 6 * 3600;
  int hard_bounce_limit = 3;
  int batch = 50;
  std::chrono::milliseconds poll{2000};  // HEXPOST_MAIL_POLL_MS
  double digest_period_s = 86400;
  int retain_days = 30;  // HEXPOST_MAIL_RETAIN_DAYS: older outbox rows and inbound ids are deleted
  bool enabled() const { return !smtp.url.empty(); }
};

// Reads HEXPOST_SMTP_URL, HEXPOST_SMTP_USER, HEXPOST_SMTP_PASSWORD, HEXPOST_SMTP_STARTTLS
// (off|try|require), HEXPOST_MAIL_FROM, HEXPOST_MAIL_DOMAIN, HEXPOST_PUBLIC_URL,
// HEXPOST_MAIL_POLL_MS, HEXPOST_MAIL_MAX_ATTEMPTS, HEXPOST_MAIL_RETAIN_DAYS. Throws
// std::invalid_argument naming the variable on a bad value.
MailOptions mail_options(const std::map<std::string, std::string, std::less<>>& env);

// The delay before retry number `attempts` (1 = the first retry): base * 2^(attempts-1), capped,
// then a uniformly random point in its upper half. `unit` in [0, 1) is the random draw.
double backoff_s(const MailOptions& options, int attempts, double unit);

class Sender {
 public:
  Sender(storage::ConnectionPool& pool, storage::GamesRepository& games,
         const domain::Catalog& catalog, MailOptions options,
         hxclock::Clock& clock = hxclock::system_clock());
  ~Sender();

  // One pass; returns the number of messages handed to the SMTP server (0 when disabled).
  // Never throws (failures are logged).
  int run_once();
  // Runs run_once every options.poll on a thread of its own.
  void start();
  void stop();

  const MailOptions& options() const { return options_; }

 private:
  int render_due();
  void render_one(const storage::OutboxItem& item, hxclock::TimePoint now);
  int send_due();
  storage::SendOutcome send_one(const storage::ClaimedMail& mail);

  storage::MailRepository repo_;
  storage::GamesRepository& games_;
  const domain::Catalog& catalog_;
  MailOptions options_;
  hxclock::Clock& clock_;
  std::unique_ptr<SmtpClient> smtp_;
  hxclock::PeriodicTask task_;
};

}  // namespace mail
