#include "rules/iso_path/position.h"

#include <algorithm>
#include <bit>
#include <map>

namespace rules::iso_path {

namespace {

// Lateral teleports join the first and last cells of the top, middle and bottom rows; the home
// rows are the top (White) and bottom (Black) rows.
void add_teleports_and_homes(Geometry& geo) {
  const std::array<int, 3> teleport_rows = {0, geo.side - 1, geo.rows - 1};
  for (int i = 0; i < 3; ++i) {
    const int row = teleport_rows[i];
    const int west = geo.row_start[row], east = west + geo.row_length[row] - 1;
    geo.teleport_pairs[i] = {west, east};
    geo.adjacent[west] |= bit(east);
    geo.adjacent[east] |= bit(west);
  }
  const int last = geo.rows - 1;
  for (int i = 0; i < geo.side; ++i) {
    geo.home[kWhite] |= bit(geo.row_start[0] + i);
    geo.home[kBlack] |= bit(geo.row_start[last] + i);
  }
}

// Lays out a hexagon of the given side as pointy-top rows (rules-spec §2.2): row k (0 = a, the
// top) has axial r = side-1-k, and its cells run west to east with increasing q.
Geometry build_geometry(int side) {
  Geometry geo;
  const int radius = side - 1;
  geo.side = side;
  geo.rows = 2 * side - 1;
  geo.pieces_per_colour = side;
  std::map<hex::Hex, int> index_of;
  int cell = 0;
  for (int row = 0; row < geo.rows; ++row) {
    const int r = radius - row;
    const int q_min = std::max(-radius, -r - radius);
    const int q_max = std::min(radius, -r + radius);
    geo.row_start[row] = cell;
    geo.row_length[row] = q_max - q_min + 1;
    for (int q = q_min; q <= q_max; ++q, ++cell) {
      geo.hex[cell] = hex::Hex{q, r};
      geo.row_of[cell] = row;
      index_of[geo.hex[cell]] = cell;
    }
  }
  geo.cells = cell;
  geo.all = bit(cell) - 1;  // at most 61 cells
  for (int c = 0; c < geo.cells; ++c) {
    for (int d = 0; d < 6; ++d) {
      auto found = index_of.find(hex::neighbour(geo.hex[c], d));
      if (found != index_of.end()) geo.adjacent[c] |= bit(found->second);
    }
  }
  add_teleports_and_homes(geo);
  return geo;
}

// splitmix64: a fixed, platform-independent table, so hashes in serialized positions are stable.
std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// One key per cell and content: heights 0..2 when empty, 3 White piece, 4 Black piece.
struct ZobristKeys {
  std::array<std::array<std::uint64_t, 5>, kMaxCells> cell{};
  std::uint64_t black_to_move = 0;

  ZobristKeys() {
    std::uint64_t state = 0x150da7a5eed0001ULL;
    for (auto& keys : cell) {
      for (auto& key : keys) key = splitmix(state);
    }
    black_to_move = splitmix(state);
  }
};

const ZobristKeys& zobrist() {
  static const ZobristKeys keys;
  return keys;
}

}  // namespace

std::string Geometry::name(int cell) const {
  const int row = row_of[cell];
  return std::string(1, static_cast<char>('a' + row)) + std::to_string(cell - row_start[row] + 1);
}

const Geometry* geometry_for_side(int side) {
  static const Geometry h4 = build_geometry(4);
  static const Geometry h5 = build_geometry(5);
  if (side == 4) return &h4;
  if (side == 5) return &h5;
  return nullptr;
}

int Position::height(int cell) const {
  const CellSet mask = bit(cell);
  if (level[2] & mask) return 2;
  return (level[1] & mask) ? 1 : 0;
}

int Position::piece_at(int cell) const {
  const CellSet mask = bit(cell);
  if (pieces[kWhite] & mask) return kWhite;
  return (pieces[kBlack] & mask) ? kBlack : -1;
}

void Position::set_height(int cell, int height) {
  const CellSet mask = bit(cell);
  for (CellSet& cells : level) cells &= ~mask;
  level[height] |= mask;
}

int Position::total_tiles() const { return std::popcount(level[1]) + 2 * std::popcount(level[2]); }

Position initial_position(const Geometry& geo) {
  Position position;
  position.geo = &geo;
  position.level[1] = geo.all & ~geo.home[kWhite] & ~geo.home[kBlack];
  position.level[standing_height(kWhite)] |= geo.home[kWhite];
  position.level[standing_height(kBlack)] |= geo.home[kBlack];
  position.pieces = geo.home;
  position.to_move = kWhite;
  return position;
}

CellSet doubly_attacked(const Geometry& geo, CellSet attackers) {
  CellSet once = 0, twice = 0;
  for_each_cell(attackers, [&](int cell) {
    twice |= once & geo.adjacent[cell];
    once |= geo.adjacent[cell];
  });
  return twice;
}

CellSet capturable_at_turn_start(const Position& position) {
  const Colour mover = position.to_move;
  return doubly_attacked(*position.geo, position.pieces[mover]) & position.pieces[opponent(mover)];
}

std::uint64_t position_hash(const Position& position) {
  const ZobristKeys& keys = zobrist();
  std::uint64_t hash = position.to_move == kBlack ? keys.black_to_move : 0;
  for (int cell = 0; cell < position.geo->cells; ++cell) {
    const int piece = position.piece_at(cell);
    hash ^= keys.cell[cell][piece < 0 ? position.height(cell) : 3 + piece];
  }
  return hash;
}

}  // namespace rules::iso_path
