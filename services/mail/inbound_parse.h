#pragma once
// Reading an incoming mail (`hexpostd mail-in`): GMime 3 does the MIME work (multipart,
// quoted-printable, base64, charsets); this file only picks the command out of the text.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mail {

struct InboundMail {
  std::string message_id;               // without angle brackets; empty when absent
  std::string from;                     // bare address, as written
  std::vector<std::string> recipients;  // bare addresses of To, Cc, Delivered-To, X-Original-To
  bool auto_reply = false;  // Auto-Submitted other than "no", Precedence bulk/junk/list, or <>
  std::string text;         // the text/plain part (UTF-8), else the HTML part as text
};

// Empty when the input is not a mail message at all.
std::optional<InboundMail> parse_mail(const std::string& raw);

// The first line that is not blank, not quoted ("> ..."), not an attribution ("... wrote:"),
// and before any signature ("-- ") or forwarded/original-message marker. Trimmed.
std::string first_command_line(std::string_view text);

// The reply's own text: every line before a signature ("-- ") or forwarded/original-message
// marker, without quoted lines ("> ...") and attributions ("On ... wrote:"), with the blank
// lines at both ends dropped. Empty when nothing of the sender's own is left.
std::string own_text(std::string_view text);

// Text of an HTML body: tags dropped, block ends as line breaks, <blockquote> contents and
// <style>/<script> dropped, the common entities decoded.
std::string html_to_text(std::string_view html);

struct MailCommand {
  enum class Kind { kNone, kMove, kResign, kDrawOffer, kDrawAccept, kShow } kind = Kind::kNone;
  std::string move;             // kMove: the text as written (without the #ply guard)
  std::optional<int> seen_ply;  // the `#<ply>` stale-move guard
};

// "resign", "draw offer" (or "draw"), "draw accept", "show", otherwise a move; any of them may
// end in "#<ply>".
MailCommand parse_command(std::string_view line);

}  // namespace mail
