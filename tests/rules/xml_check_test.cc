// The XML reader the SVG checks rely on (tests/support/xml_check.h): it must reject what a
// browser's XML parser rejects, or a broken board would pass the contract suite.

#include "tests/support/xml_check.h"

#include <gtest/gtest.h>

namespace testsupport {
namespace {

std::string error_of(std::string_view text) {
  std::string error;
  return parse_xml(text, error).has_value() ? "" : error;
}

TEST(XmlCheck, ReadsElementsAttributesTextAndReferences) {
  std::string error;
  const auto root = parse_xml(
      "<?xml version=\"1.0\"?><svg a=\"1 &amp; 2\" b='x'><!-- note --><g class=\"c hl\">"
      "<title>e5 &lt;&#65;&#x42;&gt;</title></g><use/></svg>\n",
      error);
  ASSERT_TRUE(root.has_value()) << error;
  EXPECT_EQ(root->name, "svg");
  EXPECT_EQ(*root->attribute("a"), "1 & 2");
  EXPECT_EQ(*root->attribute("b"), "x");
  ASSERT_EQ(root->children.size(), 2u);
  EXPECT_TRUE(root->children[0].has_class("hl"));
  EXPECT_FALSE(root->children[0].has_class("h"));
  EXPECT_EQ(root->children[0].children[0].text, "e5 <AB>");
  EXPECT_EQ(root->children[1].name, "use");
}

TEST(XmlCheck, RejectsWhatIsNotWellFormed) {
  EXPECT_EQ(error_of("<a><b></a>"), "offset 10: </a> closes <b>");
  EXPECT_EQ(error_of("<a>x & y</a>"), "offset 5: unterminated reference");
  EXPECT_EQ(error_of("<a>&nbsp;</a>"), "offset 3: unknown entity &nbsp;");
  EXPECT_EQ(error_of("<a x=\"1\" x=\"2\"/>"), "offset 14: attribute x given twice");
  EXPECT_EQ(error_of("<a x=1/>"), "offset 5: expected a quoted attribute value");
  EXPECT_EQ(error_of("<a x=\"<\"/>"), "offset 6: '<' in an attribute value");
  EXPECT_EQ(error_of("<a/><b/>"), "offset 4: content after the root element");
  EXPECT_EQ(error_of("<a>"), "offset 3: <a> is never closed");
  EXPECT_EQ(error_of("<a x=\"1\"y=\"2\"/>"), "offset 8: expected a space before an attribute");
  EXPECT_EQ(error_of(""), "offset 0: expected the root element");
}

}  // namespace
}  // namespace testsupport
