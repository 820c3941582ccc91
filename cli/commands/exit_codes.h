#pragma once
// The CLI's exit codes. Scripts depend on them: never renumber. `hexpost help exit-codes` lists
// them.

namespace cli {

enum ExitCode : int {
  kExitOk = 0,
  kExitFailed = 1,     // the operation failed: an illegal move, a server refusal, a network error
  kExitUsage = 2,      // the command line is wrong
  kExitConflict = 3,   // stale ply or not your turn
  kExitAuth = 4,       // no token, a bad token, or a missing scope
  kExitRateLimit = 5,  // rate limited; retry later
};

}  // namespace cli
