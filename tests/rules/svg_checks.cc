#include "svg_checks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "tests/support/xml_check.h"

namespace rules::testing {

namespace {

using testsupport::XmlElement;

struct Picture {
  XmlElement root;
  std::map<std::string, const XmlElement*> cells;  // data-cell -> element
  std::set<std::string> highlighted;               // data-cell of the elements with class hl
};

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

void check_self_contained(const std::string& svg, const XmlElement& root) {
  ASSERT_EQ(lower(svg).find("<script"), std::string::npos);
  ASSERT_EQ(root.name, "svg");
  ASSERT_NE(root.attribute("xmlns"), nullptr);
  EXPECT_EQ(*root.attribute("xmlns"), "http://www.w3.org/2000/svg");
  for (const char* needed : {"viewBox", "width", "height"}) {
    ASSERT_NE(root.attribute(needed), nullptr) << "the root needs " << needed;
  }
  testsupport::for_each_element(root, [](const XmlElement& element) {
    for (const char* banned : {"script", "foreignObject", "image", "iframe", "a"}) {
      EXPECT_NE(element.name, banned) << "<" << banned << "> in a board";
    }
    for (const auto& [key, value] : element.attributes) {
      if (key == "href" || key.ends_with(":href")) {
        EXPECT_TRUE(value.starts_with("#")) << key << "=\"" << value << "\" leaves the document";
      }
      EXPECT_FALSE(key.starts_with("on")) << "event handler " << key;
      if (key != "xmlns") {
        EXPECT_EQ(value.find("://"), std::string::npos) << key << "=" << value;
      }
    }
  });
}

void parse_picture(const std::string& svg, Picture& picture) {
  std::string error;
  std::optional<XmlElement> root = testsupport::parse_xml(svg, error);
  ASSERT_TRUE(root.has_value()) << "not well-formed: " << error;
  picture.root = std::move(*root);
  ASSERT_NO_FATAL_FAILURE(check_self_contained(svg, picture.root));
  testsupport::for_each_element(picture.root, [&](const XmlElement& element) {
    const std::string* name = element.attribute("data-cell");
    if (name == nullptr) {
      EXPECT_FALSE(element.has_class("hl")) << "<" << element.name << "> marked but not a cell";
      return;
    }
    EXPECT_TRUE(picture.cells.emplace(*name, &element).second) << "two cells " << *name;
    ASSERT_FALSE(element.children.empty()) << *name << " has no <title>";
    EXPECT_EQ(element.children.front().name, "title") << *name;
    EXPECT_TRUE(element.children.front().text.starts_with(*name))
        << *name << " is titled '" << element.children.front().text << "'";
    if (element.has_class("hl")) picture.highlighted.insert(*name);
  });
}

void check_highlight(const State& state, const std::vector<std::string>& cells) {
  SvgOptions options;
  options.highlight = cells;
  options.highlight.push_back("zz99");  // not a cell: ignored
  Picture marked;
  ASSERT_NO_FATAL_FAILURE(parse_picture(state.render_svg(options), marked));
  EXPECT_EQ(marked.highlighted, std::set<std::string>(cells.begin(), cells.end()));
}

}  // namespace

void check_svg_contract(const State& state, bool all_perspectives) {
  const std::string svg = state.render_svg({});
  ASSERT_EQ(state.render_svg({}), svg) << "render_svg is not deterministic";
  ASSERT_EQ(state.clone()->render_svg({}), svg) << "a clone renders other bytes";
  ASSERT_LE(svg.size(), kMaxSvgBytes);
  Picture plain;
  ASSERT_NO_FATAL_FAILURE(parse_picture(svg, plain));
  ASSERT_TRUE(plain.highlighted.empty());
  ASSERT_FALSE(plain.cells.empty());
  const std::vector<Move> moves = state.legal_moves();
  const std::size_t stride = std::max<std::size_t>(1, moves.size() / 300);
  for (std::size_t i = 0; i < moves.size(); i += stride) {
    const std::vector<std::string> cells = state.move_cells(moves[i]);
    ASSERT_FALSE(cells.empty()) << state.format_move(moves[i]) << " names no cell";
    for (const std::string& cell : cells) {
      ASSERT_TRUE(plain.cells.contains(cell))
          << state.format_move(moves[i]) << " names " << cell << ", which is not drawn";
    }
  }
  if (!moves.empty()) {
    ASSERT_NO_FATAL_FAILURE(check_highlight(state, state.move_cells(moves.front())));
    ASSERT_NO_FATAL_FAILURE(check_highlight(state, state.move_cells(moves[moves.size() / 2])));
  }
  if (!all_perspectives) return;
  for (int seat = 0; seat < state.num_seats(); ++seat) {
    Picture turned;
    ASSERT_NO_FATAL_FAILURE(parse_picture(state.render_svg({seat, {}}), turned));
    ASSERT_EQ(turned.cells.size(), plain.cells.size()) << "perspective " << seat;
    for (const auto& [name, element] : plain.cells) {
      ASSERT_TRUE(turned.cells.contains(name)) << name << " is missing for seat " << seat;
    }
  }
}

}  // namespace rules::testing
