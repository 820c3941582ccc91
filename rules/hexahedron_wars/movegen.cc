#include "rules/hexahedron_wars/movegen.h"

#include <algorithm>
#include <bit>

namespace rules::hexahedron_wars {

namespace {

// The move code is a mixed-radix number, most significant digit first:
//   die      129: setup square 0-63, 64 + square of the moving die, or 128 for "+:"
//   count     22: tokens used, 0-21
//   ending    66: 0 none, 1 the last token is a war jump, 2 + square of "@square"
//   steps   1562: which token positions are steps (at most 3), combinatorial number system
//   first      4: direction of the first token
//   turns   3^20: each later token's direction relative to the one before: straight, left, right
// A token never reverses the one before it (that would revisit a square or jump over an empty
// or own square), which is what makes 21 tokens fit in 64 bits (2^61.8).
constexpr Move kDieRadix = 129, kCountRadix = kMaxTokens + 1, kEndingRadix = 66;
constexpr Move kStepRadix = 1562, kFirstRadix = 4, kTurnRadix = 3486784401ULL;  // 3^20
constexpr int kStepOffset[4] = {0, 1, 22, 232};  // subsets of 21 positions of size < k

constexpr int binomial(int n, int k) {
  return k == 0 ? 1 : k == 1 ? n : k == 2 ? n * (n - 1) / 2 : n * (n - 1) * (n - 2) / 6;
}

int turn_digit(Dir before, Dir now) {
  const int delta = (static_cast<int>(now) - static_cast<int>(before) + 4) % 4;
  return delta == 0 ? 0 : delta == 3 ? 1 : 2;  // straight, left, right (2 = reversal: none)
}

Dir apply_turn(Dir before, int digit) {
  const int delta = digit == 0 ? 0 : digit == 1 ? 3 : 1;
  return static_cast<Dir>((static_cast<int>(before) + delta) % 4);
}

int step_rank(const MoveSpec& spec) {
  int k = 0, rank = 0;
  for (int i = 0; i < spec.count; ++i) {
    if (!spec.tokens[i].jump) rank += binomial(i, ++k);
  }
  return kStepOffset[k] + rank;
}

// Marks the step positions of `rank`; every other token is a jump.
void unrank_steps(int rank, MoveSpec& spec) {
  int k = rank >= kStepOffset[3] ? 3 : rank >= kStepOffset[2] ? 2 : rank >= kStepOffset[1];
  rank -= kStepOffset[k];
  for (int i = 0; i < kMaxTokens; ++i) spec.tokens[i].jump = true;
  for (; k > 0; --k) {
    int position = k - 1;
    while (position + 1 < kMaxTokens && binomial(position + 1, k) <= rank) ++position;
    rank -= binomial(position, k);
    spec.tokens[position].jump = false;
  }
}

}  // namespace

bool encodable(const MoveSpec& spec) {
  int steps = 0;
  for (int i = 0; i < spec.count; ++i) {
    steps += !spec.tokens[i].jump;
    if (i > 0 && (static_cast<int>(spec.tokens[i].dir) + 2) % 4 ==
                     static_cast<int>(spec.tokens[i - 1].dir)) {
      return false;
    }
  }
  return spec.count <= kMaxTokens && steps <= 3;
}

Move encode(const MoveSpec& spec) {
  const Move die = spec.kind == MoveKind::kPlaceBlocker ? spec.square
                   : spec.kind == MoveKind::kMove       ? 64 + spec.square
                                                        : 128;
  const Move ending = spec.war ? 1 : spec.place == kNoSquare ? 0 : 2 + spec.place;
  Move turns = 0;
  for (int i = spec.count - 1; i > 0; --i) {
    turns = turns * 3 + turn_digit(spec.tokens[i - 1].dir, spec.tokens[i].dir);
  }
  const Move first = spec.count ? static_cast<Move>(spec.tokens[0].dir) : 0;
  Move code = (die * kCountRadix + spec.count) * kEndingRadix + ending;
  code = (code * kStepRadix + step_rank(spec)) * kFirstRadix + first;
  return code * kTurnRadix + turns;
}

MoveSpec decode(Move move) {
  MoveSpec spec;
  Move turns = move % kTurnRadix;
  move /= kTurnRadix;
  const auto first = static_cast<Dir>(move % kFirstRadix);
  move /= kFirstRadix;
  unrank_steps(static_cast<int>(move % kStepRadix), spec);
  move /= kStepRadix;
  const int ending = static_cast<int>(move % kEndingRadix);
  move /= kEndingRadix;
  spec.count = static_cast<int>(move % kCountRadix);
  const int die = static_cast<int>((move / kCountRadix) % kDieRadix);
  spec.kind = die < 64    ? MoveKind::kPlaceBlocker
              : die < 128 ? MoveKind::kMove
                          : MoveKind::kContinue;
  spec.square = die < 128 ? die % 64 : 0;
  spec.war = ending == 1;
  spec.place = ending >= 2 ? ending - 2 : kNoSquare;
  for (int i = 0; i < spec.count; ++i) {
    spec.tokens[i].dir = i == 0 ? first : apply_turn(spec.tokens[i - 1].dir, turns % 3);
    if (i > 0) turns /= 3;
  }
  for (int i = spec.count; i < kMaxTokens; ++i) spec.tokens[i] = Token{};
  return spec;
}

namespace {

// Depth-first enumeration of every token sequence of one die, kept in path_. A node is a legal
// place to stop, so each node is emitted; claims and wars end a branch (I-HW-17, §1.11).
class Generator {
 public:
  Generator(const Game& g, std::vector<Move>& out) : g_(g), out_(out), seat_(g.turn) {}

  void die_moves(int square) {
    origin_ = square;
    path_ = MoveSpec{};
    path_.kind = MoveKind::kMove;
    path_.square = square;
    const dice::Orientation die = g_.board[square].die;
    extend({square, die, step_allowance(die.top), bit(square)});
  }

  void continuation_moves() {
    const Continuation& c = g_.cont;
    origin_ = c.square;
    path_ = MoveSpec{};
    path_.kind = MoveKind::kContinue;
    const Node root{c.square, g_.board[c.square].die, step_allowance(c.start_top) - c.steps_used,
                    c.visited};
    emit(0);  // "+:end"
    extend(root);
  }

 private:
  struct Node {
    int square;
    dice::Orientation die;
    int steps_left;
    Bits visited;
    int count = 0;  // tokens in path_ leading here
  };

  void emit(int count, bool war = false, int place = kNoSquare) {
    path_.count = count;
    path_.war = war;
    path_.place = place;
    out_.push_back(encode(path_));
  }

  Node child(const Node& n, int to, dice::Orientation die, int steps_left, bool jump, Dir d) {
    path_.tokens[n.count] = {jump, d};
    return {to, die, steps_left, n.visited | bit(to), n.count + 1};
  }

  void extend(const Node& n) {
    if (n.count >= kMaxTokens) return;
    for (Dir d : kAllDirs) {
      if (n.steps_left > 0) step(n, d);
      jump(n, d);
    }
  }

  void step(const Node& n, Dir d) {
    const dice::Orientation after = dice::tip(n.die, to_tip(d));
    int to = kNoSquare;
    const StepCheck check = check_step(g_, seat_, n.square, d, after.top, n.visited, to);
    if (check == StepCheck::kOk) {
      const Node next = child(n, to, after, n.steps_left - 1, false, d);
      emit(next.count);
      extend(next);
    } else if (check == StepCheck::kClaim) {
      claim(child(n, to, after, n.steps_left - 1, false, d));
    }
  }

  // A claim ends the move; a normal tile must be re-placed face down (I-HW-18), a corner tile
  // of the 3-player game leaves the game (I-HW-19); with nowhere to put it, too (I-HW-30).
  void claim(const Node& n) {
    const Bits places = (g_.geo->blocker_base() & bit(n.square))
                            ? 0
                            : tile_placement_squares(g_, origin_, n.square);
    if (!places) return emit(n.count);
    for (Bits b = places; b; b &= b - 1) emit(n.count, false, std::countr_zero(b));
  }

  void jump(const Node& n, Dir d) {
    int over = kNoSquare, to = kNoSquare;
    if (check_jump(g_, seat_, n.square, d, n.visited, over, to) != JumpCheck::kOk) return;
    if (n.die.top > g_.board[over].die.top) {
      const Node next = child(n, to, n.die, n.steps_left, true, d);
      emit(next.count);
      extend(next);
    } else if (!war_target_safe(g_, over)) {
      emit(child(n, to, n.die, n.steps_left, true, d).count, true);
    }
  }

  const Game& g_;
  std::vector<Move>& out_;
  int seat_;
  int origin_ = kNoSquare;
  MoveSpec path_;
};

}  // namespace

std::vector<Move> generate_moves(const Game& g) {
  std::vector<Move> moves;
  moves.reserve(128);
  switch (g.phase) {
    case Phase::kOver:
      return moves;
    case Phase::kSetup:
      for (Bits b = setup_placement_squares(g); b; b &= b - 1) {
        MoveSpec spec;
        spec.kind = MoveKind::kPlaceBlocker;
        spec.square = std::countr_zero(b);
        moves.push_back(encode(spec));
      }
      return moves;
    case Phase::kContinuation:
      Generator(g, moves).continuation_moves();
      break;
    case Phase::kPlay: {
      Generator generator(g, moves);
      for (Bits b = g.dice[g.turn]; b; b &= b - 1) generator.die_moves(std::countr_zero(b));
      break;
    }
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

}  // namespace rules::hexahedron_wars
