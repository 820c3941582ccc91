#pragma once
// Mojave rule primitives, no text: move codes, move generation and validation (§3.4), combat
// (§3.5, I-MJ-3), zugzwang (§3.6, I-MJ-4, I-MJ-6..8), passing and the draw bound (I-MJ-5).

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/core/game.h"
#include "rules/mojave/board.h"

namespace rules::mojave {

inline constexpr int kQuietPlyLimit = 100;  // I-MJ-5: plies in a row without a die removed
inline constexpr int kPassLimit = 2;        // I-MJ-5: passes in a row

// A die's path: `first_count` steps towards `first_dir`, then `second_count` steps towards
// `second_dir` (second_count == 0: a straight move). A Path may break the rules (wrong length,
// a reversal, extra turns); validation says which rule.
struct Path {
  int from = kNoSquare;
  int first_dir = 0;
  int first_count = 0;
  int second_dir = 0;
  int second_count = 0;
  bool extra_turns = false;  // the text had three or more legs

  int length() const { return first_count + second_count; }
  bool operator==(const Path&) const = default;
};

// Move codes. Higher fields are more significant, so codes sort by origin square, then first
// direction, then first count, then second direction: the order generation produces them in.
// Code 0 is the pass; every die move has first_count >= 1 and so a non-zero code.
inline constexpr Move kPass = 0;
inline constexpr int kMaxLegCount = 99;  // notation allows two digits
Move encode(const Path& path);
// nullopt for kPass and for codes no Path encodes to.
std::optional<Path> decode(Move move);

// Up to four squares with no allocation: the largest groups are the dice next to one square.
class SquareList {
 public:
  void push_back(int square) {
    assert(size_ < items_.size());
    items_[size_++] = static_cast<std::int16_t>(square);
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int operator[](int i) const { return items_[i]; }
  const std::int16_t* begin() const { return items_.data(); }
  const std::int16_t* end() const { return items_.data() + size_; }
  bool contains(int square) const { return std::find(begin(), end(), square) != end(); }
  void sort_for_notation() {
    std::sort(items_.begin(), items_.begin() + size_,
              [](int a, int b) { return notation_order(a, b); });
  }
  bool operator==(const SquareList& other) const {
    return std::equal(begin(), end(), other.begin(), other.end());
  }

 private:
  std::array<std::int16_t, 4> items_{};
  std::uint8_t size_ = 0;
};

// §3.6: after a tie the attacked dice (the side to move) must answer the attacking die.
struct Zugzwang {
  int attacker = kNoSquare;
  SquareList attacked;  // sorted for notation

  bool active() const { return attacker != kNoSquare; }
  bool operator==(const Zugzwang&) const = default;
};

struct Position {
  Board board;
  int to_move = kRed;
  Zugzwang zugzwang;                 // attacked dice belong to to_move
  int quiet_plies = 0;               // plies since a die was last removed
  int passes = 0;                    // consecutive passes
  int resigned = -1;                 // seat that resigned, or -1
  bool adjudicate_by_count = false;  // I-MJ-5 option: draw bound decided by dice count

  bool finished() const {
    return resigned >= 0 || board.count(kRed) == 0 || board.count(kBlack) == 0 ||
           quiet_plies >= kQuietPlyLimit || passes >= kPassLimit;
  }
};

// What a move did, for the record ("=5 xx d6 x e9 zz f8 trapped"). "Own" is the mover's side.
struct Effects {
  bool pass = false;
  int destination = kNoSquare;
  int final_top = 0;
  SquareList abandoned;   // own attacked dice left behind by a withdrawal (I-MJ-8)
  SquareList own_lost;    // own dice that lost the combat
  SquareList enemy_lost;  // opposing dice that lost the combat
  SquareList zugzwang;    // opposing dice put in zugzwang by the tie
  bool trapped = false;   // those dice had no answer and were removed (I-MJ-6)

  bool removed_any() const {
    return !abandoned.empty() || !own_lost.empty() || !enemy_lost.empty() || trapped;
  }
};

// Every legal move of the side to move, sorted and unique; empty when the game is over.
std::vector<Move> legal_moves(const Position& position);
// Empty when legal; otherwise the broken rule, in the game's terms.
std::optional<RuleError> check_move(const Position& position, Move move);
// Applies a legal move (precondition: check_move passed) and returns what it did.
Effects play_move(Position& position, Move move);
// Moves the die along a legal path and resolves what follows on `board`: the abandoned dice of a
// withdrawal from `pending` (I-MJ-8), then the combat of §3.5 (I-MJ-3). Leaves the turn, the
// counters and trapped dice to play_move, so simulating a reply never recurses.
Effects resolve_move(Board& board, const Zugzwang& pending, int mover, const Path& path);
// What a legal move would do, without applying it.
Effects preview_move(const Position& position, Move move);
// True when the side to move, in zugzwang, has a reinforcing or withdrawing move.
bool has_zugzwang_answer(const Position& position);

}  // namespace rules::mojave
