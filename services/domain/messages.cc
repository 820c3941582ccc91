#include "services/domain/messages.h"

#include <cstdio>

#include "services/domain/game_logic.h"

namespace domain {

namespace {

// The length of the UTF-8 sequence starting at text[i] (1-4), or 0 when it is not valid UTF-8:
// no overlong forms, no surrogates, nothing above U+10FFFF.
std::size_t sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t n = 0;
  unsigned min_second = 0x80, max_second = 0xBF;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) n = 2;
  if (lead >= 0xE0 && lead <= 0xEF) n = 3;
  if (lead >= 0xF0 && lead <= 0xF4) n = 4;
  if (lead == 0xE0) min_second = 0xA0;
  if (lead == 0xED) max_second = 0x9F;
  if (lead == 0xF0) min_second = 0x90;
  if (lead == 0xF4) max_second = 0x8F;
  if (n == 0 || i + n > text.size()) return 0;
  if (byte(i + 1) < min_second || byte(i + 1) > max_second) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  return n;
}

// A control character other than tab, line feed and carriage return: C0, DEL or C1 (U+0080 to
// U+009F). Plain text has none, and a terminal would act on them when a client prints the text.
bool is_control(std::string_view text, std::size_t i, std::size_t n) {
  const auto lead = static_cast<unsigned char>(text[i]);
  if (n == 1) return (lead < 0x20 && lead != '\t' && lead != '\n' && lead != '\r') || lead == 0x7F;
  return n == 2 && lead == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
}

std::string hex_code(std::string_view text, std::size_t i, std::size_t n) {
  unsigned value = static_cast<unsigned char>(text[i]);
  if (n == 2) value = (value & 0x1F) << 6 | (static_cast<unsigned char>(text[i + 1]) & 0x3F);
  char buf[8];
  std::snprintf(buf, sizeof buf, "U+%04X", value);
  return buf;
}

bool is_white_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

}  // namespace

std::size_t code_points(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++count) {
    const std::size_t n = sequence_length(text, i);
    i += n == 0 ? 1 : n;
  }
  return count;
}

std::optional<std::string> message_text_problem(std::string_view text) {
  const std::string limit = "a message is 1 to " + std::to_string(kMaxMessageChars) +
                            " characters (Unicode code points) of plain text";
  bool blank = true;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = sequence_length(text, i);
    if (n == 0) return "text is not valid UTF-8: " + limit + ".";
    if (text[i] == '\0') return "text holds a NUL character: " + limit + ".";
    if (is_control(text, i, n)) {
      return "text holds the control character " + hex_code(text, i, n) + ": " + limit + ".";
    }
    if (n > 1 || !is_white_space(text[i])) blank = false;
    i += n;
  }
  if (blank) return "text is empty or only white space: " + limit + ".";
  const std::size_t count = code_points(text);
  if (count > kMaxMessageChars) {
    return "text has " + std::to_string(count) + " characters: " + limit + ".";
  }
  return std::nullopt;
}

bool may_read_messages(const GameRecord& game, Id account) {
  return game.status != "active" || seat_of(game, account) >= 0;
}

}  // namespace domain
