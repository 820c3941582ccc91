// `hexpostd mail-in` as the MTA runs it (label db): the real binary, the message on stdin, and
// the sysexits.h exit codes postfix's pipe transport reads.
#include <gtest/gtest.h>

#include "services/mail/inbound.h"
#include "tests/mail/mail_world.h"
#include "tests/support/subprocess.h"

namespace {

using mailtest::header_of;
using mailtest::MailWorld;

testsupport::RunResult mail_in(const std::string& raw, const std::string& database_url,
                               const std::vector<std::string>& extra_args = {}) {
  std::vector<std::string> argv = {HEXPOSTD_BINARY, "mail-in"};
  argv.insert(argv.end(), extra_args.begin(), extra_args.end());
  return testsupport::run(argv, raw,
                          {{"HEXPOST_DATABASE_URL", database_url},
                           {"HEXPOST_MAIL_DOMAIN", "games.test"},
                           {"HEXPOST_LOG_LEVEL", "warn"}});
}

TEST(MailInBinary, AppliesAMoveAndAnswersWithSysexitsCodes) {
  SVC_REQUIRE_DB();
  MailWorld w;
  auto a = svctest::make_account(w.client, "jill");
  auto b = svctest::make_account(w.client, "kurt");
  const std::string id = svctest::start_game(w.client, {a, b}, "hex-quoridor");
  const bool a_first = w.game(id, a)["to_move"][0] == a.username;
  const svctest::Account& mover = a_first ? a : b;
  w.sender->run_once();
  std::string reply_to;
  for (const auto& m : w.mails_to(mover)) {
    if (!header_of(m, "Reply-To").empty()) reply_to = header_of(m, "Reply-To");
  }
  ASSERT_FALSE(reply_to.empty());
  const std::string raw = w.reply(mover, reply_to, "bin-1@example.test", "Fe5E+\r\n");

  // Without a configuration: EX_TEMPFAIL, so the MTA keeps the mail.
  EXPECT_EQ(testsupport::run({HEXPOSTD_BINARY, "mail-in"}, raw, {{"HEXPOST_DATABASE_URL", "\x01"}})
                .exit_code,
            mail::kExitTempFail);
  // The database is down: EX_TEMPFAIL, nothing applied, and the MTA's retry still applies it.
  EXPECT_EQ(mail_in(raw, "postgresql://127.0.0.1:1/none").exit_code, mail::kExitTempFail);
  EXPECT_EQ(w.game(id, mover)["ply"], 0);
  const auto applied = mail_in(raw, svctest::database_url());
  EXPECT_EQ(applied.exit_code, 0) << applied.err;
  EXPECT_EQ(w.game(id, mover)["ply"], 1);
  EXPECT_EQ(mail_in(raw, svctest::database_url()).exit_code, 0);  // the replay is ignored
  EXPECT_EQ(w.game(id, mover)["ply"], 1);

  // Not one of our move addresses: EX_NOUSER, so the MTA bounces it.
  const auto unknown = mail_in(w.reply(mover, "nobody@games.test", "bin-2@example.test", "x\r\n"),
                               svctest::database_url());
  EXPECT_EQ(unknown.exit_code, mail::kExitNoUser);
  // The envelope recipient, when given, is the one that counts.
  const auto by_recipient = mail_in(raw, svctest::database_url(), {"--recipient", "x@games.test"});
  EXPECT_EQ(by_recipient.exit_code, mail::kExitNoUser);
}

// The move address's local part carries the secret tag that proves a reply came from a mail of
// ours: whatever mail-in does with it (a move, a refusal, a forged tag), no log line shows it,
// at the most verbose level, in either log format.
TEST(MailInBinary, NeverLogsTheMoveAddressTag) {
  SVC_REQUIRE_DB();
  MailWorld w;
  auto a = svctest::make_account(w.client, "lena");
  auto b = svctest::make_account(w.client, "mats");
  const std::string id = svctest::start_game(w.client, {a, b}, "hex-quoridor");
  const svctest::Account& mover = w.game(id, a)["to_move"][0] == a.username ? a : b;
  w.sender->run_once();
  std::string reply_to;
  for (const auto& m : w.mails_to(mover)) {
    if (!header_of(m, "Reply-To").empty()) reply_to = header_of(m, "Reply-To");
  }
  ASSERT_NE(reply_to.find('@'), std::string::npos);
  const std::string local = reply_to.substr(0, reply_to.find('@'));
  std::string forged = reply_to;
  forged[forged.find('@') - 1] = forged[forged.find('@') - 1] == 'a' ? 'b' : 'a';
  const std::vector<std::string> mails = {
      w.reply(mover, reply_to, "tag-1@example.test", "zz99\r\n"),   // refused by the rules
      w.reply(mover, reply_to, "tag-2@example.test", "Fe5E+\r\n"),  // applied
      w.reply(mover, forged, "tag-3@example.test", "Fe5E+\r\n"),    // a forged tag
  };
  for (const std::string format : {"text", "json"}) {
    for (const std::string& raw : mails) {
      const auto run = testsupport::run({HEXPOSTD_BINARY, "mail-in"}, raw,
                                        {{"HEXPOST_DATABASE_URL", svctest::database_url()},
                                         {"HEXPOST_MAIL_DOMAIN", "games.test"},
                                         {"HEXPOST_LOG_LEVEL", "trace"},
                                         {"HEXPOST_LOG_FORMAT", format}});
      EXPECT_FALSE(run.err.empty()) << "nothing logged: the check would prove nothing";
      EXPECT_EQ(run.err.find(local), std::string::npos) << run.err;
      EXPECT_EQ(run.err.find(forged.substr(0, forged.find('@'))), std::string::npos) << run.err;
    }
  }
}

}  // namespace
