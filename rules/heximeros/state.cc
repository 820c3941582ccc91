#include "rules/heximeros/heximeros.h"

#include <algorithm>
#include <mutex>

#include "rules/core/play.h"
#include "rules/heximeros/movegen.h"
#include "rules/heximeros/notation.h"
#include "rules/heximeros/render.h"
#include "rules/heximeros/serialize.h"
#include "rules/heximeros/svg.h"
#include "rules/heximeros/turn.h"

namespace rules::heximeros {

namespace {

const GameInfo& game_info() {
  static const GameInfo info = [] {
    GameInfo i;
    i.id = "heximeros";
    i.name = "HexiMeros";
    i.player_counts = {2, 3, 4, 5, 6};
    i.options = {
        {"scoring",
         "score the game (departure, victory, draw, capture, retention points)",
         "off",
         {"off", "on"}},
        {"object-self-check",
         "every player's standing self-check objection at the start (I-HM-13); each player may "
         "change his own with 'set object-self-check on|off'",
         "on",
         {"on", "off"}},
    };
    i.provisional = true;
    i.ruleset_version = kRulesetVersion;
    i.max_plies = kPlyLimit;
    return i;
  }();
  return info;
}

class HexiMerosState final : public State {
 public:
  explicit HexiMerosState(const Position& pos) : pos_(pos) {}

  const GameInfo& info() const override { return game_info(); }
  std::unique_ptr<State> clone() const override { return std::make_unique<HexiMerosState>(pos_); }
  int num_seats() const override { return pos_.seats; }

  Result<Move> parse_move(std::string_view text) const override {
    return heximeros::parse_move(pos_, text);
  }
  // A move in the cached legal list is legal; anything else gets check_move()'s reason.
  std::optional<RuleError> validate(Move move) const override {
    const std::vector<Move>& legal = cached_legal_moves();
    if (std::binary_search(legal.begin(), legal.end(), move)) return std::nullopt;
    return check_move(pos_, move);
  }
  std::string format_move(Move move) const override { return heximeros::format_move(pos_, move); }
  std::string apply(Move move, RandomSource&) override {
    std::string record = heximeros::format_move(pos_, move);
    apply_move(pos_, move);
    forget_caches();
    return record;
  }

  // Always generated afresh (this is what the benchmark measures); validate() keeps a copy.
  std::vector<Move> legal_moves() const override { return heximeros::legal_moves(pos_); }
  std::vector<int> to_move() const override {
    if (pos_.finished()) return {};
    return {pos_.colour_seat[pos_.mover]};
  }
  Outcome outcome() const override { return outcome_of(pos_); }

  std::optional<RuleError> resign(int seat) override { return leave(seat, Standing::kResigned); }
  std::optional<RuleError> leave(int seat, Standing how) {
    if (seat < 0 || seat >= pos_.seats) {
      return illegal("there is no seat " + std::to_string(seat));
    }
    forget_caches();
    return leave_game(pos_, pos_.seat_colour[seat], how);
  }

  std::string serialize() const override {
    std::lock_guard<std::mutex> lock(cache_mutex_);
    if (serialized_cache_.empty()) serialized_cache_ = serialize_position(pos_);
    return serialized_cache_;
  }
  std::string render(const RenderOptions& options) const override {
    return render_position(pos_, options);
  }
  std::string render_svg(const SvgOptions& options) const override {
    return render_svg_position(pos_, options, outcome_of(pos_).summary);
  }
  std::vector<std::string> move_cells(Move move) const override {
    return move_cell_names(pos_, move);
  }

 private:
  // The legal moves and the text of pos_, computed on first use by validate() and serialize():
  // the contract suite validates and serializes one position many times. The mutex keeps
  // concurrent const calls safe.
  const std::vector<Move>& cached_legal_moves() const {
    std::lock_guard<std::mutex> lock(cache_mutex_);
    if (!legal_cache_) legal_cache_ = heximeros::legal_moves(pos_);
    return *legal_cache_;
  }
  void forget_caches() {
    std::lock_guard<std::mutex> lock(cache_mutex_);
    legal_cache_.reset();
    serialized_cache_.clear();
  }

  Position pos_;
  mutable std::mutex cache_mutex_;
  mutable std::optional<std::vector<Move>> legal_cache_;
  mutable std::string serialized_cache_;
};

Result<std::unique_ptr<State>> create(const GameConfig& config, RandomSource&) {
  std::map<std::string, std::string> options;
  if (auto error = check_config(game_info(), config, options)) return *error;
  const Position pos = initial_position(config.players, options["scoring"] == "on",
                                        options["object-self-check"] == "on");
  return std::unique_ptr<State>(std::make_unique<HexiMerosState>(pos));
}

Result<std::unique_ptr<State>> load(std::string_view text) {
  Result<Position> pos = parse_position(text);
  if (!pos) return pos.error();
  return std::unique_ptr<State>(std::make_unique<HexiMerosState>(*pos));
}

}  // namespace

GameDef definition() { return {game_info(), &create, &load}; }

std::optional<RuleError> expel(State& state, int seat) {
  auto* hexi = dynamic_cast<HexiMerosState*>(&state);
  if (hexi == nullptr) return RuleError{ErrorCode::kBadPosition, "not a HexiMeros game"};
  return hexi->leave(seat, Standing::kExpelled);
}

}  // namespace rules::heximeros
