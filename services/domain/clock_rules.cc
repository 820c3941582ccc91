#include "services/domain/clock_rules.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>

namespace domain {

namespace {

using nlohmann::json;

// An integer member in [low, high]; the problem names it.
std::optional<ClockProblem> read_days(const json& object, const char* name, int low, int high,
                                      int& out) {
  if (!object.contains(name)) return ClockProblem{std::string(name) + " is required"};
  const json& value = object.at(name);
  if (!value.is_number_integer() || value.get<long long>() < low || value.get<long long>() > high) {
    return ClockProblem{std::string(name) + " must be an integer from " + std::to_string(low) +
                        " to " + std::to_string(high)};
  }
  out = static_cast<int>(value.get<long long>());
  return std::nullopt;
}

std::optional<ClockProblem> read_flag(const json& clock, const char* name, bool& out) {
  if (!clock.contains(name)) return std::nullopt;
  if (!clock.at(name).is_boolean()) return ClockProblem{std::string(name) + " must be a boolean"};
  out = clock.at(name).get<bool>();
  return std::nullopt;
}

std::optional<ClockProblem> read_bank(const json& bank, TimeControl& tc) {
  if (!bank.is_object()) return ClockProblem{"bank must be an object"};
  for (const auto& [key, value] : bank.items()) {
    if (key != "initial_days" && key != "increment_days" && key != "max_days") {
      return ClockProblem{"unknown bank field '" + key + "'"};
    }
  }
  if (auto p = read_days(bank, "initial_days", 1, 60, tc.initial_days)) return p;
  if (auto p = read_days(bank, "increment_days", 0, 30, tc.increment_days)) return p;
  if (auto p = read_days(bank, "max_days", tc.initial_days, 120, tc.max_days)) {
    return ClockProblem{"max_days must be an integer from initial_days (" +
                        std::to_string(tc.initial_days) + ") to 120"};
  }
  return std::nullopt;
}

std::optional<ClockProblem> check_fields(const json& clock) {
  static const std::vector<std::string> kKnown = {"type", "days_per_move", "bank", "vacation",
                                                  "weekends_off"};
  for (const auto& [key, value] : clock.items()) {
    if (std::find(kKnown.begin(), kKnown.end(), key) == kKnown.end()) {
      return ClockProblem{"unknown clock field '" + key + "'"};
    }
  }
  return std::nullopt;
}

std::string explicit_type(const json& clock) {
  if (clock.contains("type"))
    return clock.at("type").is_string() ? clock.at("type").get<std::string>() : "?";
  if (clock.contains("bank")) return "bank";
  if (clock.contains("days_per_move")) return "per_move";
  return clock.empty() ? "none" : "?";
}

}  // namespace

std::variant<TimeControl, ClockProblem> parse_time_control(const json& clock) {
  TimeControl tc;
  if (clock.is_null()) return tc;
  if (!clock.is_object()) return ClockProblem{"clock must be an object"};
  if (auto p = check_fields(clock)) return *p;
  const std::string type = explicit_type(clock);
  if (type == "none") {
    if (clock.contains("days_per_move") || clock.contains("bank")) {
      return ClockProblem{"an unclocked game takes no days_per_move or bank"};
    }
    return tc;
  }
  if (type == "per_move") {
    if (clock.contains("bank")) return ClockProblem{"days_per_move and bank exclude each other"};
    tc.type = TimeControl::Type::kPerMove;
    if (auto p = read_days(clock, "days_per_move", 1, 60, tc.days_per_move)) return *p;
  } else if (type == "bank") {
    if (clock.contains("days_per_move")) {
      return ClockProblem{"days_per_move and bank exclude each other"};
    }
    tc.type = TimeControl::Type::kBank;
    if (!clock.contains("bank")) return ClockProblem{"bank is required"};
    if (auto p = read_bank(clock.at("bank"), tc)) return *p;
  } else {
    return ClockProblem{"type must be none, per_move or bank"};
  }
  if (auto p = read_flag(clock, "vacation", tc.vacation)) return *p;
  if (auto p = read_flag(clock, "weekends_off", tc.weekends_off)) return *p;
  return tc;
}

bool names_no_clock(const json& clock) {
  return clock.is_null() || (clock.is_object() && clock.empty());
}

TimeControl default_time_control(int days_per_move) {
  TimeControl tc;
  if (days_per_move > 0) {
    tc.type = TimeControl::Type::kPerMove;
    tc.days_per_move = days_per_move;
  }
  return tc;
}

json to_json(const TimeControl& tc) {
  using T = TimeControl::Type;
  if (tc.type == T::kNone) return {{"type", "none"}};
  json out = {{"vacation", tc.vacation}, {"weekends_off", tc.weekends_off}};
  if (tc.type == T::kPerMove) {
    out["type"] = "per_move";
    out["days_per_move"] = tc.days_per_move;
  } else {
    out["type"] = "bank";
    out["bank"] = {{"initial_days", tc.initial_days},
                   {"increment_days", tc.increment_days},
                   {"max_days", tc.max_days}};
  }
  return out;
}

std::string time_control_tag(const std::string& stored_clock_json) {
  const json clock = json::parse(stored_clock_json, nullptr, false);
  if (clock.is_discarded()) return "-";
  auto parsed = parse_time_control(clock);
  if (std::holds_alternative<ClockProblem>(parsed)) return "-";
  const TimeControl& tc = std::get<TimeControl>(parsed);
  using T = TimeControl::Type;
  if (tc.type == T::kNone) return "-";
  std::string tag = tc.type == T::kPerMove ? std::to_string(tc.days_per_move) + "d/move"
                                           : std::to_string(tc.initial_days) + "d+" +
                                                 std::to_string(tc.increment_days) + "d max " +
                                                 std::to_string(tc.max_days) + "d";
  if (tc.weekends_off) tag += ", weekends off";
  if (!tc.vacation) tag += ", no vacation";
  return tag;
}

bool vacation_allowed(const std::string& stored_clock_json) {
  const json clock = json::parse(stored_clock_json, nullptr, false);
  if (clock.is_discarded()) return false;
  auto parsed = parse_time_control(clock);
  if (std::holds_alternative<ClockProblem>(parsed)) return false;
  const TimeControl& tc = std::get<TimeControl>(parsed);
  return tc.type != TimeControl::Type::kNone && tc.vacation;
}

std::vector<int> expired_seats(const GameRecord& game, hxclock::TimePoint now) {
  std::vector<int> seats;
  if (game.status != "active") return seats;
  for (const auto& s : game.seats) {
    if (s.deadline.empty()) continue;
    const auto deadline = hxclock::parse_rfc3339(s.deadline);
    if (deadline && *deadline <= now) seats.push_back(s.seat);
  }
  return seats;
}

std::optional<Refusal> check_deadline(const GameRecord& game, Id account_id,
                                      hxclock::TimePoint now) {
  const int seat = seat_of(game, account_id);
  const std::vector<int> expired = expired_seats(game, now);
  if (seat < 0 || std::find(expired.begin(), expired.end(), seat) == expired.end()) {
    return std::nullopt;
  }
  return Refusal{RefusalKind::kTimeExpired,
                 "your time ran out at " + game.seats[seat].deadline + "; the game is forfeited",
                 {}};
}

std::variant<EntryDecision, Refusal> decide_timeout(const Catalog& catalog, const GameRecord& game,
                                                    int seat) {
  if (seat < 0 || seat >= static_cast<int>(game.seats.size())) {
    return Refusal{RefusalKind::kNotAPlayer, "no such seat", {}};
  }
  auto decided = decide_resign(catalog, game, game.seats[seat].account_id);
  if (auto* refusal = std::get_if<Refusal>(&decided)) return *refusal;
  EntryDecision& d = std::get<EntryDecision>(decided);
  const std::string& who = game.seats[seat].username;
  d.entry.extra_event_kind = "timeout";
  d.entry.extra_event_payload_json = json{
      {"game_id", std::to_string(game.id)},
      {"seat", seat},
      {"username", who},
      {"ply", game.ply + 1},
      {"deadline",
       game.seats[seat].deadline}}.dump();
  if (d.entry.finished) {
    json result = json::parse(d.entry.result_json);
    result["summary"] = who + " lost on time";
    result["termination"] = "timeout";
    d.entry.result_json = result.dump();
    d.entry.finished_event_json = finished_event_json(game, d.entry.result_json);
  }
  return std::move(d);
}

std::variant<StatusChange, Refusal> decide_dead_abort(const GameRecord& game,
                                                      hxclock::TimePoint cutoff, int days) {
  if (game.status != "active") {
    return Refusal{RefusalKind::kGameOver, "the game is " + game.status, {}};
  }
  const auto updated = hxclock::parse_rfc3339(game.updated_at);
  const auto control = parse_time_control(json::parse(game.clock_json, nullptr, false));
  const bool unclocked = std::holds_alternative<TimeControl>(control) &&
                         std::get<TimeControl>(control).type == TimeControl::Type::kNone;
  if (!unclocked || !updated || *updated > cutoff) {
    return Refusal{RefusalKind::kBadRequest, "the game is not abandoned", {}};
  }
  return aborted(game,
                 json{{"summary", "aborted: no move for " + std::to_string(days) + " days"},
                      {"seats", json::array()},
                      {"termination", "dead_game"}}
                     .dump(),
                 json{{"game_id", std::to_string(game.id)},
                      {"seat", nullptr},
                      {"status", "aborted"},
                      {"reason", "dead_game"}}
                     .dump());
}

std::vector<double> parse_reminder_fractions(const std::string& text) {
  std::vector<double> fractions;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    double value = 0;
    auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (ec != std::errc() || end != item.data() + item.size() || !(value > 0 && value < 1)) {
      throw std::invalid_argument("reminder fractions must be numbers in (0, 1), not '" + item +
                                  "'");
    }
    fractions.push_back(value);
  }
  std::sort(fractions.begin(), fractions.end());
  fractions.erase(std::unique(fractions.begin(), fractions.end()), fractions.end());
  return fractions;
}

}  // namespace domain
