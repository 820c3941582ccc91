#include "rules/core/svg_board.h"

#include <algorithm>
#include <array>

namespace rules::svg {

namespace {

constexpr double kLegendLine = 18;  // legend line height
constexpr double kLegendMargin = 10;
constexpr double kCharWidth = 7;  // a generous average for 12px sans-serif
constexpr double kMinWidth = 240;

constexpr std::string_view kBaseStyle =
    "svg{background:#fbf8f1;font-family:sans-serif}"
    "[data-cell]{fill:#efe6d2;stroke:#8c7f66;stroke-width:1}"
    ".hl{stroke:#d9480f;stroke-width:3}.up{pointer-events:none}"
    ".p{stroke:#222;stroke-width:1}"
    ".t{font-size:10px;font-weight:bold;text-anchor:middle;dominant-baseline:central;"
    "fill:#fff;stroke:#000;stroke-width:2px;paint-order:stroke}"
    ".pip{fill:#fff;stroke:#000;stroke-width:0.5}"
    ".e{text-anchor:middle;dominant-baseline:central;fill:#fff}"
    ".ru{font-size:10px;text-anchor:middle;dominant-baseline:central;fill:#6b604c}"
    ".lg{font-size:12px;fill:#222}.lg text{dominant-baseline:central}.now{font-weight:bold}";

// Pip positions of faces 1-6 on a square from -1 to 1.
const std::array<std::vector<Point>, 7>& pip_layouts() {
  static const std::array<std::vector<Point>, 7> layouts = {{
      {},
      {{0, 0}},
      {{-1, -1}, {1, 1}},
      {{-1, -1}, {0, 0}, {1, 1}},
      {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
      {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
      {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
  }};
  return layouts;
}

void small_number(Document& doc, Point at, double size, std::string_view text) {
  doc.text("text",
           {{"class", "e"}, {"x", number(at.x)}, {"y", number(at.y)}, {"font-size", number(size)}},
           text);
}

double legend_width(const Legend& legend) {
  std::size_t longest = legend.heading.size();
  for (const LegendSeat& seat : legend.seats) longest = std::max(longest, seat.text.size() + 3);
  for (const std::string& note : legend.notes) longest = std::max(longest, note.size());
  return std::max(kMinWidth, static_cast<double>(longest) * kCharWidth + 2 * kLegendMargin);
}

void legend_line(Document& doc, double y, std::string_view text, bool now) {
  doc.text("text", {{"class", now ? "now" : ""}, {"x", number(kLegendMargin)}, {"y", number(y)}},
           text);
}

}  // namespace

std::string board_style(const std::vector<std::string_view>& colours, std::string_view extra) {
  std::string style(kBaseStyle);
  for (std::size_t i = 0; i < colours.size(); ++i) {
    style += ".s" + std::to_string(i) + "{fill:" + std::string(colours[i]) + "}";
  }
  style += extra;
  return style;
}

bool highlighted(const std::vector<std::string>& highlight, std::string_view name) {
  return std::find(highlight.begin(), highlight.end(), name) != highlight.end();
}

std::string hex_shape(Document& doc, double radius, HexTop top) {
  const std::string id = top == HexTop::kPointy ? "hp" : "hf";
  doc.define(id, "polygon", {{"points", points(hex_corners({0, 0}, radius, top))}});
  return id;
}

namespace {

Attributes cell_attributes(const CellLabel& cell) {
  Attributes attributes = {{"data-cell", cell.name}};
  std::string classes = cell.kinds;
  if (cell.highlight) classes += classes.empty() ? "hl" : " hl";
  if (!classes.empty()) attributes.emplace_back("class", classes);
  return attributes;
}

}  // namespace

void hex_cell(Document& doc, const std::string& shape_id, Point centre, const CellLabel& cell) {
  // x and y default to 0: left out, so that cells inside a translated column group stay short.
  Attributes attributes = {{"href", "#" + shape_id}};
  if (number(centre.x) != "0") attributes.emplace_back("x", number(centre.x));
  if (number(centre.y) != "0") attributes.emplace_back("y", number(centre.y));
  const Attributes labels = cell_attributes(cell);
  attributes.insert(attributes.end(), labels.begin(), labels.end());
  doc.open("use", attributes);
  doc.text("title", {}, cell.title);
  doc.close();
}

void square_cell(Document& doc, Point centre, double side, const CellLabel& cell) {
  Attributes attributes = {{"x", number(centre.x - side / 2)},
                           {"y", number(centre.y - side / 2)},
                           {"width", number(side)},
                           {"height", number(side)}};
  const Attributes labels = cell_attributes(cell);
  attributes.insert(attributes.end(), labels.begin(), labels.end());
  doc.open("rect", attributes);
  doc.text("title", {}, cell.title);
  doc.close();
}

void open_upper_layer(Document& doc, std::string_view classes) {
  doc.open("g", {{"class", classes.empty() ? "up" : "up " + std::string(classes)}});
}

void piece(Document& doc, Point centre, double radius, std::string_view colour,
           std::string_view mark) {
  doc.leaf("circle", {{"class", "p " + std::string(colour)},
                      {"cx", number(centre.x)},
                      {"cy", number(centre.y)},
                      {"r", number(radius)}});
  doc.text("text", {{"class", "t"}, {"x", number(centre.x)}, {"y", number(centre.y)}}, mark);
}

void die(Document& doc, Point centre, double side, std::string_view colour, std::string_view mark,
         const DieFaces& faces) {
  const double half = side / 2;
  doc.leaf("rect", {{"class", "p " + std::string(colour)},
                    {"x", number(centre.x - half)},
                    {"y", number(centre.y - half)},
                    {"width", number(side)},
                    {"height", number(side)},
                    {"rx", number(side / 6)}});
  const double spread = side * 0.2, pip = side * 0.07;
  for (const Point& at : pip_layouts()[std::clamp(faces.top, 0, 6)]) {
    doc.leaf("circle", {{"class", "pip"},
                        {"cx", number(centre.x + at.x * spread)},
                        {"cy", number(centre.y + at.y * spread)},
                        {"r", number(pip)}});
  }
  const double edge = side * 0.37, font = side * 0.24;
  if (faces.up > 0) small_number(doc, {centre.x, centre.y - edge}, font, std::to_string(faces.up));
  if (faces.right > 0) {
    small_number(doc, {centre.x + edge, centre.y}, font, std::to_string(faces.right));
  }
  small_number(doc, {centre.x - edge, centre.y + edge}, font, mark);
}

void label(Document& doc, Point at, std::string_view text) {
  doc.text("text", {{"class", "ru"}, {"x", number(at.x)}, {"y", number(at.y)}}, text);
}

Point square_point(int file, int rank, double side) { return {file * side, -rank * side}; }

std::vector<Point> square_board_points(int files, int ranks, double side) {
  // The ruler positions one square outside each corner.
  return {square_point(-1, -1, side), square_point(files, ranks, side)};
}

void square_rulers(Document& doc, const Frame& frame, int files, int ranks, double side) {
  for (int file = 0; file < files; ++file) {
    const std::string letter(1, static_cast<char>('a' + file));
    label(doc, frame(square_point(file, -1, side)), letter);
    label(doc, frame(square_point(file, ranks, side)), letter);
  }
  for (int rank = 0; rank < ranks; ++rank) {
    const std::string digits = std::to_string(rank + 1);
    label(doc, frame(square_point(-1, rank, side)), digits);
    label(doc, frame(square_point(files, rank, side)), digits);
  }
}

std::string finish_board(Document& doc, const Frame& frame, const Legend& legend,
                         std::string_view label, std::string_view style) {
  double y = frame.bottom() + kLegendLine / 2;
  doc.open("g", {{"class", "lg"}});
  legend_line(doc, y, legend.heading, false);
  for (const LegendSeat& seat : legend.seats) {
    y += kLegendLine;
    piece(doc, {kLegendMargin + 7, y}, 7, seat.colour, seat.mark);
    doc.text(
        "text",
        {{"class", seat.to_move ? "now" : ""}, {"x", number(kLegendMargin + 20)}, {"y", number(y)}},
        seat.text);
  }
  for (const std::string& note : legend.notes) {
    y += kLegendLine;
    legend_line(doc, y, note, false);
  }
  doc.close();
  const double width = std::max(frame.width(), legend_width(legend));
  return doc.finish(width, y + kLegendLine / 2 + kLegendMargin, label, style);
}

}  // namespace rules::svg
