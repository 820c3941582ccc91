#include "rules/mojave/board.h"

#include <cassert>

#include "rules/dice/cube_die.h"

namespace rules::mojave {

namespace {

struct OrientationTables {
  std::array<std::uint8_t, kOrientations> top{};
  std::array<std::array<std::uint8_t, kDirections>, kOrientations> tipped{};
};

OrientationTables build_orientation_tables() {
  OrientationTables tables;
  const auto& all = dice::all_orientations();
  for (int i = 0; i < kOrientations; ++i) {
    tables.top[i] = all[i].top;
    for (int direction = 0; direction < kDirections; ++direction) {
      const dice::Orientation next = dice::tip(all[i], static_cast<dice::Tip>(direction));
      tables.tipped[i][direction] = static_cast<std::uint8_t>(dice::orientation_index(next));
    }
  }
  return tables;
}

const OrientationTables& orientation_tables() {
  static const OrientationTables tables = build_orientation_tables();
  return tables;
}

constexpr std::array<std::array<std::int16_t, kDirections>, kSquares> build_neighbours() {
  std::array<std::array<std::int16_t, kDirections>, kSquares> table{};
  constexpr int kFileStep[kDirections] = {0, 1, 0, -1};
  constexpr int kRankStep[kDirections] = {1, 0, -1, 0};
  for (int square = 0; square < kSquares; ++square) {
    for (int direction = 0; direction < kDirections; ++direction) {
      const int file = file_of(square) + kFileStep[direction];
      const int rank = rank_of(square) + kRankStep[direction];
      const bool on_board = file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
      table[square][direction] =
          static_cast<std::int16_t>(on_board ? square_at(file, rank) : kNoSquare);
    }
  }
  return table;
}

constexpr auto kNeighbours = build_neighbours();

}  // namespace

std::string square_name(int square) {
  return static_cast<char>('a' + file_of(square)) + std::to_string(rank_of(square) + 1);
}

std::optional<int> parse_square(std::string_view text, std::size_t& pos) {
  std::size_t at = pos;
  if (at >= text.size() || text[at] < 'a' || text[at] >= 'a' + kFiles) return std::nullopt;
  const int file = text[at++] - 'a';
  int rank = 0;
  int digits = 0;
  while (at < text.size() && digits < 2 && text[at] >= '0' && text[at] <= '9') {
    rank = rank * 10 + (text[at++] - '0');
    ++digits;
  }
  if (digits == 0 || rank < 1 || rank > kRanks) return std::nullopt;
  pos = at;
  return square_at(file, rank - 1);
}

bool notation_order(int a, int b) {
  if (file_of(a) != file_of(b)) return file_of(a) < file_of(b);
  return rank_of(a) < rank_of(b);
}

int neighbour(int square, int direction) { return kNeighbours[square][direction]; }

bool adjacent(int a, int b) {
  for (int direction = 0; direction < kDirections; ++direction) {
    if (kNeighbours[a][direction] == b) return true;
  }
  return false;
}

int top_face(int orientation) { return orientation_tables().top[orientation]; }

int tipped(int orientation, int direction) {
  return orientation_tables().tipped[orientation][direction];
}

int orientation_of(int top, int north) {
  const std::optional<dice::Orientation> orientation = dice::make_orientation(top, north);
  assert(orientation.has_value());
  return dice::orientation_index(*orientation);
}

void Board::place(int square, int side, int orientation) {
  assert(empty(square));
  cells_[square] = static_cast<std::uint8_t>(1 + side * kOrientations + orientation);
  ++counts_[side];
}

void Board::remove(int square) {
  assert(!empty(square));
  --counts_[owner(square)];
  cells_[square] = 0;
}

Board Board::opening() {
  // §3.3 with right-handed dice: "facing the centre" is north for Red and south for Black, so
  // Red rank 3 is (1,3,2), Red rank 4 (1,2,4), Black rank 16 (1,4,5), Black rank 15 (1,5,3).
  struct Row {
    int side, rank, first_file, north;
  };
  constexpr Row kRows[] = {
      {kRed, 2, 1, 3}, {kRed, 3, 0, 2}, {kBlack, 15, 1, 7 - 3}, {kBlack, 14, 0, 7 - 2}};
  Board board;
  for (const Row& row : kRows) {
    const int orientation = orientation_of(1, row.north);
    for (int file = row.first_file; file < kFiles; file += 2) {
      board.place(square_at(file, row.rank), row.side, orientation);
    }
  }
  return board;
}

}  // namespace rules::mojave
