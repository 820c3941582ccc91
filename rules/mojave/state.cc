// The State adapter: the contract of rules/core/game.h over the Mojave rule primitives.

#include "rules/mojave/mojave.h"

#include "rules/core/play.h"
#include "rules/mojave/notation.h"
#include "rules/mojave/render.h"
#include "rules/mojave/serialize.h"
#include "rules/mojave/svg.h"

namespace rules::mojave {

namespace {

constexpr const char* kSideNames[] = {"red", "black"};

// I-MJ-5: at most 28 removals happen before one more ends the game (each removes a die and
// neither side may reach zero), each after at most 99 quiet plies, then at most 100 more.
constexpr int kMaxPlies = 28 * kQuietPlyLimit + kQuietPlyLimit;

const GameInfo& game_info() {
  static const GameInfo info = {
      "mojave",
      "Mojave",
      {2},
      {{"adjudication",
        "how a game stopped by the draw bound (100 quiet plies or two passes) ends: none = a "
        "draw, dice-count = the player with more dice wins [I-MJ-5]",
        "none",
        {"none", "dice-count"}}},
      false,
      "1",
      kMaxPlies,
  };
  return info;
}

std::string draw_reason(const Position& position) {
  return position.quiet_plies >= kQuietPlyLimit
             ? std::to_string(kQuietPlyLimit) + " plies without a die removed"
             : "neither player can move";
}

// The winning seat, or -1 for a draw; precondition: position.finished().
int winner_of(const Position& position, std::string& summary) {
  const Board& board = position.board;
  if (position.resigned >= 0) {
    summary = std::string(kSideNames[position.resigned]) + " resigned";
    return other_side(position.resigned);
  }
  for (int side : {kRed, kBlack}) {
    if (board.count(side) == 0) {
      summary =
          std::string(kSideNames[other_side(side)]) + " removed every " + kSideNames[side] + " die";
      return other_side(side);
    }
  }
  const std::string count =
      std::to_string(board.count(kRed)) + " to " + std::to_string(board.count(kBlack));
  if (!position.adjudicate_by_count) {
    summary = "draw: " + draw_reason(position);
    return -1;
  }
  if (board.count(kRed) == board.count(kBlack)) {
    summary = "draw: " + draw_reason(position) + ", dice count " + count;
    return -1;
  }
  const int winner = board.count(kRed) > board.count(kBlack) ? kRed : kBlack;
  summary = std::string(kSideNames[winner]) + " wins on dice count " + count + " after " +
            draw_reason(position);
  return winner;
}

class MojaveState final : public State {
 public:
  explicit MojaveState(const Position& position) : position_(position) {}

  const GameInfo& info() const override { return game_info(); }
  std::unique_ptr<State> clone() const override { return std::make_unique<MojaveState>(*this); }
  int num_seats() const override { return 2; }

  Result<Move> parse_move(std::string_view text) const override {
    Result<ParsedMove> parsed = parse_notation(text);
    if (!parsed) return parsed.error();
    if (!parsed->claimed || check_move(position_, parsed->move)) return parsed->move;
    // I-MJ-9: a stated result must be what the move does here, so records replay verified.
    const RecordedResult actual = recorded_result(preview_move(position_, parsed->move));
    if (*parsed->claimed != actual) {
      return bad_notation("'" + format_result(*parsed->claimed) + "' is not the result of " +
                          format_path(*decode(parsed->move)) + " here, which gives '" +
                          format_result(actual) + "'");
    }
    return parsed->move;
  }

  std::optional<RuleError> validate(Move move) const override {
    return check_move(position_, move);
  }

  std::string format_move(Move move) const override {
    if (check_move(position_, move)) {
      const std::optional<Path> path = decode(move);
      return path ? format_path(*path) : "pass";
    }
    return format_record(move, preview_move(position_, move));
  }

  std::string apply(Move move, RandomSource&) override {
    return format_record(move, play_move(position_, move));
  }

  std::vector<Move> legal_moves() const override { return mojave::legal_moves(position_); }

  std::vector<int> to_move() const override {
    if (position_.finished()) return {};
    return {position_.to_move};
  }

  Outcome outcome() const override {
    Outcome outcome;
    if (!position_.finished()) return outcome;
    outcome.finished = true;
    const int winner = winner_of(position_, outcome.summary);
    for (int seat : {kRed, kBlack}) {
      if (winner < 0) {
        outcome.seats.push_back({1, 0.5});
      } else {
        outcome.seats.push_back({seat == winner ? 1 : 2, seat == winner ? 1.0 : 0.0});
      }
    }
    return outcome;
  }

  std::optional<RuleError> resign(int seat) override {
    if (seat != kRed && seat != kBlack) {
      return illegal("no seat " + std::to_string(seat) + ": Mojave has seats 0 (red), 1 (black)");
    }
    if (position_.finished()) return RuleError{ErrorCode::kGameOver, "the game is over"};
    position_.resigned = seat;
    return std::nullopt;
  }

  std::string serialize() const override { return serialize_position(position_); }

  std::string render(const RenderOptions& options) const override {
    return render_position(position_, options, outcome().summary);
  }

  std::string render_svg(const SvgOptions& options) const override {
    return render_svg_position(position_, options, outcome().summary);
  }

  std::vector<std::string> move_cells(Move move) const override {
    return move_cell_names(position_, move);
  }

 private:
  Position position_;
};

Result<std::unique_ptr<State>> create(const GameConfig& config, RandomSource& rng) {
  std::map<std::string, std::string> options;
  if (auto error = check_config(game_info(), config, options)) return *error;
  Position position;
  position.board = Board::opening();
  position.adjudicate_by_count = options["adjudication"] == "dice-count";
  // I-MJ-2: the rules do not say who starts.
  position.to_move = static_cast<int>(rng.draw("first-player", 2));
  return std::unique_ptr<State>(std::make_unique<MojaveState>(position));
}

Result<std::unique_ptr<State>> load(std::string_view text) {
  Result<Position> position = load_position(text);
  if (!position) return position.error();
  return std::unique_ptr<State>(std::make_unique<MojaveState>(*position));
}

}  // namespace

GameDef definition() { return {game_info(), &create, &load}; }

}  // namespace rules::mojave
