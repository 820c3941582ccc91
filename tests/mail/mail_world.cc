#include "tests/mail/mail_world.h"

#include <pqxx/pqxx>

namespace mailtest {

namespace {

hxclock::TimePoint now_to_the_second() {
  return std::chrono::floor<std::chrono::seconds>(hxclock::system_clock().now());
}

mail::MailOptions options_for(const SmtpSink& sink) {
  mail::MailOptions o;
  o.smtp.url = sink.url();
  o.smtp.starttls = mail::StartTls::kOff;
  o.domain = kDomain;
  o.from = "Hexpost <games@games.test>";
  o.public_url = "https://games.test";
  o.backoff_base_s = 60;
  o.backoff_max_s = 3600;
  return o;
}

}  // namespace

MailWorld::MailWorld(api::GameServiceOptions service_options)
    : clock(now_to_the_second()),
      server(svctest::database_url(), std::move(service_options), 16, 4, clock),
      client(server.port()),
      options(options_for(sink)),
      repo(server.service().pool),
      sender(std::make_unique<mail::Sender>(server.service().pool, server.service().games,
                                            server.service().catalog, options, clock)) {}

std::vector<std::string> MailWorld::mails_to(const svctest::Account& a) const {
  std::vector<std::string> out;
  for (auto& m : sink.messages()) {
    if (header_of(m, "To") == email(a)) out.push_back(std::move(m));
  }
  return out;
}

mail::InboundResult MailWorld::mail_in(const std::string& raw) {
  return mail::handle_inbound(server.service().play, repo, server.service().messages, kDomain, raw);
}

std::string MailWorld::reply(const svctest::Account& from, const std::string& to,
                             const std::string& message_id, const std::string& body,
                             const std::string& extra_headers) const {
  return "From: " + from.username + " <" + email(from) + ">\r\nTo: " + to +
         "\r\nSubject: Re: your move\r\nMessage-ID: <" + message_id +
         ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n" + extra_headers +
         "\r\n" + body;
}

svctest::json MailWorld::game(const std::string& id, const svctest::Account& viewer) {
  return client.get("/v1/games/" + id, viewer.token).body;
}

long long MailWorld::sql_count(const std::string& query) {
  pqxx::connection c(svctest::database_url());
  pqxx::nontransaction tx(c);
  return tx.exec(query)[0][0].as<long long>();
}

}  // namespace mailtest
