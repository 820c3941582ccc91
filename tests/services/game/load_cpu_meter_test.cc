// The load benchmark's CPU meter (bench/load/cpu_meter.h): it must tell the three parties of a
// run apart, since the benchmark divides each one's CPU by the moves made.

#include "bench/load/cpu_meter.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <time.h>

namespace {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

// Burns `seconds` of CPU in the calling thread, however busy the machine is.
void spin(double seconds) {
  const double until = thread_cpu_seconds() + seconds;
  volatile unsigned long sink = 0;
  while (thread_cpu_seconds() < until) sink = sink + 1;
}

TEST(CpuMeter, CountsAServiceAProcessTreeAndThisProcessApart) {
  int spun[2];
  ASSERT_EQ(pipe(spun), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // the "service": spins, says so, then waits to be killed
    spin(0.4);
    const char done = 1;
    if (write(spun[1], &done, 1) != 1) _exit(1);
    pause();
    _exit(0);
  }
  char done = 0;
  ASSERT_EQ(read(spun[0], &done, 1), 1);
  // This process as the "postmaster": its tree is itself plus the child.
  const loadtest::CpuSeconds before = loadtest::cpu_seconds_now(getpid(), child);
  spin(0.3);
  const loadtest::CpuSeconds after = loadtest::cpu_seconds_now(getpid(), child);
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  const double tree_after_reaping = loadtest::cpu_seconds_now(getpid(), 0).postgres;
  close(spun[0]);
  close(spun[1]);

  EXPECT_GE(before.service, 0.38);             // the child spun 0.4 s (two fields in 10 ms ticks)
  EXPECT_GE(before.postgres, before.service);  // the tree holds the child
  const loadtest::CpuSeconds used = after - before;
  EXPECT_EQ(used.service, 0);    // the child was idle meanwhile
  EXPECT_GE(used.driver, 0.29);  // this process spun 0.3 s
  EXPECT_LT(used.driver, 0.5);
  EXPECT_NEAR(used.postgres, used.driver, 0.05);  // the tree grew by this process's share only
  EXPECT_GE(tree_after_reaping, after.postgres);  // an ended child's CPU still counts
  EXPECT_EQ(loadtest::cpu_seconds_now(0, 0).service, 0);  // pid 0: not measured
}

}  // namespace
