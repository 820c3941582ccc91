// The State adapter of Hexahedron Wars, resignation, outcome, and the registry definition.

#include "rules/hexahedron_wars/state.h"

#include <algorithm>

#include "rules/core/play.h"
#include "rules/hexahedron_wars/hexahedron_wars.h"
#include "rules/hexahedron_wars/notation.h"
#include "rules/hexahedron_wars/render.h"
#include "rules/hexahedron_wars/serialize.h"
#include "rules/hexahedron_wars/svg.h"

namespace rules::hexahedron_wars {

namespace {

const GameInfo& game_info() {
  static const GameInfo info = [] {
    GameInfo i;
    i.id = "hexahedron-wars";
    i.name = "Hexahedron Wars: Mobile Strike";
    i.player_counts = {2, 3, 4};
    i.options = {{"victory-blockers",
                  "escalation rules: victory blockers the players place before play "
                  "(easy 2, medium 3, hard 4 in all)",
                  "none",
                  {"none", "easy", "medium", "hard"}}};
    i.provisional = true;  // board size and several mechanics are interpretations (README)
    i.ruleset_version = "1";
    i.max_plies = kPlyLimit;
    return i;
  }();
  return info;
}

class HexahedronWarsState final : public State {
 public:
  explicit HexahedronWarsState(Game game) : g_(std::move(game)) {}

  const GameInfo& info() const override { return game_info(); }
  std::unique_ptr<State> clone() const override {
    return std::make_unique<HexahedronWarsState>(g_);
  }
  int num_seats() const override { return g_.players; }

  Result<Move> parse_move(std::string_view text) const override {
    Result<MoveSpec> spec = parse_notation(g_, text);
    if (!spec) return spec.error();
    if (!encodable(*spec)) {
      // Too many steps, or a token undoing the one before: no code, so report the rule now.
      Result<Walk> walk = walk_move(g_, *spec);
      if (!walk) return walk.error();
      return illegal("a move may not turn straight back");
    }
    return encode(*spec);
  }
  std::optional<RuleError> validate(Move move) const override {
    Result<Walk> walk = walk_move(g_, decode(move));
    if (!walk) return walk.error();
    return std::nullopt;
  }
  std::string format_move(Move move) const override { return format_notation(g_, decode(move)); }
  std::string apply(Move move, RandomSource& rng) override {
    const MoveSpec spec = decode(move);
    std::string record = format_notation(g_, spec);
    const std::vector<std::string> effects = apply_move(g_, spec, rng);
    for (std::size_t i = 0; i < effects.size(); ++i) {
      record += (i == 0 ? " {" : "; ") + effects[i];
    }
    return effects.empty() ? record : record + "}";
  }

  std::vector<Move> legal_moves() const override { return generate_moves(g_); }
  std::vector<int> to_move() const override {
    if (g_.phase == Phase::kOver) return {};
    return {g_.turn};
  }
  Outcome outcome() const override { return game_outcome(g_); }
  std::optional<RuleError> resign(int seat) override { return resign_seat(g_, seat); }

  std::string serialize() const override { return serialize_game(g_); }
  std::string render(const RenderOptions& options) const override {
    return render_game(g_, options);
  }
  std::string render_svg(const SvgOptions& options) const override {
    return render_svg_game(g_, options);
  }
  std::vector<std::string> move_cells(Move move) const override {
    return move_cell_names(g_, decode(move));
  }

 private:
  Game g_;
};

Result<std::unique_ptr<State>> create(const GameConfig& config, RandomSource& rng) {
  std::map<std::string, std::string> options;
  if (auto error = check_config(game_info(), config, options)) return *error;
  const int blockers = blocker_count(options["victory-blockers"]);
  return std::unique_ptr<State>(
      std::make_unique<HexahedronWarsState>(new_game(config.players, blockers, rng)));
}

Result<std::unique_ptr<State>> load(std::string_view text) {
  Result<Game> game = load_game(text);
  if (!game) return game.error();
  return std::unique_ptr<State>(std::make_unique<HexahedronWarsState>(std::move(*game)));
}

std::string seat_list(const std::vector<int>& seats) {
  std::string out;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == seats.size() ? " and " : ", ");
    out += seat_letter(seats[i]);
  }
  return out;
}

std::string end_text(const Game& g) {
  std::vector<int> home, armed;
  for (int seat = 0; seat < g.players; ++seat) {
    if (g.dice[seat]) armed.push_back(seat);
    if (g.dice[seat] && !(g.dice[seat] & ~g.geo->finish_base(seat))) home.push_back(seat);
  }
  switch (g.end) {
    case EndReason::kHome:
      return seat_list(home) + " brought every remaining die to the finishing base";
    case EndReason::kLastArmy:
      return armed.empty() ? "no player has dice left"
                           : "only " + seat_list(armed) + " has dice left";
    case EndReason::kStuck:
      return "no player can move";
    case EndReason::kLimit:
      return "the " + std::to_string(kPlyLimit) + "-ply limit was reached";
    default:
      return seat_list(g.resigned) + " resigned";
  }
}

}  // namespace

int blocker_count(std::string_view option_value) {
  if (option_value == "none") return 0;
  if (option_value == "easy") return 2;
  if (option_value == "medium") return 3;
  if (option_value == "hard") return 4;
  return -1;
}

std::optional<RuleError> resign_seat(Game& g, int seat) {
  if (seat < 0 || seat >= g.players) {
    return illegal("there is no seat " + std::to_string(seat) + " in this " +
                   std::to_string(g.players) + "-player game");
  }
  if (g.phase == Phase::kOver) return RuleError{ErrorCode::kGameOver, "the game is over"};
  if (g.has_resigned(seat)) {
    return illegal("seat " + std::to_string(seat) + " has already resigned");
  }
  g.resigned.push_back(seat);
  const int remaining = g.players - static_cast<int>(g.resigned.size());
  if (remaining < 2) {
    g.phase = Phase::kOver;
    g.end = EndReason::kResigned;
    return std::nullopt;
  }
  for (Bits b = g.dice[seat]; b; b &= b - 1) g.remove_die(std::countr_zero(b));
  if (g.turn == seat && g.phase == Phase::kSetup) {
    while (g.has_resigned(g.turn)) g.turn = (g.turn + 1) % g.players;
  } else if (g.turn == seat) {
    advance_turn(g, seat);  // a pending continuation is dropped with the seat
  }
  check_end(g);
  // The resigned dice may have been the only ones the player to move could jump.
  if (g.phase == Phase::kPlay && !has_any_move(g, g.turn)) advance_turn(g, g.turn);
  return std::nullopt;
}

Outcome game_outcome(const Game& g) {
  Outcome outcome;
  if (g.phase != Phase::kOver) return outcome;
  outcome.finished = true;
  std::vector<int> scores;
  for (int seat = 0; seat < g.players; ++seat) scores.push_back(score(g, seat));
  std::vector<int> best;
  for (int seat = 0; seat < g.players; ++seat) {
    SeatResult result;
    result.score = scores[seat];
    const auto resigned_at = std::find(g.resigned.begin(), g.resigned.end(), seat);
    if (resigned_at != g.resigned.end()) {
      result.placement = g.players - static_cast<int>(resigned_at - g.resigned.begin());
    } else {
      result.placement = 1;
      for (int other = 0; other < g.players; ++other) {
        if (!g.has_resigned(other) && scores[other] > scores[seat]) ++result.placement;
      }
      if (result.placement == 1) best.push_back(seat);
    }
    outcome.seats.push_back(result);
  }
  std::string scores_text;
  for (int seat = 0; seat < g.players; ++seat) {
    scores_text +=
        (seat ? ", " : "") + std::string(1, seat_letter(seat)) + " " + std::to_string(scores[seat]);
  }
  const std::string verdict = best.size() == 1 ? std::string(1, seat_letter(best[0])) + " wins"
                                               : seat_list(best) + " share first place";
  outcome.summary = end_text(g) + "; scores " + scores_text + "; " + verdict;
  return outcome;
}

GameDef definition() { return GameDef{game_info(), &create, &load}; }

}  // namespace rules::hexahedron_wars
