// The State adapter: the rules contract of rules/core/game.h over a Position value.

#include <algorithm>
#include <climits>

#include "rules/core/play.h"
#include "rules/hex_quoridor/hex_quoridor.h"
#include "rules/hex_quoridor/notation.h"
#include "rules/hex_quoridor/render.h"
#include "rules/hex_quoridor/serialize.h"
#include "rules/hex_quoridor/svg.h"

namespace rules::hex_quoridor {

namespace {

const GameInfo& game_info() {
  static const GameInfo info = [] {
    GameInfo i;
    i.id = "hex-quoridor";
    i.name = "Hex Quoridor";
    i.player_counts = {2, 3, 4, 6};
    std::vector<std::string> sides;
    for (int side : kBoardSides) sides.push_back(std::to_string(side));
    i.options = {
        {"board-size", "cells per side of the hexagonal board (5: 61 cells, 7: 127, 9: 217)",
         std::to_string(kDefaultSide), sides},
        {"teams",
         "team play with 4 or 6 players: partners on adjacent sides, the first partner home wins "
         "for both (with 2 players it is the ordinary game)",
         "off",
         {"off", "on"}},
    };
    i.provisional = true;  // board size and fence shape are interpretations (I-HQ-1, I-HQ-2)
    i.ruleset_version = "1";
    i.max_plies = kPlyLimit;
    return i;
  }();
  return info;
}

// "seat 1" or "team 0 (seats 0 and 1)".
std::string team_name(const Position& pos, int team) {
  if (!pos.team_play()) return "seat " + std::to_string(team);
  return "team " + std::to_string(team) + " (seats " + std::to_string(2 * team) + " and " +
         std::to_string(2 * team + 1) + ")";
}

std::string status_text(const Position& pos) {
  if (!pos.finished()) return "seat " + std::to_string(pos.turn) + " to move";
  const int team = pos.winning_team();
  if (team < 0) return "draw, " + std::to_string(kPlyLimit) + " plies without a winner";
  const int at_goal = pos.seat_at_goal();
  if (at_goal < 0 && pos.players == 2) {  // the other seat resigned: the only way out with two
    return "seat " + std::to_string(1 - team) + " resigned, seat " + std::to_string(team) + " wins";
  }
  if (at_goal < 0) return team_name(pos, team) + " wins, every other player is out";
  if (!pos.team_play()) return "seat " + std::to_string(at_goal) + " reached the goal side";
  return team_name(pos, team) + " wins, seat " + std::to_string(at_goal) + " reached the goal side";
}

// I-HQ-10: the winning team first; teams still in at the end next (all first in a draw);
// teams that went out after them, the later out the better.
Outcome compute_outcome(const Position& pos) {
  Outcome outcome;
  if (!pos.finished()) return outcome;
  outcome.finished = true;
  outcome.summary = status_text(pos);
  const int winner = pos.winning_team();
  const int teams = pos.team_play() ? pos.players / 2 : pos.players;
  std::vector<int> rank_key(teams, 0);  // higher is better
  int teams_in = 0;
  for (int s = 0; s < pos.players; ++s) {
    const int t = pos.team_of(s);
    const int key = !pos.playing(s)             ? pos.seats[s].exit_order
                    : t == winner || winner < 0 ? INT_MAX
                                                : INT_MAX - 1;
    rank_key[t] = std::max(rank_key[t], key);
  }
  for (int key : rank_key) teams_in += key >= INT_MAX - 1 ? 1 : 0;
  for (int s = 0; s < pos.players; ++s) {
    const int key = rank_key[pos.team_of(s)];
    SeatResult seat;
    seat.placement = 1 + static_cast<int>(std::count_if(rank_key.begin(), rank_key.end(),
                                                        [&](int other) { return other > key; }));
    if (winner >= 0) seat.score = pos.team_of(s) == winner ? 1.0 : 0.0;
    if (winner < 0) seat.score = key == INT_MAX ? 1.0 / teams_in : 0.0;
    outcome.seats.push_back(seat);
  }
  return outcome;
}

class HexQuoridorState final : public State {
 public:
  explicit HexQuoridorState(Position pos) : pos_(std::move(pos)) {}

  const GameInfo& info() const override { return game_info(); }
  std::unique_ptr<State> clone() const override {
    return std::make_unique<HexQuoridorState>(*this);
  }
  int num_seats() const override { return pos_.players; }

  Result<Move> parse_move(std::string_view text) const override {
    Result<std::uint64_t> move = hex_quoridor::parse_move(*pos_.geo, text);
    if (!move.ok()) return move.error();
    return Move{*move};
  }
  std::optional<RuleError> validate(Move move) const override {
    if (pos_.finished()) return RuleError{ErrorCode::kGameOver, "the game is over"};
    if (auto error = move_error(pos_, move)) return illegal(*error);
    return std::nullopt;
  }
  std::string format_move(Move move) const override {
    return hex_quoridor::format_move(*pos_.geo, move);
  }
  std::string apply(Move move, RandomSource&) override;

  std::vector<Move> legal_moves() const override { return hex_quoridor::legal_moves(pos_); }
  std::vector<int> to_move() const override {
    if (pos_.finished()) return {};
    return {pos_.turn};
  }
  Outcome outcome() const override { return compute_outcome(pos_); }
  std::optional<RuleError> resign(int seat) override;

  std::string serialize() const override { return serialize_position(pos_); }
  std::string render(const RenderOptions& options) const override {
    return render_position(pos_, options, status_text(pos_));
  }
  std::string render_svg(const SvgOptions& options) const override {
    return render_svg_position(pos_, options, status_text(pos_));
  }
  std::vector<std::string> move_cells(Move move) const override {
    return move_cell_names(pos_, move);
  }

 private:
  Position pos_;
};

// Eliminations are deterministic, but the record names them so that a game log reads well.
std::string HexQuoridorState::apply(Move move, RandomSource&) {
  std::string record = format_move(move);
  const int playing_before = pos_.playing_count();
  std::array<SeatStatus, kMaxSeats> before;
  for (int s = 0; s < pos_.players; ++s) before[s] = pos_.seats[s].status;
  apply_move(pos_, move);
  if (pos_.playing_count() == playing_before) return record;
  std::string eliminated;
  int count = 0;
  for (int s = 0; s < pos_.players; ++s) {
    if (before[s] == pos_.seats[s].status) continue;
    eliminated += (count++ > 0 ? " " : "") + std::to_string(s);
  }
  return record + (count > 1 ? " {eliminates seats " : " {eliminates seat ") + eliminated + "}";
}

std::optional<RuleError> HexQuoridorState::resign(int seat) {
  if (seat < 0 || seat >= pos_.players) {
    return bad_notation("no seat " + std::to_string(seat) + " in a " +
                        std::to_string(pos_.players) + "-player game");
  }
  if (pos_.finished()) return RuleError{ErrorCode::kGameOver, "the game is over"};
  if (!pos_.playing(seat)) {
    return illegal("seat " + std::to_string(seat) + " has already left the game");
  }
  resign_seat(pos_, seat);
  return std::nullopt;
}

Result<std::unique_ptr<State>> create(const GameConfig& config, RandomSource& rng) {
  std::map<std::string, std::string> options;
  if (auto error = check_config(game_info(), config, options)) return *error;
  const bool teams = options["teams"] == "on";
  if (teams && config.players == 3) {
    return RuleError{ErrorCode::kBadOptions, "team play needs 4 or 6 players, not 3"};
  }
  const int side = std::stoi(options["board-size"]);
  const int first = static_cast<int>(rng.draw("first-player", config.players));
  return std::unique_ptr<State>(
      new HexQuoridorState(initial_position(side, config.players, teams, first)));
}

Result<std::unique_ptr<State>> load(std::string_view text) {
  Result<Position> pos = load_position(text);
  if (!pos.ok()) return pos.error();
  return std::unique_ptr<State>(new HexQuoridorState(std::move(pos).value()));
}

}  // namespace

GameDef definition() { return GameDef{game_info(), &create, &load}; }

}  // namespace rules::hex_quoridor
