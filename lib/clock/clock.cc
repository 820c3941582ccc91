#include "lib/clock/clock.h"

#include <charconv>
#include <cstdio>

namespace hxclock {

namespace {

bool read_int(std::string_view text, std::size_t at, std::size_t width, int& out) {
  if (at + width > text.size()) return false;
  const char* first = text.data() + at;
  auto [end, ec] = std::from_chars(first, first + width, out);
  return ec == std::errc() && end == first + width;
}

// "+HH:MM" / "-HH:MM" / "Z" at `at`, as a signed offset from UTC.
std::optional<std::chrono::minutes> read_offset(std::string_view text, std::size_t at) {
  if (at + 1 == text.size() && (text[at] == 'Z' || text[at] == 'z')) {
    return std::chrono::minutes(0);
  }
  int hours = 0, minutes = 0;
  if (at + 6 != text.size() || (text[at] != '+' && text[at] != '-') || text[at + 3] != ':' ||
      !read_int(text, at + 1, 2, hours) || !read_int(text, at + 4, 2, minutes)) {
    return std::nullopt;
  }
  const std::chrono::minutes offset(hours * 60 + minutes);
  return text[at] == '-' ? -offset : offset;
}

}  // namespace

TimePoint SystemClock::now() const {
  return std::chrono::time_point_cast<std::chrono::microseconds>(std::chrono::system_clock::now());
}

Clock& system_clock() {
  static SystemClock clock;
  return clock;
}

std::string to_rfc3339(TimePoint t) {
  const auto day = std::chrono::floor<std::chrono::days>(t);
  const std::chrono::year_month_day ymd(day);
  const std::chrono::hh_mm_ss<std::chrono::microseconds> time(t - day);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02ld:%02ld:%02lld.%06lldZ", int(ymd.year()),
                unsigned(ymd.month()), unsigned(ymd.day()), long(time.hours().count()),
                long(time.minutes().count()), static_cast<long long>(time.seconds().count()),
                static_cast<long long>(time.subseconds().count()));
  return buf;
}

std::string to_rfc3339_seconds(TimePoint t) {
  std::string text = to_rfc3339(std::chrono::floor<std::chrono::seconds>(t));
  return text.substr(0, 19) + "Z";
}

std::optional<TimePoint> parse_rfc3339(std::string_view text) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (text.size() < 20 || text[4] != '-' || text[7] != '-' ||
      (text[10] != 'T' && text[10] != 't' && text[10] != ' ') || text[13] != ':' ||
      text[16] != ':' || !read_int(text, 0, 4, y) || !read_int(text, 5, 2, mo) ||
      !read_int(text, 8, 2, d) || !read_int(text, 11, 2, h) || !read_int(text, 14, 2, mi) ||
      !read_int(text, 17, 2, s)) {
    return std::nullopt;
  }
  std::size_t at = 19;
  std::int64_t micros = 0;
  if (at < text.size() && text[at] == '.') {
    int digits = 0;
    for (++at; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at, ++digits) {
      if (digits < 6) micros = micros * 10 + (text[at] - '0');
    }
    if (digits == 0) return std::nullopt;
    for (; digits < 6; ++digits) micros *= 10;
  }
  const auto offset = read_offset(text, at);
  const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(unsigned(mo)),
                                        std::chrono::day(unsigned(d))};
  if (!offset || !ymd.ok() || h > 23 || mi > 59 || s > 60) return std::nullopt;
  return TimePoint(std::chrono::sys_days(ymd)) + std::chrono::hours(h) + std::chrono::minutes(mi) +
         std::chrono::seconds(s) + std::chrono::microseconds(micros) - *offset;
}

}  // namespace hxclock
