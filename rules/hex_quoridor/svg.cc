// render_svg(): pointy-top cells in horizontal rows, north at the top unless a perspective turns
// the board; pawns as discs with the seat number, fences as thick lines along the edges they
// cover, one <path> per fence titled with its name.

#include "rules/hex_quoridor/svg.h"

#include <cmath>

#include "rules/core/svg_board.h"
#include "rules/hex_quoridor/render.h"

namespace rules::hex_quoridor {

namespace {

constexpr double kRadius = 16;  // cell circumradius
constexpr double kMargin = 6;

const std::vector<std::string_view> kSeatColours = {"#c92a2a", "#1864ab", "#2b8a3e",
                                                    "#e67700", "#862e9c", "#0b7285"};
constexpr std::string_view kStyle = ".w{stroke:#3b2f1e;stroke-width:5;stroke-linecap:round}";

svg::Point raw_centre(const Geometry& geo, int cell) {
  const hex::Hex h = geo.hex(cell);
  return svg::axial_point(h.q, h.r, kRadius, svg::HexTop::kPointy);
}

svg::Frame board_frame(const Position& pos, int perspective) {
  std::vector<svg::Point> centres;
  for (int c = 0; c < pos.geo->cell_count(); ++c) centres.push_back(raw_centre(*pos.geo, c));
  // Side k lies k sixths clockwise from the south; turning back by as much puts it at the bottom.
  const int side = perspective >= 0 && perspective < pos.players ? pos.seats[perspective].side : 0;
  return svg::Frame(centres, 60 * side, kRadius + kMargin);
}

void draw_cells(svg::Document& doc, const Position& pos, const svg::Frame& frame,
                const SvgOptions& options) {
  const Geometry& geo = *pos.geo;
  const std::string shape = svg::hex_shape(doc, kRadius, svg::HexTop::kPointy);
  for (int c = 0; c < geo.cell_count(); ++c) {
    const std::string name = geo.cell_name(c);
    const int seat = pos.pawn_at(c);
    svg::hex_cell(doc, shape, frame(raw_centre(geo, c)),
                  {name, seat < 0 ? name : name + ": seat " + std::to_string(seat) + " pawn", "",
                   svg::highlighted(options.highlight, name)});
  }
}

void draw_pawns(svg::Document& doc, const Position& pos, const svg::Frame& frame) {
  for (int s = 0; s < pos.players; ++s) {
    if (pos.seats[s].cell < 0) continue;
    svg::piece(doc, frame(raw_centre(*pos.geo, pos.seats[s].cell)), kRadius * 0.62,
               "s" + std::to_string(s), std::to_string(s));
  }
}

// The edge between two neighbouring cells: the segment through the middle of their centres,
// at right angles to the line joining them, one circumradius long.
std::string edge_path(const Geometry& geo, const svg::Frame& frame, int edge) {
  const auto [a, b] = geo.edge_cells(edge);
  const svg::Point pa = raw_centre(geo, a), pb = raw_centre(geo, b);
  const svg::Point middle{(pa.x + pb.x) / 2, (pa.y + pb.y) / 2};
  const double dx = pb.x - pa.x, dy = pb.y - pa.y, length = std::hypot(dx, dy);
  const svg::Point across{-dy / length * kRadius / 2, dx / length * kRadius / 2};
  const svg::Point from = frame({middle.x + across.x, middle.y + across.y});
  const svg::Point to = frame({middle.x - across.x, middle.y - across.y});
  return "M" + svg::number(from.x) + " " + svg::number(from.y) + "L" + svg::number(to.x) + " " +
         svg::number(to.y);
}

void draw_fences(svg::Document& doc, const Position& pos, const svg::Frame& frame) {
  const Geometry& geo = *pos.geo;
  for (const int id : pos.placed) {
    const Fence& fence = geo.fences()[id];
    std::string path;
    for (const int edge : fence.edges) path += edge_path(geo, frame, edge);
    doc.open("path", {{"class", "w"}, {"d", path}});
    doc.text("title", {}, "fence " + fence_name(geo, fence));
    doc.close();
  }
}

svg::Legend legend(const Position& pos, const std::string& status) {
  int resigned = 0;
  for (int s = 0; s < pos.players; ++s) resigned += pos.seats[s].status == SeatStatus::kResigned;
  svg::Legend legend;
  legend.heading = "Hex Quoridor, " + std::to_string(pos.geo->cell_count()) + " cells, ply " +
                   std::to_string(pos.ply + resigned);
  for (int s = 0; s < pos.players; ++s) {
    legend.seats.push_back({"s" + std::to_string(s), std::to_string(s), seat_line(pos, s),
                            !pos.finished() && pos.turn == s});
  }
  legend.notes.push_back(pos.finished() ? "game over: " + status : status);
  return legend;
}

}  // namespace

std::string render_svg_position(const Position& pos, const SvgOptions& options,
                                const std::string& status) {
  const svg::Frame frame = board_frame(pos, options.perspective);
  svg::Document doc;
  draw_cells(doc, pos, frame, options);
  svg::open_upper_layer(doc);
  draw_pawns(doc, pos, frame);
  draw_fences(doc, pos, frame);
  doc.close();
  return svg::finish_board(doc, frame, legend(pos, status), "Hex Quoridor board: " + status,
                           svg::board_style(kSeatColours, kStyle));
}

std::vector<std::string> move_cell_names(const Position& pos, std::uint64_t move) {
  const Geometry& geo = *pos.geo;
  const int pawn = pos.seats[pos.turn].cell;
  switch (move_kind(move)) {
    case kPawnMove:
      return {geo.cell_name(pawn), geo.cell_name(move_cell(move))};
    case kFenceMove: {
      const int id = geo.fence_id(move_cell(move), move_dir(move), move_sign(move));
      std::vector<std::string> names;
      for (const int cell : geo.fences()[id].cells) names.push_back(geo.cell_name(cell));
      return names;
    }
    default:
      return {geo.cell_name(pawn)};
  }
}

}  // namespace rules::hex_quoridor
