// render_svg(): the 649 flat-top cells in their doubled-height picture (x = q, y = q + 2r), the
// south at the bottom unless a perspective turns the board. A piece colours its cell with its
// owner's colour and carries the colour letter and its piece letter ("sC"), as in the text
// rendering. Cells sit on whole-number coordinates to keep the document small.

#include "rules/heximeros/svg.h"

#include <cmath>

#include "rules/core/svg_board.h"
#include "rules/heximeros/render.h"

namespace rules::heximeros {

namespace {

constexpr double kRadius = 10;
constexpr double kMargin = 4;

// Silver Blue Yellow Orange Green Red, by colour index.
const std::vector<std::string_view> kColourFills = {"#adb5bd", "#4dabf7", "#ffd43b",
                                                    "#ff922b", "#51cf66", "#fa5252"};
constexpr std::string_view kStyle = ".kg{fill:#f1e2b3}";

// The picture position of a cell shown at `shown` (whole numbers).
svg::Point place(int shown) {
  const Coord c = Geometry::get().coord(shown);
  const svg::Point p = svg::axial_point(c.q, c.r, kRadius, svg::HexTop::kFlat);
  return {std::round(p.x), std::round(p.y)};
}

std::string piece_mark(Piece piece) {
  return {kColourLetters[colour_of(piece)], rule_of(type_of(piece)).letter};
}

std::string cell_title(const Position& pos, int cell) {
  const Piece piece = pos.board[cell];
  std::string title = cell_name(cell);
  if (cell == Geometry::get().ground_zero()) title += " Ground Zero";
  if (piece == kEmpty) return title;
  title += std::string(" ") + kColourNames[colour_of(piece)] + " " + rule_of(type_of(piece)).name;
  if (piece & kBonus) title += " (Ground Zero bonus)";
  return title;
}

// The cells column by column of the picture, each column in a group translated to its x, so
// that a cell carries only its y (the board has 649 cells; this keeps the document small).
void draw_cells(svg::Document& doc, const Position& pos, const svg::Frame& frame,
                const std::vector<int>& placed_at, const SvgOptions& options) {
  const Geometry& g = Geometry::get();
  const std::string shape = svg::hex_shape(doc, kRadius, svg::HexTop::kFlat);
  double column = -1;
  for (int shown = 0; shown < kCells; ++shown) {
    const svg::Point at = frame(place(shown));
    if (shown == 0 || at.x != column) {
      if (shown > 0) doc.close();
      doc.open("g", {{"transform", "translate(" + svg::number(at.x) + ")"}});
      column = at.x;
    }
    const int cell = placed_at[shown];
    const Piece piece = pos.board[cell];
    const std::string kind = piece != kEmpty           ? "s" + std::to_string(colour_of(piece))
                             : cell == g.ground_zero() ? "kg"
                                                       : "";
    svg::hex_cell(doc, shape, {0, at.y},
                  {cell_name(cell), cell_title(pos, cell), kind,
                   svg::highlighted(options.highlight, cell_name(cell))});
  }
  doc.close();
}

void draw_board(svg::Document& doc, const Position& pos, const svg::Frame& frame,
                const std::vector<int>& placed_at, const SvgOptions& options) {
  draw_cells(doc, pos, frame, placed_at, options);
  svg::open_upper_layer(doc, "t");  // the marks inherit the class t from the layer
  for (int shown = 0; shown < kCells; ++shown) {
    const Piece piece = pos.board[placed_at[shown]];
    if (piece == kEmpty) continue;
    const svg::Point at = frame(place(shown));
    doc.text("text", {{"x", svg::number(at.x)}, {"y", svg::number(at.y)}}, piece_mark(piece));
  }
  doc.close();
}

svg::Legend legend(const Position& pos, const std::string& summary) {
  svg::Legend legend;
  legend.heading = heading_text(pos);
  const std::uint8_t in = pos.active();
  for (int seat = 0; seat < pos.seats; ++seat) {
    const int colour = pos.seat_colour[seat];
    legend.seats.push_back({"s" + std::to_string(colour), std::string(1, kColourLetters[colour]),
                            "seat " + std::to_string(seat) + ": " + standing_text(pos, colour),
                            !pos.finished() && (in & bit(colour)) && colour == pos.mover});
  }
  if (pos.finished()) legend.notes.push_back("game over: " + summary);
  legend.notes.push_back("S Sovereign, R Regent, P Prelate, A Alcazar, C Cavalier");
  legend.notes.push_back("D Dreadnaught, B Archer, X Assassin, M Militant, H Hatted Militant");
  return legend;
}

}  // namespace

std::string render_svg_position(const Position& pos, const SvgOptions& options,
                                const std::string& summary) {
  const Geometry& g = Geometry::get();
  // Turn the picture so that the perspective seat's side is at the bottom: colour c's side is
  // c sixths clockwise from the south.
  const int turns = options.perspective >= 0 && options.perspective < pos.seats
                        ? pos.seat_colour[options.perspective]
                        : 0;
  std::vector<int> placed_at(kCells);
  std::vector<svg::Point> points;
  for (int cell = 0; cell < kCells; ++cell) {
    placed_at[g.rotate_clockwise(cell, -turns)] = cell;
    points.push_back(place(cell));
  }
  const svg::Frame frame(points, 0, kRadius + kMargin);
  svg::Document doc;
  draw_board(doc, pos, frame, placed_at, options);
  const std::string status =
      pos.finished() ? "game over: " + summary : std::string(kColourNames[pos.mover]) + " to move";
  return svg::finish_board(doc, frame, legend(pos, summary), "HexiMeros board: " + status,
                           svg::board_style(kColourFills, kStyle));
}

std::vector<std::string> move_cell_names(const Position& pos, Move move) {
  const MoveFields f = decode(move);
  switch (f.kind) {
    case MoveKind::kStep:
    case MoveKind::kShot:
      return {cell_name(f.from), cell_name(f.to)};
    case MoveKind::kStepCapture:
      return {cell_name(f.from), cell_name(f.via), cell_name(f.to)};
    default: {
      const int sovereign = pos.sovereign(pos.mover);
      return {cell_name(sovereign >= 0 ? sovereign : Geometry::get().ground_zero())};
    }
  }
}

}  // namespace rules::heximeros
