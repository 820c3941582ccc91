#pragma once
// Move addresses and unsubscribe tags (docs/mail.md). A notification's Reply-To is
// move+<game>.<seat>.<tag>@<domain>, where tag = the first 8 bytes (16 lower-case hex digits) of
// HMAC-SHA256(player's mail secret, "move:<game>.<seat>"). The secret never leaves the server,
// so a tag cannot be guessed; rotating the secret invalidates every address given out before.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mail {

struct MoveAddress {
  std::int64_t game_id = 0;
  int seat = 0;
  std::string tag;
};

// Tags are 16 lower-case hex digits. `secret` is the HMAC key: the account's mail secret as the
// repository returns it (hex text of 32 random bytes).
std::string move_tag(std::string_view secret, std::int64_t game_id, int seat);
std::string unsubscribe_tag(std::string_view secret, std::int64_t account_id,
                            std::string_view kind);

std::string format_move_address(const MoveAddress& address, std::string_view domain);
// Parses move+<game>.<seat>.<tag>@<domain> (domain compared case-insensitively; angle brackets
// and a display name are not accepted here: pass the bare address). Empty when it is not one.
std::optional<MoveAddress> parse_move_address(std::string_view address, std::string_view domain);

// Constant-time comparison of two tags.
bool same_tag(std::string_view a, std::string_view b);

// Lower-cases ASCII (addresses compare case-insensitively here: the local parts we mint are
// lower case, and providers treat the rest so).
std::string lower(std::string_view text);

}  // namespace mail
