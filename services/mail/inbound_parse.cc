#include "services/mail/inbound_parse.h"

#include <gmime/gmime.h>

#include <cctype>
#include <mutex>

#include "services/mail/addresses.h"

namespace mail {

namespace {

void init_gmime() {
  static std::once_flag once;
  std::call_once(once, [] { g_mime_init(); });
}

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// GMime decodes 8-bit header bytes (as Latin-1 when no charset is given) but passes a text
// part's 8-bit bytes through when no charset says how to read them: invalid UTF-8 becomes
// U+FFFD, because the command is quoted in the reply's JSON payload and stored as PostgreSQL
// text, which both refuse invalid UTF-8.
// Every string parse_mail hands out goes through here (headers too: GMime does not promise
// UTF-8 for every header form, and a raw 8-bit byte in a Message-ID or address would make the
// mail_inbound row or the reply's JSON fail).
std::string valid_utf8(const char* text) {
  if (!text) return "";
  char* valid = g_utf8_make_valid(text, -1);
  std::string out(valid);
  g_free(valid);
  return out;
}

std::string header(GMimeObject* object, const char* name) {
  const char* value = g_mime_object_get_header(object, name);
  return value ? trim(value) : "";
}

void add_addresses(InternetAddressList* list, std::vector<std::string>& out) {
  if (!list) return;
  for (int i = 0; i < internet_address_list_length(list); ++i) {
    InternetAddress* address = internet_address_list_get_address(list, i);
    if (INTERNET_ADDRESS_IS_MAILBOX(address)) {
      const char* addr = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address));
      if (addr && *addr) out.push_back(valid_utf8(addr));
    } else if (INTERNET_ADDRESS_IS_GROUP(address)) {
      add_addresses(internet_address_group_get_members(INTERNET_ADDRESS_GROUP(address)), out);
    }
  }
}

void add_header_addresses(GMimeObject* object, const char* name, std::vector<std::string>& out) {
  const std::string value = header(object, name);
  if (value.empty()) return;
  InternetAddressList* list = internet_address_list_parse(nullptr, value.c_str());
  add_addresses(list, out);
  if (list) g_object_unref(list);
}

bool is_auto_reply(GMimeObject* m) {
  const std::string submitted = lower(header(m, "Auto-Submitted"));
  const std::string precedence = lower(header(m, "Precedence"));
  const char* return_path = g_mime_object_get_header(m, "Return-Path");
  return (!submitted.empty() && submitted != "no") || precedence == "bulk" ||
         precedence == "junk" || precedence == "list" || (return_path && trim(return_path) == "<>");
}

struct Bodies {
  std::string plain, html;
};

// Depth-first over the MIME tree: the first text/plain and text/html parts that are not
// attachments.
void collect_text(GMimeObject* part, Bodies& out) {
  if (GMIME_IS_MULTIPART(part)) {
    GMimeMultipart* multipart = GMIME_MULTIPART(part);
    for (int i = 0; i < g_mime_multipart_get_count(multipart); ++i) {
      collect_text(g_mime_multipart_get_part(multipart, i), out);
    }
    return;
  }
  if (!GMIME_IS_TEXT_PART(part)) return;
  const char* disposition = g_mime_object_get_disposition(part);
  if (disposition && g_ascii_strcasecmp(disposition, "attachment") == 0) return;
  GMimeContentType* type = g_mime_object_get_content_type(part);
  const bool plain = g_mime_content_type_is_type(type, "text", "plain");
  const bool html = g_mime_content_type_is_type(type, "text", "html");
  std::string& slot = plain ? out.plain : out.html;
  if ((!plain && !html) || !slot.empty()) return;
  char* text = g_mime_text_part_get_text(GMIME_TEXT_PART(part));  // decoded, as UTF-8
  if (text) {
    slot = valid_utf8(text);
    g_free(text);
  }
}

bool starts_with_ci(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && lower(text.substr(0, prefix.size())) == prefix;
}

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

std::optional<InboundMail> parse_mail(const std::string& raw) {
  init_gmime();
  GMimeStream* stream = g_mime_stream_mem_new_with_buffer(raw.data(), raw.size());
  GMimeParser* parser = g_mime_parser_new_with_stream(stream);
  GMimeMessage* message = g_mime_parser_construct_message(parser, nullptr);
  g_object_unref(parser);
  g_object_unref(stream);
  if (!message) return std::nullopt;
  GMimeObject* object = GMIME_OBJECT(message);
  InboundMail mail;
  mail.message_id = valid_utf8(g_mime_message_get_message_id(message));
  std::vector<std::string> from;
  add_addresses(g_mime_message_get_from(message), from);
  if (!from.empty()) mail.from = from.front();
  add_addresses(g_mime_message_get_addresses(message, GMIME_ADDRESS_TYPE_TO), mail.recipients);
  add_addresses(g_mime_message_get_addresses(message, GMIME_ADDRESS_TYPE_CC), mail.recipients);
  add_header_addresses(object, "Delivered-To", mail.recipients);
  add_header_addresses(object, "X-Original-To", mail.recipients);
  mail.auto_reply = is_auto_reply(object);
  Bodies bodies;
  if (GMimeObject* body = g_mime_message_get_mime_part(message)) collect_text(body, bodies);
  mail.text = !bodies.plain.empty() ? bodies.plain : html_to_text(bodies.html);
  g_object_unref(message);
  return mail;
}

// The sender's own lines of a reply, each without its line end: the lines before a signature
// or original-message marker that are not quoted ("> ...") or an attribution ("... wrote:").
// Blank lines are kept (as empty strings).
std::vector<std::string> own_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    start = end + 1;
    if (raw == "-- " || raw == "--" || raw == "__" || starts_with_ci(raw, "-----original") ||
        starts_with_ci(raw, "---------- forwarded")) {
      break;
    }
    const std::string line = trim(raw);
    if (!line.empty() && (line[0] == '>' || ends_with(line, "wrote:"))) continue;
    lines.push_back(line.empty() ? std::string() : std::string(raw));
  }
  return lines;
}

std::string first_command_line(std::string_view text) {
  for (const std::string& line : own_lines(text)) {
    if (!line.empty()) return trim(line);
  }
  return "";
}

std::string own_text(std::string_view text) {
  const std::vector<std::string> lines = own_lines(text);
  std::size_t first = 0, last = lines.size();
  while (first < last && lines[first].empty()) ++first;
  while (last > first && lines[last - 1].empty()) --last;
  std::string out;
  for (std::size_t i = first; i < last; ++i) {
    std::string line = lines[i];
    line.erase(line.find_last_not_of(" \t") + 1);  // trailing blanks (format=flowed spaces)
    out += (i == first ? "" : "\n") + line;
  }
  return out;
}

std::string html_to_text(std::string_view html) {
  std::string out;
  int skip_depth = 0;  // inside <blockquote>, <style> or <script>
  for (std::size_t i = 0; i < html.size();) {
    if (html[i] != '<') {
      if (skip_depth == 0) out += html[i];
      ++i;
      continue;
    }
    const std::size_t close = html.find('>', i);
    if (close == std::string_view::npos) break;
    std::string tag = lower(html.substr(i + 1, close - i - 1));
    const bool closing = !tag.empty() && tag[0] == '/';
    if (closing) tag.erase(0, 1);
    tag = tag.substr(0, tag.find_first_of(" \t\r\n/"));
    if (tag == "blockquote" || tag == "style" || tag == "script") skip_depth += closing ? -1 : 1;
    if (skip_depth < 0) skip_depth = 0;
    if (tag == "br" || tag == "p" || tag == "div" || tag == "tr" || tag == "li") out += '\n';
    i = close + 1;
  }
  static const std::pair<const char*, const char*> kEntities[] = {{"&nbsp;", " "}, {"&lt;", "<"},
                                                                  {"&gt;", ">"},   {"&quot;", "\""},
                                                                  {"&#39;", "'"},  {"&amp;", "&"}};
  for (const auto& [entity, text] : kEntities) {
    for (std::size_t at; (at = out.find(entity)) != std::string::npos;) {
      out.replace(at, std::char_traits<char>::length(entity), text);
    }
  }
  return out;
}

MailCommand parse_command(std::string_view line) {
  MailCommand command;
  std::string text = trim(line);
  const auto hash = text.rfind('#');
  if (hash != std::string::npos && hash + 1 < text.size() &&
      text.find_first_not_of("0123456789", hash + 1) == std::string::npos &&
      text.size() - hash - 1 <= 7) {
    command.seen_ply = std::stoi(text.substr(hash + 1));
    text = trim(text.substr(0, hash));
  }
  const std::string word = lower(text);
  using Kind = MailCommand::Kind;
  if (word.empty()) return command;
  if (word == "resign") {
    command.kind = Kind::kResign;
  } else if (word == "draw" || word == "draw offer") {
    command.kind = Kind::kDrawOffer;
  } else if (word == "draw accept") {
    command.kind = Kind::kDrawAccept;
  } else if (word == "show") {
    command.kind = Kind::kShow;
  } else {
    command.kind = Kind::kMove;
    command.move = text;
  }
  return command;
}

}  // namespace mail
