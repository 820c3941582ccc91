#pragma once
// A throwaway PostgreSQL cluster of a test's own, run by ops/pg, for tests that stop and start
// PostgreSQL (never the shared test cluster). Stopped and deleted on destruction.

#include <string>

namespace testsupport {

class PrivateCluster {
 public:
  // `ops_dir` holds ops/pg; the cluster lives in /tmp/hexpost-<stem>-<pid>.
  PrivateCluster(const std::string& ops_dir, const std::string& stem);
  ~PrivateCluster();
  PrivateCluster(const PrivateCluster&) = delete;
  PrivateCluster& operator=(const PrivateCluster&) = delete;

  bool started() const { return !url_.empty(); }
  const std::string& url() const { return url_; }      // empty when the start failed
  const std::string& error() const { return error_; }  // ops/pg's stderr when it failed
  bool stop();                                         // ops/pg stop; true on success
  bool start();  // ops/pg start again (same directory, same port)

 private:
  std::string pg_, dir_, url_, error_;
};

}  // namespace testsupport
