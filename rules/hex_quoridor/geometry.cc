#include "rules/hex_quoridor/geometry.h"

#include <algorithm>
#include <cassert>
#include <memory>

namespace rules::hex_quoridor {

using hex::Hex;

bool Geometry::offered_side(int side) {
  return std::find(kBoardSides.begin(), kBoardSides.end(), side) != kBoardSides.end();
}

const Geometry& Geometry::for_side(int side) {
  assert(offered_side(side));
  // Built on first use; function-local statics make the initialisation thread-safe.
  static const std::array<std::unique_ptr<Geometry>, kBoardSides.size()> boards = [] {
    std::array<std::unique_ptr<Geometry>, kBoardSides.size()> built;
    for (std::size_t i = 0; i < kBoardSides.size(); ++i) {
      built[i].reset(new Geometry(kBoardSides[i]));
    }
    return built;
  }();
  for (std::size_t i = 0; i < kBoardSides.size(); ++i) {
    if (kBoardSides[i] == side) return *boards[i];
  }
  return *boards[0];
}

Geometry::Geometry(int side) : side_(side), radius_(side - 1) {
  build_cells();
  build_edges();
  build_vertices();
  build_sides();
  build_fences();
}

int Geometry::index(Hex h) const {
  if (hex::length(h) > radius_) return -1;
  return lookup_[(h.q + radius_) * row_count() + (h.r + radius_)];
}

std::string Geometry::cell_name(int cell) const {
  if (cell < 0 || cell >= cell_count()) return "?";
  const int r = rows_[cell];
  return std::string(1, static_cast<char>('a' + r)) + std::to_string(cell - row_starts_[r] + 1);
}

void Geometry::build_cells() {
  const int n = row_count();
  lookup_.assign(n * n, -1);
  for (int r = -radius_; r <= radius_; ++r) {
    row_starts_.push_back(static_cast<int>(cells_.size()));
    for (int q = std::max(-radius_, -radius_ - r); q <= std::min(radius_, radius_ - r); ++q) {
      lookup_[(q + radius_) * n + (r + radius_)] = static_cast<int>(cells_.size());
      cells_.push_back({q, r});
      rows_.push_back(r + radius_);
    }
  }
  row_starts_.push_back(static_cast<int>(cells_.size()));
  neighbours_.resize(cells_.size());
  for (int c = 0; c < cell_count(); ++c) {
    for (int d = 0; d < 6; ++d) neighbours_[c][d] = index(hex::neighbour(cells_[c], d));
  }
}

// Each internal edge gets one index, numbered in cell order from its first cell's side.
void Geometry::build_edges() {
  edges_.assign(cells_.size(), {-1, -1, -1, -1, -1, -1});
  for (int c = 0; c < cell_count(); ++c) {
    for (int d = 0; d < 6; ++d) {
      const int other = neighbours_[c][d];
      if (other < 0 || edges_[c][d] >= 0) continue;
      edges_[c][d] = edges_[other][hex::opposite(d)] = edge_count();
      edge_cells_.push_back({c, other});
    }
  }
  assert(edge_count() <= kMaxEdges);
}

// A vertex of a pointy-top grid has either one cell below it (the top corner of that cell) or
// one cell above it (that cell's bottom corner); (cell, top/bottom) names it uniquely, with the
// cell possibly off the board. Corner k of a cell sits at 30 + 60k degrees.
int Geometry::corner_vertex(int cell, int corner) const {
  static constexpr std::array<int, 6> kOwnerDir = {hex::kNE, -1, hex::kNW, hex::kSW, -1, hex::kSE};
  static constexpr std::array<int, 6> kIsTop = {0, 1, 0, 1, 0, 1};
  const Hex owner =
      kOwnerDir[corner] < 0 ? cells_[cell] : hex::neighbour(cells_[cell], kOwnerDir[corner]);
  const int span = 2 * radius_ + 3;
  return ((owner.q + radius_ + 1) * span + (owner.r + radius_ + 1)) * 2 + kIsTop[corner];
}

void Geometry::build_vertices() {
  const int span = 2 * radius_ + 3;
  std::vector<int> dense(span * span * 2, -1);
  int count = 0;
  corners_.resize(cells_.size());
  for (int c = 0; c < cell_count(); ++c) {
    for (int k = 0; k < 6; ++k) {
      int& id = dense[corner_vertex(c, k)];
      if (id < 0) id = count++;
      corners_[c][k] = id;
    }
  }
  rim_vertex_.assign(count, false);
  // The edge towards direction d lies between corners d-1 and d.
  for (int c = 0; c < cell_count(); ++c) {
    for (int d = 0; d < 6; ++d) {
      if (neighbours_[c][d] >= 0) continue;
      rim_vertex_[corners_[c][(d + 5) % 6]] = true;
      rim_vertex_[corners_[c][d]] = true;
    }
  }
}

void Geometry::build_sides() {
  const int r = radius_, half = radius_ / 2;
  // Side k, its cells, and its middle cell (rules-spec §4.2 table).
  const std::array<Hex, kSides> middles = {Hex{half, -r}, Hex{-half, -half}, Hex{-r, half},
                                           Hex{-half, r}, Hex{half, half},   Hex{r, -half}};
  side_masks_.assign(cells_.size(), 0);
  for (int c = 0; c < cell_count(); ++c) {
    const Hex h = cells_[c];
    const std::array<bool, kSides> on = {h.r == -r, h.s() == r,  h.q == -r,
                                         h.r == r,  h.s() == -r, h.q == r};
    for (int k = 0; k < kSides; ++k) {
      if (!on[k]) continue;
      side_masks_[c] |= 1U << k;
      side_sets_[k].set(c);
    }
  }
  for (int k = 0; k < kSides; ++k) middles_[k] = index(middles[k]);
}

void Geometry::build_fences() {
  fence_ids_.assign(cells_.size() * 12, -1);
  for (int y = 0; y < cell_count(); ++y) {
    for (int d : {hex::kE, hex::kNE, hex::kNW}) {
      for (int s = 0; s < 2; ++s) {
        const int turn = s == 0 ? 1 : -1;
        const int z = neighbours_[y][d];
        if (z < 0) continue;
        const int y2 = neighbours_[y][hex::rotate(d, turn)];
        const int z2 = neighbours_[z][hex::rotate(hex::opposite(d), turn)];
        if (y2 < 0 || z2 < 0) continue;
        Fence f;
        f.cell = y;
        f.dir = d;
        f.sign = s;
        f.cells = {y, z, y2, z2};
        f.edges = {edges_[y][d], edges_[y][hex::rotate(d, turn)],
                   edges_[z][hex::rotate(hex::opposite(d), turn)]};
        // Along the zig-zag: Y|Y' shares a corner of Y with the middle segment, Z|Z' one of Z.
        const int dy = hex::rotate(d, turn), dz = hex::rotate(hex::opposite(d), turn);
        const auto ends = [&](int cell, int dir) {
          return std::array<int, 2>{corners_[cell][(dir + 5) % 6], corners_[cell][dir]};
        };
        const auto middle = ends(y, d), first = ends(y, dy), last = ends(z, dz);
        const int joint_y =
            (middle[0] == first[0] || middle[0] == first[1]) ? middle[0] : middle[1];
        const int joint_z = joint_y == middle[0] ? middle[1] : middle[0];
        f.vertices = {first[0] == joint_y ? first[1] : first[0], joint_y, joint_z,
                      last[0] == joint_z ? last[1] : last[0]};
        const int id = static_cast<int>(fences_.size());
        fences_.push_back(f);
        fence_ids_[(y * 6 + d) * 2 + s] = id;
        fence_ids_[(z * 6 + hex::opposite(d)) * 2 + s] = id;
      }
    }
  }
}

}  // namespace rules::hex_quoridor
