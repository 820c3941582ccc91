#pragma once
// A background child process for the bot tests: argv (no shell), extra environment, stdout and
// stderr to a file; killed (SIGKILL) and reaped by the destructor unless it already exited.

#include <sys/types.h>

#include <map>
#include <string>
#include <vector>

namespace bottest {

class Process {
 public:
  Process(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
          const std::string& output_file);
  ~Process();
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  void kill(int signal);
  // Waits up to `ms` for the exit; the exit status (128 + signal when killed), or -1 if still
  // running.
  int wait(int ms);
  bool running();
  int pid() const { return static_cast<int>(pid_); }

 private:
  pid_t pid_ = -1;
  int status_ = -1;
};

// A TCP port that was free a moment ago.
int free_port();

}  // namespace bottest
