// Pure tests of the decisions that change a game's status without a move-list entry (decide_draw,
// decide_abort) and of seat_of and check_game_config, on in-memory rows: no database.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lib/clock/clock.h"
#include "rules/core/play.h"
#include "services/domain/clock_rules.h"
#include "services/domain/game_logic.h"
#include "tests/services/domain/game_builder.h"
#include "tests/services/game/counting_game.h"

namespace {

using domain::RefusalKind;
using domaintest::account_of;
using domaintest::catalog;
using domaintest::kGameId;
using domaintest::kStranger;
using domaintest::refusal_of;
using domaintest::started;
using nlohmann::json;
using Placements = std::vector<std::optional<int>>;
using Scores = std::vector<std::optional<double>>;
using Moves = std::vector<domain::MoveRecord>;

domain::StatusChange status(std::variant<domain::StatusChange, domain::Refusal> decided) {
  if (const auto* refusal = std::get_if<domain::Refusal>(&decided)) {
    ADD_FAILURE() << "refused: " << refusal->message;
    return {};
  }
  return std::get<domain::StatusChange>(decided);
}

// A resignation row of the move list, as the repository returns it.
domain::MoveRecord resigned(int seat, int ply) {
  domain::MoveRecord m;
  m.ply = ply;
  m.seat = seat;
  m.record = rules::resignation_entry(seat);
  return m;
}

// ---- decide_draw ----------------------------------------------------------------------------

TEST(DecideDraw, AnOfferStandsWithoutEndingTheGame) {
  domain::GameRecord game = started("counting", 2);
  game.version = 6;
  const domain::StatusChange w =
      status(domain::decide_draw(game, {}, account_of(game, 1), "offer"));
  EXPECT_EQ(w.game_id, kGameId);
  EXPECT_EQ(w.expected_version, 6);
  EXPECT_EQ(w.status, "active");
  EXPECT_FALSE(w.finished);
  EXPECT_EQ(w.draw_offers, std::vector<int>{1});
  EXPECT_EQ(w.to_move, game.to_move);  // an offer is no turn
  EXPECT_EQ(w.event_kind, "draw_offered");
  EXPECT_TRUE(w.placements.empty());
  EXPECT_EQ(w.recipients, (std::vector<domain::Id>{account_of(game, 0), account_of(game, 1)}));
  const json event = json::parse(w.event_payload_json);
  EXPECT_EQ(event["seat"], 1);
  EXPECT_EQ(event["action"], "offer");
  EXPECT_EQ(event["draw_offers"], json::array({1}));
  // Offering again changes nothing.
  game.draw_offers = {1};
  EXPECT_EQ(status(domain::decide_draw(game, {}, account_of(game, 1), "offer")).draw_offers,
            std::vector<int>{1});
}

TEST(DecideDraw, AcceptingAStandingOfferFinishesTheGameAsADraw) {
  domain::GameRecord game = started("counting", 2);
  game.draw_offers = {0};
  const domain::StatusChange w =
      status(domain::decide_draw(game, {}, account_of(game, 1), "accept"));
  EXPECT_EQ(w.status, "finished");
  EXPECT_TRUE(w.finished);
  EXPECT_TRUE(w.to_move.empty());
  EXPECT_TRUE(w.draw_offers.empty());
  EXPECT_EQ(w.placements, (Placements{1, 1}));
  EXPECT_EQ(w.scores, (Scores{0.5, 0.5}));
  EXPECT_EQ(w.event_kind, "game_finished");
  const json result = json::parse(w.result_json);
  EXPECT_EQ(result["summary"], "draw agreed");
  // The game_finished payload: the result with every seat's username.
  const std::string seat0 = game.seats[0].username, seat1 = game.seats[1].username;
  EXPECT_EQ(json::parse(w.event_payload_json),
            json({{"game_id", "7"},
                  {"summary", "draw agreed"},
                  {"seats",
                   {{{"seat", 0}, {"username", seat0}, {"placement", 1}, {"score", 0.5}},
                    {{"seat", 1}, {"username", seat1}, {"placement", 1}, {"score", 0.5}}}}}));
}

TEST(DecideDraw, AnOfferMeetingTheOtherSeatsOfferAgreesTheDraw) {
  domain::GameRecord game = started("counting", 2);
  game.draw_offers = {1};
  const domain::StatusChange w =
      status(domain::decide_draw(game, {}, account_of(game, 0), "offer"));
  EXPECT_TRUE(w.finished);
  EXPECT_EQ(w.placements, (Placements{1, 1}));
}

TEST(DecideDraw, DecliningWithdrawsEveryOffer) {
  domain::GameRecord game = started("counting", 3);
  game.draw_offers = {0, 2};
  const domain::StatusChange w =
      status(domain::decide_draw(game, {}, account_of(game, 1), "decline"));
  EXPECT_EQ(w.status, "active");
  EXPECT_FALSE(w.finished);
  EXPECT_TRUE(w.draw_offers.empty());
  EXPECT_EQ(w.to_move, game.to_move);
  EXPECT_EQ(w.event_kind, "draw_declined");
}

TEST(DecideDraw, RefusalsNameTheirKind) {
  domain::GameRecord game = started("counting", 2);
  const domain::Id first = account_of(game, 0);
  EXPECT_EQ(refusal_of(domain::decide_draw(game, {}, first, "accept")).kind,
            RefusalKind::kNoDrawOffer);
  EXPECT_EQ(refusal_of(domain::decide_draw(game, {}, first, "decline")).kind,
            RefusalKind::kNoDrawOffer);
  EXPECT_EQ(refusal_of(domain::decide_draw(game, {}, first, "propose")).kind,
            RefusalKind::kBadRequest);
  EXPECT_EQ(refusal_of(domain::decide_draw(game, {}, first, "")).kind, RefusalKind::kBadRequest);
  EXPECT_EQ(refusal_of(domain::decide_draw(game, {}, kStranger, "offer")).kind,
            RefusalKind::kNotAPlayer);
  game.draw_offers = {1};
  game.status = "finished";
  EXPECT_EQ(refusal_of(domain::decide_draw(game, {}, first, "accept")).kind,
            RefusalKind::kGameOver);
}

TEST(DecideDraw, AThreePlayerDrawNeedsEveryRemainingSeat) {
  domain::GameRecord game = started("counting", 3);
  game.draw_offers = {0};
  // Two of three agree: the offer stands, the game goes on.
  const domain::StatusChange two =
      status(domain::decide_draw(game, {}, account_of(game, 1), "accept"));
  EXPECT_FALSE(two.finished);
  EXPECT_EQ(two.draw_offers, (std::vector<int>{0, 1}));
  EXPECT_EQ(two.event_kind, "draw_accepted");
}

TEST(DecideDraw, SeatsThatResignedTakeNoPart) {
  domain::GameRecord game = started("counting", 3);
  // Seat 2 resigned at ply 1 (the game row alone does not say so; the move list does).
  const Moves moves = {resigned(2, 1)};
  game.ply = 1;
  game.draw_offers = {0};
  const domain::StatusChange w =
      status(domain::decide_draw(game, moves, account_of(game, 1), "accept"));
  EXPECT_TRUE(w.finished);
  EXPECT_EQ(w.status, "finished");
  // The two seats still in share first place and the point; the resigned seat places after.
  EXPECT_EQ(w.placements, (Placements{1, 1, 3}));
  EXPECT_EQ(w.scores, (Scores{0.5, 0.5, 0.0}));
  // Moves that are not resignations do not take anyone out.
  domain::MoveRecord move;
  move.ply = 1;
  move.seat = 2;
  move.record = "2 {+0}";
  EXPECT_FALSE(status(domain::decide_draw(game, {move}, account_of(game, 1), "accept")).finished);
}

TEST(DecideDraw, AResignedSeatsOfferDoesNotCountForTheOthers) {
  domain::GameRecord game = started("counting", 3);
  const Moves moves = {resigned(0, 1)};
  game.ply = 1;
  game.draw_offers = {0};  // made before seat 0 resigned
  const domain::StatusChange w =
      status(domain::decide_draw(game, moves, account_of(game, 1), "accept"));
  EXPECT_FALSE(w.finished);  // seat 2, still in, has not agreed
  game.draw_offers = w.draw_offers;
  const domain::StatusChange both =
      status(domain::decide_draw(game, moves, account_of(game, 2), "accept"));
  EXPECT_TRUE(both.finished);
  EXPECT_EQ(both.placements, (Placements{3, 1, 1}));
}

// ---- decide_abort ---------------------------------------------------------------------------

TEST(DecideAbort, AGameIsAbortedBeforeEverySeatHasMoved) {
  domain::GameRecord game = started("counting", 2);
  game.version = 3;
  const domain::StatusChange w = status(domain::decide_abort(game, account_of(game, 1)));
  EXPECT_EQ(w.game_id, kGameId);
  EXPECT_EQ(w.expected_version, 3);
  EXPECT_EQ(w.status, "aborted");
  EXPECT_TRUE(w.finished);
  // Nobody wins or loses an aborted game.
  EXPECT_EQ(w.placements, (Placements{std::nullopt, std::nullopt}));
  EXPECT_EQ(w.scores, (Scores{std::nullopt, std::nullopt}));
  EXPECT_EQ(w.event_kind, "game_aborted");
  EXPECT_EQ(json::parse(w.result_json)["summary"], "aborted by " + game.seats[1].username);
  EXPECT_EQ(json::parse(w.event_payload_json)["seat"], 1);
}

TEST(DecideAbort, ItIsTooLateOnceEverySeatHasMoved) {
  domain::GameRecord game = started("counting", 2);
  const auto decide = [](const domain::GameRecord& g, int seat) {
    auto d = domain::decide_move(catalog(), g, account_of(g, seat), "1", g.ply);
    return std::move(std::get<domain::EntryDecision>(d).entry);
  };
  game = domain::game_after(game, decide(game, 0));
  // Seat 0 has moved, seat 1 not yet: either may still abort.
  EXPECT_EQ(status(domain::decide_abort(game, account_of(game, 0))).status, "aborted");
  EXPECT_EQ(status(domain::decide_abort(game, account_of(game, 1))).status, "aborted");
  game = domain::game_after(game, decide(game, 1));
  for (int seat : {0, 1}) {
    EXPECT_EQ(refusal_of(domain::decide_abort(game, account_of(game, seat))).kind,
              RefusalKind::kAbortTooLate);
  }
}

TEST(DecideAbort, AResignationIsNoMoveForTheAbortRule) {
  domain::GameRecord game = started("counting", 3);
  auto resign = domain::decide_resign(catalog(), game, account_of(game, 2));
  game = domain::game_after(game, std::get<domain::EntryDecision>(resign).entry);
  EXPECT_TRUE(game.moved_seats.empty());
  EXPECT_EQ(status(domain::decide_abort(game, account_of(game, 0))).status, "aborted");
}

TEST(DecideAbort, StrangersAndEndedGamesAreRefused) {
  domain::GameRecord game = started("counting", 2);
  EXPECT_EQ(refusal_of(domain::decide_abort(game, kStranger)).kind, RefusalKind::kNotAPlayer);
  game.status = "aborted";
  EXPECT_EQ(refusal_of(domain::decide_abort(game, account_of(game, 0))).kind,
            RefusalKind::kGameOver);
}

// ---- seat_of, check_game_config --------------------------------------------------------------

TEST(SeatOf, TheSeatOfTheAccountOrMinusOne) {
  const domain::GameRecord game = started("counting", 3);
  for (int seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(domain::seat_of(game, account_of(game, seat)), seat);
  }
  EXPECT_EQ(domain::seat_of(game, kStranger), -1);
}

TEST(CheckGameConfig, OptionsBecomeTextAndTheRulesJudgeThem) {
  const rules::GameDef& counting = testgame::counting_game();
  rules::GameConfig config;
  EXPECT_EQ(domain::check_game_config(counting, 3, R"({"target": 25})", config), "");
  EXPECT_EQ(config.players, 3);
  EXPECT_EQ(config.options, (std::map<std::string, std::string>{{"target", "25"}}));
  EXPECT_EQ(domain::check_game_config(counting, 2, R"({"target": "12"})", config), "");
  EXPECT_EQ(config.options.at("target"), "12");
  EXPECT_EQ(domain::check_game_config(counting, 2, "{}", config), "");
  EXPECT_TRUE(config.options.empty());
  EXPECT_EQ(domain::check_game_config(counting, 2, "[1]", config), "options must be an object");
  EXPECT_EQ(domain::check_game_config(counting, 2, "not json", config),
            "options must be an object");
  EXPECT_EQ(domain::check_game_config(counting, 2, R"({"target": 1.5})", config),
            "option target must be a string, an integer or a boolean");
  EXPECT_NE(domain::check_game_config(counting, 2, R"({"target": 2})", config).find("target"),
            std::string::npos);
  EXPECT_FALSE(domain::check_game_config(counting, 5, "{}", config).empty());  // 2 to 4 players
}

}  // namespace

namespace {

// ---- decide_dead_abort --------------------------------------------------------------------

TEST(DecideDeadAbort, AnUnclockedGameUntouchedSinceTheCutoffIsAbortedWithNoWinner) {
  domain::GameRecord game = domaintest::started("counting", 2);
  game.clock_json = R"({"type":"none"})";
  game.updated_at = "2026-01-01T00:00:00.000000Z";
  game.version = 4;
  const auto cutoff = *hxclock::parse_rfc3339("2026-01-01T00:00:00Z");
  auto decided = domain::decide_dead_abort(game, cutoff, 90);
  ASSERT_TRUE(std::holds_alternative<domain::StatusChange>(decided));
  const auto& w = std::get<domain::StatusChange>(decided);
  EXPECT_EQ(w.expected_version, 4);
  EXPECT_EQ(w.status, "aborted");
  EXPECT_TRUE(w.finished);
  EXPECT_TRUE(w.to_move.empty());
  EXPECT_TRUE(w.draw_offers.empty());
  EXPECT_EQ(w.event_kind, "game_aborted");
  const auto result = nlohmann::json::parse(w.result_json);
  EXPECT_EQ(result["summary"], "aborted: no move for 90 days");
  EXPECT_EQ(result["termination"], "dead_game");
  EXPECT_EQ(w.placements, (std::vector<std::optional<int>>{std::nullopt, std::nullopt}));
  EXPECT_EQ(nlohmann::json::parse(w.event_payload_json)["reason"], "dead_game");
}

TEST(DecideDeadAbort, ClockedChangedAndEndedGamesAreNotAbandoned) {
  domain::GameRecord game = domaintest::started("counting", 2);
  game.clock_json = R"({"type":"none"})";
  game.updated_at = "2026-01-01T00:00:01.000000Z";  // one second after the cutoff
  const auto cutoff = *hxclock::parse_rfc3339("2026-01-01T00:00:00Z");
  EXPECT_EQ(domaintest::refusal_of(domain::decide_dead_abort(game, cutoff, 90)).kind,
            domain::RefusalKind::kBadRequest);
  game.updated_at = "2025-12-01T00:00:00.000000Z";
  game.clock_json = R"({"type":"per_move","days_per_move":3})";
  EXPECT_EQ(domaintest::refusal_of(domain::decide_dead_abort(game, cutoff, 90)).kind,
            domain::RefusalKind::kBadRequest);
  game.clock_json = R"({"type":"none"})";
  game.status = "finished";
  EXPECT_EQ(domaintest::refusal_of(domain::decide_dead_abort(game, cutoff, 90)).kind,
            domain::RefusalKind::kGameOver);
}

}  // namespace
