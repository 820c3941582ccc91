#include "rules/hex_quoridor/position.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace rules::hex_quoridor {

const std::vector<int>& seat_sides(int players) {
  // rules-spec §4.4: 3 players leave one empty side between pawns; 4 leave sides 2 and 5 empty.
  static const std::vector<int> kTwo = {0, 3}, kThree = {0, 2, 4}, kFour = {0, 1, 3, 4},
                                kSix = {0, 1, 2, 3, 4, 5};
  switch (players) {
    case 3:
      return kThree;
    case 4:
      return kFour;
    case 6:
      return kSix;
    default:
      return kTwo;
  }
}

int fence_supply(int players) {
  switch (players) {
    case 3:
      return 6;
    case 4:
      return 4;
    case 6:
      return 3;
    default:
      return 9;
  }
}

int Position::playing_count() const {
  int n = 0;
  for (int s = 0; s < players; ++s) n += playing(s) ? 1 : 0;
  return n;
}

int Position::pawn_at(int cell) const {
  for (int s = 0; s < players; ++s) {
    if (seats[s].cell == cell && playing(s)) return s;
  }
  return -1;
}

int Position::seat_at_goal() const {
  for (int s = 0; s < players; ++s) {
    if (playing(s) && geo->on_side(seats[s].cell, goal_side(seats[s].side))) return s;
  }
  return -1;
}

int Position::winning_team() const {
  if (int s = seat_at_goal(); s >= 0) return team_of(s);
  int team = -1;
  for (int s = 0; s < players; ++s) {
    if (!playing(s)) continue;
    if (team >= 0 && team != team_of(s)) return -1;
    team = team_of(s);
  }
  return team;  // the last team standing
}

bool Position::finished() const { return winning_team() >= 0 || ply >= kPlyLimit; }

Position initial_position(int side, int players, bool teams, int first) {
  Position pos;
  pos.geo = &Geometry::for_side(side);
  pos.players = players;
  pos.teams = teams;
  pos.turn = first;
  for (int s = 0; s < players; ++s) {
    Seat& seat = pos.seats[s];
    seat.side = seat_sides(players)[s];
    seat.cell = pos.geo->middle_of_side(seat.side);
    seat.fences = fence_supply(players);
  }
  return pos;
}

namespace {

// rules-spec §4.6: a landing cell is open when it is on the board, empty, and not fenced off
// from the jumped pawn.
bool open_landing(const Position& pos, int over, int dir) {
  const int cell = pos.geo->neighbour(over, dir);
  return cell >= 0 && !pos.blocked.test(pos.geo->edge(over, dir)) && pos.pawn_at(cell) < 0;
}

// Landings for a jump from the direction `dir` over the pawn on `over` (I-HQ-5 hierarchy).
void add_jumps(const Position& pos, int over, int dir, CellSet& out) {
  const Geometry& geo = *pos.geo;
  if (open_landing(pos, over, dir)) {
    out.set(geo.neighbour(over, dir));
    return;
  }
  bool slight = false;
  for (int turn : {1, -1}) {
    if (!open_landing(pos, over, hex::rotate(dir, turn))) continue;
    out.set(geo.neighbour(over, hex::rotate(dir, turn)));
    slight = true;
  }
  if (slight) return;
  for (int turn : {2, -2}) {
    if (open_landing(pos, over, hex::rotate(dir, turn))) {
      out.set(geo.neighbour(over, hex::rotate(dir, turn)));
    }
  }
}

void advance_turn(Position& pos) {
  for (int i = 1; i <= pos.players; ++i) {
    const int seat = (pos.turn + i) % pos.players;
    if (pos.playing(seat)) {
      pos.turn = seat;
      return;
    }
  }
}

int next_exit_order(const Position& pos) {
  int last = 0;
  for (int s = 0; s < pos.players; ++s) last = std::max(last, pos.seats[s].exit_order);
  return last + 1;
}

}  // namespace

CellSet pawn_destinations(const Position& pos) {
  const Geometry& geo = *pos.geo;
  const int from = pos.seats[pos.turn].cell;
  CellSet out;
  for (int d = 0; d < 6; ++d) {
    const int next = geo.neighbour(from, d);
    if (next < 0 || pos.blocked.test(geo.edge(from, d))) continue;
    if (pos.pawn_at(next) < 0) {
      out.set(next);
    } else {
      add_jumps(pos, next, d, out);
    }
  }
  return out;
}

bool has_path(const Geometry& geo, const EdgeSet& blocked, int from, const CellSet& goal) {
  if (goal.test(from)) return true;
  std::array<int, kMaxCells> queue;
  CellSet seen;
  seen.set(from);
  int head = 0, tail = 0;
  queue[tail++] = from;
  while (head < tail) {
    const int cell = queue[head++];
    for (int d = 0; d < 6; ++d) {
      const int next = geo.neighbour(cell, d);
      if (next < 0 || seen.test(next) || blocked.test(geo.edge(cell, d))) continue;
      if (goal.test(next)) return true;
      seen.set(next);
      queue[tail++] = next;
    }
  }
  return false;
}

unsigned cut_off_seats(const Position& pos, const EdgeSet& blocked) {
  unsigned cut = 0;
  for (int s = 0; s < pos.players; ++s) {
    if (!pos.playing(s)) continue;
    const Seat& seat = pos.seats[s];
    if (!has_path(*pos.geo, blocked, seat.cell, pos.geo->side_cells(goal_side(seat.side)))) {
      cut |= 1U << s;
    }
  }
  return cut;
}

bool cut_allowed(const Position& pos, unsigned cut) {
  if (cut == 0) return true;
  if (pos.team_play() || (cut >> pos.turn) & 1U) return false;
  return pos.playing_count() - std::popcount(cut) >= 2;
}

void apply_move(Position& pos, std::uint64_t move) {
  Seat& mover = pos.seats[pos.turn];
  if (move_kind(move) == kPawnMove) {
    mover.cell = move_cell(move);
  } else if (move_kind(move) == kFenceMove) {
    const int id = pos.geo->fence_id(move_cell(move), move_dir(move), move_sign(move));
    assert(id >= 0);
    pos.placed.push_back(id);
    for (int e : pos.geo->fences()[id].edges) pos.blocked.set(e);
    --mover.fences;
    // rules-spec §4.7: everyone cut off is eliminated; the placer takes their fences.
    const unsigned cut = cut_off_seats(pos, pos.blocked);
    const int order = next_exit_order(pos);
    for (int s = 0; s < pos.players; ++s) {
      if (!((cut >> s) & 1U)) continue;
      Seat& out = pos.seats[s];
      out.status = SeatStatus::kEliminated;
      out.exit_order = order;
      out.cell = -1;
      mover.fences += out.fences;
      out.fences = 0;
    }
  }
  ++pos.ply;
  if (!pos.finished()) advance_turn(pos);
}

void resign_seat(Position& pos, int seat) {
  Seat& out = pos.seats[seat];
  out.exit_order = next_exit_order(pos);
  out.status = SeatStatus::kResigned;
  out.cell = -1;
  if (seat == pos.turn && !pos.finished()) advance_turn(pos);
}

std::string fence_name(const Geometry& geo, int cell, int dir, int sign) {
  return "F" + geo.cell_name(cell) + hex::kDirectionNames[dir] + (sign == 0 ? "+" : "-");
}

std::string fence_name(const Geometry& geo, const Fence& fence) {
  return fence_name(geo, fence.cell, fence.dir, fence.sign);
}

}  // namespace rules::hex_quoridor
