#pragma once
// Sending one message over SMTP with libcurl (smtp:// with optional or required STARTTLS, or
// smtps:// with implicit TLS). One SmtpClient keeps its connection open between messages; it is
// not thread-safe (the sender worker owns one).

#include <memory>
#include <string>

namespace mail {

enum class StartTls { kOff, kTry, kRequire };

struct SmtpSettings {
  std::string url;  // smtp://host:port or smtps://host:port; empty: mail disabled
  std::string user;
  std::string password;
  StartTls starttls = StartTls::kTry;  // ignored for smtps:// (always TLS)
  long timeout_s = 60;
};

struct SmtpResult {
  enum class Kind { kSent, kTemporary, kPermanent } kind = Kind::kSent;
  long code = 0;  // the last SMTP reply code (0: no reply, e.g. connection refused)
  std::string detail;
  // The failure is the server's or ours, not the recipient's: no reply, 421, or a refused
  // AUTH or MAIL FROM (bad credentials, a sender the server does not accept). Such failures are
  // temporary (an operator must act; the mail waits) and are never a bounce of the recipient.
  bool server_problem = false;
};

class SmtpClient {
 public:
  explicit SmtpClient(SmtpSettings settings);
  ~SmtpClient();
  SmtpClient(const SmtpClient&) = delete;
  SmtpClient& operator=(const SmtpClient&) = delete;

  // `from` and `to` are bare addresses (the envelope); `message` is the RFC 5322 text with CRLF
  // line ends. 4xx replies and transport failures are temporary; 5xx replies to RCPT or DATA
  // are permanent (the recipient's bounce); see SmtpResult::server_problem for the rest.
  SmtpResult send(const std::string& from, const std::string& to, const std::string& message);

 private:
  SmtpSettings settings_;
  void* curl_ = nullptr;
};

// The bare address of "Name <addr>" or "addr".
std::string bare_address(const std::string& mailbox);

}  // namespace mail
