#include "subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace testsupport {

namespace {

void child(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
           int in_fd, int out_fd, int err_fd) {
  dup2(in_fd, 0);
  dup2(out_fd, 1);
  dup2(err_fd, 2);
  for (const auto& [key, value] : env) {
    if (value == "\x01") {
      unsetenv(key.c_str());
    } else {
      setenv(key.c_str(), value.c_str(), 1);
    }
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execv(args[0], args.data());
  _exit(127);
}

// Feeds stdin and drains stdout/stderr together, so a chatty child never blocks on a full pipe.
void pump(int in_w, int out_r, int err_r, const std::string& input, RunResult& result) {
  std::size_t written = 0;
  if (input.empty()) close(in_w), in_w = -1;
  bool out_open = true, err_open = true;
  char buffer[65536];
  while (out_open || err_open) {
    pollfd fds[3] = {{out_r, POLLIN, 0}, {err_r, POLLIN, 0}, {in_w, POLLOUT, 0}};
    if (poll(fds, in_w >= 0 ? 3 : 2, -1) < 0 && errno != EINTR) break;
    if (in_w >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t n = write(in_w, input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if (n <= 0 || written == input.size()) close(in_w), in_w = -1;
    }
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        (i == 0 ? result.out : result.err).append(buffer, static_cast<std::size_t>(n));
      } else {
        (i == 0 ? out_open : err_open) = false;
      }
    }
  }
  if (in_w >= 0) close(in_w);
}

}  // namespace

RunResult run(const std::vector<std::string>& argv, const std::string& stdin_text,
              const std::map<std::string, std::string>& env) {
  int in[2], out[2], err[2];
  RunResult result;
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
    return result;
  }
  pid_t pid = fork();
  if (pid == 0) child(argv, env, in[0], out[1], err[1]);
  close(in[0]);
  close(out[1]);
  close(err[1]);
  pump(in[1], out[0], err[0], stdin_text, result);
  close(out[0]);
  close(err[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

RunResult run_on_terminal(const std::vector<std::string>& argv,
                          const std::map<std::string, std::string>& env) {
  std::string command;
  for (const std::string& arg : argv) {
    std::string quoted = "'";
    for (char c : arg) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    command += (command.empty() ? "" : " ") + quoted + "'";
  }
  RunResult result = run({"/usr/bin/script", "-qec", command, "/dev/null"}, "", env);
  std::string shown;
  for (char c : result.out) {
    if (c != '\r') shown += c;
  }
  result.out = shown;
  return result;
}

}  // namespace testsupport
