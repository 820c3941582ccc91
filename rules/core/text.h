#pragma once
// Small text helpers the games share for notation and serialized positions.

#include <string_view>
#include <vector>

namespace rules {

// Splits on every separator; "a,,b" gives {"a", "", "b"} and "" gives {""}.
inline std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

}  // namespace rules
