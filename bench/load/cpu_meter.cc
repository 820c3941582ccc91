#include "bench/load/cpu_meter.h"

#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace loadtest {
namespace {

struct ProcStat {
  pid_t parent = 0;
  double cpu_seconds = 0;              // its own user + system time
  double reaped_children_seconds = 0;  // of its children that ended and were waited for
};

// Fields of /proc/PID/stat after the parenthesised command name (which may hold spaces):
// state ppid ... utime (14th field of the line) stime cutime cstime (17th).
bool read_stat(pid_t pid, ProcStat& out) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return false;
  const auto close = line.rfind(')');
  if (close == std::string::npos) return false;
  std::istringstream fields(line.substr(close + 2));
  std::string state;
  long parent = 0, skip = 0;
  unsigned long long user = 0, system = 0, children_user = 0, children_system = 0;
  fields >> state >> parent;
  for (int i = 0; i < 9; ++i) fields >> skip;  // pgrp ... cmajflt
  fields >> user >> system >> children_user >> children_system;
  if (!fields) return false;
  const auto tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  out.parent = static_cast<pid_t>(parent);
  out.cpu_seconds = static_cast<double>(user + system) / tick;
  out.reaped_children_seconds = static_cast<double>(children_user + children_system) / tick;
  return true;
}

double process_seconds(pid_t pid) {
  ProcStat stat;
  return pid > 0 && read_stat(pid, stat) ? stat.cpu_seconds : 0;
}

// The root, its children that ended (PostgreSQL reaps its backends), and its live children.
double process_tree_seconds(pid_t root) {
  ProcStat root_stat;
  if (root <= 0 || !read_stat(root, root_stat)) return 0;
  double total = root_stat.cpu_seconds + root_stat.reaped_children_seconds;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    ProcStat stat;
    if (read_stat(static_cast<pid_t>(std::stol(name)), stat) && stat.parent == root) {
      total += stat.cpu_seconds;
    }
  }
  return total;
}

double own_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

CpuSeconds cpu_seconds_now(pid_t postmaster, pid_t service) {
  return {process_tree_seconds(postmaster), process_seconds(service), own_seconds()};
}

}  // namespace loadtest
