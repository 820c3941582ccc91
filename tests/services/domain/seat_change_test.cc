// The pure decisions of leaving a game (services/domain/seat_change.h): who may ask and vote,
// the voting rule at and before the deadline, and the handover entry.
#include "services/domain/seat_change.h"

#include "tests/services/domain/game_builder.h"

namespace {

using namespace domaintest;
using domain::LeaveVerdict;

constexpr const char* kBefore = "2026-05-05T00:00:00.000000Z";
constexpr const char* kDeadline = "2026-05-06T00:00:00.000000Z";

domain::LeaveRequest asked(const domain::GameRecord& g) {
  auto r = domain::decide_leave(g, {}, std::nullopt, account_of(g, 0),
                                domain::Replacement{kStranger, "dan"}, true, kDeadline);
  return std::get<domain::LeaveRequest>(r);
}

TEST(DecideLeave, TheOtherSeatsStillInTheGameVote) {
  const auto g = started("counting", 4);
  EXPECT_EQ(asked(g).voters, (std::vector<int>{1, 2, 3}));
  const auto duel = domain::decide_leave(started("counting", 2), {}, std::nullopt,
                                         account_of(started("counting", 2), 0),
                                         domain::Replacement{kStranger, "dan"}, true, kDeadline);
  EXPECT_EQ(std::get<domain::Refusal>(duel).rule_code, "leave_not_allowed");
  const auto closed = domain::decide_leave(g, {}, std::nullopt, account_of(g, 0),
                                           domain::Replacement{kStranger, "dan"}, false, kDeadline);
  EXPECT_EQ(std::get<domain::Refusal>(closed).rule_code, "replacement_not_allowed");
}

TEST(LeaveVerdict, ThreeVotersSilenceIsConsentAtTheDeadline) {
  const auto g = started("counting", 4);
  auto r = asked(g);
  EXPECT_EQ(domain::leave_verdict(g, {}, r, kDeadline), LeaveVerdict::kResign);  // not accepted
  r.accepted = true;
  EXPECT_EQ(domain::leave_verdict(g, {}, r, kBefore), LeaveVerdict::kPending);
  EXPECT_EQ(domain::leave_verdict(g, {}, r, kDeadline), LeaveVerdict::kHandOver);
  r.approvals = {1, 2, 3};
  EXPECT_EQ(domain::leave_verdict(g, {}, r, kBefore), LeaveVerdict::kHandOver);
  r.approvals = {1, 2};
  r.refusals = {3};
  EXPECT_EQ(domain::leave_verdict(g, {}, r, kBefore), LeaveVerdict::kResign);
}

TEST(LeaveVerdict, TwoVotersMustBothSayYes) {
  const auto g = started("counting", 3);
  auto r = asked(g);
  r.accepted = true;
  r.approvals = {1};
  EXPECT_EQ(domain::leave_verdict(g, {}, r, kBefore), LeaveVerdict::kPending);
  EXPECT_EQ(domain::leave_verdict(g, {}, r, kDeadline), LeaveVerdict::kResign);
  r.approvals = {1, 2};
  EXPECT_EQ(domain::leave_verdict(g, {}, r, kBefore), LeaveVerdict::kHandOver);
}

// A leaver who resigned (or timed out) meanwhile has no seat to hand over; a voter who left
// the game meanwhile no longer counts.
TEST(LeaveVerdict, SeatsOutOfPlayMeanwhile) {
  const auto g = started("counting", 4);
  auto r = asked(g);
  r.accepted = true;
  r.approvals = {1, 2};
  domain::MoveRecord resigned;
  resigned.record = "resign 3";
  EXPECT_EQ(domain::leave_verdict(g, {resigned}, r, kBefore), LeaveVerdict::kHandOver);
  resigned.record = "resign 0";
  EXPECT_EQ(domain::leave_verdict(g, {resigned}, r, kBefore), LeaveVerdict::kClose);
}

TEST(DecideHandover, AnEntryThatKeepsThePositionAndChainsTheHash) {
  auto g = started("counting", 3);
  g.draw_offers = {0, 1};
  const auto d = domain::decide_handover(catalog(), g, asked(g));
  EXPECT_EQ(d.entry.record, "handover 0 dan");
  EXPECT_EQ(d.entry.position, g.position);
  EXPECT_EQ(d.entry.account_id, kStranger);
  EXPECT_EQ(d.entry.draws, "");
  EXPECT_EQ(d.entry.draw_offers, (std::vector<int>{1}));
  EXPECT_EQ(d.entry.hash, expected_hash(g.last_hash, 1, "handover 0 dan", ""));
  EXPECT_EQ(domain::leaver_placement(asked(g)), 3);
}

}  // namespace
