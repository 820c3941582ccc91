// Pure parts of the clocks: time controls, the record tag, deadlines against an
// instant, reminder fractions and the clock variables.
#include <gtest/gtest.h>

#include "services/domain/clock_rules.h"
#include "services/sweeper/clock_sweeper.h"

namespace {

using nlohmann::json;

domain::TimeControl parsed(const json& clock) {
  auto result = domain::parse_time_control(clock);
  if (auto* problem = std::get_if<domain::ClockProblem>(&result)) {
    ADD_FAILURE() << clock.dump() << ": " << problem->message;
    return {};
  }
  return std::get<domain::TimeControl>(result);
}

std::string problem(const json& clock) {
  auto result = domain::parse_time_control(clock);
  auto* p = std::get_if<domain::ClockProblem>(&result);
  return p ? p->message : "";
}

TEST(ClockRules, TimeControlsNormalise) {
  EXPECT_EQ(domain::to_json(parsed(nullptr)), json({{"type", "none"}}));
  EXPECT_EQ(domain::to_json(parsed(json::object())), json({{"type", "none"}}));
  EXPECT_EQ(domain::to_json(parsed({{"days_per_move", 3}})), json({{"type", "per_move"},
                                                                   {"days_per_move", 3},
                                                                   {"vacation", true},
                                                                   {"weekends_off", false}}));
  const json bank = {{"type", "bank"},
                     {"bank", {{"initial_days", 7}, {"increment_days", 0}, {"max_days", 7}}},
                     {"vacation", false},
                     {"weekends_off", true}};
  EXPECT_EQ(domain::to_json(parsed(bank)), bank);
  // The stored form parses to itself.
  EXPECT_EQ(domain::to_json(parsed(domain::to_json(parsed(bank)))), bank);
}

TEST(ClockRules, BadTimeControlsNameTheRule) {
  EXPECT_EQ(problem({{"days_per_move", 61}}), "days_per_move must be an integer from 1 to 60");
  EXPECT_EQ(problem({{"bank", {{"initial_days", 5}, {"increment_days", 1}, {"max_days", 3}}}}),
            "max_days must be an integer from initial_days (5) to 120");
  EXPECT_EQ(problem({{"bank", {{"initial_days", 5}, {"increment_days", 31}, {"max_days", 9}}}}),
            "increment_days must be an integer from 0 to 30");
  EXPECT_EQ(problem({{"type", "none"}, {"days_per_move", 3}}),
            "an unclocked game takes no days_per_move or bank");
  EXPECT_EQ(problem({{"days_per_move", 3}, {"colour", "red"}}), "unknown clock field 'colour'");
  EXPECT_EQ(problem({{"days_per_move", 3}, {"vacation", 1}}), "vacation must be a boolean");
  EXPECT_EQ(problem(json::array()), "clock must be an object");
}

TEST(ClockRules, RecordTag) {
  EXPECT_EQ(domain::time_control_tag(R"({"type":"none"})"), "-");
  EXPECT_EQ(domain::time_control_tag(R"({"days_per_move":3})"), "3d/move");
  EXPECT_EQ(domain::time_control_tag(
                R"({"type":"bank","bank":{"initial_days":7,"increment_days":1,"max_days":14},)"
                R"("vacation":false,"weekends_off":true})"),
            "7d+1d max 14d, weekends off, no vacation");
  EXPECT_TRUE(domain::vacation_allowed(R"({"days_per_move":3})"));
  EXPECT_FALSE(domain::vacation_allowed(R"({"days_per_move":3,"vacation":false})"));
  EXPECT_FALSE(domain::vacation_allowed(R"({"type":"none"})"));
}

TEST(ClockRules, DeadlinesAgainstAnInstant) {
  storage::GameRecord game;
  game.status = "active";
  game.seats = {storage::SeatRecord{}, storage::SeatRecord{}};
  game.seats[0].seat = 0;
  game.seats[0].account_id = 10;
  game.seats[0].deadline = "2026-03-03T12:00:00.000000Z";
  game.seats[1].seat = 1;
  game.seats[1].account_id = 11;
  const auto deadline = *hxclock::parse_rfc3339("2026-03-03T12:00:00Z");
  EXPECT_TRUE(domain::expired_seats(game, deadline - std::chrono::seconds(1)).empty());
  EXPECT_EQ(domain::expired_seats(game, deadline), std::vector<int>{0});
  EXPECT_FALSE(domain::check_deadline(game, 10, deadline - std::chrono::seconds(1)));
  const auto late = domain::check_deadline(game, 10, deadline + std::chrono::seconds(1));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->kind, domain::RefusalKind::kTimeExpired);
  EXPECT_FALSE(domain::check_deadline(game, 11, deadline + std::chrono::seconds(1)));
  game.status = "finished";
  EXPECT_TRUE(domain::expired_seats(game, deadline).empty());
}

TEST(ClockRules, ReminderFractionsAndVariables) {
  EXPECT_EQ(domain::parse_reminder_fractions("0.95,0.5,0.8,0.5"),
            (std::vector<double>{0.5, 0.8, 0.95}));
  EXPECT_THROW(domain::parse_reminder_fractions("0.5,1"), std::invalid_argument);
  EXPECT_THROW(domain::parse_reminder_fractions("half"), std::invalid_argument);
  const auto defaults = sweeper::clock_options({});
  EXPECT_EQ(defaults.reminder_fractions, (std::vector<double>{0.5, 0.8, 0.95}));
  EXPECT_EQ(defaults.vacation_days_per_year, 30);
  EXPECT_EQ(defaults.outage_threshold_s, 600);
  EXPECT_EQ(defaults.dead_game_days, 90);
  EXPECT_FALSE(defaults.auto_vacation);
  EXPECT_EQ(defaults.leave_vote_s, 2 * 86400);
  const auto set = sweeper::clock_options({{"HEXPOST_REMINDERS", ""},
                                           {"HEXPOST_VACATION_DAYS", "10"},
                                           {"HEXPOST_AUTO_VACATION", "1"},
                                           {"HEXPOST_LEAVE_VOTE_S", "3600"}});
  EXPECT_TRUE(set.reminder_fractions.empty());
  EXPECT_EQ(set.vacation_days_per_year, 10);
  EXPECT_TRUE(set.auto_vacation);
  EXPECT_EQ(set.leave_vote_s, 3600);
  EXPECT_THROW(sweeper::clock_options({{"HEXPOST_LEAVE_VOTE_S", "10"}}), std::invalid_argument);
  try {
    sweeper::clock_options({{"HEXPOST_SWEEP_S", "soon"}});
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("HEXPOST_SWEEP_S"), std::string::npos);
  }
  EXPECT_THROW(sweeper::clock_options({{"HEXPOST_REMINDERS", "0.5,2"}}), std::invalid_argument);
}

}  // namespace
