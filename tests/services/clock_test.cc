#include "lib/clock/clock.h"

#include <gtest/gtest.h>

#include <chrono>

namespace {

using namespace std::chrono;
using hxclock::TimePoint;

TimePoint at(int y, unsigned mo, unsigned d, int h, int mi, int s, int us = 0) {
  return TimePoint(sys_days(year(y) / month(mo) / day(d))) + hours(h) + minutes(mi) + seconds(s) +
         microseconds(us);
}

TEST(Clock, FormatsRfc3339WithMicroseconds) {
  EXPECT_EQ(hxclock::to_rfc3339(at(2026, 11, 24, 3, 51, 47, 123456)),
            "2026-11-24T03:51:47.123456Z");
  EXPECT_EQ(hxclock::to_rfc3339(at(1999, 1, 2, 0, 0, 0)), "1999-01-02T00:00:00.000000Z");
  EXPECT_EQ(hxclock::to_rfc3339_seconds(at(2026, 2, 28, 23, 59, 59, 999999)),
            "2026-02-28T23:59:59Z");
}

TEST(Clock, ParsesWhatItPrintsAndOffsets) {
  const TimePoint t = at(2026, 11, 24, 3, 51, 47, 123456);
  EXPECT_EQ(hxclock::parse_rfc3339(hxclock::to_rfc3339(t)), t);
  EXPECT_EQ(hxclock::parse_rfc3339("2026-11-24T03:51:47Z"), at(2026, 11, 24, 3, 51, 47));
  EXPECT_EQ(hxclock::parse_rfc3339("2026-11-24T05:51:47.5+02:00"),
            at(2026, 11, 24, 3, 51, 47, 500000));
  EXPECT_EQ(hxclock::parse_rfc3339("2026-11-23T22:51:47-05:00"), at(2026, 11, 24, 3, 51, 47));
}

TEST(Clock, RejectsMalformedTimestamps) {
  for (const char* bad :
       {"", "2026-11-24", "2026-11-24T03:51:47", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
        "2026-11-24T03:51:47.Z", "2026-11-24T03:51:47+0200", "2026-11-24T24:00:00Z"}) {
    EXPECT_FALSE(hxclock::parse_rfc3339(bad).has_value()) << bad;
  }
}

TEST(Clock, ManualClockMovesOnlyWhenTold) {
  hxclock::ManualClock clock(at(2026, 3, 29, 0, 59, 0));
  EXPECT_EQ(clock.now(), at(2026, 3, 29, 0, 59, 0));
  clock.advance(hours(72));
  EXPECT_EQ(clock.now(), at(2026, 4, 1, 0, 59, 0));
  clock.set(at(2030, 1, 1, 0, 0, 0));
  EXPECT_EQ(hxclock::to_rfc3339_seconds(clock.now()), "2030-01-01T00:00:00Z");
}

TEST(Clock, SystemClockIsNearTheSystemTime) {
  const auto before = time_point_cast<microseconds>(system_clock::now());
  const TimePoint now = hxclock::system_clock().now();
  EXPECT_LE(before, now);
  EXPECT_LT(now - before, seconds(5));
}

}  // namespace
