#include "services/mail/render.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

namespace mail {

namespace {

bool is_ascii(const std::string& text) {
  for (unsigned char c : text) {
    if (c >= 0x80) return false;
  }
  return true;
}

std::string base64(const std::string& data) {
  static constexpr char kTable[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < data.size(); i += 3) {
    const unsigned v = static_cast<unsigned char>(data[i]) << 16 |
                       static_cast<unsigned char>(data[i + 1]) << 8 |
                       static_cast<unsigned char>(data[i + 2]);
    for (int shift : {18, 12, 6, 0}) out += kTable[(v >> shift) & 63];
  }
  if (i < data.size()) {
    unsigned v = static_cast<unsigned char>(data[i]) << 16;
    if (i + 1 < data.size()) v |= static_cast<unsigned char>(data[i + 1]) << 8;
    out += kTable[(v >> 18) & 63];
    out += kTable[(v >> 12) & 63];
    out += i + 1 < data.size() ? kTable[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// LF or CRLF line ends to CRLF.
std::string crlf(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r')) out += '\r';
    out += text[i];
  }
  return out;
}

std::string verb_of(const std::string& kind) {
  if (kind == "your_turn") return "your move";
  if (kind == "game_over") return "game over";
  if (kind == "reminder") return "reminder, your move";
  return "your mail";
}

void add_header(std::string& out, const std::string& name, const std::string& value) {
  if (!value.empty()) out += name + ": " + value + "\r\n";
}

std::string headers(const RenderedMail& mail, const Envelope& e, const std::string& references,
                    bool ascii_body) {
  std::string out;
  add_header(out, "From", e.from);
  add_header(out, "To", e.to);
  add_header(out, "Subject", encode_header_text(mail.subject));
  add_header(out, "Date", e.date);
  add_header(out, "Message-ID", mail.message_id);
  if (!references.empty()) {
    add_header(out, "In-Reply-To", e.in_reply_to.empty() ? references : e.in_reply_to);
    add_header(out, "References",
               e.in_reply_to.empty() ? references : references + " " + e.in_reply_to);
  }
  add_header(out, "Auto-Submitted", "auto-generated");
  add_header(out, "Reply-To", e.reply_to);
  if (!e.unsubscribe_url.empty()) {
    add_header(out, "List-Unsubscribe", "<" + e.unsubscribe_url + ">");
    add_header(out, "List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
  }
  add_header(out, "MIME-Version", "1.0");
  add_header(out, "Content-Type", "text/plain; charset=utf-8");
  add_header(out, "Content-Transfer-Encoding", ascii_body ? "7bit" : "base64");
  return out;
}

RenderedMail assemble(RenderedMail mail, const Envelope& e, const std::string& references,
                      const std::string& body) {
  const bool ascii = is_ascii(body);
  std::string encoded = crlf(body);
  if (!ascii) {
    const std::string b64 = base64(body);
    encoded.clear();
    for (std::size_t i = 0; i < b64.size(); i += 76) encoded += b64.substr(i, 76) + "\r\n";
  }
  mail.text = headers(mail, e, references, ascii) + "\r\n" + encoded;
  return mail;
}

std::string reply_help(const GameNotice& n) {
  return "Reply to this mail with your move on the first line, in the game's notation,\n"
         "optionally followed by \"#" +
         std::to_string(n.ply) +
         "\" so that it is refused if the game has moved on.\n"
         "Other commands: resign, draw offer, draw accept, show. A reply whose first line is\n"
         "none of these (and not one word) goes to the other players as a message.\n";
}

std::string game_facts(const GameNotice& n) {
  std::string out;
  if (!n.last_move.empty()) out += "Last move: " + n.last_move + "\n";
  if (!n.time_left.empty()) out += "Time left: " + n.time_left + "\n";
  if (n.legal_moves >= 0) out += "Legal moves: " + std::to_string(n.legal_moves) + "\n";
  return out;
}

}  // namespace

std::string outbox_message_id(std::int64_t outbox_id, const std::string& domain) {
  return "<outbox-" + std::to_string(outbox_id) + "@" + domain + ">";
}

std::string game_root_id(std::int64_t game_id, const std::string& domain) {
  return "<game-" + std::to_string(game_id) + "@" + domain + ">";
}

std::string game_subject(const GameNotice& n) {
  std::string subject = "[Hexpost] Game " + std::to_string(n.game_id) + " (" + n.game + ")";
  if (!n.opponents.empty()) subject += " vs " + n.opponents;
  if (n.kind == "message") return subject + ": message from " + n.author;
  return subject + ": " + verb_of(n.kind);
}

std::string game_body(const GameNotice& n, const Envelope& e) {
  const std::string game = "game " + std::to_string(n.game_id) + " (" + n.game + ")" +
                           (n.opponents.empty() ? "" : " against " + n.opponents);
  std::string body;
  if (n.kind == "game_over") {
    body = "Your " + game + " is over: " + n.result + "\n";
  } else if (n.kind == "reply" && !n.reason.empty()) {
    body = "Your mail to " + game + " was not applied:\n  " + n.reason + "\n\n> " + n.quoted +
           "\n\nThe game is at ply " + std::to_string(n.ply) + ".\n";
  } else if (n.kind == "message") {
    body = n.author + " wrote in " + game + ":\n\n" + n.text +
           (!n.text.empty() && n.text.back() == '\n' ? "" : "\n");
  } else if (n.kind == "reply") {
    body = "The " + game + " is at ply " + std::to_string(n.ply) + ".\n";
  } else {
    body = std::string(n.kind == "reminder" ? "Reminder: it" : "It") + " is your move in " + game +
           ", ply " + std::to_string(n.ply) + ".\n";
  }
  body += "\n" + game_facts(n) + "\n" + n.board;
  if (!n.board.empty() && n.board.back() != '\n') body += "\n";
  if (!n.page_url.empty()) body += "\nOn the web: " + n.page_url + "\n";
  if (!e.reply_to.empty()) body += "\n" + reply_help(n);
  if (!e.unsubscribe_url.empty()) body += "\nTo stop these mails: " + e.unsubscribe_url + "\n";
  return body;
}

RenderedMail render_game_mail(const GameNotice& n, const Envelope& e) {
  RenderedMail mail;
  mail.message_id = outbox_message_id(n.outbox_id, e.domain);
  mail.subject = game_subject(n);
  return assemble(std::move(mail), e, game_root_id(n.game_id, e.domain), game_body(n, e));
}

RenderedMail render_plain_mail(const PlainNotice& n, const Envelope& e) {
  RenderedMail mail;
  mail.message_id = outbox_message_id(n.outbox_id, e.domain);
  mail.subject = n.subject;
  std::string body = n.body;
  if (!e.unsubscribe_url.empty()) body += "\nTo stop these mails: " + e.unsubscribe_url + "\n";
  const std::string root = n.thread_game_id ? game_root_id(n.thread_game_id, e.domain) : "";
  return assemble(std::move(mail), e, root, body);
}

std::string format_date(std::int64_t unix_seconds) {
  const std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[tm.tm_wday],
                tm.tm_mday, kMonths[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
                tm.tm_sec);
  return buf;
}

std::string format_duration(double seconds) {
  const long long total = std::max(0LL, static_cast<long long>(std::floor(seconds / 60)));
  const long long days = total / 1440, hours = total / 60 % 24, minutes = total % 60;
  auto unit = [](long long n, const char* name) {
    return std::to_string(n) + " " + name + (n == 1 ? "" : "s");
  };
  if (days > 0) return unit(days, "day") + " " + unit(hours, "hour");
  if (hours > 0) return unit(hours, "hour") + " " + unit(minutes, "minute");
  return unit(minutes, "minute");
}

std::string encode_header_text(const std::string& text) {
  if (is_ascii(text)) return text;
  return "=?UTF-8?B?" + base64(text) + "?=";
}

PlainNotice tournament_notice(const TournamentNotice& t) {
  PlainNotice n;
  const std::string name = "Tournament " + t.tournament_id;
  const std::string show = "Standings and pairings: hexpost tournament show " + t.tournament_id;
  const std::string round = "round " + std::to_string(t.round);
  if (t.event_kind == "tournament_pairing") {
    std::string players;
    for (const auto& seat : t.seats) players += (players.empty() ? "" : " vs ") + seat;
    n.subject = "[Hexpost] " + name + ", " + round + ": game " + t.game_id + ", " + players;
    n.body = "Your game of " + round + " is game " + t.game_id + ": " + players + " (" +
             (t.seats.empty() ? std::string("?") : t.seats.front()) + " moves first).\n" +
             "Show it: hexpost show " + t.game_id + "\n" + show + "\n";
  } else if (t.event_kind == "tournament_round_started") {
    n.subject = "[Hexpost] " + name + ": " + round + " has started";
    n.body =
        name + ": " + round + " has started; your pairing comes in its own mail.\n" + show + "\n";
  } else {
    n.subject = "[Hexpost] " + name + ": final standings";
    n.body = name + " is over. Final standings:\n";
    for (const auto& line : t.standings) n.body += "  " + line + "\n";
    n.body += show + "\n";
  }
  return n;
}

}  // namespace mail
