#pragma once
// The provisional HexiMeros ruleset, as data. The designer's rulebook is only partly public
// (rules-spec §5), so the board's cells, the armies, several piece moves, the scoring tables and
// the game limits are decisions of this project. Each value below names the interpretation ID
// (I-HM-n, see rules/heximeros/README.md) that justifies it. The code reads these tables and
// nothing else, so the official rules replace this file, not the move generator.

#include <array>
#include <cstdint>

namespace rules::heximeros {

// Bump whenever a decision below changes; GameInfo::ruleset_version and serialize() carry it.
inline constexpr const char* kRulesetVersion = "provisional-1";

// ---- Board (I-HM-1) -------------------------------------------------------------------------
// Flat-top cells in axial coordinates [q,r], Ground Zero at [0,0], N = (0,+1) = Silver's
// forward. The board is the hexagon with six jagged sides perpendicular to the flat axes:
// cube cells with max(|x-y|,|y-z|,|z-x|) <= 25, 649 cells. Stored column by column: the cells
// [q, r_min] .. [q, r_max]. The official 655-space board drops in here.
struct BoardColumn {
  int q;
  int r_min;
  int r_max;
};

inline constexpr std::array<BoardColumn, 33> kBoardColumns = {{
    {-16, 7, 9},   {-15, 5, 10},  {-14, 3, 11},  {-13, 1, 12},  {-12, -1, 13}, {-11, -3, 14},
    {-10, -5, 15}, {-9, -7, 16},  {-8, -8, 16},  {-7, -9, 16},  {-6, -9, 15},  {-5, -10, 15},
    {-4, -10, 14}, {-3, -11, 14}, {-2, -11, 13}, {-1, -12, 13}, {0, -12, 12},  {1, -13, 12},
    {2, -13, 11},  {3, -14, 11},  {4, -14, 10},  {5, -15, 10},  {6, -15, 9},   {7, -16, 9},
    {8, -16, 8},   {9, -16, 7},   {10, -15, 5},  {11, -14, 3},  {12, -13, 1},  {13, -12, -1},
    {14, -11, -3}, {15, -10, -5}, {16, -9, -7},
}};

// Base Line (I-HM-23): the two zig-zag rows of a hextant nearest its side.
inline constexpr int kBaseLineRows = 2;

// ---- Colours and seats (I-HM-2, I-HM-18) ----------------------------------------------------
// Colour index = hextant, clockwise from the south side; play passes to the left = clockwise.
inline constexpr int kColours = 6;
inline constexpr std::array<const char*, kColours> kColourNames = {"Silver", "Blue",  "Yellow",
                                                                   "Orange", "Green", "Red"};
inline constexpr std::array<char, kColours> kColourLetters = {'s', 'b', 'y', 'o', 'g', 'r'};
// The flat direction each colour's Militants advance in (direction indices of geometry.h:
// 3 = N, 1 = NE, 11 = SE, 9 = S, 7 = SW, 5 = NW).
inline constexpr std::array<int, kColours> kForward = {3, 1, 11, 9, 7, 5};

// Which hextants are played with fewer than six players (I-HM-18), in seat (= turn) order.
// Silver always holds seat 0 and moves first.
inline constexpr std::array<const char*, 7> kSeatColours = {
    "", "", "SO", "SYG", "SBOG", "SBYOG", "SBYOGR",
};

// ---- Pieces (§5.3; I-HM-4..10, I-HM-16, I-HM-20..22, I-HM-25) -------------------------------
enum class PieceType : std::uint8_t {
  kNone = 0,
  kSovereign,
  kRegent,
  kPrelate,
  kAlcazar,
  kCavalier,
  kDreadnaught,
  kArcher,
  kAssassin,
  kMilitant,
  kHattedMilitant,
};
inline constexpr int kPieceTypes = 10;

enum class MoveStyle : std::uint8_t {
  kSlide,     // steps or slides along `directions`, stopped by the first occupied cell
  kLeap,      // the Cavalier: two straight legs with a 60-degree turn, over any pieces
  kSweep,     // the Dreadnaught: along `directions`, capturing everything on its route
  kMilitant,  // forward-relative: see the Militant rules in movegen.cc
};

// Direction masks over the twelve axes of geometry.h: odd bits are flats, even bits are lines.
inline constexpr std::uint16_t kFlats = 0xAAA;
inline constexpr std::uint16_t kLines = 0x555;
inline constexpr std::uint16_t kAllAxes = 0xFFF;

struct PieceRule {
  PieceType type;
  char letter;
  const char* name;
  MoveStyle style;
  std::uint16_t directions;  // axes it moves (and, if captures_by_moving, captures) along
  std::int8_t range;         // cells per move, 0 = up to the board edge
  std::int8_t bonus_range;   // range with a Ground Zero bonus (kSlide, kSweep)
  bool ground_zero_bonus;    // ending a move on Ground Zero doubles its next move [SRC]
  bool captures_by_moving;   // false: the Archer captures only by shooting
  std::int8_t shot_range;    // Archer: cells a shot reaches over empty cells
  std::int8_t bonus_shot_range;
  bool first_move_flat_step;  // Prelate (I-HM-20): its first move may also step one flat
  bool promotion_target;      // a Militant may be promoted to it
  int capture_points;         // scoring: to the capturer; to the winner for retention
  int draw_retention_points;  // scoring: retention in a draw
  const char* movement_rule;  // quoted by illegal-move messages
};

// Indexed by PieceType - 1.
inline constexpr std::array<PieceRule, kPieceTypes> kPieceRules = {{
    {PieceType::kSovereign, 'S', "Sovereign", MoveStyle::kSlide, kAllAxes, 1, 2, true, true, 0, 0,
     false, false, 75, 37, "the Sovereign moves one cell along any flat or line"},
    {PieceType::kRegent, 'R', "Regent", MoveStyle::kSlide, kAllAxes, 0, 0, false, true, 0, 0, false,
     true, 55, 27, "the Regent slides along flats and lines"},
    {PieceType::kPrelate, 'P', "Prelate", MoveStyle::kSlide, kLines, 0, 0, false, true, 0, 0, true,
     true, 30, 15,
     "the Prelate slides along lines (its first move may also step one cell along a flat)"},
    {PieceType::kAlcazar, 'A', "Alcazar", MoveStyle::kSlide, kFlats, 0, 0, false, true, 0, 0, false,
     true, 30, 15, "the Alcazar moves along flats only"},
    {PieceType::kCavalier, 'C', "Cavalier", MoveStyle::kLeap, kFlats, 0, 0, true, true, 0, 0, false,
     true, 25, 12, "the Cavalier leaps 3 flats then 2 after a 60-degree turn, or 2 flats then 1"},
    {PieceType::kDreadnaught, 'D', "Dreadnaught", MoveStyle::kSweep, kFlats, 4, 8, true, true, 0, 0,
     false, true, 15, 7, "the Dreadnaught moves up to 4 cells along a flat"},
    {PieceType::kArcher, 'B', "Archer", MoveStyle::kSlide, kAllAxes, 1, 2, true, false, 3, 6, false,
     true, 40, 20,
     "the Archer moves one cell along any flat or line and captures only by shooting"},
    {PieceType::kAssassin, 'X', "Assassin", MoveStyle::kSlide, kAllAxes, 3, 6, true, true, 0, 0,
     false, true, 45, 22, "the Assassin moves up to 3 cells along any flat or line"},
    {PieceType::kMilitant, 'M', "Militant", MoveStyle::kMilitant, kFlats, 1, 2, true, true, 0, 0,
     false, false, 5, 2,
     "the Militant moves one flat forward (two on its first move) and captures one cell "
     "diagonally forward"},
    {PieceType::kHattedMilitant, 'H', "Hatted Militant", MoveStyle::kSlide, kAllAxes, 1, 2, true,
     true, 0, 0, false, false, 10, 5, "the Hatted Militant moves one cell along any flat or line"},
}};

constexpr const PieceRule& rule_of(PieceType type) {
  return kPieceRules[static_cast<int>(type) - 1];
}

// The Cavalier's leaps: `straight` flats, then `turned` flats after a 60-degree turn [SRC];
// with a Ground Zero bonus the doubled leaps [SRC]. Leaps pass over pieces but every cell of
// the route must be on the board (I-HM-7).
struct Leap {
  int straight;
  int turned;
};
inline constexpr std::array<Leap, 2> kCavalierLeaps = {{{3, 2}, {2, 1}}};
inline constexpr std::array<Leap, 2> kCavalierBonusLeaps = {{{6, 4}, {4, 2}}};

// ---- Setup (I-HM-19) -------------------------------------------------------------------------
// Silver's army; every other colour gets it turned clockwise by 60 degrees per hextant.
// Capital pieces stand on the Base Line [SRC], eleven Militants in the row in front of it. The
// sliding pieces stand where their own Militants close every flat and line out of the Base Line
// (a line jumps from the Base Line over the Militant row unless a Militant stands on it), and the
// short-range pieces stand near the corners, so no army can capture on the first turn.
struct SetupPiece {
  PieceType type;
  int q;
  int r;
};

inline constexpr std::array<SetupPiece, 25> kSilverSetup = {{
    // The edge row, west to east.
    {PieceType::kArcher, -5, -10},
    {PieceType::kCavalier, -4, -10},
    {PieceType::kAssassin, -3, -11},
    {PieceType::kPrelate, -2, -11},
    {PieceType::kAlcazar, -1, -12},
    {PieceType::kSovereign, 0, -12},
    {PieceType::kAlcazar, 1, -13},
    {PieceType::kPrelate, 2, -13},
    {PieceType::kAssassin, 3, -14},
    {PieceType::kCavalier, 4, -14},
    {PieceType::kArcher, 5, -15},
    // The second row of the Base Line.
    {PieceType::kDreadnaught, -3, -10},
    {PieceType::kRegent, -1, -11},
    {PieceType::kDreadnaught, 3, -13},
    // The Militants.
    {PieceType::kMilitant, -5, -8},
    {PieceType::kMilitant, -4, -8},
    {PieceType::kMilitant, -3, -9},
    {PieceType::kMilitant, -2, -9},
    {PieceType::kMilitant, -1, -10},
    {PieceType::kMilitant, 0, -10},
    {PieceType::kMilitant, 1, -11},
    {PieceType::kMilitant, 2, -11},
    {PieceType::kMilitant, 3, -12},
    {PieceType::kMilitant, 4, -12},
    {PieceType::kMilitant, 5, -13},
}};

// ---- Scoring (§5.6; I-HM-15, I-HM-31, I-HM-33, I-HM-34) -------------------------------------
inline constexpr int kVictoryPoints = 100;
inline constexpr int kDrawPoints = 45;
inline constexpr int kExpulsionPoints = -500;
// Loss points by order of departure: 1st out, 2nd out, ... [SRC].
inline constexpr std::array<int, 5> kDeparturePoints = {-50, -40, -30, -20, -10};

// ---- Limits (I-HM-14, I-HM-32) ----------------------------------------------------------------
// Drawn after this many rounds (one turn of every player still in) without a capture.
inline constexpr int kQuietRounds = 100;
// Every game ends by this ply: the players still in draw. Also GameInfo::max_plies.
inline constexpr int kPlyLimit = 3000;

}  // namespace rules::heximeros
