#pragma once
// Correspondence time controls and the pure decisions of the clocks (docs/clocks.md):
// parsing and normalising a challenge's "clock", the record's TimeControl tag, whether a seat's
// deadline has passed, and the timeout entry (the rules' resignation of the seat that ran out).
// The calendar arithmetic (weekends, time zones, DST) lives in SQL (migrations/0003_clocks.sql):
// GCC 12's libstdc++ has no time-zone database.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "lib/clock/clock.h"
#include "services/domain/game_logic.h"

namespace domain {

struct TimeControl {
  enum class Type { kNone, kPerMove, kBank };
  Type type = Type::kNone;
  int days_per_move = 0;      // kPerMove: 1..60
  int initial_days = 0;       // kBank: 1..60
  int increment_days = 0;     // kBank: 0..30, added after each move
  int max_days = 0;           // kBank: initial_days..120, the cap
  bool vacation = true;       // the players' vacation freezes this game's clocks
  bool weekends_off = false;  // Saturdays and Sundays (each player's time zone) do not count
};

struct ClockProblem {
  std::string message;
};

// Accepts null/absent/{} and {"type":"none"} (unclocked), {"days_per_move":N} (optionally with
// "type":"per_move"), {"bank":{"initial_days","increment_days","max_days"}} (optionally with
// "type":"bank"), each with optional booleans "vacation" and "weekends_off".
std::variant<TimeControl, ClockProblem> parse_time_control(const nlohmann::json& clock);
// The clock a challenge gets when its request names none (no "clock", null or {}): N days per
// move, or unclocked when N is 0. {"type":"none"} is the explicit way to ask for no clock.
bool names_no_clock(const nlohmann::json& clock);
TimeControl default_time_control(int days_per_move);
// The stored (normalised) form: {"type":"none"}, {"type":"per_move","days_per_move":N,
// "vacation":..,"weekends_off":..} or {"type":"bank","bank":{...},"vacation":..,"weekends_off":..}.
nlohmann::json to_json(const TimeControl& control);
// The record's TimeControl tag value, from the stored clock JSON text: "-" (none),
// "3d/move", "7d+1d max 14d"; plus ", weekends off" and ", no vacation" when they apply.
std::string time_control_tag(const std::string& stored_clock_json);

// Whether the players' vacation freezes this game's clocks (stored clock JSON text).
bool vacation_allowed(const std::string& stored_clock_json);

// The seats whose deadline is at or before `now` (active games only).
std::vector<int> expired_seats(const GameRecord& game, hxclock::TimePoint now);
// A move by `account_id` at `now` after its seat's deadline: the time_expired refusal.
std::optional<Refusal> check_deadline(const GameRecord& game, Id account_id,
                                      hxclock::TimePoint now);
// Seat `seat` ran out of time: the rules' resignation of that seat, with the "timeout" event
// and, when the game ends, a result whose summary and termination say so.
std::variant<EntryDecision, Refusal> decide_timeout(const Catalog& catalog, const GameRecord& game,
                                                    int seat);

// An unclocked game untouched since `cutoff` (no entry or status change for `days` days) is
// abandoned: it is aborted, with no winner. Refused when the game is clocked, over, or changed
// since the cutoff.
std::variant<StatusChange, Refusal> decide_dead_abort(const GameRecord& game,
                                                      hxclock::TimePoint cutoff, int days);

// "0.5,0.8,0.95" -> sorted fractions in (0, 1); throws std::invalid_argument otherwise.
std::vector<double> parse_reminder_fractions(const std::string& text);

}  // namespace domain
