#include "rules/core/random.h"

#include <cassert>
#include <charconv>

namespace rules {

std::uint32_t RandomSource::draw(std::string_view purpose, std::uint32_t bound) {
  assert(bound >= 1);
  std::uint32_t value = next(purpose, bound);
  draws_.push_back({std::string(purpose), bound, value});
  return value;
}

std::vector<Draw> RandomSource::take_draws() {
  std::vector<Draw> taken;
  taken.swap(draws_);
  return taken;
}

std::uint64_t SeededRandom::next64() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint32_t SeededRandom::next(std::string_view, std::uint32_t bound) {
  // Rejection sampling keeps every value equally likely.
  const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % bound);
  std::uint64_t x;
  do {
    x = next64();
  } while (x >= limit);
  return static_cast<std::uint32_t>(x % bound);
}

std::uint32_t ReplayRandom::next(std::string_view purpose, std::uint32_t bound) {
  if (position_ >= recorded_.size()) {
    mismatch_ = true;
    return unmatched_++ % bound;
  }
  const Draw& d = recorded_[position_++];
  if (d.purpose != purpose || d.bound != bound || d.value >= bound) {
    mismatch_ = true;
    return unmatched_++ % bound;
  }
  return d.value;
}

std::string format_draws(const std::vector<Draw>& draws) {
  std::string out;
  for (const Draw& d : draws) {
    if (!out.empty()) out += ' ';
    out += d.purpose + ':' + std::to_string(d.value) + '/' + std::to_string(d.bound);
  }
  return out;
}

namespace {

bool parse_u32(std::string_view text, std::uint32_t& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

bool parse_one_draw(std::string_view token, Draw& out) {
  auto colon = token.rfind(':');
  auto slash = token.rfind('/');
  if (colon == std::string_view::npos || slash == std::string_view::npos || slash < colon ||
      colon == 0) {
    return false;
  }
  out.purpose = std::string(token.substr(0, colon));
  return parse_u32(token.substr(colon + 1, slash - colon - 1), out.value) &&
         parse_u32(token.substr(slash + 1), out.bound) && out.value < out.bound;
}

}  // namespace

bool parse_draws(std::string_view text, std::vector<Draw>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    Draw d;
    if (!parse_one_draw(text.substr(i, end - i), d)) return false;
    out.push_back(std::move(d));
    i = end;
  }
  return true;
}

}  // namespace rules
