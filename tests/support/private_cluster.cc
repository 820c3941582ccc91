#include "private_cluster.h"

#include <unistd.h>

#include <filesystem>

#include "subprocess.h"

namespace testsupport {

PrivateCluster::PrivateCluster(const std::string& ops_dir, const std::string& stem)
    : pg_(ops_dir + "/pg"), dir_("/tmp/hexpost-" + stem + "-" + std::to_string(getpid())) {
  const RunResult started = run({pg_, "start", dir_});
  if (started.exit_code != 0) {
    error_ = started.err;
    return;
  }
  // ops/pg start prints the URL as its last line.
  std::string out = started.out.substr(0, started.out.find_last_not_of('\n') + 1);
  url_ = out.substr(out.find_last_of('\n') + 1);
}

PrivateCluster::~PrivateCluster() {
  run({pg_, "stop", dir_});
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

bool PrivateCluster::stop() { return run({pg_, "stop", dir_}).exit_code == 0; }

bool PrivateCluster::start() { return run({pg_, "start", dir_}).exit_code == 0; }

}  // namespace testsupport
