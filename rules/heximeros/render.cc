// The board is drawn in its doubled-height picture: column x = q, line y = q + 2r, so cells of
// one column sit on every other line and neighbouring columns interleave. A cell takes two
// characters ("sC" = Silver Cavalier, ".." empty, "()" empty Ground Zero) at two characters per
// column: the whole 33-column board is 66 characters wide, 74 with the line labels. Rulers give
// the map references (e3, s25) that players may type instead of [q,r].

#include "rules/heximeros/render.h"

#include <algorithm>
#include <sstream>

#include "rules/heximeros/explain.h"
#include "rules/heximeros/movegen.h"
#include "rules/heximeros/notation.h"

namespace rules::heximeros {

namespace {

constexpr int kFocusRadius = 12;  // columns and lines shown either side of a focus cell
constexpr int kLabelWidth = 4;

struct Window {
  int min_x, max_x, min_y, max_y;
};

std::string cell_text(const Position& pos, int cell) {
  const Piece piece = pos.board[cell];
  if (piece == kEmpty) return cell == Geometry::get().ground_zero() ? "()" : "..";
  return {kColourLetters[colour_of(piece)], rule_of(type_of(piece)).letter};
}

std::string line_label(int y) {
  std::string label = y == 0 ? "0" : (y > 0 ? "n" : "s") + std::to_string(y > 0 ? y : -y);
  return std::string(static_cast<std::size_t>(std::max(0, 3 - static_cast<int>(label.size()))),
                     ' ') +
         label;
}

// Three ruler lines: w/e, tens, units of each column's x.
void draw_rulers(std::ostringstream& out, const Window& w) {
  for (int row = 0; row < 3; ++row) {
    std::string line(kLabelWidth, ' ');
    for (int x = w.min_x; x <= w.max_x; ++x) {
      const int magnitude = x < 0 ? -x : x;
      char c = ' ';
      if (row == 0) c = x < 0 ? 'w' : x > 0 ? 'e' : '0';
      if (row == 1 && magnitude >= 10) c = static_cast<char>('0' + magnitude / 10);
      if (row == 2 && x != 0) c = static_cast<char>('0' + magnitude % 10);
      line += c;
      line += ' ';
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
}

// `placed_at[shown]`: the board cell drawn at display cell `shown` (turned for the perspective).
void draw_board(std::ostringstream& out, const Position& pos, const Window& w,
                const std::vector<int>& placed_at, int focus, bool rulers) {
  const Geometry& g = Geometry::get();
  if (rulers) draw_rulers(out, w);
  // One slot before the first column and after the last, for the focus marks "><".
  const std::size_t width = static_cast<std::size_t>((w.max_x - w.min_x + 1) * 2 + 2);
  for (int y = w.max_y; y >= w.min_y; --y) {
    std::string line(width, ' ');
    bool any = false;
    for (int x = w.min_x; x <= w.max_x; ++x) {
      if (((x - y) & 1) != 0) continue;
      const int shown = g.cell_at({x, (y - x) / 2});
      if (shown < 0) continue;
      const int cell = placed_at[shown];
      const std::size_t column = static_cast<std::size_t>((x - w.min_x) * 2 + 1);
      line.replace(column, 2, cell_text(pos, cell));
      if (cell == focus) {
        line[column - 1] = '>';
        line[column + 2] = '<';
      }
      any = true;
    }
    if (!any) continue;
    if (rulers) {
      out << line_label(y) << line << line_label(y) << "\n";
    } else {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << "   " << line << "\n";
    }
  }
  if (rulers) draw_rulers(out, w);
}

void draw_piece_list(std::ostringstream& out, const Position& pos, const std::vector<int>& cells,
                     const char* title) {
  std::string line = title;
  for (int cell : cells) {
    const Piece piece = pos.board[cell];
    std::string entry =
        std::string(" ") + cell_text(pos, cell) + cell_name(cell) + "=" + map_reference(cell);
    if (piece & kBonus) entry += "(bonus)";
    if (line.size() + entry.size() > 78) {
      out << line << "\n";
      line = "  ";
    }
    line += entry;
  }
  out << line << "\n";
}

// The whole board, or the part within kFocusRadius columns and lines of the focus cell.
Window window_around(int focus, int turns) {
  const Geometry& g = Geometry::get();
  if (focus < 0) return {g.min_x(), g.max_x(), g.min_y(), g.max_y()};
  const Coord c = g.coord(g.rotate_clockwise(focus, -turns));
  const int x = c.q, y = c.q + 2 * c.r;
  return {std::max(x - kFocusRadius, g.min_x()), std::min(x + kFocusRadius, g.max_x()),
          std::max(y - kFocusRadius, g.min_y()), std::min(y + kFocusRadius, g.max_y())};
}

// The occupied cells shown in the window (all, or only those holding a Ground Zero bonus).
std::vector<int> cells_to_list(const Position& pos, const Window& w,
                               const std::vector<int>& placed_at, bool all) {
  const Geometry& g = Geometry::get();
  std::vector<int> listed;
  for (int shown = 0; shown < kCells; ++shown) {
    const Coord c = g.coord(shown);
    const int x = c.q, y = c.q + 2 * c.r;
    const int cell = placed_at[shown];
    if (x < w.min_x || x > w.max_x || y < w.min_y || y > w.max_y) continue;
    if (pos.board[cell] != kEmpty && (all || (pos.board[cell] & kBonus))) listed.push_back(cell);
  }
  std::sort(listed.begin(), listed.end());
  return listed;
}

}  // namespace

std::string heading_text(const Position& pos) {
  // The ply shown counts every entry of the history, departures included (the server's ply).
  const auto departed =
      std::count_if(pos.standing.begin(), pos.standing.begin() + kColours, [](Standing s) {
        return s == Standing::kResigned || s == Standing::kConceded || s == Standing::kExpelled;
      });
  return "HexiMeros, ruleset " + std::string(kRulesetVersion) + " (provisional), ply " +
         std::to_string(pos.ply + departed);
}

std::string standing_text(const Position& pos, int colour) {
  static const std::array<const char*, 5> kWhy = {"", "Sovereign captured", "resigned", "conceded",
                                                  "expelled"};
  std::string text = std::string(kColourNames[colour]) + " (" + kColourLetters[colour] + "): ";
  const std::uint8_t in = pos.active();
  if (in & bit(colour)) {
    text += pos.finished() ? "in at the end" : (colour == pos.mover ? "to move" : "in");
  } else {
    const int order = pos.departure[colour];
    static const std::array<const char*, 7> kOrdinal = {"",    "1st", "2nd", "3rd",
                                                        "4th", "5th", "6th"};
    text += std::string("out ") + kOrdinal[order] + ", " +
            kWhy[static_cast<int>(pos.standing[colour])] + "; pieces frozen";
  }
  if (pos.scoring) text += ", " + std::to_string(pos.points[colour]) + " points";
  if (pos.objecting & bit(colour)) text += ", objects to self-check";
  if (pos.declared_by[colour]) {
    text += ", declared in check by";
    for (int by = 0; by < kColours; ++by) {
      if (pos.declared_by[colour] & bit(by)) text += std::string(" ") + kColourNames[by];
    }
  }
  if (pos.draw_offer == colour) text += ", offers a draw";
  return text;
}

std::string render_position(const Position& pos, const RenderOptions& options) {
  const Geometry& g = Geometry::get();
  std::ostringstream out;
  out << heading_text(pos) << "\n";
  for (int seat = 0; seat < pos.seats; ++seat) {
    out << standing_text(pos, pos.seat_colour[seat]) << "\n";
  }
  // Turn the picture so that the perspective seat's side is at the bottom.
  const int turns = options.perspective >= 0 && options.perspective < pos.seats
                        ? pos.seat_colour[options.perspective]
                        : 0;
  std::vector<int> placed_at(kCells);
  for (int cell = 0; cell < kCells; ++cell) placed_at[g.rotate_clockwise(cell, -turns)] = cell;
  int focus = -1;
  if (!options.focus.empty()) {
    focus = parse_cell(options.focus);
    if (focus < 0)
      out << "focus '" << options.focus << "' is not a cell; showing the whole board\n";
  }
  const Window window = window_around(focus, turns);
  if (turns != 0) {
    out << "turned: " << kColourNames[turns]
        << "'s side at the bottom; the rulers of map references are in the standard view\n";
  }
  draw_board(out, pos, window, placed_at, focus, turns == 0);
  const bool list_all = focus >= 0 || options.detailed;
  const std::vector<int> listed = cells_to_list(pos, window, placed_at, list_all);
  if (!listed.empty()) draw_piece_list(out, pos, listed, list_all ? "pieces:" : "bonus:");
  out << "colours s b y o g r: Silver Blue Yellow Orange Green Red; () Ground Zero\n"
         "pieces S Sovereign R Regent P Prelate A Alcazar C Cavalier D Dreadnaught\n"
         "       B Archer X Assassin M Militant H Hatted Militant\n";
  return out.str();
}

}  // namespace rules::heximeros
