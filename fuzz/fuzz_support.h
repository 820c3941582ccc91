#pragma once
// Shared by the libFuzzer targets in this folder (docs/fuzzing.md): reading the input's leading
// control bytes, and failing loudly when an invariant does not hold.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace fuzz {

// A broken invariant is a finding like a crash: print it and abort, so libFuzzer saves the input.
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
  std::abort();
}

inline void check(bool holds, const std::string& what) {
  if (!holds) fail(what);
}

// The input as control bytes followed by text. A byte past the end reads as 0, so every input
// is valid and short inputs still reach the text part.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size)
      : text_(reinterpret_cast<const char*>(data), size) {}

  std::uint8_t byte() {
    if (position_ >= text_.size()) return 0;
    return static_cast<std::uint8_t>(text_[position_++]);
  }
  std::uint16_t u16() { return static_cast<std::uint16_t>(byte() << 8 | byte()); }
  std::string_view rest() const { return text_.substr(std::min(position_, text_.size())); }

 private:
  std::string_view text_;
  std::size_t position_ = 0;
};

// Lines of `text` (split at '\n'), at most `limit` of them; the last one may be empty.
inline std::vector<std::string_view> lines(std::string_view text, std::size_t limit) {
  std::vector<std::string_view> out;
  while (out.size() < limit) {
    const std::size_t end = text.find('\n');
    out.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return out;
}

}  // namespace fuzz
