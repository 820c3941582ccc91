// render_svg(): pointy-top cells in staggered rows, White's home row (a) at the top, turned half
// a turn for White's seat. A cell's fill shows its tile count (classes k0, k1, k2, with the count
// in its title); pieces are discs marked W and B.

#include <algorithm>

#include "rules/core/svg_board.h"
#include "rules/iso_path/state.h"

namespace rules::iso_path {

namespace {

constexpr double kRadius = 20;
constexpr double kMargin = 6;
constexpr const char* kMarks[] = {"W", "B"};

const std::vector<std::string_view> kColours = {"#f8f9fa", "#212529"};
constexpr std::string_view kStyle =
    ".k0{fill:#fbf8f1}.k1{fill:#d8c9a8}.k2{fill:#a98f5f}"
    ".s0{stroke:#212529;stroke-width:2}";

std::string cell_title(const Position& position, int cell) {
  const int tiles = position.height(cell);
  std::string title = position.geo->name(cell) + " (" + std::to_string(cell + 1) +
                      "): " + std::to_string(tiles) + (tiles == 1 ? " tile" : " tiles");
  const int piece = position.piece_at(cell);
  if (piece == kWhite) title += ", white piece";
  if (piece == kBlack) title += ", black piece";
  return title;
}

svg::Point centre(const Geometry& geo, const svg::Frame& frame, int cell) {
  return frame(svg::axial_point(geo.hex[cell].q, geo.hex[cell].r, kRadius, svg::HexTop::kPointy));
}

void draw_board(svg::Document& doc, const Position& position, const svg::Frame& frame,
                const SvgOptions& options) {
  const Geometry& geo = *position.geo;
  const std::string shape = svg::hex_shape(doc, kRadius, svg::HexTop::kPointy);
  for (int cell = 0; cell < geo.cells; ++cell) {
    const std::string name = geo.name(cell);
    svg::hex_cell(doc, shape, centre(geo, frame, cell),
                  {name, cell_title(position, cell), "k" + std::to_string(position.height(cell)),
                   svg::highlighted(options.highlight, name)});
  }
  svg::open_upper_layer(doc);
  for (int cell = 0; cell < geo.cells; ++cell) {
    const int piece = position.piece_at(cell);
    if (piece < 0) continue;
    svg::piece(doc, centre(geo, frame, cell), kRadius * 0.55, "s" + std::to_string(piece),
               kMarks[piece]);
  }
  doc.close();
}

std::vector<std::string> action_cells(const Geometry& geo, const Action& action) {
  if (action.kind == ActionKind::kNone) return {};
  if (action.kind == ActionKind::kCapture) return {geo.name(action.from)};
  return {geo.name(action.from), geo.name(action.to)};
}

}  // namespace

std::string IsoPathState::render_svg(const SvgOptions& options) const {
  const Geometry& geo = *position_.geo;
  std::vector<svg::Point> centres;
  for (int cell = 0; cell < geo.cells; ++cell) {
    centres.push_back(
        svg::axial_point(geo.hex[cell].q, geo.hex[cell].r, kRadius, svg::HexTop::kPointy));
  }
  // The perspective seat's home row goes to the bottom: White's seat sees the board turned.
  const svg::Frame frame(centres, options.perspective == white_seat_ ? 180 : 0, kRadius + kMargin);
  svg::Document doc;
  draw_board(doc, position_, frame, options);
  svg::Legend legend;
  legend.heading = "Iso-Path h" + std::to_string(geo.side) + ", " +
                   (finished() ? "after " + std::to_string(turns_) + " turns"
                               : "turn " + std::to_string(turns_ + 1));
  for (const Colour colour : {kWhite, kBlack}) {
    legend.seats.push_back(
        {"s" + std::to_string(colour), kMarks[colour],
         side_name(colour) +
             (colour == kWhite
                  ? ", home row a"
                  : ", home row " + std::string(1, static_cast<char>('a' + geo.rows - 1))),
         !finished() && position_.to_move == colour});
  }
  legend.notes.push_back(finished() ? "game over: " + summary() : summary());
  legend.notes.push_back("shading: tiles on a cell (0, 1, 2); W stands on 2 tiles, B on none");
  return svg::finish_board(doc, frame, legend, "Iso-Path board: " + summary(),
                           svg::board_style(kColours, kStyle));
}

std::vector<std::string> IsoPathState::move_cells(Move move) const {
  const Turn turn = decode_turn(move);
  std::vector<std::string> cells = action_cells(*position_.geo, turn.first);
  const std::vector<std::string> second = action_cells(*position_.geo, turn.second);
  cells.insert(cells.end(), second.begin(), second.end());
  return cells;
}

}  // namespace rules::iso_path
