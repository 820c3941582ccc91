#include "xml_check.h"

#include <cstdint>

namespace testsupport {

namespace {

bool name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  std::optional<XmlElement> document(std::string& error) {
    skip_prolog();
    XmlElement root;
    if (!failed() && !element(root)) fail("expected the root element");
    skip_misc();
    if (!failed() && at_ < text_.size()) fail("content after the root element");
    if (failed()) {
      error = "offset " + std::to_string(error_at_) + ": " + error_;
      return std::nullopt;
    }
    return root;
  }

 private:
  bool failed() const { return !error_.empty(); }
  bool fail(const std::string& message) {
    if (!failed()) {
      error_ = message;
      error_at_ = at_;
    }
    return false;
  }
  bool starts(std::string_view prefix) const { return text_.substr(at_).starts_with(prefix); }
  void skip_space() {
    while (at_ < text_.size() && space(text_[at_])) ++at_;
  }

  // Comments and whitespace between markup outside the root.
  void skip_misc() {
    for (;;) {
      skip_space();
      if (!starts("<!--")) return;
      if (!comment()) return;
    }
  }
  void skip_prolog() {
    skip_space();
    if (starts("<?xml")) {
      const std::size_t end = text_.find("?>", at_);
      if (end == std::string_view::npos) {
        fail("unterminated XML declaration");
        return;
      }
      at_ = end + 2;
    }
    skip_misc();
    if (starts("<!DOCTYPE")) fail("DOCTYPE is not accepted");
  }
  bool comment() {
    const std::size_t end = text_.find("-->", at_ + 4);
    if (end == std::string_view::npos) return fail("unterminated comment");
    if (text_.substr(at_ + 4, end - at_ - 4).find("--") != std::string_view::npos) {
      return fail("'--' inside a comment");
    }
    at_ = end + 3;
    return true;
  }

  bool name(std::string& out) {
    if (at_ >= text_.size() || !name_start(text_[at_])) return fail("expected a name");
    const std::size_t start = at_;
    while (at_ < text_.size() && name_char(text_[at_])) ++at_;
    out = std::string(text_.substr(start, at_ - start));
    return true;
  }

  // Decodes an entity or character reference at '&' onto `out`.
  bool reference(std::string& out) {
    const std::size_t end = text_.find(';', at_);
    if (end == std::string_view::npos || end - at_ > 10) return fail("unterminated reference");
    const std::string_view body = text_.substr(at_ + 1, end - at_ - 1);
    static const std::pair<std::string_view, char> kNamed[] = {
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    for (const auto& [entity, c] : kNamed) {
      if (body == entity) {
        out += c;
        at_ = end + 1;
        return true;
      }
    }
    if (body.size() < 2 || body[0] != '#')
      return fail("unknown entity &" + std::string(body) + ";");
    const bool hex = body[1] == 'x';
    std::uint32_t code = 0;
    for (const char c : body.substr(hex ? 2 : 1)) {
      const int digit = c >= '0' && c <= '9'          ? c - '0'
                        : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                      : -1;
      if (digit < 0 || code > 0x10FFFF) return fail("bad character reference");
      code = code * (hex ? 16 : 10) + static_cast<std::uint32_t>(digit);
    }
    if (code == 0 || code > 0x10FFFF) return fail("bad character reference");
    append_utf8(out, code);
    at_ = end + 1;
    return true;
  }

  bool attribute_value(std::string& out) {
    if (at_ >= text_.size() || (text_[at_] != '"' && text_[at_] != '\'')) {
      return fail("expected a quoted attribute value");
    }
    const char quote = text_[at_++];
    while (at_ < text_.size() && text_[at_] != quote) {
      if (text_[at_] == '<') return fail("'<' in an attribute value");
      if (text_[at_] == '&') {
        if (!reference(out)) return false;
        continue;
      }
      out += text_[at_++];
    }
    if (at_ >= text_.size()) return fail("unterminated attribute value");
    ++at_;
    return true;
  }

  bool attributes(XmlElement& element) {
    for (;;) {
      const std::size_t before = at_;
      skip_space();
      if (at_ >= text_.size()) return fail("unterminated start tag");
      if (text_[at_] == '>' || text_[at_] == '/') return true;
      if (at_ == before) return fail("expected a space before an attribute");
      std::string key, value;
      if (!name(key)) return false;
      skip_space();
      if (at_ >= text_.size() || text_[at_] != '=') return fail("expected '=' after " + key);
      ++at_;
      skip_space();
      if (!attribute_value(value)) return false;
      if (element.attribute(key) != nullptr) return fail("attribute " + key + " given twice");
      element.attributes.emplace_back(key, value);
    }
  }

  bool content(XmlElement& element) {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '&') {
        if (!reference(element.text)) return false;
      } else if (starts("</")) {
        at_ += 2;
        std::string closing;
        if (!name(closing)) return false;
        skip_space();
        if (at_ >= text_.size() || text_[at_] != '>') return fail("expected '>' in an end tag");
        ++at_;
        if (closing != element.name)
          return fail("</" + closing + "> closes <" + element.name + ">");
        return true;
      } else if (starts("<!--")) {
        if (!comment()) return false;
      } else if (c == '<') {
        XmlElement child;
        if (!element_at_tag(child)) return false;
        element.children.push_back(std::move(child));
      } else {
        if (starts("]]>")) return fail("']]>' in character data");
        element.text += c;
        ++at_;
      }
    }
    return fail("<" + element.name + "> is never closed");
  }

  bool element_at_tag(XmlElement& element) {
    ++at_;  // '<'
    if (!name(element.name) || !attributes(element)) return false;
    if (text_[at_] == '/') {
      if (at_ + 1 >= text_.size() || text_[at_ + 1] != '>') return fail("expected '/>'");
      at_ += 2;
      return true;
    }
    ++at_;  // '>'
    return content(element);
  }

  bool element(XmlElement& element) {
    if (at_ >= text_.size() || text_[at_] != '<') return false;
    return element_at_tag(element);
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::string error_;
  std::size_t error_at_ = 0;
};

}  // namespace

const std::string* XmlElement::attribute(std::string_view attribute_name) const {
  for (const auto& [key, value] : attributes) {
    if (key == attribute_name) return &value;
  }
  return nullptr;
}

bool XmlElement::has_class(std::string_view token) const {
  const std::string* classes = attribute("class");
  if (classes == nullptr) return false;
  std::string_view rest = *classes;
  while (!rest.empty()) {
    const std::size_t end = rest.find(' ');
    if (rest.substr(0, end) == token) return true;
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return false;
}

std::optional<XmlElement> parse_xml(std::string_view text, std::string& error) {
  return Reader(text).document(error);
}

void for_each_element(const XmlElement& root, const std::function<void(const XmlElement&)>& visit) {
  visit(root);
  for (const XmlElement& child : root.children) for_each_element(child, visit);
}

}  // namespace testsupport
