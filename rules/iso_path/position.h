#pragma once
// Iso-Path board geometry and position, as bitboards (rules-spec §2.2-2.3). No text here except
// cell names, which error messages and notation share.
//
// Cells are numbered 0..N-1 in pocket83's order (his numbers minus one): rows a (top, White's
// home) to the last row (Black's home), each row from the west. A CellSet has bit i for cell i;
// the h5 board's 61 cells fit one 64-bit word.

#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "rules/hex/hex_grid.h"

namespace rules::iso_path {

inline constexpr int kMaxCells = 61;
inline constexpr int kMaxRows = 9;
using CellSet = std::uint64_t;

enum Colour : int { kWhite = 0, kBlack = 1 };

constexpr Colour opponent(Colour colour) { return colour == kWhite ? kBlack : kWhite; }
// White pieces (climbers) stand only on two tiles, Black pieces (diggers) only on the bare board.
constexpr int standing_height(Colour colour) { return colour == kWhite ? 2 : 0; }
constexpr CellSet bit(int cell) { return CellSet{1} << cell; }

// One board size: h4 (side 4, 37 cells) or h5 (side 5, 61 cells; I-IP-5).
struct Geometry {
  int side = 0;
  int rows = 0;   // 2 * side - 1, lettered a, b, ... from the top
  int cells = 0;  // 3 * side * (side - 1) + 1
  int pieces_per_colour = 0;
  std::array<int, kMaxRows> row_start{};
  std::array<int, kMaxRows> row_length{};
  std::array<int, kMaxCells> row_of{};
  std::array<hex::Hex, kMaxCells> hex{};  // axial, rules-spec §0.3; row a has the largest r
  // Neighbours, the three lateral teleport pairs included (they are adjacent for all purposes).
  std::array<CellSet, kMaxCells> adjacent{};
  std::array<CellSet, 2> home{};  // home row, by colour
  std::array<std::array<int, 2>, 3>
      teleport_pairs{};  // first and last cell of rows a, middle, last
  CellSet all = 0;

  // "d1": the row letter and the 1-based index from the west.
  std::string name(int cell) const;
  // pocket83's number, 1-based.
  int number(int cell) const { return cell + 1; }
};

// The geometry for side 4 or 5; nullptr for any other side.
const Geometry* geometry_for_side(int side);

struct Position {
  const Geometry* geo = nullptr;
  // level[h] holds the cells with exactly h tiles; the three sets partition the board.
  std::array<CellSet, 3> level{};
  std::array<CellSet, 2> pieces{};
  Colour to_move = kWhite;

  int height(int cell) const;
  CellSet occupied() const { return pieces[0] | pieces[1]; }
  // kWhite, kBlack, or -1 for an empty cell.
  int piece_at(int cell) const;
  // The mover's standing cells: where a piece of the side to move may stand.
  CellSet standing_cells(Colour colour) const { return level[standing_height(colour)]; }
  void set_height(int cell, int height);
  int total_tiles() const;

  bool operator==(const Position& other) const {
    return geo == other.geo && level == other.level && pieces == other.pieces &&
           to_move == other.to_move;
  }
};

// Pieces on their home rows, home rows at their standing heights, every other cell at height 1.
Position initial_position(const Geometry& geo);

// The cells next to at least two pieces of `attackers`.
CellSet doubly_attacked(const Geometry& geo, CellSet attackers);
// The enemy pieces the side to move may capture this turn: those next to two or more of the
// mover's pieces as the position stands now (call it at the start of the turn, rules-spec §2.5).
CellSet capturable_at_turn_start(const Position& position);

// Zobrist hash of heights, pieces and side to move (the identity for repetition, I-IP-4).
std::uint64_t position_hash(const Position& position);

// Iterates the set bits of a CellSet in increasing cell order.
template <class Visit>
inline void for_each_cell(CellSet cells, Visit&& visit) {
  while (cells != 0) {
    const int cell = std::countr_zero(cells);
    cells &= cells - 1;
    visit(cell);
  }
}

}  // namespace rules::iso_path
