#pragma once
// A test world for the mail flows: the in-process game service on its test database (with a
// ManualClock), a loopback SMTP sink, and a mail Sender driven by hand (run_once).

#include <memory>
#include <string>
#include <vector>

#include "services/mail/inbound.h"
#include "services/mail/sender.h"
#include "tests/mail/smtp_sink.h"
#include "tests/services/game/service_fixture.h"

namespace mailtest {

constexpr const char* kDomain = "games.test";

class MailWorld {
 public:
  explicit MailWorld(api::GameServiceOptions service_options = svctest::test_options());

  hxclock::ManualClock clock;
  SmtpSink sink;
  svctest::TestServer server;
  svctest::Client client;
  mail::MailOptions options;
  storage::MailRepository repo;
  std::unique_ptr<mail::Sender> sender;

  std::string email(const svctest::Account& a) const { return a.username + "@example.test"; }
  // Messages received for `a`, oldest first.
  std::vector<std::string> mails_to(const svctest::Account& a) const;
  // Feeds one raw message to `hexpostd mail-in`'s handler.
  mail::InboundResult mail_in(const std::string& raw);
  // A reply as a mail client would send it.
  std::string reply(const svctest::Account& from, const std::string& to,
                    const std::string& message_id, const std::string& body,
                    const std::string& extra_headers = "") const;
  svctest::json game(const std::string& id, const svctest::Account& viewer);
  long long sql_count(const std::string& query);
};

}  // namespace mailtest
