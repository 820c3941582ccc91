// apply_move(): carries out a validated move, draws the war rolls and re-rolls from the
// injected RandomSource, and reports every effect for the record annotation.

#include <cassert>

#include "rules/hexahedron_wars/movegen.h"
#include "rules/hexahedron_wars/state.h"

namespace rules::hexahedron_wars {

namespace {

int next_active_seat(const Game& g, int seat) {
  for (int k = 1; k <= g.players; ++k) {
    const int next = (seat + k) % g.players;
    if (!g.has_resigned(next)) return next;
  }
  return seat;
}

void place_setup_blocker(Game& g, int square, RandomSource& rng,
                         std::vector<std::string>& effects) {
  g.board[square].tile = static_cast<std::uint8_t>(g.pending_value);
  g.tiles |= bit(square);
  ++g.ply;
  if (--g.placements_left > 0) {
    g.turn = next_active_seat(g, g.turn);  // round-robin (I-HW-6)
    g.pending_value = static_cast<int>(rng.draw("blocker-value", 6) + 1);
    effects.push_back("next blocker " + std::to_string(g.pending_value));
    return;
  }
  g.pending_value = 0;
  g.phase = Phase::kPlay;
  check_end(g);
  // Play starts with the first player, or the next one able to move.
  advance_turn(g, (g.first + g.players - 1) % g.players);
}

// The claimed tile scores +1; a normal one is re-placed face down (I-HW-18), a corner one of
// the 3-player game leaves the game (I-HW-19, I-HW-20).
void claim_tile(Game& g, int seat, const Walk& w, int place, std::vector<std::string>& effects) {
  g.board[w.claim].tile = kNoTile;
  g.tiles &= ~bit(w.claim);
  ++g.claims[seat];
  if (place != kNoSquare) {
    g.board[place].tile = kFaceDown;
    g.tiles |= bit(place);
  }
  effects.push_back("claimed " + g.geo->square_name(w.claim) + " +1");
}

// §1.7: both war dice are rolled, attacker first, until they differ. Returns true on victory.
bool resolve_war(Game& g, int seat, const Walk& w, RandomSource& rng,
                 std::vector<std::string>& effects) {
  std::string rolls = "war ";
  bool won = false;
  for (;;) {
    const int attacker = static_cast<int>(rng.draw("war-attacker", 6) + 1);
    const int defender = static_cast<int>(rng.draw("war-defender", 6) + 1);
    rolls += std::to_string(attacker) + "-" + std::to_string(defender);
    if (attacker != defender) {
      won = attacker > defender;
      break;
    }
    rolls += ", ";
  }
  effects.push_back(rolls + (won ? " win" : " loss"));
  if (won) {
    const int defender_seat = g.board[w.war_target].owner;
    const dice::Orientation die = g.board[w.square].die;
    g.remove_die(w.square);
    g.put_die(w.war_landing, seat, die);  // the jump keeps the orientation
    effects.push_back(send_home(g, defender_seat, w.war_target, rng));
  } else {
    effects.push_back(send_home(g, seat, w.square, rng));
  }
  return won;
}

void end_turn(Game& g, int seat, std::vector<std::string>& effects) {
  const std::vector<int> captured = capture_surrounded(g, seat);
  if (!captured.empty()) {
    std::string text = "captured";
    for (std::size_t i = 0; i < captured.size(); ++i) {
      text += (i ? ", " : " ") + g.geo->square_name(captured[i]);
    }
    effects.push_back(text);
  }
  check_end(g);
  advance_turn(g, seat);
}

void play_die(Game& g, const MoveSpec& spec, RandomSource& rng, std::vector<std::string>& effects) {
  Result<Walk> walked = walk_move(g, spec);
  assert(walked.ok());
  const Walk& w = *walked;
  const int seat = g.turn;
  g.remove_die(w.origin);
  if (w.claim != kNoSquare) claim_tile(g, seat, w, spec.place, effects);
  g.put_die(w.square, seat, w.die);
  ++g.ply;
  if (w.war_target != kNoSquare && resolve_war(g, seat, w, rng, effects)) {
    check_end(g);
    if (g.phase == Phase::kOver) return;
    // I-HW-14: the winner may go on with the same die in a continuation ply (§0.1).
    g.phase = Phase::kContinuation;
    g.cont = {w.war_landing, w.steps_used, w.start_top, w.visited | bit(w.war_landing)};
    return;
  }
  g.cont = Continuation{};
  end_turn(g, seat, effects);
}

}  // namespace

std::vector<std::string> apply_move(Game& g, const MoveSpec& spec, RandomSource& rng) {
  std::vector<std::string> effects;
  if (spec.kind == MoveKind::kPlaceBlocker) {
    place_setup_blocker(g, spec.square, rng, effects);
  } else {
    play_die(g, spec, rng, effects);
  }
  if (g.phase == Phase::kOver) effects.push_back("game over");
  return effects;
}

}  // namespace rules::hexahedron_wars
