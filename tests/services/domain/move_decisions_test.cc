// Pure tests of the decisions that append to a game's move list (decide_move, preview_move,
// decide_resign, decide_timeout) and of the deadline checks, on in-memory rows: no database.
// Expectations come from the rules of the games (counting_game.h, the hex-quoridor README) and
// from the fairness scheme (lib/fairness/fairness.h), not from the decisions' code.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <set>

#include "lib/clock/clock.h"
#include "rules/core/play.h"
#include "services/domain/clock_rules.h"
#include "services/domain/game_logic.h"
#include "tests/services/domain/game_builder.h"

namespace {

using domain::RefusalKind;
using domaintest::account_of;
using domaintest::catalog;
using domaintest::counting_position;
using domaintest::expected_hash;
using domaintest::kGameId;
using domaintest::kStranger;
using domaintest::refusal_of;
using domaintest::started;
using nlohmann::json;
using Placements = std::vector<std::optional<int>>;
using Scores = std::vector<std::optional<double>>;

domain::EntryDecision entry(std::variant<domain::EntryDecision, domain::Refusal> decided) {
  if (const auto* refusal = std::get_if<domain::Refusal>(&decided)) {
    ADD_FAILURE() << "refused: " << refusal->message;
    return {};
  }
  return std::move(std::get<domain::EntryDecision>(decided));
}

// ---- decide_move ---------------------------------------------------------------------------

TEST(DecideMove, ALegalMoveIsTheNextEntryOfTheGame) {
  domain::GameRecord game = started("counting", 2);
  game.version = 5;  // differs from the ply, so the write must take each from its own field
  ASSERT_EQ(game.to_move, std::vector<int>{0});  // the counting game starts with seat 0
  const domain::EntryDecision d =
      entry(domain::decide_move(catalog(), game, account_of(game, 0), "2 {a note}", 0));
  ASSERT_TRUE(d.state);
  // Ply 1 draws one bonus, 0 or 1, which the counting game adds to the move.
  const unsigned bonus = domaintest::expected_draw(game, 1, "bonus", 2);
  const std::string record = "2 {+" + std::to_string(bonus) + "}";
  const std::string draws = "bonus:" + std::to_string(bonus) + "/2";
  const domain::Entry& w = d.entry;
  EXPECT_EQ(w.game_id, kGameId);
  EXPECT_EQ(w.expected_ply, 0);
  EXPECT_EQ(w.expected_version, 5);
  EXPECT_EQ(w.seat, 0);
  EXPECT_EQ(w.account_id, account_of(game, 0));
  EXPECT_EQ(d.canonical, "2");
  EXPECT_EQ(w.record, record);
  EXPECT_EQ(w.draws, draws);
  EXPECT_EQ(w.position, counting_position(2 + static_cast<int>(bonus), 1, 2));
  EXPECT_EQ(d.state->serialize(), w.position);
  EXPECT_EQ(w.to_move, std::vector<int>{1});
  EXPECT_TRUE(w.is_move);
  EXPECT_FALSE(w.finished);
  EXPECT_TRUE(w.result_json.empty());
  EXPECT_TRUE(w.placements.empty());
  // The first hash of the chain starts from the commitment.
  EXPECT_EQ(w.hash, expected_hash(game.commitment, 1, record, draws));
  EXPECT_EQ(w.recipients, (std::vector<domain::Id>{account_of(game, 0), account_of(game, 1)}));
  const json event = json::parse(w.event_payload_json);
  EXPECT_EQ(event["game_id"], "7");
  EXPECT_EQ(event["ply"], 1);
  EXPECT_EQ(event["seat"], 0);
  EXPECT_EQ(event["move"], "2");
  EXPECT_EQ(event["record"], record);
  EXPECT_EQ(event["to_move"], json::array({1}));
  EXPECT_EQ(event["status"], "active");
}

TEST(DecideMove, HashesChainFromTheLastHashAndAreDeterministic) {
  domain::GameRecord game = started("counting", 2, R"({"target": 100})");
  std::set<std::string> hashes;
  for (int ply = 0; ply < 6; ++ply) {
    const int seat = ply % 2;
    ASSERT_EQ(game.to_move, std::vector<int>{seat});
    const auto d = entry(domain::decide_move(catalog(), game, account_of(game, seat), "1", ply));
    const auto again =
        entry(domain::decide_move(catalog(), game, account_of(game, seat), "1", ply));
    EXPECT_EQ(d.entry.expected_ply, ply);
    EXPECT_EQ(d.entry.seat, seat);
    const unsigned bonus = domaintest::expected_draw(game, ply + 1, "bonus", 2);
    EXPECT_EQ(d.entry.draws, "bonus:" + std::to_string(bonus) + "/2");
    EXPECT_EQ(d.entry.hash, expected_hash(game.last_hash, ply + 1, d.entry.record, d.entry.draws));
    EXPECT_EQ(again.entry.hash, d.entry.hash);
    EXPECT_EQ(again.entry.position, d.entry.position);
    hashes.insert(d.entry.hash);
    game = domain::game_after(game, d.entry);
  }
  EXPECT_EQ(hashes.size(), 6u);
}

// The entry carries the whole new row: the mover joins the seats that have moved (once), and
// only the mover's own standing draw offer outlives its move. game_after is that row.
TEST(GameAfter, AMoveKeepsOnlyTheMoversDrawOfferAndCountsTheMoverOnce) {
  domain::GameRecord game = started("counting", 2, R"({"target": 100})");
  game.draw_offers = {0, 1};
  game.version = 9;
  const auto first = entry(domain::decide_move(catalog(), game, account_of(game, 0), "1", 0));
  EXPECT_EQ(first.entry.moved_seats, std::vector<int>{0});
  EXPECT_EQ(first.entry.draw_offers, std::vector<int>{0});
  domain::Entry timed = first.entry;
  timed.at = "2026-03-02T12:00:00.000000Z";
  const domain::GameRecord after = domain::game_after(game, timed);
  EXPECT_EQ(after.ply, 1);
  EXPECT_EQ(after.version, 10);
  EXPECT_EQ(after.position, first.entry.position);
  EXPECT_EQ(after.to_move, std::vector<int>{1});
  EXPECT_EQ(after.moved_seats, std::vector<int>{0});
  EXPECT_EQ(after.draw_offers, std::vector<int>{0});
  EXPECT_EQ(after.last_hash, first.entry.hash);
  EXPECT_EQ(after.updated_at, timed.at);
  EXPECT_EQ(after.status, "active");
  // Seat 1 answers: seat 0's offer lapses, seat 1 had none left; both have now moved.
  const auto second = entry(domain::decide_move(catalog(), after, account_of(after, 1), "1", 1));
  EXPECT_EQ(second.entry.moved_seats, (std::vector<int>{0, 1}));
  EXPECT_TRUE(second.entry.draw_offers.empty());
  // A resignation is no move: the seats that have moved stay as they were.
  const auto resigned = entry(domain::decide_resign(catalog(), after, account_of(after, 1)));
  EXPECT_EQ(resigned.entry.moved_seats, std::vector<int>{0});
  const domain::GameRecord over = domain::game_after(after, resigned.entry);
  EXPECT_EQ(over.status, "finished");
  EXPECT_EQ(over.result_json, resigned.entry.result_json);
  EXPECT_EQ(over.seats[0].placement, 1);
  EXPECT_EQ(over.seats[1].placement, 2);
}

TEST(DecideMove, AMoveThatReachesTheTargetFinishesTheGame) {
  domain::GameRecord game = started("counting", 2);
  game.position = counting_position(9, 1, 2);
  game.to_move = {1};
  game.ply = 8;
  game.version = 11;
  const auto d = entry(domain::decide_move(catalog(), game, account_of(game, 1), "1", 8));
  const domain::Entry& w = d.entry;
  EXPECT_EQ(w.expected_ply, 8);
  EXPECT_EQ(w.expected_version, 11);
  EXPECT_TRUE(w.finished);
  EXPECT_TRUE(w.to_move.empty());
  EXPECT_EQ(w.placements, (Placements{2, 1}));
  EXPECT_EQ(w.scores, (Scores{0.0, 1.0}));
  const json result = json::parse(w.result_json);
  EXPECT_EQ(result["summary"], "seat 2 wins");
  EXPECT_EQ(result["seats"], json::parse(R"([{"placement": 2, "score": 0.0},
                                              {"placement": 1, "score": 1.0}])"));
  EXPECT_EQ(json::parse(w.event_payload_json)["status"], "finished");
}

TEST(DecideMove, ARealGameMovesAsItsRulesSay) {
  const domain::GameRecord game = started("hex-quoridor", 2);
  ASSERT_EQ(game.to_move.size(), 1u);  // the first player is drawn at the start
  const int seat = game.to_move[0];
  // Seat 0's pawn starts on a3 and seat 1's on i3; each may step to the next row.
  const std::string step = seat == 0 ? "b3" : "h3";
  auto by_rules = domain::load_state(catalog(), game);
  rules::NoRandom no_draws;
  ASSERT_TRUE(rules::play(*by_rules, step, no_draws).ok());
  const auto d = entry(
      domain::decide_move(catalog(), game, account_of(game, seat), seat == 0 ? "B3" : "H3", 0));
  EXPECT_EQ(d.canonical, step);
  EXPECT_EQ(d.entry.record, step);
  EXPECT_EQ(d.entry.draws, "");
  EXPECT_EQ(d.entry.position, by_rules->serialize());
  EXPECT_EQ(d.entry.to_move, std::vector<int>{1 - seat});
  EXPECT_EQ(d.entry.hash, expected_hash(game.commitment, 1, step, ""));
  EXPECT_FALSE(d.entry.finished);
}

TEST(DecideMove, RefusalsNameTheirKind) {
  const domain::GameRecord game = started("counting", 2);
  const domain::Id first = account_of(game, 0), second = account_of(game, 1);
  EXPECT_EQ(refusal_of(domain::decide_move(catalog(), game, kStranger, "1", 0)).kind,
            RefusalKind::kNotAPlayer);
  EXPECT_EQ(refusal_of(domain::decide_move(catalog(), game, first, "1", 1)).kind,
            RefusalKind::kStalePly);
  EXPECT_EQ(refusal_of(domain::decide_move(catalog(), game, second, "1", 0)).kind,
            RefusalKind::kNotYourTurn);
  const domain::Refusal garbage =
      refusal_of(domain::decide_move(catalog(), game, first, "three", 0));
  EXPECT_EQ(garbage.kind, RefusalKind::kRules);
  EXPECT_EQ(garbage.rule_code, "bad_notation");
  // One ply on, the ply the player saw before is stale.
  const auto moved =
      domain::game_after(game, entry(domain::decide_move(catalog(), game, first, "1", 0)).entry);
  EXPECT_EQ(refusal_of(domain::decide_move(catalog(), moved, second, "1", 0)).kind,
            RefusalKind::kStalePly);
  EXPECT_EQ(refusal_of(domain::decide_move(catalog(), moved, first, "1", 1)).kind,
            RefusalKind::kNotYourTurn);
}

TEST(DecideMove, EndedGamesTakeNoMoves) {
  for (const char* status : {"finished", "aborted"}) {
    domain::GameRecord game = started("counting", 2);
    game.status = status;
    EXPECT_EQ(refusal_of(domain::decide_move(catalog(), game, account_of(game, 0), "1", 0)).kind,
              RefusalKind::kGameOver)
        << status;
  }
}

TEST(DecideMove, AnIllegalMoveCarriesTheRuleCode) {
  const domain::GameRecord game = started("hex-quoridor", 2);
  const int seat = game.to_move.at(0);
  // e5, the centre, is well-formed but three rows from either starting cell.
  const domain::Refusal illegal =
      refusal_of(domain::decide_move(catalog(), game, account_of(game, seat), "e5", 0));
  EXPECT_EQ(illegal.kind, RefusalKind::kRules);
  EXPECT_EQ(illegal.rule_code, "illegal_move");
  EXPECT_FALSE(illegal.message.empty());
}

// ---- preview_move ---------------------------------------------------------------------------

TEST(PreviewMove, AnswersTheCanonicalMoveOrTheRefusal) {
  domain::GameRecord game = started("counting", 2);
  const auto canonical = domain::preview_move(catalog(), game, account_of(game, 0), "2 {why}");
  ASSERT_TRUE(std::holds_alternative<std::string>(canonical));
  EXPECT_EQ(std::get<std::string>(canonical), "2");
  EXPECT_EQ(refusal_of(domain::preview_move(catalog(), game, account_of(game, 1), "2")).kind,
            RefusalKind::kNotYourTurn);
  EXPECT_EQ(refusal_of(domain::preview_move(catalog(), game, kStranger, "2")).kind,
            RefusalKind::kNotAPlayer);
  EXPECT_EQ(refusal_of(domain::preview_move(catalog(), game, account_of(game, 0), "3")).rule_code,
            "bad_notation");
  game.status = "finished";
  EXPECT_EQ(refusal_of(domain::preview_move(catalog(), game, account_of(game, 0), "2")).kind,
            RefusalKind::kGameOver);
}

// ---- decide_resign --------------------------------------------------------------------------

TEST(DecideResign, TheOtherSeatWinsATwoPlayerGame) {
  domain::GameRecord game = started("counting", 2);
  game.version = 4;
  // Seat 1 resigns while seat 0 is to move: resigning needs no turn.
  const auto d = entry(domain::decide_resign(catalog(), game, account_of(game, 1)));
  const domain::Entry& w = d.entry;
  EXPECT_EQ(w.seat, 1);
  EXPECT_EQ(w.account_id, account_of(game, 1));
  EXPECT_FALSE(w.is_move);
  EXPECT_EQ(w.record, "resign 1");
  EXPECT_EQ(w.draws, "");
  EXPECT_EQ(w.expected_ply, 0);
  EXPECT_EQ(w.expected_version, 4);
  EXPECT_EQ(w.hash, expected_hash(game.commitment, 1, "resign 1", ""));
  EXPECT_EQ(w.position, counting_position(0, 0, 2, /*out=*/0b10, /*winner=*/0));
  EXPECT_TRUE(w.finished);
  EXPECT_TRUE(w.to_move.empty());
  EXPECT_EQ(w.placements, (Placements{1, 2}));
  EXPECT_EQ(w.scores, (Scores{1.0, 0.0}));
  EXPECT_EQ(json::parse(w.result_json)["summary"], "seat 1 wins");
}

TEST(DecideResign, ARealTwoPlayerGameGoesToTheOtherSeat) {
  const domain::GameRecord game = started("hex-quoridor", 2);
  const int waiting = 1 - game.to_move.at(0);
  const auto d = entry(domain::decide_resign(catalog(), game, account_of(game, waiting)));
  EXPECT_EQ(d.entry.record, "resign " + std::to_string(waiting));
  EXPECT_FALSE(d.entry.is_move);
  EXPECT_TRUE(d.entry.finished);
  ASSERT_EQ(d.entry.placements.size(), 2u);
  EXPECT_EQ(d.entry.placements[1 - waiting], 1);
  EXPECT_EQ(d.entry.placements[waiting], 2);
  EXPECT_GT(d.entry.scores[1 - waiting], d.entry.scores[waiting]);
}

TEST(DecideResign, InAThreePlayerGameTheSeatLeavesAndPlayGoesOn) {
  domain::GameRecord game = started("counting", 3);
  const auto first = entry(domain::decide_resign(catalog(), game, account_of(game, 0)));
  EXPECT_FALSE(first.entry.finished);
  EXPECT_EQ(first.entry.to_move, std::vector<int>{1});  // seat 0 was to move; seat 1 is next
  EXPECT_TRUE(first.entry.placements.empty());
  game = domain::game_after(game, first.entry);
  // Resigning twice is against the rules.
  const domain::Refusal twice =
      refusal_of(domain::decide_resign(catalog(), game, account_of(game, 0)));
  EXPECT_EQ(twice.kind, RefusalKind::kRules);
  EXPECT_EQ(twice.rule_code, "illegal_move");
  const auto second = entry(domain::decide_resign(catalog(), game, account_of(game, 1)));
  EXPECT_EQ(second.entry.expected_ply, 1);
  EXPECT_EQ(second.entry.hash, expected_hash(game.last_hash, 2, "resign 1", ""));
  EXPECT_TRUE(second.entry.finished);  // the last seat left wins
  EXPECT_EQ(second.entry.placements, (Placements{2, 2, 1}));
}

TEST(DecideResign, StrangersAndEndedGamesAreRefused) {
  domain::GameRecord game = started("counting", 2);
  EXPECT_EQ(refusal_of(domain::decide_resign(catalog(), game, kStranger)).kind,
            RefusalKind::kNotAPlayer);
  game.status = "finished";
  EXPECT_EQ(refusal_of(domain::decide_resign(catalog(), game, account_of(game, 0))).kind,
            RefusalKind::kGameOver);
}

// ---- clocks: decide_timeout, expired_seats, check_deadline -----------------------------------

domain::GameRecord clocked_game() {
  domain::GameRecord game = started("counting", 2);
  game.seats[0].deadline = "2026-03-03T12:00:00.000000Z";
  game.seats[1].deadline = "2026-03-05T12:00:00.000000Z";
  return game;
}

hxclock::TimePoint at(const char* text) { return *hxclock::parse_rfc3339(text); }

TEST(DecideTimeout, TheSeatOutOfTimeLosesAsIfItResigned) {
  const domain::GameRecord game = clocked_game();
  const auto d = entry(domain::decide_timeout(catalog(), game, 0));
  const domain::Entry& w = d.entry;
  EXPECT_EQ(w.seat, 0);
  EXPECT_EQ(w.record, "resign 0");
  EXPECT_FALSE(w.is_move);
  EXPECT_TRUE(w.finished);
  EXPECT_EQ(w.placements, (Placements{2, 1}));
  EXPECT_EQ(w.extra_event_kind, "timeout");
  const json extra = json::parse(w.extra_event_payload_json);
  EXPECT_EQ(extra["seat"], 0);
  EXPECT_EQ(extra["ply"], 1);
  EXPECT_EQ(extra["deadline"], game.seats[0].deadline);
  EXPECT_EQ(extra["username"], game.seats[0].username);
  const json result = json::parse(w.result_json);
  EXPECT_EQ(result["summary"], game.seats[0].username + " lost on time");
  EXPECT_EQ(result["termination"], "timeout");
  // The game_finished payload: that result, with every seat's username.
  EXPECT_EQ(
      json::parse(w.finished_event_json),
      json({{"game_id", "7"},
            {"summary", game.seats[0].username + " lost on time"},
            {"seats",
             {{{"seat", 0}, {"username", game.seats[0].username}, {"placement", 2}, {"score", 0.0}},
              {{"seat", 1},
               {"username", game.seats[1].username},
               {"placement", 1},
               {"score", 1.0}}}},
            {"termination", "timeout"}}));
}

TEST(DecideTimeout, AThreePlayerGameGoesOnAndBadSeatsAreRefused) {
  const domain::GameRecord three = started("counting", 3);
  const auto d = entry(domain::decide_timeout(catalog(), three, 2));
  EXPECT_FALSE(d.entry.finished);
  EXPECT_TRUE(d.entry.result_json.empty());
  EXPECT_EQ(d.entry.extra_event_kind, "timeout");
  EXPECT_EQ(refusal_of(domain::decide_timeout(catalog(), three, 3)).kind, RefusalKind::kNotAPlayer);
  EXPECT_EQ(refusal_of(domain::decide_timeout(catalog(), three, -1)).kind,
            RefusalKind::kNotAPlayer);
  domain::GameRecord over = clocked_game();
  over.status = "finished";
  EXPECT_EQ(refusal_of(domain::decide_timeout(catalog(), over, 0)).kind, RefusalKind::kGameOver);
}

TEST(Deadlines, ASeatIsExpiredFromItsDeadlineOn) {
  domain::GameRecord game = clocked_game();
  const auto deadline = at("2026-03-03T12:00:00Z");
  EXPECT_TRUE(domain::expired_seats(game, deadline - std::chrono::microseconds(1)).empty());
  EXPECT_EQ(domain::expired_seats(game, deadline), std::vector<int>{0});
  EXPECT_EQ(domain::expired_seats(game, at("2026-03-06T00:00:00Z")), (std::vector<int>{0, 1}));
  game.seats[1].deadline.clear();  // a seat whose clock does not run never expires
  EXPECT_EQ(domain::expired_seats(game, at("2027-01-01T00:00:00Z")), std::vector<int>{0});
  game.status = "aborted";
  EXPECT_TRUE(domain::expired_seats(game, at("2027-01-01T00:00:00Z")).empty());
}

TEST(Deadlines, AMoveAfterTheDeadlineIsRefusedAndOneBeforeItIsNot) {
  const domain::GameRecord game = clocked_game();
  const domain::Id mover = account_of(game, 0);
  const auto before = at("2026-03-03T11:59:59Z"), late = at("2026-03-03T12:00:01Z");
  EXPECT_FALSE(domain::check_deadline(game, mover, before));
  EXPECT_TRUE(std::holds_alternative<domain::EntryDecision>(
      domain::decide_move(catalog(), game, mover, "1", 0)));
  const auto refused = domain::check_deadline(game, mover, late);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->kind, RefusalKind::kTimeExpired);
  EXPECT_NE(refused->message.find(game.seats[0].deadline), std::string::npos);
  // Seat 1's own deadline is days later; a stranger has none.
  EXPECT_FALSE(domain::check_deadline(game, account_of(game, 1), late));
  EXPECT_FALSE(domain::check_deadline(game, kStranger, late));
}

}  // namespace
