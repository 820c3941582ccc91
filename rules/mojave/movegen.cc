// Move codes, path enumeration, move generation and validation (§3.4, §3.6, I-MJ-5).

#include <string>

#include "rules/mojave/position.h"

namespace rules::mojave {

namespace {

constexpr int kCountBits = 7;
constexpr Move kCountMask = (Move{1} << kCountBits) - 1;
constexpr int kSecondCountShift = 0;
constexpr int kSecondDirShift = kSecondCountShift + kCountBits;
constexpr int kFirstCountShift = kSecondDirShift + 2;
constexpr int kFirstDirShift = kFirstCountShift + kCountBits;
constexpr int kExtraTurnsShift = kFirstDirShift + 2;
constexpr int kFromShift = kExtraTurnsShift + 1;

// The two directions at 90 degrees to `direction`, in ascending order (so codes stay sorted).
constexpr std::array<int, 2> perpendicular(int direction) {
  return direction % 2 == 0 ? std::array<int, 2>{1, 3} : std::array<int, 2>{0, 2};
}

// Walks `count` empty squares from `square`; the last square, or kNoSquare when blocked.
int walk(const Board& board, int square, int direction, int count) {
  for (int step = 0; step < count; ++step) {
    square = neighbour(square, direction);
    if (square == kNoSquare || !board.empty(square)) return kNoSquare;
  }
  return square;
}

// Calls visit(path, destination) for every legal path of every die of `side`, in code
// order. Generation is one function on purpose: straight and turning paths share the walk.
template <class Visit>
void for_each_path(const Board& board, int side, Visit&& visit) {
  for (int from = 0; from < kSquares; ++from) {
    if (!board.holds(from, side)) continue;
    const int length = board.top(from);
    for (int first = 0; first < kDirections; ++first) {
      int corner = from;
      for (int count = 1; count <= length; ++count) {
        corner = neighbour(corner, first);
        if (corner == kNoSquare || !board.empty(corner)) break;
        if (count == length) {
          visit(Path{from, first, count, 0, 0, false}, corner);
          break;
        }
        for (int second : perpendicular(first)) {
          const int end = walk(board, corner, second, length - count);
          if (end != kNoSquare) visit(Path{from, first, count, second, length - count, false}, end);
        }
      }
    }
  }
}

// A reinforcement (§3.6, I-MJ-7) must remove the attacking die, which only a die arriving next
// to it can do; the full resolution decides.
bool removes_attacker(const Position& position, const Path& path) {
  Board board = position.board;
  resolve_move(board, position.zugzwang, position.to_move, path);
  return board.empty(position.zugzwang.attacker);
}

bool answers_zugzwang(const Position& position, const Path& path, int destination) {
  const Zugzwang& zugzwang = position.zugzwang;
  if (zugzwang.attacked.contains(path.from)) return !adjacent(destination, zugzwang.attacker);
  return adjacent(destination, zugzwang.attacker) && removes_attacker(position, path);
}

std::string list_squares(const SquareList& squares) {
  std::string text;
  for (int i = 0; i < squares.size(); ++i) {
    if (i > 0) text += i + 1 == squares.size() ? " and " : ", ";
    text += square_name(squares[i]);
  }
  return text;
}

std::string zugzwang_rule(const Zugzwang& zugzwang) {
  const bool several = zugzwang.attacked.size() > 1;
  return "while " + list_squares(zugzwang.attacked) + (several ? " are" : " is") +
         " in zugzwang you must reinforce against " + square_name(zugzwang.attacker) +
         " or withdraw " + (several ? "one of them" : "it");
}

std::optional<RuleError> check_shape(const Board& board, const Path& path) {
  constexpr const char* kDirectionNames = "NESW";
  if (path.extra_turns) return illegal("only one turn is allowed");
  if (path.second_count > 0 && path.second_dir % 2 == path.first_dir % 2) {
    const std::string legs = std::string(1, kDirectionNames[path.first_dir]) + " then " +
                             kDirectionNames[path.second_dir];
    return illegal("a turn must be 90 degrees; " + legs +
                   (path.second_dir == path.first_dir ? " goes straight on" : " reverses"));
  }
  const int top = board.top(path.from);
  if (path.length() != top) {
    return illegal("a die with " + std::to_string(top) + " on top must travel exactly " +
                   std::to_string(top) + (top == 1 ? " square" : " squares"));
  }
  return std::nullopt;
}

std::optional<RuleError> check_leg(const Board& board, int& square, int direction, int count) {
  for (int step = 0; step < count; ++step) {
    const int next = neighbour(square, direction);
    if (next == kNoSquare)
      return illegal("the path leaves the board beyond " + square_name(square));
    if (!board.empty(next)) return illegal(square_name(next) + " holds a die");
    square = next;
  }
  return std::nullopt;
}

std::optional<RuleError> check_path(const Position& position, const Path& path) {
  const Board& board = position.board;
  if (board.empty(path.from)) return illegal(square_name(path.from) + " holds no die");
  if (board.owner(path.from) != position.to_move) {
    const char* names[] = {"red", "black"};
    return illegal(square_name(path.from) + " holds a " + names[board.owner(path.from)] +
                   " die, and " + names[position.to_move] + " is to move");
  }
  if (auto error = check_shape(board, path)) return error;
  int square = path.from;
  if (auto error = check_leg(board, square, path.first_dir, path.first_count)) return error;
  if (auto error = check_leg(board, square, path.second_dir, path.second_count)) return error;
  if (position.zugzwang.active() && !answers_zugzwang(position, path, square)) {
    return illegal(zugzwang_rule(position.zugzwang));
  }
  return std::nullopt;
}

bool any_die_move(const Board& board, int side) {
  bool found = false;
  for_each_path(board, side, [&](const Path&, int) { found = true; });
  return found;
}

}  // namespace

Move encode(const Path& path) {
  return Move{static_cast<std::uint64_t>(path.from)} << kFromShift |
         Move{path.extra_turns} << kExtraTurnsShift |
         static_cast<Move>(path.first_dir) << kFirstDirShift |
         static_cast<Move>(path.first_count) << kFirstCountShift |
         static_cast<Move>(path.second_dir) << kSecondDirShift |
         static_cast<Move>(path.second_count) << kSecondCountShift;
}

std::optional<Path> decode(Move move) {
  Path path;
  path.from = static_cast<int>(move >> kFromShift);
  path.extra_turns = (move >> kExtraTurnsShift & 1) != 0;
  path.first_dir = static_cast<int>(move >> kFirstDirShift & 3);
  path.first_count = static_cast<int>(move >> kFirstCountShift & kCountMask);
  path.second_dir = static_cast<int>(move >> kSecondDirShift & 3);
  path.second_count = static_cast<int>(move >> kSecondCountShift & kCountMask);
  const bool in_range = path.from < kSquares && path.first_count >= 1 &&
                        path.first_count <= kMaxLegCount && path.second_count <= kMaxLegCount;
  if (!in_range || encode(path) != move) return std::nullopt;
  if (path.second_count == 0 && path.second_dir != 0) return std::nullopt;
  return path;
}

std::vector<Move> legal_moves(const Position& position) {
  std::vector<Move> moves;
  if (position.finished()) return moves;
  moves.reserve(256);
  if (position.zugzwang.active()) {
    for_each_path(position.board, position.to_move, [&](const Path& path, int destination) {
      if (answers_zugzwang(position, path, destination)) moves.push_back(encode(path));
    });
  } else {
    for_each_path(position.board, position.to_move,
                  [&](const Path& path, int) { moves.push_back(encode(path)); });
  }
  // I-MJ-5: a side with dice but no move passes. A pending zugzwang always has an answer here
  // (I-MJ-6 removes trapped dice as soon as the tie is made), so it never forces a pass.
  if (moves.empty()) moves.push_back(kPass);
  return moves;
}

std::optional<RuleError> check_move(const Position& position, Move move) {
  if (position.finished()) return RuleError{ErrorCode::kGameOver, "the game is over"};
  if (move == kPass) {
    if (position.zugzwang.active() || any_die_move(position.board, position.to_move)) {
      return illegal("passing is allowed only when no die can move");
    }
    return std::nullopt;
  }
  const std::optional<Path> path = decode(move);
  if (!path) return illegal("not a Mojave move");
  return check_path(position, *path);
}

bool has_zugzwang_answer(const Position& position) {
  bool found = false;
  for_each_path(position.board, position.to_move, [&](const Path& path, int destination) {
    if (!found && answers_zugzwang(position, path, destination)) found = true;
  });
  return found;
}

}  // namespace rules::mojave
