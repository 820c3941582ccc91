#include "rules/core/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numbers>

namespace rules::svg {

std::string number(double value) {
  const long long tenths = std::llround(value * 10);
  if (tenths == 0) return "0";
  const long long magnitude = std::llabs(tenths);
  std::string text = tenths < 0 ? "-" : "";
  text += std::to_string(magnitude / 10);
  if (magnitude % 10 != 0) text += "." + std::to_string(magnitude % 10);
  return text;
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::array<Point, 6> hex_corners(Point centre, double radius, HexTop top) {
  // Screen angles (clockwise from east, y down): pointy starts at -90 (the top corner), flat at 0.
  const double start = top == HexTop::kPointy ? -90.0 : 0.0;
  std::array<Point, 6> corners;
  for (int k = 0; k < 6; ++k) {
    const double angle = (start + 60.0 * k) * std::numbers::pi / 180.0;
    corners[k] = {centre.x + radius * std::cos(angle), centre.y + radius * std::sin(angle)};
  }
  return corners;
}

Point axial_point(int q, int r, double radius, HexTop top) {
  const double root3 = std::numbers::sqrt3;
  if (top == HexTop::kPointy) return {radius * root3 * (q + r / 2.0), -radius * 1.5 * r};
  return {radius * 1.5 * q, -radius * root3 * (r + q / 2.0)};
}

std::string points(const Point* first, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0) text += ' ';
    text += number(first[i].x) + "," + number(first[i].y);
  }
  return text;
}

namespace {

// Exact values for the right angles, so that square boards stay on whole numbers.
double snap(double value) {
  for (const double exact : {-1.0, -0.5, 0.0, 0.5, 1.0}) {
    if (std::fabs(value - exact) < 1e-12) return exact;
  }
  return value;
}

}  // namespace

Frame::Frame(const std::vector<Point>& points, int degrees, double margin, double top) {
  const double angle = degrees * std::numbers::pi / 180.0;
  cos_ = snap(std::cos(angle));
  sin_ = snap(std::sin(angle));
  double min_x = 0, min_y = 0, max_x = 0, max_y = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Point p = turned(points[i]);
    min_x = i == 0 ? p.x : std::min(min_x, p.x);
    max_x = i == 0 ? p.x : std::max(max_x, p.x);
    min_y = i == 0 ? p.y : std::min(min_y, p.y);
    max_y = i == 0 ? p.y : std::max(max_y, p.y);
  }
  shift_x_ = margin - min_x;
  shift_y_ = top + margin - min_y;
  width_ = max_x - min_x + 2 * margin;
  bottom_ = top + max_y - min_y + 2 * margin;
}

// Counter-clockwise as seen on screen, where y grows downwards.
Point Frame::turned(Point raw) const {
  return {raw.x * cos_ + raw.y * sin_, -raw.x * sin_ + raw.y * cos_};
}

Point Frame::operator()(Point raw) const {
  const Point p = turned(raw);
  return {p.x + shift_x_, p.y + shift_y_};
}

void Document::start_tag(std::string& out, std::string_view tag, const Attributes& attributes) {
  out += '<';
  out += tag;
  for (const auto& [name, value] : attributes) {
    out += ' ';
    out += name;
    out += "=\"";
    out += escape(value);
    out += '"';
  }
}

void Document::open(std::string_view tag, const Attributes& attributes) {
  start_tag(body_, tag, attributes);
  body_ += '>';
  if (tag == "g") body_ += '\n';
  open_.push_back(tag);
}

void Document::close() {
  if (open_.empty()) return;
  body_ += "</";
  body_ += open_.back();
  body_ += '>';
  open_.pop_back();
  end_line();
}

// One line per element of the document's top level and of its groups, so that a golden file's
// diff shows which cells changed.
void Document::end_line() {
  if (open_.empty() || open_.back() == "g") body_ += '\n';
}

void Document::leaf(std::string_view tag, const Attributes& attributes) {
  start_tag(body_, tag, attributes);
  body_ += "/>";
  end_line();
}

void Document::text(std::string_view tag, const Attributes& attributes, std::string_view content) {
  start_tag(body_, tag, attributes);
  body_ += '>';
  body_ += escape(content);
  body_ += "</";
  body_ += tag;
  body_ += '>';
  end_line();
}

void Document::define(std::string_view id, std::string_view tag, const Attributes& attributes) {
  if (std::find(defined_.begin(), defined_.end(), id) != defined_.end()) return;
  defined_.emplace_back(id);
  Attributes with_id = {{"id", std::string(id)}};
  with_id.insert(with_id.end(), attributes.begin(), attributes.end());
  start_tag(defs_, tag, with_id);
  defs_ += "/>";
}

std::string Document::finish(double width, double height, std::string_view label,
                             std::string_view style) {
  while (!open_.empty()) close();
  std::string out;
  start_tag(out, "svg",
            {{"xmlns", "http://www.w3.org/2000/svg"},
             {"viewBox", "0 0 " + number(width) + " " + number(height)},
             {"width", number(width)},
             {"height", number(height)},
             {"role", "group"},
             {"aria-label", std::string(label)}});
  out += "><title>" + escape(label) + "</title>\n<style>" + std::string(style) + "</style>\n";
  if (!defs_.empty()) out += "<defs>" + defs_ + "</defs>\n";
  out += body_;
  out += "</svg>\n";
  return out;
}

}  // namespace rules::svg
