#pragma once
// The SVG writer every game's render_svg() uses (standard library only): elements and
// attributes with XML escaping, deterministic numbers, hexagon geometry and the frame that turns
// a board for a perspective. svg_board.h builds the shared board parts (cells, pieces, dice,
// legend) on top of it.
//
// Each element of the top level or of a <g> ends its line. Output is byte-for-byte deterministic:
// numbers are printed with one fixed decimal (trailing
// ".0" dropped, never an exponent, never a locale), attributes keep the order given, and nothing
// depends on addresses or time.

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rules::svg {

struct Point {
  double x = 0;
  double y = 0;
};

// 12.5, 3, -0.3: rounded to one decimal, "-0" printed as "0".
std::string number(double value);
// Text and attribute values with & < > " ' escaped.
std::string escape(std::string_view text);

// Pointy-top hexagons have a corner at the top; flat-top ones an edge.
enum class HexTop { kPointy, kFlat };

// The corners of a regular hexagon of circumradius `radius`, clockwise from the top corner
// (pointy) or from the east corner (flat), in screen coordinates (y grows downwards).
std::array<Point, 6> hex_corners(Point centre, double radius, HexTop top);
// Axial (q, r) to screen, r growing towards the top of the screen (north), with the direction
// (1, 0) pointing east; `radius` is the cell's circumradius. Pointy: rows are horizontal.
// Flat: columns are vertical, (0, 1) points north.
Point axial_point(int q, int r, double radius, HexTop top);
// "x,y x,y ...", for a polygon's points attribute.
std::string points(const Point* first, std::size_t count);
template <std::size_t N>
std::string points(const std::array<Point, N>& corners) {
  return points(corners.data(), N);
}

// Turns board points by a whole number of degrees (counter-clockwise on screen) and shifts them
// so that the bounding box of the given points, widened by `margin` on every side, starts at
// (0, `top`). Games rotate points rather than the drawing, so that text stays upright.
class Frame {
 public:
  Frame(const std::vector<Point>& points, int degrees, double margin, double top = 0);
  Point operator()(Point raw) const;
  double width() const { return width_; }
  double bottom() const { return bottom_; }

 private:
  Point turned(Point raw) const;

  double cos_ = 1, sin_ = 0;
  double shift_x_ = 0, shift_y_ = 0;
  double width_ = 0, bottom_ = 0;
};

using Attributes = std::vector<std::pair<std::string_view, std::string>>;

// Builds a document element by element. Tags and attribute names are the caller's literals;
// attribute values and text are escaped here.
class Document {
 public:
  void open(std::string_view tag, const Attributes& attributes = {});
  void close();
  void leaf(std::string_view tag, const Attributes& attributes);
  void text(std::string_view tag, const Attributes& attributes, std::string_view content);
  // An element of <defs> with id `id`, for <use href="#id"> references inside the document;
  // only the first definition of an id is kept.
  void define(std::string_view id, std::string_view tag, const Attributes& attributes);

  // The whole document: the <svg> root (xmlns, viewBox, width, height, aria-label, and
  // role="group" rather than "img", so that assistive technology still reaches the titled
  // cells inside), its <title>, the <style> sheet, the definitions and everything written so
  // far. Closes elements left open.
  std::string finish(double width, double height, std::string_view label, std::string_view style);

 private:
  static void start_tag(std::string& out, std::string_view tag, const Attributes& attributes);
  void end_line();

  std::string body_;
  std::string defs_;
  std::vector<std::string> defined_;
  std::vector<std::string_view> open_;
};

}  // namespace rules::svg
