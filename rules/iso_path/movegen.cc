#include "rules/iso_path/movegen.h"

#include <bit>

namespace rules::iso_path {

namespace {

constexpr Action build(int from, int to) { return {ActionKind::kBuild, from, to}; }
constexpr Action step(int from, int to) { return {ActionKind::kMove, from, to}; }
constexpr Action capture(int cell) { return {ActionKind::kCapture, cell, 0}; }

void move_tile(Position& position, int from, int to) {
  const int from_height = position.height(from), to_height = position.height(to);
  position.level[from_height] &= ~bit(from);
  position.level[from_height - 1] |= bit(from);
  position.level[to_height] &= ~bit(to);
  position.level[to_height + 1] |= bit(to);
}

// Sinks receive complete turns in increasing code order and return false to stop early.
// A counting sink (kCountOnly) also takes whole blocks of builds as a number.
struct ListSink {
  static constexpr bool kCountOnly = false;
  std::vector<Move>& out;
  bool operator()(Move move) {
    out.push_back(move);
    return true;
  }
};

struct CountSink {
  static constexpr bool kCountOnly = true;
  std::uint64_t count = 0;
  bool operator()(Move) {
    ++count;
    return true;
  }
};

struct ExistsSink {
  static constexpr bool kCountOnly = false;
  bool found = false;
  bool operator()(Move) {
    found = true;
    return false;
  }
};

// Enumerates complete turns straight from the bitboards, in code order: builds first, then
// piece moves first, then captures first; within each, the second action in its code order.
// The threat set is computed once, at the start of the turn, as the rules measure it.
template <class Sink>
class TurnGenerator {
 public:
  TurnGenerator(const Position& position, Sink& sink)
      : pos_(position),
        geo_(*position.geo),
        sink_(sink),
        mover_(position.to_move),
        own_(position.pieces[mover_]),
        enemy_(position.pieces[opponent(mover_)]),
        occupied_(position.occupied()),
        own_home_(geo_.home[mover_]),
        enemy_home_(geo_.home[opponent(mover_)]),
        stand_(position.standing_cells(mover_)),
        capturable_(capturable_at_turn_start(position)) {}

  void run() {
    if (builds_first() && moves_first()) captures_first();
  }

 private:
  CellSet build_sources(CellSet occupied) const {
    return (pos_.level[1] | pos_.level[2]) & ~occupied & ~own_home_;
  }
  CellSet build_targets(CellSet occupied) const {
    return (pos_.level[0] | pos_.level[1]) & ~occupied & ~own_home_;
  }

  // The standing cells once a tile has moved from `from` to `to`.
  CellSet stand_after_build(int from, int to) const {
    const int wanted = standing_height(mover_);
    CellSet stand = stand_ & ~bit(from) & ~bit(to);
    if (pos_.height(from) - 1 == wanted) stand |= bit(from);
    if (pos_.height(to) + 1 == wanted) stand |= bit(to);
    return stand;
  }

  bool emit(Move move) { return sink_(move); }

  bool emit_builds(Move head, CellSet occupied) {
    const CellSet sources = build_sources(occupied), targets = build_targets(occupied);
    if constexpr (Sink::kCountOnly) {
      sink_.count += static_cast<std::uint64_t>(std::popcount(sources)) *
                         static_cast<std::uint64_t>(std::popcount(targets)) -
                     static_cast<std::uint64_t>(std::popcount(sources & targets));
      return true;
    }
    bool going = true;
    for_each_cell(sources, [&](int from) {
      for_each_cell(targets & ~bit(from), [&](int to) {
        if (going) going = emit(head | encode_action(build(from, to)));
      });
    });
    return going;
  }

  bool emit_moves(Move head, CellSet occupied, CellSet stand) {
    bool going = true;
    for_each_cell(own_, [&](int from) {
      for_each_cell(geo_.adjacent[from] & stand & ~occupied, [&](int to) {
        if (going) going = emit(head | encode_action(step(from, to)));
      });
    });
    return going;
  }

  bool emit_captures(Move head) {
    bool going = true;
    for_each_cell(capturable_, [&](int cell) {
      if (going) going = emit(head | encode_action(capture(cell)));
    });
    return going;
  }

  bool builds_first() {
    bool going = true;
    const CellSet targets = build_targets(occupied_);
    for_each_cell(build_sources(occupied_), [&](int from) {
      for_each_cell(targets & ~bit(from), [&](int to) {
        if (!going) return;
        const Move head = encode_turn(build(from, to));
        going = emit_moves(head, occupied_, stand_after_build(from, to)) && emit_captures(head);
      });
    });
    return going;
  }

  bool moves_first() {
    bool going = true;
    for_each_cell(own_, [&](int from) {
      for_each_cell(geo_.adjacent[from] & stand_ & ~occupied_, [&](int to) {
        if (!going) return;
        const Move head = encode_turn(step(from, to));
        if (enemy_home_ & bit(to)) {
          going = emit(head);  // a winning first action ends the turn
          return;
        }
        going = emit_builds(head, occupied_ ^ bit(from) ^ bit(to)) && emit_captures(head);
      });
    });
    return going;
  }

  bool captures_first() {
    bool going = true;
    for_each_cell(capturable_, [&](int cell) {
      if (!going) return;
      const Move head = encode_turn(capture(cell));
      if (enemy_ == bit(cell)) {
        going = emit(head);  // the last enemy piece: the game is won
        return;
      }
      const CellSet occupied = occupied_ & ~bit(cell);
      going = emit_builds(head, occupied) && emit_moves(head, occupied, stand_);
    });
    return going;
  }

  const Position& pos_;
  const Geometry& geo_;
  Sink& sink_;
  const Colour mover_;
  const CellSet own_, enemy_, occupied_, own_home_, enemy_home_, stand_, capturable_;
};

}  // namespace

bool apply_action(Position& position, const Action& action) {
  const Colour mover = position.to_move;
  const Colour enemy = opponent(mover);
  switch (action.kind) {
    case ActionKind::kBuild:
      move_tile(position, action.from, action.to);
      return false;
    case ActionKind::kMove:
      position.pieces[mover] ^= bit(action.from) | bit(action.to);
      return (position.geo->home[enemy] & bit(action.to)) != 0;
    case ActionKind::kCapture:
      position.pieces[enemy] &= ~bit(action.from);
      return position.pieces[enemy] == 0;
    case ActionKind::kNone:
      break;
  }
  return false;
}

TurnEffect apply_turn(Position& position, Move move) {
  const Turn turn = decode_turn(move);
  TurnEffect effect;
  for (const Action& action : {turn.first, turn.second}) {
    if (action.kind == ActionKind::kNone || effect.won) break;
    effect.captured |= action.kind == ActionKind::kCapture;
    effect.won = apply_action(position, action);
  }
  position.to_move = opponent(position.to_move);
  return effect;
}

void list_turns(const Position& position, std::vector<Move>& out) {
  ListSink sink{out};
  TurnGenerator<ListSink>(position, sink).run();
}

std::uint64_t count_turns(const Position& position) {
  CountSink sink;
  TurnGenerator<CountSink>(position, sink).run();
  return sink.count;
}

bool has_turn(const Position& position) {
  ExistsSink sink;
  TurnGenerator<ExistsSink>(position, sink).run();
  return sink.found;
}

bool has_second_action(const Position& after, ActionKind used, CellSet capturable) {
  const Colour mover = after.to_move;
  const CellSet occupied = after.occupied(), own_home = after.geo->home[mover];
  if (used != ActionKind::kBuild) {
    const CellSet sources = (after.level[1] | after.level[2]) & ~occupied & ~own_home;
    const CellSet targets = (after.level[0] | after.level[1]) & ~occupied & ~own_home;
    if (sources != 0 && targets != 0 && !(sources == targets && std::popcount(sources) == 1)) {
      return true;
    }
  }
  if (used != ActionKind::kMove) {
    bool found = false;
    for_each_cell(after.pieces[mover], [&](int cell) {
      found |= (after.geo->adjacent[cell] & after.standing_cells(mover) & ~occupied) != 0;
    });
    if (found) return true;
  }
  return used != ActionKind::kCapture && (capturable & after.pieces[opponent(mover)]) != 0;
}

}  // namespace rules::iso_path
