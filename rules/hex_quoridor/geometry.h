#pragma once
// Board geometry of Hex Quoridor (rules-spec §4.2, §4.3): cells, labels, adjacency, the edges
// between cells, the vertices where edges meet, the six sides, and every fence that fits on the
// board. All of it is computed once per board size and shared read-only; the rules read only
// these tables in their hot paths (no coordinate arithmetic, no strings).
//
// Conventions (rules-spec §0.3): axial (q, r), pointy-top cells in horizontal rows, directions
// E NE NW W SW SE counter-clockwise. Rows are letters from the south (r = -radius is 'a'); the
// number is the position in the row from the west, starting at 1. Cells are indexed row by
// row from the south-west, so index order is name order (a1 < a2 < ... < b1 < ...).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/hex/hex_grid.h"

namespace rules::hex_quoridor {

// Board sizes offered, as cells per side (I-HQ-1): odd, so that each side has a middle cell.
inline constexpr std::array<int, 3> kBoardSides = {5, 7, 9};
inline constexpr int kDefaultSide = 5;

inline constexpr int kMaxSide = 9;
inline constexpr int kMaxRadius = kMaxSide - 1;
inline constexpr int kMaxCells = 3 * kMaxRadius * (kMaxRadius + 1) + 1;  // 217
inline constexpr int kCellWords = (kMaxCells + 63) / 64;
// Internal edges of a hexagon of radius R: 3 * cells - 3 * (2R + 1); 600 for R = 8.
inline constexpr int kMaxEdges = 3 * kMaxCells - 3 * (2 * kMaxRadius + 1);
inline constexpr int kEdgeWords = (kMaxEdges + 63) / 64;
// Vertices of a hexagon of radius R: 6 (R + 1)^2.
inline constexpr int kMaxVertices = 6 * (kMaxRadius + 1) * (kMaxRadius + 1);

inline constexpr int kSides = 6;
inline constexpr std::array<const char*, kSides> kSideNames = {"S", "SW", "NW", "N", "NE", "SE"};
constexpr int goal_side(int start_side) { return (start_side + 3) % kSides; }

// Fixed-size bitsets: cheap to copy, no allocation.
template <int kWords>
struct BitSet {
  std::array<std::uint64_t, kWords> words{};

  bool test(int i) const { return (words[i >> 6] >> (i & 63)) & 1U; }
  void set(int i) { words[i >> 6] |= std::uint64_t{1} << (i & 63); }
  bool operator==(const BitSet&) const = default;
};
using CellSet = BitSet<kCellWords>;
using EdgeSet = BitSet<kEdgeWords>;

// A fence that fits on the board, under its canonical name: cell Y, direction d in {E, NE,
// NW}, sign + (0) or - (1). Its edges are Y|Z (Z = Y+d, the middle segment), Y|Y+rot(d, s*60)
// and Z|Z+rot(-d, s*60). Its other name is Z (-d) s.
struct Fence {
  int cell = 0;
  int dir = 0;
  int sign = 0;
  std::array<int, 3> edges{};     // middle segment first
  std::array<int, 4> vertices{};  // in order along the zig-zag
  std::array<int, 4> cells{};     // Y, Z, Y', Z': the two cells on each side
};

class Geometry {
 public:
  // The tables for a board with `side` cells per side; side must be one of kBoardSides.
  static const Geometry& for_side(int side);
  static bool offered_side(int side);

  int side() const { return side_; }
  int radius() const { return radius_; }
  int cell_count() const { return static_cast<int>(cells_.size()); }
  int edge_count() const { return static_cast<int>(edge_cells_.size()); }
  int vertex_count() const { return static_cast<int>(rim_vertex_.size()); }
  int row_count() const { return 2 * radius_ + 1; }

  hex::Hex hex(int cell) const { return cells_[cell]; }
  // -1 when the coordinates are off the board.
  int index(hex::Hex h) const;
  // The neighbour of a cell in a direction, or -1 off the board.
  int neighbour(int cell, int dir) const { return neighbours_[cell][dir]; }
  // The edge between a cell and its neighbour in a direction, or -1 on the rim.
  int edge(int cell, int dir) const { return edges_[cell][dir]; }
  std::array<int, 2> edge_cells(int edge) const { return edge_cells_[edge]; }

  // Rows: 0 ('a') is the south row. Cells of row r are first_in_row(r) .. + row_length(r) - 1.
  int row(int cell) const { return rows_[cell]; }
  int first_in_row(int row) const { return row_starts_[row]; }
  int row_length(int row) const { return row_starts_[row + 1] - row_starts_[row]; }
  // "e5"; -1 (or any invalid cell) gives "?".
  std::string cell_name(int cell) const;

  bool on_side(int cell, int side) const { return (side_masks_[cell] >> side) & 1U; }
  const CellSet& side_cells(int side) const { return side_sets_[side]; }
  // The middle cell of a side: where a pawn on that side starts.
  int middle_of_side(int side) const { return middles_[side]; }

  bool rim_vertex(int vertex) const { return rim_vertex_[vertex]; }

  // Every fence that fits on the board, sorted by (cell, dir, sign): 264 on the 61-cell board.
  const std::vector<Fence>& fences() const { return fences_; }
  // The fence with either of its names, or -1 when that name does not fit on the board.
  int fence_id(int cell, int dir, int sign) const {
    return fence_ids_[(cell * 6 + dir) * 2 + sign];
  }

 private:
  explicit Geometry(int side);
  void build_cells();
  void build_edges();
  void build_vertices();
  void build_sides();
  void build_fences();
  int corner_vertex(int cell, int corner) const;

  int side_ = 0;
  int radius_ = 0;
  std::vector<hex::Hex> cells_;
  std::vector<int> lookup_;  // (q + radius) * (2 radius + 1) + (r + radius) -> cell or -1
  std::vector<int> rows_;
  std::vector<int> row_starts_;
  std::vector<std::array<int, 6>> neighbours_;
  std::vector<std::array<int, 6>> edges_;
  std::vector<std::array<int, 2>> edge_cells_;
  std::vector<std::array<int, 6>> corners_;  // cell corner k (at 30 + 60k degrees) -> vertex
  std::vector<bool> rim_vertex_;
  std::vector<unsigned> side_masks_;
  std::array<CellSet, kSides> side_sets_{};
  std::array<int, kSides> middles_{};
  std::vector<Fence> fences_;
  std::vector<int> fence_ids_;
};

}  // namespace rules::hex_quoridor
