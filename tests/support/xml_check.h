#pragma once
// A minimal XML reader for tests of generated documents (SVG boards): it accepts exactly the
// well-formed subset a generator should write (one root element, elements and attributes with
// quoted values, character data, the five named entities and numeric character references,
// comments and an XML declaration) and reports the first error with its byte offset. No DTDs,
// no CDATA sections, no namespaces resolution: names are taken as written ("xlink:href").

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace testsupport {

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;  // values with entities decoded
  std::vector<XmlElement> children;
  std::string text;  // the character data directly inside, decoded and concatenated

  // The value of an attribute, or nullptr when the element has none of that name.
  const std::string* attribute(std::string_view attribute_name) const;
  // Whether the class attribute lists `token` among its space-separated classes.
  bool has_class(std::string_view token) const;
};

// The root element of a well-formed document, or nullopt with `error` saying what is wrong
// and where ("offset 120: </g> closes <use>").
std::optional<XmlElement> parse_xml(std::string_view text, std::string& error);

// Calls `visit` on the element and every descendant, depth-first in document order.
void for_each_element(const XmlElement& root, const std::function<void(const XmlElement&)>& visit);

}  // namespace testsupport
