// walk_move(): replays a move token by token against the rules, naming the first rule it
// breaks. Move generation (movegen.cc) uses the same primitives from position.h, so the two agree.

#include "rules/hexahedron_wars/movegen.h"

namespace rules::hexahedron_wars {

namespace {

std::string steps_text(int n) { return std::to_string(n) + (n == 1 ? " step" : " steps"); }

std::string token_text(const Token& t, bool war) {
  return std::string(war ? "w" : t.jump ? "j" : "") + dir_letter(t.dir);
}

class Walker {
 public:
  Walker(const Game& g, Walk& w) : g_(g), w_(w), seat_(g.turn) {}

  std::optional<RuleError> token(const Token& t, bool war) {
    if (w_.claim != kNoSquare) {
      return illegal("claiming the victory blocker on " + name(w_.claim) + " ends the move");
    }
    return t.jump ? jump(t, war) : step(t);
  }

  std::optional<RuleError> placement(int place) const {
    if (w_.claim == kNoSquare) {
      if (place == kNoSquare) return std::nullopt;
      return illegal("@" + name(place) + " places a claimed victory blocker, and this move " +
                     "claims none");
    }
    if (g_.geo->blocker_base() & bit(w_.claim)) {
      if (place == kNoSquare) return std::nullopt;
      return illegal("the corner blockers leave the game when claimed: drop @" + name(place));
    }
    const Bits legal = tile_placement_squares(g_, w_.origin, w_.claim);
    if (place == kNoSquare) {
      if (!legal) return std::nullopt;  // nowhere to put it: the tile leaves the game
      return illegal("place the claimed tile face down with @<square>");
    }
    if (legal & bit(place)) return std::nullopt;
    return placement_error(place);
  }

 private:
  std::string name(int square) const { return g_.geo->square_name(square); }

  std::optional<RuleError> step(const Token& t) {
    const int allowance = step_allowance(w_.start_top);
    if (w_.steps_used >= allowance) {
      return illegal("a die showing " + std::to_string(w_.start_top) + " may take only " +
                     steps_text(allowance) + " this turn");
    }
    const dice::Orientation after = dice::tip(w_.die, to_tip(t.dir));
    int to = kNoSquare;
    const StepCheck check = check_step(g_, seat_, w_.square, t.dir, after.top, w_.visited, to);
    if (check != StepCheck::kOk && check != StepCheck::kClaim) return step_error(t, check, to);
    if (check == StepCheck::kClaim) w_.claim = to;
    w_.square = to;
    w_.die = after;
    w_.visited |= bit(to);
    ++w_.steps_used;
    return std::nullopt;
  }

  RuleError step_error(const Token& t, StepCheck check, int to) const {
    const std::string from = name(w_.square);
    switch (check) {
      case StepCheck::kOffBoard:
        return illegal(token_text(t, false) + " from " + from + " leaves the board");
      case StepCheck::kForbiddenBase:
        return illegal(name(to) + " is in another player's home base: a die may enter only " +
                       "its starting and finishing bases");
      case StepCheck::kVisited:
        return illegal(name(to) + " was already visited this turn: a move may not visit a " +
                       "square twice");
      case StepCheck::kOccupied:
        return illegal(name(to) + " is occupied: a step needs an empty square");
      case StepCheck::kBlocked:
        return illegal(name(to) + " holds a face-down victory blocker: no die may enter it");
      default: {
        const int value = g_.board[to].tile;
        const int top = dice::tip(w_.die, to_tip(t.dir)).top;
        return illegal("the victory blocker on " + name(to) + " shows " + std::to_string(value) +
                       ": a die arriving with top " + std::to_string(top) + " cannot claim it");
      }
    }
  }

  std::optional<RuleError> jump(const Token& t, bool war) {
    int over = kNoSquare, to = kNoSquare;
    const JumpCheck check = check_jump(g_, seat_, w_.square, t.dir, w_.visited, over, to);
    if (check != JumpCheck::kOk) return jump_error(t, war, check, over, to);
    const int mine = w_.die.top, theirs = g_.board[over].die.top;
    if (auto error = strength_error(t, war, over, mine, theirs)) return error;
    if (war) {
      w_.war_target = over;
      w_.war_landing = to;
    } else {
      w_.square = to;
      w_.visited |= bit(to);
    }
    return std::nullopt;
  }

  // §1.7: a regular jump needs a higher top face; war is declared on an equal or higher one
  // that does not stand in a home base (I-HW-13).
  std::optional<RuleError> strength_error(const Token& t, bool war, int over, int mine,
                                          int theirs) const {
    const std::string them = name(over) + " shows " + std::to_string(theirs);
    const bool safe = war_target_safe(g_, over);
    if (!war && mine > theirs) return std::nullopt;
    if (!war) {
      const std::string compare = theirs == mine ? ", not more than your " : ", more than your ";
      const std::string advice = safe ? ", and it stands in a home base, safe from war"
                                      : ": declare war with " + token_text(t, true) + " instead";
      return illegal(them + compare + std::to_string(mine) + advice);
    }
    if (mine > theirs) {
      return illegal("your " + std::to_string(mine) + " beats " + name(over) + "'s " +
                     std::to_string(theirs) + ": war is declared only on an equal or higher " +
                     "die, so jump with " + token_text(t, false));
    }
    if (safe) {
      return illegal(name(over) + " stands in a home base, a safe zone: no war jump on it");
    }
    return std::nullopt;
  }

  RuleError jump_error(const Token& t, bool war, JumpCheck check, int over, int to) const {
    const std::string what = token_text(t, war) + " from " + name(w_.square);
    switch (check) {
      case JumpCheck::kNoEnemy:
        if (over == kNoSquare) return illegal(what + " leaves the board");
        return illegal(what + " needs an opponent's die on " + name(over));
      case JumpCheck::kOffBoard:
        return illegal(what + " would land off the board");
      case JumpCheck::kOutOfStart:
        return illegal("you cannot jump out of your own home base");
      case JumpCheck::kForbiddenBase:
        return illegal(what + " would land on " + name(to) + ", in another player's home " +
                       "base: a die may enter only its starting and finishing bases");
      case JumpCheck::kVisited:
        return illegal(what + " would land on " + name(to) +
                       ", already visited this turn: " + "a move may not visit a square twice");
      default:
        return illegal(what + " would land on " + name(to) + ", which is not empty");
    }
  }

  RuleError placement_error(int place) const {
    const std::string at = "@" + name(place);
    if (g_.geo->any_base() & bit(place)) {
      return illegal(at + ": a claimed tile may not go on a home base square");
    }
    if (place == w_.claim || ((g_.occupied() | g_.tiles) & ~bit(w_.origin) & bit(place))) {
      return illegal(at + ": a claimed tile goes on an empty square");
    }
    for (Dir d : kAllDirs) {
      const int n = g_.geo->neighbour(place, d);
      if (n != kNoSquare && g_.board[n].tile == kFaceDown && (g_.tiles & bit(n))) {
        return illegal(at + " is next to the face-down blocker on " + name(n) +
                       ": claimed tiles may not be placed next to each other");
      }
    }
    return illegal(at + ": not a legal square for the claimed tile");
  }

  const Game& g_;
  Walk& w_;
  int seat_;
};

std::optional<RuleError> start_walk(const Game& g, const MoveSpec& spec, Walk& w) {
  if (spec.kind == MoveKind::kContinue) {
    if (g.phase != Phase::kContinuation) {
      return illegal("+: continues after a won war, and there is none to continue");
    }
    w.origin = w.square = g.cont.square;
    w.steps_used = g.cont.steps_used;
    w.start_top = g.cont.start_top;
    w.visited = g.cont.visited;
  } else {
    if (g.phase == Phase::kContinuation) {
      return illegal("you won the war with the die on " + g.geo->square_name(g.cont.square) +
                     ": continue with +:<tokens> or +:end");
    }
    const Square& at = g.board[spec.square];
    const std::string square = g.geo->square_name(spec.square);
    if (at.owner == kNoSeat) return illegal("there is no die on " + square);
    if (at.owner != g.turn) {
      return illegal("the die on " + square + " is " + seat_letter(at.owner) + "'s, not yours");
    }
    w.origin = w.square = spec.square;
    w.start_top = at.die.top;
    w.visited = bit(spec.square);
  }
  w.die = g.board[w.square].die;
  return std::nullopt;
}

std::optional<RuleError> check_setup_placement(const Game& g, const MoveSpec& spec) {
  if (g.phase != Phase::kSetup) {
    return illegal("there is no victory blocker to place now: @<square> is a setup move");
  }
  const std::string at = "@" + g.geo->square_name(spec.square);
  if (g.geo->any_base() & bit(spec.square)) {
    return illegal(at + ": a victory blocker may not be placed on a home base square");
  }
  if (!(setup_placement_squares(g) & bit(spec.square))) {
    return illegal(at + ": a victory blocker goes on an empty square");
  }
  return std::nullopt;
}

}  // namespace

Result<Walk> walk_move(const Game& g, const MoveSpec& spec) {
  if (g.phase == Phase::kOver) return RuleError{ErrorCode::kGameOver, "the game is over"};
  Walk w;
  if (spec.square >= g.geo->squares() || spec.place >= g.geo->squares() ||
      (spec.kind == MoveKind::kMove && spec.count == 0)) {
    return bad_notation("not a move of this board");
  }
  if (spec.kind == MoveKind::kPlaceBlocker) {
    if (auto error = check_setup_placement(g, spec)) return *error;
    return w;
  }
  if (g.phase == Phase::kSetup) {
    return illegal("the victory blockers are placed first: place the blocker showing " +
                   std::to_string(g.pending_value) + " with @<square>");
  }
  if (auto error = start_walk(g, spec, w)) return *error;
  Walker walker(g, w);
  for (int i = 0; i < spec.count; ++i) {
    if (auto error = walker.token(spec.tokens[i], spec.war && i + 1 == spec.count)) {
      return *error;
    }
  }
  if (auto error = walker.placement(spec.place)) return *error;
  return w;
}

}  // namespace rules::hexahedron_wars
