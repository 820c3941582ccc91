#pragma once
// Messages between the players of a game (docs/game-service.md, "Messages"): what a message may
// hold and who may read a game's messages. Pure decisions; storage keeps the rows.

#include <optional>
#include <string>
#include <string_view>

#include "services/domain/model.h"

namespace domain {

// A message is plain text of at most this many Unicode code points.
inline constexpr std::size_t kMaxMessageChars = 2000;

// Why `text` cannot be a message, or nothing when it can: not valid UTF-8, holds a NUL or
// another control character (tab, line feed and carriage return are text), empty or only white
// space, or longer than kMaxMessageChars code points. The reason names the limit.
std::optional<std::string> message_text_problem(std::string_view text);

// The number of code points of valid UTF-8 text.
std::size_t code_points(std::string_view text);

// While a game runs only its players read its messages; once it is over (finished or aborted),
// every account does.
bool may_read_messages(const GameRecord& game, Id account);

}  // namespace domain
