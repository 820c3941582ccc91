#include "test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "rules/iso_path/iso_path.h"
#include "rules/iso_path/notation.h"

namespace rules::iso_path::testing {

namespace {

int tiles_of(char c) { return c == 'W' ? 2 : c == 'B' ? 0 : c - '0'; }

std::vector<Action> every_action(const Geometry& geo) {
  std::vector<Action> actions;
  for (ActionKind kind : {ActionKind::kBuild, ActionKind::kMove}) {
    for (int from = 0; from < geo.cells; ++from) {
      for (int to = 0; to < geo.cells; ++to) actions.push_back({kind, from, to});
    }
  }
  for (int cell = 0; cell < geo.cells; ++cell) actions.push_back({ActionKind::kCapture, cell, 0});
  return actions;
}

// Enemy pieces with two or more of the mover's pieces among their neighbours, counted cell by
// cell rather than with the two-level bitboard accumulator the engine uses.
CellSet threatened_the_slow_way(const Position& position) {
  const Geometry& geo = *position.geo;
  const Colour mover = position.to_move;
  CellSet threatened = 0;
  for (int cell = 0; cell < geo.cells; ++cell) {
    if (position.piece_at(cell) != opponent(mover)) continue;
    int attackers = 0;
    for (int other = 0; other < geo.cells; ++other) {
      if ((geo.adjacent[cell] >> other & 1) && position.piece_at(other) == mover) ++attackers;
    }
    if (attackers >= 2) threatened |= bit(cell);
  }
  return threatened;
}

}  // namespace

std::string cells_text(const Geometry& geo,
                       std::initializer_list<std::pair<const char*, char>> cells,
                       std::initializer_list<const char*> ballast) {
  std::string board(static_cast<std::size_t>(geo.cells), '1');
  for (const auto& [name, value] : cells) {
    const int cell = parse_cell(geo, name);
    EXPECT_GE(cell, 0) << name;
    if (cell >= 0) board[static_cast<std::size_t>(cell)] = value;
  }
  int tiles = 0;
  for (char c : board) tiles += tiles_of(c);
  for (const char* name : ballast) {
    const std::size_t cell = static_cast<std::size_t>(parse_cell(geo, name));
    while (tiles < geo.cells && board[cell] < '2') ++board[cell], ++tiles;
    while (tiles > geo.cells && board[cell] > '0') --board[cell], --tiles;
  }
  EXPECT_EQ(tiles, geo.cells) << "not enough ballast";
  std::string text;
  for (int row = 0; row < geo.rows; ++row) {
    if (row > 0) text += '/';
    text += board.substr(static_cast<std::size_t>(geo.row_start[row]),
                         static_cast<std::size_t>(geo.row_length[row]));
  }
  return text;
}

std::unique_ptr<State> load_position(const std::string& cells, const char* to_move, int turns,
                                     const char* board) {
  const std::string text = std::string("iso-path board=") + board +
                           " white-seat=0 turns=" + std::to_string(turns) + " to-move=" + to_move +
                           " cells=" + cells + " result=none history=-";
  Result<std::unique_ptr<State>> loaded = definition().load(text);
  // Thrown, not returned as nullptr: GoogleTest reports the exception as the test's failure.
  if (!loaded.ok()) throw std::runtime_error(text + ": " + loaded.error().message);
  return std::move(loaded).value();
}

const IsoPathState& iso(const State& state) { return dynamic_cast<const IsoPathState&>(state); }

std::vector<Move> brute_force_turns(const Position& position) {
  static const std::vector<Action> h4 = every_action(*geometry_for_side(4));
  static const std::vector<Action> h5 = every_action(*geometry_for_side(5));
  const std::vector<Action>& actions = position.geo->side == 4 ? h4 : h5;
  const CellSet capturable = threatened_the_slow_way(position);
  std::vector<Move> turns;
  for (const Action& first : actions) {
    if (check_action(position, first, capturable).violation != Violation::kNone) continue;
    Position after = position;
    if (apply_action(after, first)) {
      turns.push_back(encode_turn(first));
      continue;
    }
    for (const Action& second : actions) {
      if (second.kind == first.kind) continue;
      if (check_action(after, second, capturable).violation == Violation::kNone) {
        turns.push_back(encode_turn(first, second));
      }
    }
  }
  std::sort(turns.begin(), turns.end());
  return turns;
}

std::uint64_t perft(const Position& position, int depth, bool brute) {
  if (depth == 0) return 1;
  if (depth == 1 && !brute) return count_turns(position);
  std::vector<Move> turns;
  if (brute) {
    turns = brute_force_turns(position);
  } else {
    list_turns(position, turns);
  }
  if (depth == 1) return turns.size();
  std::uint64_t total = 0;
  for (Move turn : turns) {
    Position child = position;
    if (!apply_turn(child, turn).won) total += perft(child, depth - 1, brute);
  }
  return total;
}

}  // namespace rules::iso_path::testing
