#include "tests/mail/smtp_sink.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mailtest {

SmtpSink::SmtpSink(const std::string& credentials) {
  char pattern[] = "/tmp/hexpost-smtp-XXXXXX";
  dir_ = ::mkdtemp(pattern);
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe");
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(fds[1], 1);
    ::close(fds[0]);
    ::close(fds[1]);
    const std::string script = HEXPOST_SMTP_SINK;
    if (credentials.empty()) {
      ::execl("/usr/bin/python3", "python3", script.c_str(), dir_.c_str(), nullptr);
    } else {
      ::execl("/usr/bin/python3", "python3", script.c_str(), dir_.c_str(), credentials.c_str(),
              nullptr);
    }
    ::_exit(127);
  }
  ::close(fds[1]);
  std::string line;
  char c;
  while (::read(fds[0], &c, 1) == 1 && c != '\n') line += c;
  ::close(fds[0]);
  port_ = std::atoi(line.c_str());
  if (port_ <= 0) throw std::runtime_error("smtp_sink.py did not start (python3-aiosmtpd?)");
}

SmtpSink::~SmtpSink() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  if (std::getenv("HEXPOST_TEST_KEEP_MAIL") != nullptr) {
    std::fprintf(stderr, "smtp sink: messages kept in %s\n", dir_.c_str());
    return;
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void SmtpSink::set_mode(const std::string& mode) const {
  std::ofstream(dir_ / "mode") << mode << "\n";
}

std::vector<std::string> SmtpSink::messages() const {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    if (entry.path().extension() == ".eml") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    out.push_back(text.str());
  }
  return out;
}

std::size_t SmtpSink::count() const {
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    if (entry.path().extension() == ".eml") ++n;
  }
  return n;
}

std::string header_of(const std::string& message, const std::string& name) {
  const std::string head = message.substr(0, message.find("\r\n\r\n"));
  std::istringstream lines(head);
  std::string line, value;
  bool in_header = false;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (in_header && !line.empty() && (line[0] == ' ' || line[0] == '\t')) {
      value += line;
      continue;
    }
    if (in_header) break;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    std::transform(key.begin(), key.end(), key.begin(), ::tolower);
    std::string want = name;
    std::transform(want.begin(), want.end(), want.begin(), ::tolower);
    if (key != want) continue;
    in_header = true;
    value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
  }
  return value;
}

}  // namespace mailtest
