#pragma once
// The rules contract shared by every game: OpenSpiel's State, cut down to what a correspondence
// server needs. A State is a pure value. Text goes in (notation), text comes out (canonical
// notation, serialized position, rendering); nothing here does I/O.
//
// The life of a submitted turn (see play.h, which does all of it in one call):
//   parse_move(text)  -> Move          relative to this position; kBadNotation on bad syntax
//   validate(move)    -> RuleError?    empty means legal; the message names the broken rule
//   apply(move, rng)  -> record text   precondition: validate() passed
//
// Invariants every game keeps (the contract suite in tests/rules checks them at every ply):
//   - legal_moves() is sorted, unique, and empty exactly when the game is over;
//   - parse_move(format_move(m)) == m for every legal m;
//   - load(serialize()) reproduces serialize() exactly;
//   - a rejected move leaves serialize() byte-identical;
//   - replaying the recorded moves (and draws) from a new game reproduces the position;
//   - a game ends within GameInfo::max_plies plies;
//   - render_svg() is a well-formed, self-contained SVG (no script, no reference outside the
//     document), the same bytes for the same position and options, with one element carrying
//     data-cell and a <title> for every cell that move_cells() of a legal move names;
//   - move_cells(m) is non-empty for every legal m.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/random.h"
#include "rules/core/result.h"

namespace rules {

// An opaque move code, meaningful only to the state that produced it. Never store it: store the
// canonical notation (codes may change between versions; notation may not).
using Move = std::uint64_t;

struct OptionSpec {
  std::string name;
  std::string description;
  std::string default_value;
  std::vector<std::string> allowed;  // empty: free-form, the game validates it
};

struct GameInfo {
  std::string id;    // stable: "hex-quoridor"
  std::string name;  // human: "Hex Quoridor"
  std::vector<int> player_counts;
  std::vector<OptionSpec> options;
  bool provisional = false;     // the ruleset fills gaps the official rules leave open
  std::string ruleset_version;  // bumped whenever an interpretation changes
  int max_plies = 0;            // documented bound: every game ends within it
};

// How a game is set up. Unknown option names and values outside OptionSpec::allowed are
// kBadOptions errors, never silently ignored.
struct GameConfig {
  int players = 2;
  std::map<std::string, std::string> options;
};

struct SeatResult {
  int placement = 0;  // 1 = best; equal placements share a rank (a draw is everyone at 1)
  double score = 0;   // game-defined points (1/0.5/0 where the game keeps no score)

  bool operator==(const SeatResult&) const = default;
};

struct Outcome {
  bool finished = false;
  std::vector<SeatResult> seats;  // one per seat when finished, else empty
  std::string summary;            // "seat 1 reached the goal side", "draw by repetition"

  bool operator==(const Outcome&) const = default;
};

struct RenderOptions {
  int perspective = -1;   // seat whose side faces the viewer; -1 for the default orientation
  std::string focus;      // a cell to crop around, for large boards; empty for the whole board
  bool detailed = false;  // game-specific extra detail (full die orientations, heights...)
  // Coordinates on every side of the board, so a cell can be found whichever way the board is
  // turned. Games whose boards always carry them (rank and file rulers) ignore it.
  bool coordinates = false;
};

// Options of render_svg(). The picture is the same whatever the options, except for its
// orientation and the highlight marks.
struct SvgOptions {
  int perspective = -1;  // seat whose side faces the viewer (at the bottom); -1 for the default
  // Cell names (as in the notation, e.g. the cells of the last move) to mark: their element gets
  // the class "hl" and a thick outline. Names that are not cells are ignored.
  std::vector<std::string> highlight;
};

class State {
 public:
  virtual ~State() = default;

  virtual const GameInfo& info() const = 0;
  virtual std::unique_ptr<State> clone() const = 0;
  virtual int num_seats() const = 0;

  // Reads text relative to this position. Accepts every alias the game documents and ignores a
  // trailing "{...}" annotation (apply() output), so records replay.
  virtual Result<Move> parse_move(std::string_view text) const = 0;
  virtual std::optional<RuleError> validate(Move move) const = 0;
  // The canonical text of a move in this position, before it is applied.
  virtual std::string format_move(Move move) const = 0;
  // Applies a validated move. Returns the record text: format_move(move) plus, for moves with
  // random or hidden effects, an annotation "{...}" describing them.
  virtual std::string apply(Move move, RandomSource& rng) = 0;

  // Sorted and unique; empty exactly when the game is over.
  virtual std::vector<Move> legal_moves() const = 0;
  // The seats (0-based) whose turn it is; empty when the game is over.
  virtual std::vector<int> to_move() const = 0;
  virtual Outcome outcome() const = 0;

  // Seat resigns. The game decides the effect: in two-player games the opponent wins; in
  // multi-player games the seat usually leaves and play goes on. kGameOver after the end.
  virtual std::optional<RuleError> resign(int seat) = 0;

  // One line of text, no newline; everything the rules need, including history that rules
  // depend on (repetition counts, move counters).
  virtual std::string serialize() const = 0;
  // Multi-line, deterministic, plain ASCII or UTF-8 without colour codes.
  virtual std::string render(const RenderOptions& options) const = 0;

  // The position as a self-contained SVG document (rules/core/svg_board.h lists the classes):
  // every cell is an element with data-cell="<the notation's cell name>" whose first child is a
  // <title> starting with the cell name; highlighted cells get the class "hl"; pieces carry their
  // seat's mark as well as its colour; a legend under the board names the seats, the seat to move
  // or the result. Colours come from a <style> sheet inside the document, so pages may restyle
  // them. No <script>, no href except "#id" inside the document; deterministic bytes.
  virtual std::string render_svg(const SvgOptions& options) const = 0;

  // The cells a legal move touches, in the order a player would click them (from, to, the cells
  // of a fence...), as notation cell names that all appear as data-cell in render_svg(). Never
  // empty: moves that touch no cell (a pass, a command) name the cells of the mover's pieces
  // that the game's README says. Different moves may share cells, or even all their cells.
  // Precondition: `move` is legal in this position.
  virtual std::vector<std::string> move_cells(Move move) const = 0;
};

// A game as listed in the registry.
struct GameDef {
  GameInfo info;
  // Starts a game. May draw (first player, random setup) from rng.
  Result<std::unique_ptr<State>> (*create)(const GameConfig& config, RandomSource& rng);
  // Inverse of State::serialize(). kBadPosition on malformed text.
  Result<std::unique_ptr<State>> (*load)(std::string_view text);
};

}  // namespace rules
