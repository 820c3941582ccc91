// The board is drawn row by row, north at the top, each cell 4 columns from its west and east
// neighbours and 2 columns from those in the rows above and below. Between two cell lines a
// spacer line carries the fences that cross diagonal edges; fences on east-west edges sit in
// the cell line itself. A fence segment is drawn as the edge it covers: '|' between east-west
// neighbours, '\' between a cell and its north-east neighbour, '/' towards the north-west.

#include "rules/hex_quoridor/render.h"

#include <string>
#include <vector>

namespace rules::hex_quoridor {

namespace {

constexpr int kLabelWidth = 5;  // "  e  "

constexpr int kRulerWidth = 4;  // "e17 " before a row's first cell, with coordinates

struct Canvas {
  const Geometry& geo;
  bool flipped;  // half a turn: south at the top, east at the left
  int top = 0;   // lines above the first cell row (1 with coordinates: the top ruler)
  int margin = kLabelWidth;
  std::vector<std::string> lines;

  // Screen line of a cell row (2 per row: the cell line and the spacer under it).
  int line_of(int row) const {
    const int from_top = flipped ? row : geo.row_count() - 1 - row;
    return top + 2 * from_top;
  }
  int column_of(int cell) const {
    const hex::Hex h = geo.hex(cell);
    const int x = 2 * h.q + h.r;
    return margin + 2 * ((flipped ? -x : x) + 2 * geo.radius());
  }
  void put(int line, int column, const std::string& text) {
    std::string& target = lines[line];
    if (target.size() < static_cast<std::size_t>(column) + text.size()) {
      target.resize(column + text.size(), ' ');
    }
    target.replace(column, text.size(), text);
  }
};

std::string cell_text(const Position& pos, int cell, bool detailed) {
  const int seat = pos.pawn_at(cell);
  if (!detailed) return seat >= 0 ? std::to_string(seat) : ".";
  return seat >= 0 ? "<" + std::to_string(seat) + ">" : pos.geo->cell_name(cell);
}

// With coordinates: the row letter on the right as well, each row's end cells named beside
// them (without --detailed, where every cell shows its name), and the cell numbers of the top
// and bottom rows on rulers above and below.
void draw_coordinates(const Position& pos, Canvas& canvas, bool detailed) {
  const Geometry& geo = *pos.geo;
  const int right = canvas.margin + 8 * geo.radius() + 2 + kRulerWidth;
  std::vector<int> first(geo.row_count(), -1), last(geo.row_count(), -1);
  for (int c = 0; c < geo.cell_count(); ++c) {
    const int row = geo.row(c);
    if (first[row] < 0 || canvas.column_of(c) < canvas.column_of(first[row])) first[row] = c;
    if (last[row] < 0 || canvas.column_of(c) > canvas.column_of(last[row])) last[row] = c;
  }
  for (int row = 0; row < geo.row_count(); ++row) {
    const int line = canvas.line_of(row);
    canvas.put(line, right, std::string(1, static_cast<char>('a' + row)));
    if (detailed) continue;
    const std::string left_name = geo.cell_name(first[row]);
    canvas.put(line, canvas.column_of(first[row]) - 1 - static_cast<int>(left_name.size()),
               left_name);
    canvas.put(line, canvas.column_of(last[row]) + 2, geo.cell_name(last[row]));
  }
  for (int c = 0; c < geo.cell_count(); ++c) {
    const int line = canvas.line_of(geo.row(c));
    if (line != canvas.top && line != canvas.line_of(canvas.flipped ? geo.row_count() - 1 : 0)) {
      continue;
    }
    const std::string number = geo.cell_name(c).substr(1);
    canvas.put(line == canvas.top ? 0 : line + 1, canvas.column_of(c), number);
  }
}

void draw_board(const Position& pos, Canvas& canvas, bool detailed, bool coordinates) {
  const Geometry& geo = *pos.geo;
  canvas.lines.assign(2 * geo.row_count() - 1 + 2 * canvas.top, std::string());
  for (int row = 0; row < geo.row_count(); ++row) {
    canvas.put(canvas.line_of(row), 2, std::string(1, static_cast<char>('a' + row)));
  }
  if (coordinates) draw_coordinates(pos, canvas, detailed);
  for (int c = 0; c < geo.cell_count(); ++c) {
    const std::string text = cell_text(pos, c, detailed);
    canvas.put(canvas.line_of(geo.row(c)), canvas.column_of(c) - (detailed ? 1 : 0), text);
  }
  for (int e = 0; e < geo.edge_count(); ++e) {
    if (!pos.blocked.test(e)) continue;
    const auto [a, b] = geo.edge_cells(e);
    const int line = (canvas.line_of(geo.row(a)) + canvas.line_of(geo.row(b))) / 2;
    const int column = (canvas.column_of(a) + canvas.column_of(b)) / 2;
    const int dir = hex::direction_between(geo.hex(a), geo.hex(b));
    const bool east_west = dir == hex::kE || dir == hex::kW;
    const bool north_east = dir == hex::kNE || dir == hex::kSW;
    canvas.put(line, column, east_west ? "|" : north_east ? "\\" : "/");
  }
}

void trim_right(std::string& line) {
  const auto end = line.find_last_not_of(' ');
  line.erase(end == std::string::npos ? 0 : end + 1);
}

}  // namespace

std::string seat_line(const Position& pos, int s) {
  const Seat& seat = pos.seats[s];
  std::string line = "seat " + std::to_string(s) + " (" + kSideNames[seat.side] + ", goal " +
                     kSideNames[goal_side(seat.side)];
  if (pos.team_play()) line += ", team " + std::to_string(pos.team_of(s));
  line += "): ";
  switch (seat.status) {
    case SeatStatus::kPlaying:
      line += "pawn " + pos.geo->cell_name(seat.cell) + ", " + std::to_string(seat.fences) +
              (seat.fences == 1 ? " fence" : " fences");
      if (!pos.finished() && pos.turn == s) line += ", to move";
      break;
    case SeatStatus::kEliminated:
      line += "eliminated";
      break;
    case SeatStatus::kResigned:
      line += "resigned";
      break;
  }
  return line;
}

std::string render_position(const Position& pos, const RenderOptions& options,
                            const std::string& status) {
  const Geometry& geo = *pos.geo;
  const bool flipped = options.perspective >= 0 && options.perspective < pos.players &&
                       pos.seats[options.perspective].side >= 2 &&
                       pos.seats[options.perspective].side <= 4;
  Canvas canvas{geo,
                flipped,
                options.coordinates ? 1 : 0,
                kLabelWidth + (options.coordinates ? kRulerWidth : 0),
                {}};
  draw_board(pos, canvas, options.detailed, options.coordinates);
  // The ply shown counts every entry of the history, resignations included (the server's ply).
  int resigned = 0;
  for (int s = 0; s < pos.players; ++s) resigned += pos.seats[s].status == SeatStatus::kResigned;
  std::string out = "Hex Quoridor, " + std::to_string(geo.cell_count()) + " cells, ply " +
                    std::to_string(pos.ply + resigned) + ": " + status + "\n";
  for (std::string& line : canvas.lines) {
    trim_right(line);
    out += line + "\n";
  }
  for (int s = 0; s < pos.players; ++s) out += seat_line(pos, s) + "\n";
  out += "fences placed:";
  if (pos.placed.empty()) out += " none";
  for (int id : pos.placed) out += " " + fence_name(geo, geo.fences()[id]);
  return out;
}

}  // namespace rules::hex_quoridor
