#include "services/mail/smtp.h"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <mutex>

namespace mail {

namespace {

struct Upload {
  const std::string* text;
  std::size_t offset = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload->text->size() - upload->offset);
  std::memcpy(buffer, upload->text->data() + upload->offset, n);
  upload->offset += n;
  return n;
}

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

curl_usessl tls_mode(StartTls mode) {
  switch (mode) {
    case StartTls::kOff:
      return CURLUSESSL_NONE;
    case StartTls::kTry:
      return CURLUSESSL_TRY;
    case StartTls::kRequire:
      return CURLUSESSL_ALL;
  }
  return CURLUSESSL_TRY;
}

SmtpResult classify(CURLcode rc, long code, const char* error) {
  SmtpResult out;
  out.code = code;
  if (rc == CURLE_OK) return out;
  out.detail = std::string(curl_easy_strerror(rc)) + (error[0] ? std::string(": ") + error : "");
  out.server_problem = code == 0 || code == 421 || rc == CURLE_LOGIN_DENIED ||
                       std::strncmp(error, "MAIL failed", 11) == 0;
  const bool permanent = code >= 500 && code < 600 && !out.server_problem;
  out.kind = permanent ? SmtpResult::Kind::kPermanent : SmtpResult::Kind::kTemporary;
  return out;
}

}  // namespace

SmtpClient::SmtpClient(SmtpSettings settings) : settings_(std::move(settings)) {
  global_init();
  curl_ = curl_easy_init();
}

SmtpClient::~SmtpClient() { curl_easy_cleanup(static_cast<CURL*>(curl_)); }

SmtpResult SmtpClient::send(const std::string& from, const std::string& to,
                            const std::string& message) {
  CURL* curl = static_cast<CURL*>(curl_);
  Upload upload{&message};
  char error[CURL_ERROR_SIZE] = {};
  const std::string mail_from = "<" + from + ">";
  curl_slist* rcpt = curl_slist_append(nullptr, ("<" + to + ">").c_str());
  curl_easy_setopt(curl, CURLOPT_URL, settings_.url.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, mail_from.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(curl, CURLOPT_USE_SSL, static_cast<long>(tls_mode(settings_.starttls)));
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, settings_.timeout_s);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  if (!settings_.user.empty()) {
    curl_easy_setopt(curl, CURLOPT_USERNAME, settings_.user.c_str());
    curl_easy_setopt(curl, CURLOPT_PASSWORD, settings_.password.c_str());
  }
  const CURLcode rc = curl_easy_perform(curl);
  long code = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, nullptr);
  curl_slist_free_all(rcpt);
  return classify(rc, code, error);
}

std::string bare_address(const std::string& mailbox) {
  const auto open = mailbox.rfind('<');
  const auto close = mailbox.rfind('>');
  if (open != std::string::npos && close != std::string::npos && close > open) {
    return mailbox.substr(open + 1, close - open - 1);
  }
  return mailbox;
}

}  // namespace mail
