#pragma once
// Runs a real program for black-box tests: argv (no shell), optional stdin text, captured
// stdout and stderr, exit status.

#include <map>
#include <string>
#include <vector>

namespace testsupport {

struct RunResult {
  int exit_code = -1;  // 128 + signal when killed by a signal
  std::string out;
  std::string err;
};

// Extra environment variables are set on top of the current environment; a value of "\x01"
// unsets the variable.
RunResult run(const std::vector<std::string>& argv, const std::string& stdin_text = "",
              const std::map<std::string, std::string>& env = {});

// Runs argv on a pseudo-terminal (util-linux script(1)), so that isatty() is true for its stdin,
// stdout and stderr. `out` is what the terminal showed (stdout and stderr together) with "\r\n"
// turned back into "\n"; `err` is empty.
RunResult run_on_terminal(const std::vector<std::string>& argv,
                          const std::map<std::string, std::string>& env = {});

}  // namespace testsupport
