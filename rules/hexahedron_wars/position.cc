#include "rules/hexahedron_wars/position.h"

#include <algorithm>
#include <bit>

namespace rules::hexahedron_wars {

namespace {

// Iterates the set bits of a bitboard, lowest square first.
template <class F>
void for_each_square(Bits bits, F&& f) {
  while (bits) {
    f(std::countr_zero(bits));
    bits &= bits - 1;
  }
}

}  // namespace

Bits Game::face_down() const {
  Bits bits = 0;
  for_each_square(tiles, [&](int s) {
    if (board[s].tile == kFaceDown) bits |= bit(s);
  });
  return bits;
}

bool Game::has_resigned(int seat) const {
  return std::find(resigned.begin(), resigned.end(), seat) != resigned.end();
}

int Game::die_count(int seat) const { return std::popcount(dice[seat]); }

void Game::put_die(int square, int seat, dice::Orientation die) {
  board[square].owner = static_cast<std::int8_t>(seat);
  board[square].die = die;
  dice[seat] |= bit(square);
}

void Game::remove_die(int square) {
  dice[board[square].owner] &= ~bit(square);
  board[square].owner = kNoSeat;
}

StepCheck check_step(const Game& g, int seat, int from, Dir d, int top_after, Bits visited,
                     int& to) {
  to = g.geo->neighbour(from, d);
  if (to == kNoSquare) return StepCheck::kOffBoard;
  if (!(g.geo->allowed(seat) & bit(to))) return StepCheck::kForbiddenBase;
  if (visited & bit(to)) return StepCheck::kVisited;
  if (g.occupied() & bit(to)) return StepCheck::kOccupied;
  if (g.tiles & bit(to)) {
    const int tile = g.board[to].tile;
    if (tile == kFaceDown) return StepCheck::kBlocked;
    return tile == top_after ? StepCheck::kClaim : StepCheck::kWrongFace;
  }
  return StepCheck::kOk;
}

JumpCheck check_jump(const Game& g, int seat, int from, Dir d, Bits visited, int& over, int& to) {
  over = g.geo->neighbour(from, d);
  to = kNoSquare;
  if (over == kNoSquare || !(g.occupied() & ~g.dice[seat] & bit(over))) return JumpCheck::kNoEnemy;
  to = g.geo->neighbour(over, d);
  if (to == kNoSquare) return JumpCheck::kOffBoard;
  const Bits start = g.geo->start_base(seat);
  if ((start & bit(from)) && !(start & bit(to))) return JumpCheck::kOutOfStart;
  if (!(g.geo->allowed(seat) & bit(to))) return JumpCheck::kForbiddenBase;
  if (visited & bit(to)) return JumpCheck::kVisited;
  if ((g.occupied() | g.tiles) & bit(to)) return JumpCheck::kLandingTaken;
  return JumpCheck::kOk;
}

Bits tile_placement_squares(const Game& g, int vacated, int standing) {
  Bits near_face_down = 0;
  for_each_square(g.face_down(), [&](int s) {
    for (Dir d : kAllDirs) {
      if (int n = g.geo->neighbour(s, d); n != kNoSquare) near_face_down |= bit(n);
    }
  });
  const Bits taken = ((g.occupied() & ~bit(vacated)) | bit(standing) | g.tiles | g.geo->any_base() |
                      near_face_down);
  const Bits board_bits = g.geo->squares() == 64 ? ~Bits{0} : bit(g.geo->squares()) - 1;
  return board_bits & ~taken;
}

Bits setup_placement_squares(const Game& g) {
  const Bits board_bits = g.geo->squares() == 64 ? ~Bits{0} : bit(g.geo->squares()) - 1;
  return board_bits & ~(g.occupied() | g.tiles | g.geo->any_base());
}

int score(const Game& g, int seat) {
  int total = g.claims[seat];
  for_each_square(g.dice[seat] & g.geo->finish_base(seat),
                  [&](int s) { total += g.board[s].die.top; });
  return total;
}

bool has_any_move(const Game& g, int seat) {
  bool found = false;
  for_each_square(g.dice[seat], [&](int from) {
    if (found) return;
    const dice::Orientation die = g.board[from].die;
    for (Dir d : kAllDirs) {
      int to = kNoSquare, over = kNoSquare;
      const StepCheck step =
          check_step(g, seat, from, d, dice::tip(die, to_tip(d)).top, bit(from), to);
      if (step == StepCheck::kOk || step == StepCheck::kClaim) found = true;
      if (check_jump(g, seat, from, d, bit(from), over, to) == JumpCheck::kOk &&
          (die.top > g.board[over].die.top || !war_target_safe(g, over))) {
        found = true;
      }
    }
  });
  return found;
}

namespace {

// I-HW-21: every orthogonal neighbour is off the board, a tile, or another player's die.
bool surrounded(const Game& g, int square) {
  const int owner = g.board[square].owner;
  for (Dir d : kAllDirs) {
    const int n = g.geo->neighbour(square, d);
    if (n == kNoSquare || (g.tiles & bit(n))) continue;
    if (g.board[n].owner == kNoSeat || g.board[n].owner == owner) return false;
  }
  return true;
}

int seats_with_dice(const Game& g) {
  int count = 0;
  for (int seat = 0; seat < g.players; ++seat) count += g.dice[seat] != 0;
  return count;
}

}  // namespace

std::vector<int> capture_surrounded(Game& g, int mover) {
  std::vector<int> captured;
  for (int seat = 0; seat < g.players; ++seat) {
    if (seat == mover) continue;
    // A die in its finishing base is safe [SRC].
    for_each_square(g.dice[seat] & ~g.geo->finish_base(seat), [&](int s) {
      if (surrounded(g, s)) captured.push_back(s);
    });
  }
  // Decide every capture on the board as it stood, then remove them together.
  std::sort(captured.begin(), captured.end());
  for (int s : captured) g.remove_die(s);
  return captured;
}

void check_end(Game& g) {
  EndReason reason = EndReason::kNone;
  for (int seat = 0; seat < g.players; ++seat) {
    if (g.dice[seat] && !(g.dice[seat] & ~g.geo->finish_base(seat))) reason = EndReason::kHome;
  }
  if (reason == EndReason::kNone && seats_with_dice(g) < 2) reason = EndReason::kLastArmy;
  if (reason == EndReason::kNone && g.ply >= kPlyLimit) reason = EndReason::kLimit;
  if (reason != EndReason::kNone) {
    g.phase = Phase::kOver;
    g.end = reason;
  }
}

void advance_turn(Game& g, int mover) {
  if (g.phase == Phase::kOver) return;
  g.cont = Continuation{};
  for (int k = 1; k <= g.players; ++k) {
    const int seat = (mover + k) % g.players;
    if (!g.has_resigned(seat) && g.dice[seat] && has_any_move(g, seat)) {
      g.turn = seat;
      g.phase = Phase::kPlay;
      return;
    }
  }
  g.phase = Phase::kOver;
  g.end = EndReason::kStuck;
}

std::string send_home(Game& g, int seat, int from_square, RandomSource& rng) {
  const std::string from_name = g.geo->square_name(from_square);
  g.remove_die(from_square);
  for (int s : g.geo->start_order(seat)) {
    if ((g.occupied() | g.tiles) & bit(s)) continue;
    const dice::Orientation rolled = dice::all_orientations()[rng.draw("reroll-orientation", 24)];
    g.put_die(s, seat, rolled);
    return from_name + " -> " + g.geo->square_name(s) + " top " + std::to_string(rolled.top);
  }
  return from_name + " removed (war monger)";
}

Game new_game(int players, int blocker_option, RandomSource& rng) {
  Game g;
  g.geo = geometry_for(players);
  g.players = players;
  g.blocker_option = blocker_option;
  for (int seat = 0; seat < players; ++seat) {
    for (int s : g.geo->start_order(seat)) g.put_die(s, seat, g.geo->start_orientation(seat));
  }
  for (int s : g.geo->blocker_squares()) {  // I-HW-1: each value uniform in 1..6
    g.board[s].tile = static_cast<std::uint8_t>(rng.draw("blocker-value", 6) + 1);
    g.tiles |= bit(s);
  }
  g.first = static_cast<int>(rng.draw("first-player", static_cast<std::uint32_t>(players)));
  g.turn = g.first;
  if (blocker_option > 0) {
    g.phase = Phase::kSetup;
    g.placements_left = blocker_option;
    g.pending_value = static_cast<int>(rng.draw("blocker-value", 6) + 1);
  }
  return g;
}

}  // namespace rules::hexahedron_wars
