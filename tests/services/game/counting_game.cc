#include "tests/services/game/counting_game.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "rules/core/play.h"
#include "rules/core/svg_board.h"

namespace testgame {

namespace {

const rules::GameInfo& info() {
  static const rules::GameInfo info{
      "counting", "Counting (test game)",
      {2, 3, 4},  {{"target", "the count to reach (3-100000)", "10", {}}},
      true,       "test-1",
      100000};
  return info;
}

class CountingState final : public rules::State {
 public:
  CountingState(int seats, int turn, int target) : turn_(turn), seats_(seats), target_(target) {}
  CountingState(int count, int turn, int seats, int out, int winner, int target)
      : count_(count), turn_(turn), seats_(seats), out_(out), winner_(winner), target_(target) {}

  const rules::GameInfo& info() const override { return testgame::info(); }
  std::unique_ptr<rules::State> clone() const override {
    return std::make_unique<CountingState>(*this);
  }
  int num_seats() const override { return seats_; }

  rules::Result<rules::Move> parse_move(std::string_view text) const override {
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (auto brace = text.find('{'); brace != std::string_view::npos) {
      text = text.substr(0, brace);
      while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    }
    if (text == "1") return rules::Move{1};
    if (text == "2") return rules::Move{2};
    return rules::bad_notation("expected 1 or 2, not '" + std::string(text) + "'");
  }
  std::optional<rules::RuleError> validate(rules::Move move) const override {
    if (winner_ >= 0) return rules::RuleError{rules::ErrorCode::kGameOver, "the game is over"};
    if (move != 1 && move != 2) return rules::illegal("only 1 or 2 may be added");
    return std::nullopt;
  }
  std::string format_move(rules::Move move) const override { return std::to_string(move); }
  std::string apply(rules::Move move, rules::RandomSource& rng) override {
    const int bonus = static_cast<int>(rng.draw("bonus", 2));
    count_ += static_cast<int>(move) + bonus;
    if (count_ >= target_) {
      winner_ = turn_;
    } else {
      advance();
    }
    return std::to_string(move) + " {+" + std::to_string(bonus) + "}";
  }
  std::vector<rules::Move> legal_moves() const override {
    if (winner_ >= 0) return {};
    return {1, 2};
  }
  std::vector<int> to_move() const override {
    if (winner_ >= 0) return {};
    return {turn_};
  }
  rules::Outcome outcome() const override {
    rules::Outcome o;
    if (winner_ < 0) return o;
    o.finished = true;
    o.summary = "seat " + std::to_string(winner_ + 1) + " wins";
    for (int s = 0; s < seats_; ++s) {
      o.seats.push_back({s == winner_ ? 1 : 2, s == winner_ ? 1.0 : 0.0});
    }
    return o;
  }
  std::optional<rules::RuleError> resign(int seat) override {
    if (winner_ >= 0) return rules::RuleError{rules::ErrorCode::kGameOver, "the game is over"};
    if (out_ & (1 << seat)) return rules::illegal("seat has already resigned");
    out_ |= 1 << seat;
    int left = 0, last = -1;
    for (int s = 0; s < seats_; ++s) {
      if (!(out_ & (1 << s))) ++left, last = s;
    }
    if (left == 1) {
      winner_ = last;
    } else if (seat == turn_) {
      advance();
    }
    return std::nullopt;
  }
  std::string serialize() const override {
    return "count=" + std::to_string(count_) + ";turn=" + std::to_string(turn_) +
           ";seats=" + std::to_string(seats_) + ";out=" + std::to_string(out_) +
           ";winner=" + std::to_string(winner_) + ";target=" + std::to_string(target_);
  }
  std::string render(const rules::RenderOptions&) const override {
    return "count " + std::to_string(count_) + " of " + std::to_string(target_) + "\nseat " +
           std::to_string(turn_ + 1) + " to move\n";
  }
  // Two cells, "1" and "2": the amounts a player may add (each move's only cell).
  std::string render_svg(const rules::SvgOptions& options) const override {
    const rules::svg::Frame frame({{0, 0}, {40, 0}}, 0, 20);
    rules::svg::Document doc;
    for (const int amount : {1, 2}) {
      const std::string name = std::to_string(amount);
      rules::svg::square_cell(
          doc, frame({40.0 * (amount - 1), 0}), 36,
          {name, name + ": add " + name, "", rules::svg::highlighted(options.highlight, name)});
    }
    rules::svg::Legend legend;
    legend.heading = "count " + std::to_string(count_) + " of " + std::to_string(target_);
    for (int s = 0; s < seats_; ++s) {
      legend.seats.push_back({"s" + std::to_string(s), std::to_string(s + 1),
                              "seat " + std::to_string(s + 1), winner_ < 0 && s == turn_});
    }
    return rules::svg::finish_board(
        doc, frame, legend, "counting game",
        rules::svg::board_style({"#c92a2a", "#1864ab", "#2b8a3e", "#e67700"}, ""));
  }
  std::vector<std::string> move_cells(rules::Move move) const override {
    return {std::to_string(move)};
  }

 private:
  void advance() {
    do {
      turn_ = (turn_ + 1) % seats_;
    } while (out_ & (1 << turn_));
  }

  int count_ = 0;
  int turn_ = 0;
  int seats_ = 2;
  int out_ = 0;
  int winner_ = -1;
  int target_ = 10;
};

rules::Result<std::unique_ptr<rules::State>> create(const rules::GameConfig& config,
                                                    rules::RandomSource& rng) {
  std::map<std::string, std::string> resolved;
  if (auto error = rules::check_config(info(), config, resolved)) return *error;
  (void)rng;
  const int target = std::atoi(resolved["target"].c_str());
  if (target < 3 || target > 100000 || resolved["target"] != std::to_string(target)) {
    return rules::RuleError{rules::ErrorCode::kBadOptions, "target must be an integer 3-100000"};
  }
  return std::unique_ptr<rules::State>(std::make_unique<CountingState>(config.players, 0, target));
}

rules::Result<std::unique_ptr<rules::State>> load(std::string_view text) {
  int count = 0, turn = 0, seats = 0, out = 0, winner = 0, target = 0;
  const std::string s(text);
  if (std::sscanf(s.c_str(), "count=%d;turn=%d;seats=%d;out=%d;winner=%d;target=%d", &count, &turn,
                  &seats, &out, &winner, &target) != 6 ||
      seats < 2 || seats > 4) {
    return rules::RuleError{rules::ErrorCode::kBadPosition, "not a counting position"};
  }
  return std::unique_ptr<rules::State>(
      std::make_unique<CountingState>(count, turn, seats, out, winner, target));
}

}  // namespace

const rules::GameDef& counting_game() {
  static const rules::GameDef def{info(), &create, &load};
  return def;
}

}  // namespace testgame
