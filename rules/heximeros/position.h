#pragma once
// The HexiMeros position as plain data, the piece and move encodings, and the Position queries
// the other modules share. Internally everything is by colour (0 = Silver .. 5 = Red); seats
// exist only at the State interface (seat i plays the colour kSeatColours[players][i]).

#include <array>
#include <cstdint>

#include "rules/core/game.h"
#include "rules/heximeros/geometry.h"
#include "rules/heximeros/ruleset.h"

namespace rules::heximeros {

// A cell's content: bits 0-3 PieceType (0 = empty), bits 4-6 colour, bit 7 first move still to
// come (Militant, Prelate), bit 8 Ground Zero bonus pending. The wall sentinel is kWallPiece.
using Piece = std::uint16_t;
inline constexpr Piece kEmpty = 0;
inline constexpr Piece kFirstMove = 1u << 7;
inline constexpr Piece kBonus = 1u << 8;
inline constexpr Piece kWallPiece = 1u << 15;

constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(p & 15u); }
constexpr int colour_of(Piece p) { return (p >> 4) & 7; }
constexpr Piece make_piece(PieceType type, int colour, Piece flags = 0) {
  return static_cast<Piece>(static_cast<unsigned>(type) | (static_cast<unsigned>(colour) << 4) |
                            flags);
}
constexpr bool is(Piece p, PieceType type) { return type_of(p) == type && p != kWallPiece; }
constexpr std::uint8_t bit(int colour) { return static_cast<std::uint8_t>(1u << colour); }

using Board = std::array<Piece, kCells + 1>;

// Move codes: bits 0-9 from, 10-19 to, 20-29 via (the step cell of a Militant's step-and-
// capture), 30-32 kind, 33-36 promotion PieceType, 37-42 colours declared in check, 43 the
// value of a setting command.
enum class MoveKind : std::uint8_t {
  kStep = 0,         // <L><from>-<to> or x<to>: move, capturing what stands on <to> (or en route)
  kStepCapture = 1,  // M<from>-<via>x<to>: Militant steps, then captures
  kShot = 2,         // B<from>*<to>: Archer shoots, staying put
  kPass = 3,         // no legal move at all (I-HM-11)
  kAcceptDraw = 4,   // the last two agree a draw (I-HM-14)
  kOfferDraw = 5,    // command: does not pass the Token (I-HM-38)
  kSetObjection = 6  // command: the mover's standing self-check setting (I-HM-13)
};

struct MoveFields {
  MoveKind kind = MoveKind::kStep;
  int from = 0;
  int to = 0;
  int via = 0;
  PieceType promotion = PieceType::kNone;
  std::uint8_t declared = 0;  // colour mask
  bool setting = false;
};

constexpr Move encode(const MoveFields& f) {
  return static_cast<Move>(f.from) | static_cast<Move>(f.to) << 10 |
         static_cast<Move>(f.via) << 20 | static_cast<Move>(f.kind) << 30 |
         static_cast<Move>(f.promotion) << 33 | static_cast<Move>(f.declared) << 37 |
         static_cast<Move>(f.setting) << 43;
}

constexpr MoveFields decode(Move m) {
  MoveFields f;
  f.from = static_cast<int>(m & 1023);
  f.to = static_cast<int>(m >> 10 & 1023);
  f.via = static_cast<int>(m >> 20 & 1023);
  f.kind = static_cast<MoveKind>(m >> 30 & 7);
  f.promotion = static_cast<PieceType>(m >> 33 & 15);
  f.declared = static_cast<std::uint8_t>(m >> 37 & 63);
  f.setting = (m >> 43 & 1) != 0;
  return f;
}

constexpr Move without_declarations(Move m) { return m & ~(Move{63} << 37); }
constexpr Move with_declarations(Move m, std::uint8_t colours) {
  return without_declarations(m) | static_cast<Move>(colours) << 37;
}

// Why a colour is no longer in the game.
enum class Standing : std::uint8_t { kIn, kCaptured, kResigned, kConceded, kExpelled };

enum class Ending : std::uint8_t {
  kNone,
  kLastSovereign,  // one colour still holds a Sovereign
  kConcession,     // one of the last two conceded (or resigned)
  kAgreedDraw,     // the last two agreed (I-HM-14)
  kQuietDraw,      // kQuietRounds rounds without a capture (I-HM-14)
  kPlyCap,         // kPlyLimit plies (I-HM-32)
};

// Bits of Position::commands: the commands already given this turn (I-HM-38).
inline constexpr std::uint8_t kUsedSetting = 1;
inline constexpr std::uint8_t kUsedOffer = 2;

struct Position {
  Board board{};
  int seats = 0;
  std::array<std::int8_t, kColours> seat_colour{};  // seat -> colour
  std::array<std::int8_t, kColours> colour_seat{};  // colour -> seat, -1 not playing
  int mover = 0;                                    // colour holding the Token
  int ply = 0;                                      // entries applied, commands included
  int quiet = 0;                                    // turns since the last capture
  std::array<Standing, kColours> standing{};
  std::array<std::int8_t, kColours> departure{};     // 1 = first out; 0 = still in
  std::array<int, kColours> points{};                // capture and promotion points
  std::array<std::uint8_t, kColours> declared_by{};  // pending declared checks on each colour
  std::uint8_t objecting = 0;                        // colours objecting to self-check
  int draw_offer = -1;                               // colour offering a draw, -1 none
  std::uint8_t commands = 0;                         // kUsed* bits of this turn
  bool scoring = false;
  Ending ending = Ending::kNone;

  // Derived from the fields above by refresh_derived() (movegen.h) after every change; not
  // serialized. The cell of each colour's Sovereign (-1 when gone) and the colours attacking
  // the mover's Sovereign.
  std::array<std::int16_t, kColours> sovereign_cell{};
  std::uint8_t threats = 0;

  bool finished() const { return ending != Ending::kNone; }
  bool playing(int colour) const { return colour_seat[colour] >= 0; }
  // Colours still in the game (holding a Sovereign and not resigned).
  std::uint8_t active() const;
  int active_count() const;
  int departed_count() const;
  // The cell of `colour`'s Sovereign, or -1.
  int sovereign(int colour) const { return sovereign_cell[colour]; }
  // The next colour in, after `colour`, in turn order (itself if no other is in).
  int next_in_turn(int colour) const;
};

// 's', 'b', 'y', 'o', 'g', 'r' (either case) to a colour; -1 for anything else.
int colour_from_letter(char letter);

// A fresh game: armies set up, Silver to move.
Position initial_position(int players, bool scoring, bool objection);

}  // namespace rules::heximeros
