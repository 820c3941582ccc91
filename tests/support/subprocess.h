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

}  // namespace testsupport
