#pragma once
// The loopback SMTP server of the mail tests: tests/mail/smtp_sink.py (aiosmtpd) run with
// /usr/bin/python3 in a temporary directory; every accepted message is a file there (kept after
// the test when HEXPOST_TEST_KEEP_MAIL is set, for a look at real messages).

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace mailtest {

class SmtpSink {
 public:
  // With credentials ("user:password") the server requires SMTP AUTH.
  explicit SmtpSink(const std::string& credentials = "");
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  int port() const { return port_; }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  // "ok", "4xx" or "5xx": how the server answers each RCPT from now on.
  void set_mode(const std::string& mode) const;
  // The messages received so far, oldest first.
  std::vector<std::string> messages() const;
  std::size_t count() const;

 private:
  std::filesystem::path dir_;
  pid_t pid_ = -1;
  int port_ = 0;
};

// A header's value in a raw message (first occurrence, unfolded), or "".
std::string header_of(const std::string& message, const std::string& name);

}  // namespace mailtest
