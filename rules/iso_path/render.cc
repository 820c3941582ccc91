// render(): the board as staggered text rows (sample in iso_path.h).

#include "rules/iso_path/state.h"

namespace rules::iso_path {

namespace {

char glyph(const Position& position, int cell) {
  const int piece = position.piece_at(cell);
  if (piece == kWhite) return 'W';
  if (piece == kBlack) return 'B';
  return static_cast<char>('0' + position.height(cell));
}

constexpr int kRuler = 4;  // "a1 " before a row's first cell, with coordinates

// The cell of `row` drawn `i`-th from the left.
int cell_at(const Geometry& geo, int row, int i, bool rotated) {
  return geo.row_start[row] + (rotated ? geo.row_length[row] - 1 - i : i);
}

// One board row: letter, indent by half a cell per missing cell, cells four columns apart,
// then the row's pocket83 numbers and, for home rows, whose home it is. With coordinates the
// end cells are named beside them and the letter is repeated on the right.
std::string row_line(const Position& position, int row, bool rotated, bool coordinates) {
  const Geometry& geo = *position.geo;
  const int widest = geo.row_length[geo.side - 1], length = geo.row_length[row];
  const char letter = static_cast<char>('a' + row);
  std::string line(1, letter);
  line += std::string(1 + 2 * (widest - length) + (coordinates ? kRuler : 0), ' ');
  if (coordinates) {
    const std::string name = geo.name(cell_at(geo, row, 0, rotated)) + " ";
    line.replace(line.size() - name.size(), name.size(), name);
  }
  for (int i = 0; i < length; ++i) {
    if (i > 0) line += "   ";
    line += glyph(position, cell_at(geo, row, i, rotated));
  }
  if (coordinates) {
    line += " " + geo.name(cell_at(geo, row, length - 1, rotated));
    line.resize(4 * widest + 2 * kRuler, ' ');
    line += letter;
  }
  line.resize(4 * widest + 4 + (coordinates ? 2 * kRuler : 0), ' ');
  const int first = geo.row_start[row] + 1;
  std::string numbers = std::to_string(first) + "-" + std::to_string(first + length - 1);
  const char* home = row == 0 ? "white home" : row == geo.rows - 1 ? "black home" : nullptr;
  if (home != nullptr) {
    numbers.resize(6, ' ');
    numbers += home;
  }
  return line + numbers;
}

// The cell numbers of a top or bottom row, each under or over its cell.
std::string ruler(const Geometry& geo, int row, bool rotated) {
  const int widest = geo.row_length[geo.side - 1], length = geo.row_length[row];
  std::string line(2 + 2 * (widest - length) + kRuler, ' ');
  for (int i = 0; i < length; ++i) {
    const std::string name = geo.name(cell_at(geo, row, i, rotated));
    line += (i > 0 ? "   " : "") + name.substr(1);
  }
  return line;
}

std::string cell_list(const Geometry& geo, CellSet cells) {
  std::string text;
  for_each_cell(cells, [&](int cell) { text += (text.empty() ? "" : " ") + geo.name(cell); });
  return text.empty() ? "none" : text;
}

}  // namespace

std::string IsoPathState::render(const RenderOptions& options) const {
  const Geometry& geo = *position_.geo;
  // The perspective seat's home row goes to the bottom: White's seat sees the board rotated.
  const bool rotated = options.perspective == white_seat_;
  std::string text = "Iso-Path h" + std::to_string(geo.side) + ", ";
  text += finished() ? "after " + std::to_string(turns_) + " turns: game over, " + summary()
                     : "turn " + std::to_string(turns_ + 1) + ": " + summary();
  text += "\n";
  const int top_row = rotated ? geo.rows - 1 : 0;
  if (options.coordinates) text += ruler(geo, top_row, rotated) + "\n";
  for (int i = 0; i < geo.rows; ++i) {
    text += row_line(position_, rotated ? geo.rows - 1 - i : i, rotated, options.coordinates);
    while (text.back() == ' ') text.pop_back();
    text += "\n";
  }
  if (options.coordinates) text += ruler(geo, geo.rows - 1 - top_row, rotated) + "\n";
  text +=
      "W white piece (on 2 tiles), B black piece (on the board), digits: tiles on an empty cell";
  if (options.detailed) {
    text += "\nteleports: ";
    for (const auto& pair : geo.teleport_pairs) {
      text += geo.name(pair[0]) + "-" + geo.name(pair[1]) +
              (&pair == &geo.teleport_pairs[2] ? "" : " ");
    }
    if (!finished()) {
      text += "\ncapturable this turn: " + cell_list(geo, capturable_at_turn_start(position_));
    }
    text += "\nthis position has occurred " + std::to_string(repetitions()) + " time(s); " +
            std::to_string(turns_) + " of " + std::to_string(kTurnLimit) + " turns played";
  }
  return text;
}

}  // namespace rules::iso_path
