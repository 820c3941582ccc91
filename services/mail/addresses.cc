#include "services/mail/addresses.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <cctype>
#include <charconv>

namespace mail {

namespace {

std::string hmac_tag(std::string_view secret, const std::string& message) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
       reinterpret_cast<const unsigned char*>(message.data()), message.size(), digest, &length);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string tag;
  for (unsigned int i = 0; i < 8 && i < length; ++i) {
    tag += kHex[digest[i] >> 4];
    tag += kHex[digest[i] & 15];
  }
  return tag;
}

template <class Int>
bool parse_int(std::string_view text, Int& out) {
  if (text.empty() || text.size() > 18) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out >= 0;
}

}  // namespace

std::string move_tag(std::string_view secret, std::int64_t game_id, int seat) {
  return hmac_tag(secret, "move:" + std::to_string(game_id) + "." + std::to_string(seat));
}

std::string unsubscribe_tag(std::string_view secret, std::int64_t account_id,
                            std::string_view kind) {
  return hmac_tag(secret, "unsubscribe:" + std::to_string(account_id) + "." + std::string(kind));
}

std::string format_move_address(const MoveAddress& a, std::string_view domain) {
  return "move+" + std::to_string(a.game_id) + "." + std::to_string(a.seat) + "." + a.tag + "@" +
         std::string(domain);
}

std::optional<MoveAddress> parse_move_address(std::string_view address, std::string_view domain) {
  const std::string text = lower(address);
  const auto at = text.rfind('@');
  if (at == std::string::npos || text.compare(at + 1, std::string::npos, lower(domain)) != 0 ||
      text.rfind("move+", 0) != 0) {
    return std::nullopt;
  }
  const std::string_view local = std::string_view(text).substr(5, at - 5);
  const auto dot1 = local.find('.');
  const auto dot2 = dot1 == std::string_view::npos ? dot1 : local.find('.', dot1 + 1);
  if (dot2 == std::string_view::npos) return std::nullopt;
  MoveAddress out;
  out.tag = std::string(local.substr(dot2 + 1));
  if (!parse_int(local.substr(0, dot1), out.game_id) ||
      !parse_int(local.substr(dot1 + 1, dot2 - dot1 - 1), out.seat) || out.tag.size() != 16) {
    return std::nullopt;
  }
  return out;
}

bool same_tag(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace mail
