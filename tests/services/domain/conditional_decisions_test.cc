// domain::check_lines and domain::follow_lines on in-memory games (no database): conditions of
// several seats in multi-player games, moves that draw at random, and lines following the moves.
#include <gtest/gtest.h>

#include "rules/core/play.h"
#include "services/domain/conditional_logic.h"
#include "tests/services/domain/game_builder.h"

namespace {

using domain::Line;
using domaintest::account_of;
using domaintest::catalog;
using domaintest::started;

// The first legal move of the seat to move after `moves`, and the seat that makes it.
std::pair<std::string, int> next_move(const domain::GameRecord& game,
                                      const std::vector<std::string>& moves) {
  auto state = domain::load_state(catalog(), game);
  rules::NoRandom rng;
  for (const auto& m : moves) EXPECT_TRUE(rules::play(*state, m, rng).ok()) << m;
  return {state->format_move(state->legal_moves().front()), state->to_move().front()};
}

TEST(CheckLines, InAThreePlayerGameTheConditionIsEveryMoveBeforeTheOwnersTurn) {
  const domain::GameRecord game = started("hex-quoridor", 3);
  const auto [a, seat_a] = next_move(game, {});
  const auto [b, seat_b] = next_move(game, {a});
  const auto [r, owner] = next_move(game, {a, b});
  ASSERT_NE(owner, seat_a);
  ASSERT_NE(owner, seat_b);
  const domain::Id me = account_of(game, owner);
  auto checked = domain::check_lines(catalog(), game, me, {{a, b, r}});
  ASSERT_TRUE(std::holds_alternative<std::vector<Line>>(checked));
  EXPECT_EQ(std::get<std::vector<Line>>(checked), (std::vector<Line>{{a, b, r}}));
  // A line that stops after the first seat's move has no reply of the owner's at its end.
  checked = domain::check_lines(catalog(), game, me, {{a, b}});
  ASSERT_TRUE(std::holds_alternative<domain::LineRefusal>(checked));
  const auto& refusal = std::get<domain::LineRefusal>(checked);
  EXPECT_EQ(refusal.line, 0);
  EXPECT_EQ(refusal.move, 1);
  EXPECT_EQ(refusal.refusal.kind, domain::RefusalKind::kBadRequest);
  EXPECT_EQ(refusal.refusal.message, "line 1 must end with your reply");
  // The seat to move stores none.
  checked = domain::check_lines(catalog(), game, account_of(game, seat_a), {{a, b, r}});
  EXPECT_EQ(std::get<domain::LineRefusal>(checked).refusal.kind, domain::RefusalKind::kYourTurn);
}

TEST(CheckLines, AMoveThatDrawsAtRandomEndsWhatCanBeChecked) {
  const domain::GameRecord game = started("counting", 2);
  const int waiting = game.to_move.front() == 0 ? 1 : 0;
  const auto checked =
      domain::check_lines(catalog(), game, account_of(game, waiting), {{"1", "2"}});
  const auto& refusal = std::get<domain::LineRefusal>(checked);
  EXPECT_EQ(refusal.line, 0);
  EXPECT_EQ(refusal.move, 0);
  EXPECT_EQ(refusal.refusal.message,
            "line 1, move 1 (1): the move draws at random, so no line can follow it");
}

TEST(FollowLines, KeepsTheLinesThatBeginWithTheMovesMadeCutAfterThem) {
  const std::vector<Line> lines = {{"a", "b", "c", "d"}, {"a", "x"}, {"e", "f"}};
  EXPECT_EQ(domain::follow_lines(lines, {}), lines);
  EXPECT_EQ(domain::follow_lines(lines, {"a"}), (std::vector<Line>{{"b", "c", "d"}, {"x"}}));
  EXPECT_EQ(domain::follow_lines(lines, {"a", "b"}), (std::vector<Line>{{"c", "d"}}));
  EXPECT_EQ(domain::follow_lines(lines, {"a", "x"}), std::vector<Line>{});  // played to its end
  EXPECT_EQ(domain::follow_lines(lines, {"z"}), std::vector<Line>{});       // matches none
}

}  // namespace
