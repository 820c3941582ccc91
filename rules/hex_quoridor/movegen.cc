// Legal move generation. The expensive part is the path check for each of the (up to 264 on
// the 61-cell board) fence candidates; two exact shortcuts make a breadth-first search rare:
//
// 1. Cycle test. Cells are the faces of the graph of hex vertices and edges. By planar
//    duality, blocked edges (the rim plus every fence segment) split the cells into more
//    regions only when they close a new cycle. A fence is a simple path through four vertices,
//    so it closes a cycle exactly when two of its vertices are already joined by blocked edges
//    (the rim counts as one connected chain). If not, no cell loses any connection, and the
//    fence is path-safe for everyone without a search.
// 2. Witness paths. For each pawn one path to its goal is found once per generation; a fence
//    that misses every edge of that path cannot cut that pawn off.
//
// Only fences that close a cycle and cross a witness path are searched, and only for the
// pawns whose witness they cross.

#include <array>
#include <cstdint>

#include "rules/hex_quoridor/position.h"

namespace rules::hex_quoridor {

namespace {

// Union-find over vertices; index vertex_count() is the whole rim.
class VertexComponents {
 public:
  explicit VertexComponents(const Position& pos) {
    const Geometry& geo = *pos.geo;
    const int rim = geo.vertex_count();
    for (int v = 0; v < rim; ++v)
      parent_[v] = static_cast<std::int16_t>(geo.rim_vertex(v) ? rim : v);
    parent_[rim] = static_cast<std::int16_t>(rim);
    for (int id : pos.placed) {
      const Fence& f = geo.fences()[id];
      for (int i = 0; i + 1 < 4; ++i) join(f.vertices[i], f.vertices[i + 1]);
    }
  }

  // True when two of the fence's vertices are already connected.
  bool closes_cycle(const Fence& f) {
    std::array<int, 4> roots;
    for (int i = 0; i < 4; ++i) {
      roots[i] = find(f.vertices[i]);
      for (int j = 0; j < i; ++j) {
        if (roots[j] == roots[i]) return true;
      }
    }
    return false;
  }

 private:
  int find(int v) {
    while (parent_[v] != v) {
      parent_[v] = parent_[parent_[v]];
      v = parent_[v];
    }
    return v;
  }
  void join(int a, int b) { parent_[find(a)] = static_cast<std::int16_t>(find(b)); }

  std::array<std::int16_t, kMaxVertices + 1> parent_;
};

// The edges of one shortest path from a cell to a goal side (empty if already there). The
// position's invariant guarantees the path exists for every pawn in play.
EdgeSet witness_path(const Geometry& geo, const EdgeSet& blocked, int from, const CellSet& goal) {
  std::array<int, kMaxCells> queue, via_edge, parent;
  CellSet seen;
  seen.set(from);
  int head = 0, tail = 0, reached = goal.test(from) ? from : -1;
  queue[tail++] = from;
  while (reached < 0 && head < tail) {
    const int cell = queue[head++];
    for (int d = 0; d < 6 && reached < 0; ++d) {
      const int next = geo.neighbour(cell, d);
      if (next < 0 || seen.test(next) || blocked.test(geo.edge(cell, d))) continue;
      seen.set(next);
      parent[next] = cell;
      via_edge[next] = geo.edge(cell, d);
      queue[tail++] = next;
      if (goal.test(next)) reached = next;
    }
  }
  EdgeSet path;
  for (int cell = reached; cell >= 0 && cell != from; cell = parent[cell]) path.set(via_edge[cell]);
  return path;
}

bool crosses(const EdgeSet& path, const Fence& f) {
  return path.test(f.edges[0]) || path.test(f.edges[1]) || path.test(f.edges[2]);
}

void append_fences(const Position& pos, std::vector<std::uint64_t>& moves) {
  const Geometry& geo = *pos.geo;
  VertexComponents components(pos);
  std::array<EdgeSet, kMaxSeats> witness;
  for (int s = 0; s < pos.players; ++s) {
    if (!pos.playing(s)) continue;
    witness[s] = witness_path(geo, pos.blocked, pos.seats[s].cell,
                              geo.side_cells(goal_side(pos.seats[s].side)));
  }
  for (const Fence& f : geo.fences()) {
    if (pos.blocked.test(f.edges[0]) || pos.blocked.test(f.edges[1]) ||
        pos.blocked.test(f.edges[2])) {
      continue;
    }
    if (components.closes_cycle(f)) {
      EdgeSet after = pos.blocked;
      for (int e : f.edges) after.set(e);
      unsigned cut = 0;
      for (int s = 0; s < pos.players; ++s) {
        if (!pos.playing(s) || !crosses(witness[s], f)) continue;
        const Seat& seat = pos.seats[s];
        if (!has_path(geo, after, seat.cell, geo.side_cells(goal_side(seat.side)))) {
          cut |= 1U << s;
        }
      }
      if (!cut_allowed(pos, cut)) continue;
    }
    moves.push_back(fence_move(f.cell, f.dir, f.sign));
  }
}

}  // namespace

std::vector<std::uint64_t> legal_moves(const Position& pos) {
  std::vector<std::uint64_t> moves;
  if (pos.finished()) return moves;
  const CellSet destinations = pawn_destinations(pos);
  for (int c = 0; c < pos.geo->cell_count(); ++c) {
    if (destinations.test(c)) moves.push_back(pawn_move(c));
  }
  if (pos.seats[pos.turn].fences > 0) append_fences(pos, moves);
  if (moves.empty()) moves.push_back(kPass);  // I-HQ-4
  return moves;
}

}  // namespace rules::hex_quoridor
