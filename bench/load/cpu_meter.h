#pragma once
// CPU time of the three parties of a load run (PostgreSQL, the service, the driver), so that the
// benchmark can print what one move costs in CPU and what that allows on this machine's cores.
// Linux only: it reads /proc. A pid of 0 is not measured (its figure stays 0).

#include <sys/types.h>

namespace loadtest {

struct CpuSeconds {
  double postgres = 0;  // the postmaster and every process it started (backends, WAL writer...),
                        // those that ended included
  double service = 0;   // the server process, all its threads
  double driver = 0;    // this process

  CpuSeconds operator-(const CpuSeconds& before) const {
    return {postgres - before.postgres, service - before.service, driver - before.driver};
  }
  double total() const { return postgres + service + driver; }
};

// user + system CPU so far. A process of the postmaster's tree that ended counts once the
// postmaster has waited for it (PostgreSQL does so at once).
CpuSeconds cpu_seconds_now(pid_t postmaster, pid_t service);

}  // namespace loadtest
