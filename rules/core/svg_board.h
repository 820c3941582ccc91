#pragma once
// Board parts every game's render_svg() draws the same way, on top of svg.h: the stylesheet,
// cells (with data-cell, a <title> and the highlight mark), pieces with their seat mark, dice
// with pips and orientation, rulers and the legend under the board.
//
// A picture is drawn in layers: every cell first (the cell's own shape is the element carrying
// data-cell, so a click on a cell finds its name), then a layer of pieces, fences and labels
// that ignores the pointer, then the legend.
//
// Classes (a page may restyle them; the sheet inside the SVG is only the default look):
//   [data-cell]  every cell; its first child is the <title> naming the cell
//   hl      added to a highlighted cell (drawn with a thick outline)
//   k...    cell kinds a game defines (bases, tile heights, zugzwang)
//   up      the layer above the cells
//   p       a piece's disc or a die's body;  s0..s5 its colour (the game's seat or colour index)
//   t       the mark on a piece (seat number or letter: colour is never the only cue)
//   pip     a die's pip;  e  the number of a die's side face or its seat mark
//   ru      ruler labels;  lg  the legend;  now  the legend line of the seat to move

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/svg.h"

namespace rules::svg {

// The shared stylesheet with `colours[i]` as the fill of class s<i>, then the game's own rules.
// Neither may contain '<' or '&' (the sheet is written as it is).
std::string board_style(const std::vector<std::string_view>& colours, std::string_view extra);

// Whether `name` is one of the highlighted cells.
bool highlighted(const std::vector<std::string>& highlight, std::string_view name);

// What a cell element carries besides its shape.
struct CellLabel {
  std::string name;   // data-cell: the notation's cell name
  std::string title;  // starts with the name; may add what stands there ("e5: seat 0 pawn")
  std::string kinds;  // the game's classes for the cell, space-separated; may be empty
  bool highlight = false;
};

// The id of the shared hexagon definition (defined on first use), for hex_cell().
std::string hex_shape(Document& doc, double radius, HexTop top);
// A hex cell: <use href="#shape" x y data-cell class><title>...</title></use>; a coordinate
// of 0 is left out (cells of a column inside <g transform="translate(x)"> give x = 0).
void hex_cell(Document& doc, const std::string& shape_id, Point centre, const CellLabel& cell);
// A square cell of side `side` centred on `centre`: <rect ... data-cell><title>...</title></rect>.
void square_cell(Document& doc, Point centre, double side, const CellLabel& cell);
// Opens the layer drawn above the cells (close it with Document::close()); `classes` are added
// to it (e.g. "t", so that many piece marks inherit the mark style without a class each).
void open_upper_layer(Document& doc, std::string_view classes = "");

// A round piece of colour class `colour` ("s0") with its mark ("1", "A", "sC").
void piece(Document& doc, Point centre, double radius, std::string_view colour,
           std::string_view mark);

// A die seen from above: pips of the top face, the numbers of the faces towards the top and the
// right of the screen (which with the top fix its orientation; 0 leaves one out), and the seat
// mark in the lower left corner.
struct DieFaces {
  int top = 1;
  int up = 0;
  int right = 0;
};
// The legend line that explains the dice drawn by die().
inline constexpr std::string_view kDieKey =
    "die: pips on top, small numbers: the faces towards the top and right";
void die(Document& doc, Point centre, double side, std::string_view colour, std::string_view mark,
         const DieFaces& faces);

// A ruler label (file letter, rank number) at a point.
void label(Document& doc, Point at, std::string_view text);

// Square boards whose squares are named file letter + rank number ("a1" in the south-west):
// the unturned centre of a square (file to the east, rank to the north), the points the board
// and its rulers cover (for the Frame), and the rulers themselves: file letters under and over
// the board, rank numbers on both sides.
Point square_point(int file, int rank, double side);
std::vector<Point> square_board_points(int files, int ranks, double side);
void square_rulers(Document& doc, const Frame& frame, int files, int ranks, double side);

struct LegendSeat {
  std::string colour;  // "s0"
  std::string mark;    // the mark its pieces carry
  std::string text;    // "seat 0 (S, goal N): 9 fences"
  bool to_move = false;
};

struct Legend {
  std::string heading;             // "Hex Quoridor, ply 3"
  std::vector<LegendSeat> seats;   // one line per seat
  std::vector<std::string> notes;  // whose turn or the result, counters, piece keys
};

// Draws the legend under the board (from frame.bottom()) and returns the finished document,
// sized to hold both. `label` is the document's title and aria-label.
std::string finish_board(Document& doc, const Frame& frame, const Legend& legend,
                         std::string_view label, std::string_view style);

}  // namespace rules::svg
