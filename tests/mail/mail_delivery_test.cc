// Delivery guarantees of the mail sender (label db) against a real SMTP server on loopback:
// 4xx retried with backoff until it recovers (simulated time, nothing lost), 5xx failed without
// retry, hard bounces suppress the address, and a sender killed mid-batch loses nothing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <map>
#include <pqxx/pqxx>
#include <set>
#include <thread>

#include "tests/mail/mail_world.h"

namespace {

using mailtest::header_of;
using mailtest::MailWorld;

// `n` rendered rows for the account, as the sender would have stored them.
void insert_rendered(long long n, const std::string& username, const std::string& to) {
  pqxx::connection c(svctest::database_url());
  pqxx::nontransaction tx(c);
  tx.exec_params(
      "INSERT INTO mail_outbox (account_id, kind, message_id, to_address, subject, message) "
      "SELECT (SELECT id FROM accounts WHERE username = $1), 'reply', '<bulk-' || g || "
      "'@games.test>', $2, 'bulk ' || g, 'From: games@games.test' || E'\\r\\nTo: ' || $2 || "
      "E'\\r\\nSubject: bulk ' || g || E'\\r\\nMessage-ID: <bulk-' || g || "
      "E'@games.test>\\r\\n\\r\\nbody ' || g || E'\\r\\n' FROM generate_series(1, $3) g",
      username, to, n);
}

TEST(MailDelivery, TemporaryFailuresForTenMinutesThenRecoveryLoseNothing) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const auto a = svctest::make_account(w.client, "erin");
  insert_rendered(5, a.username, w.email(a));
  const std::string mine = " AND to_address = '" + w.email(a) + "'";
  w.sink.set_mode("4xx");
  for (int minute = 0; minute < 10; ++minute) {
    w.sender->run_once();
    w.clock.advance(std::chrono::minutes(1));
  }
  EXPECT_EQ(w.sink.count(), 0u);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'queued' AND attempts "
                        ">= 3 AND last_error LIKE '451%'" +
                        mine),
            5);
  w.sink.set_mode("ok");
  w.clock.advance(std::chrono::hours(1));
  EXPECT_EQ(w.sender->run_once(), 5);
  std::set<std::string> ids;
  for (const auto& m : w.sink.messages()) ids.insert(header_of(m, "Message-ID"));
  EXPECT_EQ(ids.size(), 5u);
  EXPECT_EQ(ids.count("<bulk-1@games.test>"), 1u);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'" + mine), 5);
}

TEST(MailDelivery, PermanentFailureIsNotRetriedAndRepeatedBouncesSuppress) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const auto a = svctest::make_account(w.client, "frank");
  insert_rendered(1, a.username, w.email(a));
  const std::string mine = " AND to_address = '" + w.email(a) + "'";
  w.sink.set_mode("5xx");
  w.sender->run_once();
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'failed' AND attempts "
                        "= 1 AND last_error LIKE '550%'" +
                        mine),
            1);
  w.sink.set_mode("ok");
  w.clock.advance(std::chrono::hours(48));
  EXPECT_EQ(w.sender->run_once(), 0);
  EXPECT_EQ(w.sink.count(), 0u);
  EXPECT_EQ(w.client.get("/v1/me", a.token).body["email_suppressed"], false);

  // Two more hard bounces (limit 3): the address is suppressed, and shown as such.
  w.sink.set_mode("5xx");
  insert_rendered(2, a.username, w.email(a));
  w.sender->run_once();
  EXPECT_EQ(w.client.get("/v1/me", a.token).body["email_suppressed"], true);
  const auto notifications = w.client.get("/v1/me/notifications", a.token).body;
  EXPECT_EQ(notifications["suppressed"], true);
  EXPECT_EQ(notifications["hard_bounces"], 3);
  w.sink.set_mode("ok");
  insert_rendered(1, a.username, w.email(a));
  w.sender->run_once();
  EXPECT_EQ(w.sink.count(), 0u);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'suppressed'" + mine), 1);
}

TEST(MailDelivery, WithoutSmtpUrlTheOutboxStillRecords) {
  SVC_REQUIRE_DB();
  MailWorld w;
  mail::MailOptions off = w.options;
  off.smtp.url.clear();
  mail::Sender disabled(w.server.service().pool, w.server.service().games,
                        w.server.service().catalog, off, w.clock);
  const auto a = svctest::make_account(w.client, "gina");
  const auto b = svctest::make_account(w.client, "hank");
  svctest::start_game(w.client, {a, b}, "counting");
  EXPECT_EQ(disabled.run_once(), 0);
  EXPECT_EQ(w.sink.count(), 0u);
  // The challenge and the first "your turn", waiting (rendered once mail is enabled).
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'queued' AND message "
                        "IS NULL"),
            2);
  w.sender->run_once();
  EXPECT_EQ(w.mails_to(a).size() + w.mails_to(b).size(), 2u);
}

TEST(MailDelivery, ARowThatCannotBeRenderedFailsInsteadOfBlockingTheOutbox) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const auto a = svctest::make_account(w.client, "lena");
  {
    pqxx::connection c(svctest::database_url());
    pqxx::nontransaction tx(c);
    tx.exec_params(
        "INSERT INTO mail_outbox (account_id, kind, payload) SELECT id, 'challenge', "
        "'{\"challenge_id\": \"not-a-number\"}' FROM accounts WHERE username = $1",
        a.username);
  }
  insert_rendered(1, a.username, w.email(a));
  EXPECT_EQ(w.sender->run_once(), 1);
  const std::string mine =
      " AND account_id = (SELECT id FROM accounts WHERE username = '" + a.username + "')";
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'failed' AND "
                        "last_error LIKE 'cannot render:%'" +
                        mine),
            1);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'" + mine), 1);
}

pid_t spawn_hexpostd(const std::string& smtp_url) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setenv("HEXPOST_DATABASE_URL", svctest::database_url().c_str(), 1);
    ::setenv("HEXPOST_LISTEN", "127.0.0.1:0", 1);
    ::setenv("HEXPOST_SMTP_URL", smtp_url.c_str(), 1);
    ::setenv("HEXPOST_SMTP_STARTTLS", "off", 1);
    ::setenv("HEXPOST_MAIL_DOMAIN", "games.test", 1);
    ::setenv("HEXPOST_MAIL_POLL_MS", "50", 1);
    ::setenv("HEXPOST_LOG_LEVEL", "warn", 1);
    ::execl(HEXPOSTD_BINARY, "hexpostd", "serve", nullptr);
    ::_exit(127);
  }
  return pid;
}

template <class Done>
bool wait_for(Done done, std::chrono::seconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

TEST(MailDelivery, SenderKilledMidBatchOfAThousandLosesNothing) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const auto a = svctest::make_account(w.client, "ivan");
  insert_rendered(1000, a.username, w.email(a));
  const std::string mine = " AND to_address = '" + w.email(a) + "'";
  pid_t pid = spawn_hexpostd(w.sink.url());
  ASSERT_TRUE(wait_for([&] { return w.sink.count() >= 300; }, std::chrono::seconds(120)));
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  const long long sent_at_kill = w.sql_count(
      "SELECT count(*) FROM mail_outbox WHERE status = "
      "'sent'" +
      mine);
  const std::size_t received_at_kill = w.sink.count();
  EXPECT_LT(sent_at_kill, 1000);
  pid = spawn_hexpostd(w.sink.url());
  const bool all_sent = wait_for(
      [&] {
        return w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'" + mine) == 1000;
      },
      std::chrono::seconds(180));
  ::kill(pid, SIGTERM);
  ::waitpid(pid, nullptr, 0);
  ASSERT_TRUE(all_sent)
      << w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'" + mine) << " sent; "
      << w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'queued'" + mine)
      << " queued, " << w.sql_count("SELECT count(*) FROM mail_outbox WHERE attempts > 1" + mine)
      << " retried, " << w.sink.count() << " received";
  std::map<std::string, std::set<std::string>> copies;  // Message-ID -> distinct texts
  std::size_t total = 0;
  for (const auto& m : w.sink.messages()) {
    if (header_of(m, "To") != w.email(a)) continue;
    copies[header_of(m, "Message-ID")].insert(m);
    ++total;
  }
  EXPECT_EQ(copies.size(), 1000u);
  for (const auto& [id, texts] : copies) EXPECT_EQ(texts.size(), 1u) << id;
  std::printf(
      "killed after %zu received (%lld recorded sent); %zu received in all, %zu "
      "duplicates\n",
      received_at_kill, sent_at_kill, total, total - copies.size());
}

}  // namespace

namespace {

TEST(MailDelivery, SmtpAuthRefusedIsTheServersProblemNotABounce) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const mailtest::SmtpSink strict("hexpost:s3cret");  // requires AUTH
  const auto a = svctest::make_account(w.client, "olga");
  insert_rendered(3, a.username, w.email(a));
  const std::string mine = " AND to_address = '" + w.email(a) + "'";
  mail::MailOptions options = w.options;
  options.smtp.url = strict.url();
  mail::Sender anonymous(w.server.service().pool, w.server.service().games,
                         w.server.service().catalog, options, w.clock);
  EXPECT_EQ(anonymous.run_once(), 0);
  // 530 at MAIL FROM: the first row waits for a retry, the batch stops, nobody is suppressed.
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'queued' AND attempts "
                        "= 1 AND last_error LIKE '530%'" +
                        mine),
            1);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE status = 'queued'" + mine), 3);
  EXPECT_EQ(
      w.sql_count("SELECT count(*) FROM mail_suppressions WHERE address = '" + w.email(a) + "'"),
      0);
  options.smtp.user = "hexpost";
  options.smtp.password = "s3cret";
  mail::Sender authenticated(w.server.service().pool, w.server.service().games,
                             w.server.service().catalog, options, w.clock);
  w.clock.advance(std::chrono::hours(1));
  EXPECT_EQ(authenticated.run_once(), 3);
  EXPECT_EQ(strict.count(), 3u);
}

}  // namespace

namespace {

using svctest::Account;

// HEXPOST_MAIL_RETAIN_DAYS (30 here): a pass of the sender deletes outbox rows and inbound
// Message-IDs older than that, in every state, and keeps younger ones.
TEST(MailRetention, RowsOlderThanTheRetentionGoWhateverTheirStateYoungerOnesStay) {
  SVC_REQUIRE_DB();
  MailWorld w;
  ASSERT_EQ(w.options.retain_days, 30);
  const Account a = svctest::make_account(w.client, "rita");
  const std::string now = hxclock::to_rfc3339(w.clock.now());
  {
    pqxx::connection c(svctest::database_url());
    pqxx::nontransaction tx(c);
    tx.exec_params(
        "INSERT INTO mail_outbox (account_id, kind, status, created_at) SELECT a.id, "
        "'your_turn', r.status, $1::timestamptz - r.age FROM accounts a, (VALUES ('queued', "
        "interval '31 days'), ('digested', '31 days'), ('sent', '31 days'), ('failed', '31 days'), "
        "('suppressed', '31 days'), ('queued', '29 days'), ('sent', '29 days')) r (status, age) "
        "WHERE a.username = $2",
        now, a.username);
    tx.exec_params(
        "INSERT INTO mail_inbound (message_id, received_at) VALUES ('<old-' || $2 || '@x>', "
        "$1::timestamptz - interval '31 days'), ('<young-' || $2 || '@x>', $1::timestamptz - "
        "interval '29 days')",
        now, a.username);
  }
  // Other tests' old rows share the table: enough passes to reach these.
  for (int i = 0; i < 20; ++i) w.sender->run_once();
  const std::string mine =
      "FROM mail_outbox WHERE account_id = (SELECT id FROM accounts WHERE username = '" +
      a.username + "')";
  EXPECT_EQ(w.sql_count("SELECT count(*) " + mine), 2);
  EXPECT_EQ(w.sql_count("SELECT count(*) " + mine + " AND created_at > '" + now +
                        "'::timestamptz - interval '30 days'"),
            2);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_inbound WHERE message_id LIKE '<%-" +
                        a.username + "@x>'"),
            1);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_inbound WHERE message_id = '<young-" +
                        a.username + "@x>'"),
            1);
}

}  // namespace
