#include "rules/hexahedron_wars/moves.h"

#include <algorithm>
#include <bit>

namespace rules::hexahedron_wars {

namespace {

constexpr int kKindShift = 62;
constexpr int kSquareShift = 56;
constexpr int kFirstTokenShift = 53;  // token i sits at kFirstTokenShift - 3 * i
constexpr int kCountShift = 9;
constexpr int kWarShift = 8;
constexpr Move kPlaceMask = 0x7f;

Move token_bits(bool jump, Dir d) { return (jump ? 4u : 0u) | static_cast<unsigned>(d); }
Move token_at(int index, bool jump, Dir d) {
  return token_bits(jump, d) << (kFirstTokenShift - 3 * index);
}

}  // namespace

Move encode(const MoveSpec& spec) {
  Move code = static_cast<Move>(spec.kind) << kKindShift;
  code |= static_cast<Move>(spec.square) << kSquareShift;
  for (int i = 0; i < spec.count; ++i) code |= token_at(i, spec.tokens[i].jump, spec.tokens[i].dir);
  code |= static_cast<Move>(spec.count) << kCountShift;
  code |= static_cast<Move>(spec.war) << kWarShift;
  return code | static_cast<Move>(spec.place + 1);
}

MoveSpec decode(Move move) {
  MoveSpec spec;
  spec.kind = static_cast<MoveKind>(move >> kKindShift);
  spec.square = static_cast<int>((move >> kSquareShift) & 0x3f);
  spec.count = std::min(kMaxTokens, static_cast<int>((move >> kCountShift) & 0x1f));
  for (int i = 0; i < spec.count; ++i) {
    const auto bits = static_cast<unsigned>(move >> (kFirstTokenShift - 3 * i)) & 7u;
    spec.tokens[i] = {(bits & 4u) != 0, static_cast<Dir>(bits & 3u)};
  }
  spec.war = (move >> kWarShift) & 1u;
  spec.place = static_cast<int>(move & kPlaceMask) - 1;
  return spec;
}

namespace {

// Depth-first enumeration of every token sequence of one die. A node is a legal place to stop,
// so each node is emitted; claims and wars end a branch (I-HW-17, §1.11).
class Generator {
 public:
  Generator(const Game& g, std::vector<Move>& out) : g_(g), out_(out), seat_(g.turn) {}

  void die_moves(int square) {
    origin_ = square;
    const Node root{square,
                    g_.board[square].die,
                    step_allowance(g_.board[square].die.top),
                    bit(square),
                    static_cast<Move>(MoveKind::kMove) << kKindShift | static_cast<Move>(square)
                                                                           << kSquareShift,
                    0};
    extend(root);
  }

  void continuation_moves() {
    const Continuation& c = g_.cont;
    origin_ = c.square;
    const Node root{c.square,
                    g_.board[c.square].die,
                    step_allowance(c.start_top) - c.steps_used,
                    c.visited,
                    static_cast<Move>(MoveKind::kContinue) << kKindShift,
                    0};
    emit(root);  // "+:end"
    extend(root);
  }

 private:
  struct Node {
    int square;
    dice::Orientation die;
    int steps_left;
    Bits visited;
    Move code;  // kind, square and tokens so far
    int count;
  };

  void emit(const Node& n, bool war = false, int place = kNoSquare) {
    out_.push_back(n.code | static_cast<Move>(n.count) << kCountShift |
                   static_cast<Move>(war) << kWarShift | static_cast<Move>(place + 1));
  }

  Node child(const Node& n, int to, dice::Orientation die, int steps_left, bool jump, Dir d) const {
    return {to,         die, steps_left, n.visited | bit(to), n.code | token_at(n.count, jump, d),
            n.count + 1};
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
      emit(next);
      extend(next);
    } else if (check == StepCheck::kClaim) {
      claim(child(n, to, after, n.steps_left - 1, false, d));
    }
  }

  // A claim ends the move; a normal tile must be re-placed face down (I-HW-18), a corner tile
  // of the 3-player game leaves the game (I-HW-19).
  void claim(const Node& n) {
    const Bits places = (g_.geo->blocker_base() & bit(n.square))
                            ? 0
                            : tile_placement_squares(g_, origin_, n.square);
    if (!places) return emit(n);
    for (Bits b = places; b; b &= b - 1) emit(n, false, std::countr_zero(b));
  }

  void jump(const Node& n, Dir d) {
    int over = kNoSquare, to = kNoSquare;
    if (check_jump(g_, seat_, n.square, d, n.visited, over, to) != JumpCheck::kOk) return;
    if (n.die.top > g_.board[over].die.top) {
      const Node next = child(n, to, n.die, n.steps_left, true, d);
      emit(next);
      extend(next);
    } else if (!war_target_safe(g_, over)) {
      emit(child(n, to, n.die, n.steps_left, true, d), true);
    }
  }

  const Game& g_;
  std::vector<Move>& out_;
  int seat_;
  int origin_ = kNoSquare;
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
