#pragma once
// The State adapter: a Position plus what the rules keep beyond it (seats, turn count,
// repetition history, result). Internal to rules/iso_path; iso_path.h is the public face.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/iso_path/movegen.h"
#include "rules/iso_path/position.h"

namespace rules::iso_path {

// I-IP-4: a game is drawn when its 300th turn ends without a result.
inline constexpr int kTurnLimit = 300;

enum class EndReason {
  kNone,
  kHomeRow,    // a piece entered the opponent's home row
  kLastPiece,  // the opponent's last piece was captured
  kNoTurn,     // the side to move had no legal complete turn (I-IP-3)
  kResignation,
  kRepetition,  // third occurrence of a position (I-IP-4)
  kTurnBound,   // kTurnLimit turns without a result (I-IP-4)
};

struct Ending {
  EndReason reason = EndReason::kNone;
  int winner = -1;  // a Colour; -1 for a draw or an unfinished game

  bool operator==(const Ending&) const = default;
};

const GameInfo& game_info();

class IsoPathState final : public State {
 public:
  IsoPathState(const Geometry& geo, int white_seat);

  const GameInfo& info() const override { return game_info(); }
  std::unique_ptr<State> clone() const override;
  int num_seats() const override { return 2; }
  Result<Move> parse_move(std::string_view text) const override;
  std::optional<RuleError> validate(Move move) const override;
  std::string format_move(Move move) const override;
  std::string apply(Move move, RandomSource& rng) override;
  std::vector<Move> legal_moves() const override;
  std::vector<int> to_move() const override;
  Outcome outcome() const override;
  std::optional<RuleError> resign(int seat) override;
  std::string serialize() const override;
  std::string render(const RenderOptions& options) const override;
  // In svg.cc: pieces, tile counts and the legend; a turn's cells are its actions' cells in
  // order (build: source, target; move: from, to; capture: the cell).
  std::string render_svg(const SvgOptions& options) const override;
  std::vector<std::string> move_cells(Move move) const override;

  // Used by load() (serialize.cc) and tests.
  static Result<std::unique_ptr<State>> load(std::string_view text);
  const Position& position() const { return position_; }
  int repetitions() const;

 private:
  int seat_of(int colour) const { return colour == kWhite ? white_seat_ : 1 - white_seat_; }
  bool finished() const { return ending_.reason != EndReason::kNone; }
  void finish_turn(const TurnEffect& effect);
  std::string summary() const;
  std::string side_name(int colour) const;
  // Checks a loaded state against the rules (serialize.cc); a message when it cannot occur.
  std::optional<std::string> consistency_error() const;
  std::optional<std::string> ending_error() const;

  Position position_;
  int white_seat_ = 0;
  int turns_ = 0;  // complete turns played
  Ending ending_;
  std::uint64_t hash_ = 0;
  // Hashes of the earlier positions since the last capture, oldest first. A capture is the only
  // irreversible change (tiles are conserved, pieces only move), so older ones cannot recur.
  std::vector<std::uint64_t> history_;
};

}  // namespace rules::iso_path
