#include "services/domain/conditional_logic.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "rules/core/play.h"
#include "rules/core/random.h"

namespace domain {

namespace {

LineRefusal about_move(int line, int move, const std::string& text, RefusalKind kind,
                       std::string message, std::string rule_code = {}) {
  return {line, move, text, Refusal{kind, std::move(message), std::move(rule_code)}};
}

std::string where(int line, int move) {
  return "line " + std::to_string(line + 1) + ", move " + std::to_string(move + 1);
}

// One line played forward from `start`: its canonical moves and, per move, whether it is the
// owner's; or why it cannot be played.
struct PlayedLine {
  Line canonical;
  std::vector<bool> mine;
};

std::variant<PlayedLine, LineRefusal> play_line(const rules::State& start, int seat, int index,
                                                const Line& line) {
  if (line.empty() || line.size() > kMaxLineMoves) {
    return about_move(index, -1, "", RefusalKind::kBadRequest,
                      "line " + std::to_string(index + 1) + " must have 2 to " +
                          std::to_string(kMaxLineMoves) + " moves");
  }
  std::unique_ptr<rules::State> state = start.clone();
  PlayedLine played;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const int at = static_cast<int>(i);
    const std::vector<int> to_move = state->to_move();
    if (to_move.size() != 1) {
      return about_move(
          index, at, line[i], RefusalKind::kBadRequest,
          where(index, at) + " (" + line[i] + "): " +
              (to_move.empty() ? "the game is over there" : "several seats move at once there"));
    }
    rules::NoRandom rng;
    rules::Result<std::string> record = rules::play(*state, line[i], rng);
    if (rng.used()) {
      return about_move(index, at, line[i], RefusalKind::kBadRequest,
                        where(index, at) + " (" + line[i] +
                            "): the move draws at random, so no line can follow it");
    }
    if (!record.ok()) {
      return about_move(index, at, line[i], RefusalKind::kRules,
                        where(index, at) + " (" + line[i] + "): " + record.error().message,
                        std::string(rules::to_string(record.error().code)));
    }
    played.canonical.emplace_back(rules::strip_annotation(record.value()));
    played.mine.push_back(to_move.front() == seat);
  }
  if (!played.mine.back()) {
    return about_move(index, static_cast<int>(line.size()) - 1, line.back(),
                      RefusalKind::kBadRequest,
                      "line " + std::to_string(index + 1) + " must end with your reply");
  }
  return played;
}

// Two lines that agree up to one of the owner's moves and differ there: the reply would be
// ambiguous. Returns the refusal for the second line, or nothing.
std::optional<LineRefusal> conflict(const std::vector<PlayedLine>& played, const Line& b_sent,
                                    int a, int b) {
  const PlayedLine& x = played[a];
  const PlayedLine& y = played[b];
  const std::size_t n = std::min(x.canonical.size(), y.canonical.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (x.canonical[i] == y.canonical[i]) continue;
    if (!y.mine[i]) return std::nullopt;
    const int at = static_cast<int>(i);
    return about_move(b, at, b_sent[i], RefusalKind::kBadRequest,
                      where(b, at) + " (" + b_sent[i] + "): line " + std::to_string(a + 1) +
                          " answers the same moves with " + x.canonical[i]);
  }
  return std::nullopt;
}

}  // namespace

std::variant<std::vector<Line>, LineRefusal> check_lines(const Catalog& catalog,
                                                         const GameRecord& game, Id account_id,
                                                         const std::vector<Line>& lines) {
  const int seat = seat_of(game, account_id);
  if (seat < 0)
    return LineRefusal{-1, -1, "", {RefusalKind::kNotAPlayer, "you have no seat in this game", {}}};
  if (game.status != "active") {
    return LineRefusal{-1, -1, "", {RefusalKind::kGameOver, "the game is " + game.status, {}}};
  }
  if (std::find(game.to_move.begin(), game.to_move.end(), seat) != game.to_move.end()) {
    return LineRefusal{
        -1, -1, "", {RefusalKind::kYourTurn, "it is your turn: play a move instead", {}}};
  }
  if (lines.size() > kMaxLines) {
    return LineRefusal{-1,
                       -1,
                       "",
                       {RefusalKind::kBadRequest,
                        "at most " + std::to_string(kMaxLines) + " lines may be stored",
                        {}}};
  }
  const std::unique_ptr<rules::State> start = load_state(catalog, game);
  std::vector<PlayedLine> played;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto line = play_line(*start, seat, static_cast<int>(i), lines[i]);
    if (auto* refusal = std::get_if<LineRefusal>(&line)) return *refusal;
    played.push_back(std::move(std::get<PlayedLine>(line)));
    for (std::size_t a = 0; a < i; ++a) {
      auto clash = conflict(played, lines[i], static_cast<int>(a), static_cast<int>(i));
      if (clash) return *clash;
    }
  }
  std::vector<Line> canonical;
  for (PlayedLine& p : played) canonical.push_back(std::move(p.canonical));
  return canonical;
}

std::vector<Line> follow_lines(const std::vector<Line>& lines,
                               const std::vector<std::string>& played) {
  std::vector<Line> left;
  for (const Line& line : lines) {
    if (line.size() <= played.size()) continue;
    if (!std::equal(played.begin(), played.end(), line.begin())) continue;
    left.emplace_back(line.begin() + static_cast<std::ptrdiff_t>(played.size()), line.end());
  }
  return left;
}

}  // namespace domain
