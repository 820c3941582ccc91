// Why a move is illegal, in the game's own terms. Only rejected moves come here, so clarity
// wins over speed: each check recomputes what it needs.

#include <bit>
#include <string>

#include "rules/hex_quoridor/position.h"

namespace rules::hex_quoridor {

namespace {

std::string seat_name(int seat) { return "seat " + std::to_string(seat); }

// "seats 1 and 2", "seats 1, 2 and 4".
std::string seat_list(unsigned seats) {
  std::string out;
  const int count = std::popcount(seats);
  for (int s = 0, listed = 0; s < kMaxSeats; ++s) {
    if (!((seats >> s) & 1U)) continue;
    if (listed > 0) out += listed + 1 == count ? " and " : ", ";
    out += std::to_string(s);
    ++listed;
  }
  return (count == 1 ? "seat " : "seats ") + out;
}

// The placed fence covering an edge (the edge must be covered).
std::string fence_on(const Position& pos, int edge) {
  for (int id : pos.placed) {
    const Fence& f = pos.geo->fences()[id];
    if (f.edges[0] == edge || f.edges[1] == edge || f.edges[2] == edge) {
      return fence_name(*pos.geo, f);
    }
  }
  return "a fence";
}

// Why the pawn on `over`, jumped from direction `dir`, cannot land on `target` (a cell next to
// it), or empty when `target` is not one of its landing cells.
std::string jump_error(const Position& pos, int over, int dir, int target) {
  const Geometry& geo = *pos.geo;
  const std::string over_name = geo.cell_name(over), target_name = geo.cell_name(target);
  const int from = geo.neighbour(over, hex::opposite(dir));
  for (int turn : {0, 1, -1, 2, -2}) {
    if (geo.neighbour(over, hex::rotate(dir, turn)) != target) continue;
    if (pos.blocked.test(geo.edge(from, dir))) {
      return "fence " + fence_on(pos, geo.edge(from, dir)) + " separates " + geo.cell_name(from) +
             " from the pawn on " + over_name + ", so it cannot be jumped";
    }
    if (pos.blocked.test(geo.edge(over, hex::rotate(dir, turn)))) {
      return "fence " + fence_on(pos, geo.edge(over, hex::rotate(dir, turn))) +
             " blocks the jump from " + over_name + " to " + target_name;
    }
    const std::string straight = geo.cell_name(geo.neighbour(over, dir));
    if (turn == 1 || turn == -1) {
      return "a slight-turn jump to " + target_name +
             " is allowed only when the straight jump to " + straight + " is blocked";
    }
    if (turn == 2 || turn == -2) {
      return "a sharp-turn jump over " + over_name + " to " + target_name +
             " is allowed only when the straight and both slight-turn jumps are blocked";
    }
  }
  return {};
}

std::string pawn_error(const Position& pos, int target) {
  const Geometry& geo = *pos.geo;
  if (target < 0 || target >= geo.cell_count()) return "no such cell";
  const int from = pos.seats[pos.turn].cell;
  const std::string target_name = geo.cell_name(target);
  if (target == from) return "the pawn of " + seat_name(pos.turn) + " is already on " + target_name;
  if (int other = pos.pawn_at(target); other >= 0) {
    return target_name + " is occupied by the pawn of " + seat_name(other);
  }
  std::string reason;
  if (const int d = hex::direction_between(geo.hex(from), geo.hex(target)); d >= 0) {
    reason = "fence " + fence_on(pos, geo.edge(from, d)) + " blocks the step from " +
             geo.cell_name(from) + " to " + target_name;
  }
  for (int d = 0; d < 6; ++d) {
    const int over = geo.neighbour(from, d);
    if (over < 0 || pos.pawn_at(over) < 0) continue;
    const std::string jump = jump_error(pos, over, d, target);
    if (!jump.empty()) return reason.empty() ? jump : reason + ", and " + jump;
  }
  if (!reason.empty()) return reason;
  return target_name + " is not a step or a jump from " + geo.cell_name(from) +
         " (a pawn moves to a neighbouring cell or jumps over a neighbouring pawn)";
}

std::string fence_error(const Position& pos, std::uint64_t move) {
  const Geometry& geo = *pos.geo;
  const int cell = move_cell(move), dir = move_dir(move), sign = move_sign(move);
  if (cell >= geo.cell_count() || dir >= 6) return "no such fence";
  if (pos.seats[pos.turn].fences == 0) return seat_name(pos.turn) + " has no fences left";
  const int id = geo.fence_id(cell, dir, sign);
  if (id < 0) {
    return "fence " + fence_name(geo, cell, dir, sign) +
           " does not fit: all three segments must lie between board cells, never on the rim";
  }
  const Fence& f = geo.fences()[id];
  for (int e : f.edges) {
    if (pos.blocked.test(e)) return "fence overlaps " + fence_on(pos, e);
  }
  EdgeSet after = pos.blocked;
  for (int e : f.edges) after.set(e);
  const unsigned cut = cut_off_seats(pos, after);
  if (cut_allowed(pos, cut)) return {};
  if ((cut >> pos.turn) & 1U && !pos.team_play() && pos.playing_count() > 2) {
    return "would cut off every path to the goal for " + seat_name(pos.turn) +
           ", the player placing it";
  }
  if (pos.team_play()) {
    return "would cut off every path to the goal for " + seat_list(cut) +
           " (nobody may be cut off in team play)";
  }
  if (pos.playing_count() > 2) {
    return "would cut off every path to the goal for " + seat_list(cut) +
           ", leaving fewer than two players";
  }
  return "would cut off every path to the goal for " + seat_list(cut);
}

}  // namespace

std::optional<std::string> move_error(const Position& pos, std::uint64_t move) {
  if (pos.finished()) return "the game is over";
  std::string error;
  switch (move_kind(move)) {
    case kPawnMove:
      if (move_cell(move) >= pos.geo->cell_count()) return "no such cell";
      if (!pawn_destinations(pos).test(move_cell(move))) error = pawn_error(pos, move_cell(move));
      break;
    case kFenceMove:
      error = fence_error(pos, move);
      break;
    default:
      if (move != kPass) return "not a move";
      if (legal_moves(pos).front() != kPass) {
        error = seat_name(pos.turn) + " cannot pass: passing is allowed only when no pawn move " +
                "or fence placement is legal";
      }
  }
  if (error.empty()) return std::nullopt;
  return error;
}

}  // namespace rules::hex_quoridor
