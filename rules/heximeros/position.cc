#include "rules/heximeros/position.h"

#include "rules/heximeros/movegen.h"

#include <bit>

namespace rules::heximeros {

std::uint8_t Position::active() const {
  std::uint8_t mask = 0;
  for (int colour = 0; colour < kColours; ++colour) {
    if (playing(colour) && standing[colour] == Standing::kIn) mask |= bit(colour);
  }
  return mask;
}

int Position::active_count() const { return std::popcount(static_cast<unsigned>(active())); }

int Position::departed_count() const {
  int count = 0;
  for (int colour = 0; colour < kColours; ++colour) count += departure[colour] > 0;
  return count;
}

int Position::next_in_turn(int colour) const {
  const std::uint8_t in = active();
  for (int i = 1; i <= seats; ++i) {
    const int next = seat_colour[(colour_seat[colour] + i) % seats];
    if (in & bit(next)) return next;
  }
  return colour;
}

int colour_from_letter(char letter) {
  const char lower =
      static_cast<char>(letter >= 'A' && letter <= 'Z' ? letter - 'A' + 'a' : letter);
  for (int colour = 0; colour < kColours; ++colour) {
    if (kColourLetters[colour] == lower) return colour;
  }
  return -1;
}

Position initial_position(int players, bool scoring, bool objection) {
  Position pos;
  pos.seats = players;
  pos.colour_seat.fill(-1);
  const char* colours = kSeatColours[players];
  for (int seat = 0; seat < players; ++seat) {
    const int colour = colour_from_letter(colours[seat]);
    pos.seat_colour[seat] = static_cast<std::int8_t>(colour);
    pos.colour_seat[colour] = static_cast<std::int8_t>(seat);
    if (objection) pos.objecting |= bit(colour);
  }
  pos.board.fill(kEmpty);
  pos.board[kWall] = kWallPiece;
  const Geometry& geometry = Geometry::get();
  for (int seat = 0; seat < players; ++seat) {
    const int colour = pos.seat_colour[seat];
    for (const SetupPiece& piece : kSilverSetup) {
      const int silver_cell = geometry.cell_at({piece.q, piece.r});
      const int cell = geometry.rotate_clockwise(silver_cell, colour);
      const bool first =
          rule_of(piece.type).first_move_flat_step || piece.type == PieceType::kMilitant;
      pos.board[cell] = make_piece(piece.type, colour, first ? kFirstMove : 0);
    }
  }
  pos.mover = pos.seat_colour[0];
  pos.scoring = scoring;
  refresh_derived(pos);
  return pos;
}

}  // namespace rules::heximeros
