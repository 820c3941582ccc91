#include "services/sweeper/clock_sweeper.h"

#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>
#include <stdexcept>

#include "services/domain/clock_rules.h"

namespace sweeper {

namespace {

double number(const std::map<std::string, std::string, std::less<>>& env, const std::string& name,
              double fallback, double low, double high) {
  auto it = env.find(name);
  if (it == env.end() || it->second.empty()) return fallback;
  double value = 0;
  const std::string& text = it->second;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high) {
    throw std::invalid_argument(name + " must be a number from " + std::to_string(low) + " to " +
                                std::to_string(high) + ", not '" + text + "'");
  }
  return value;
}

constexpr int kMaxBatches = 50;  // per pass and kind: a backlog is worked off over several passes

}  // namespace

ClockOptions clock_options(const std::map<std::string, std::string, std::less<>>& env) {
  ClockOptions o;
  o.vacation_days_per_year = number(env, "HEXPOST_VACATION_DAYS", 30, 0, 366);
  o.outage_threshold_s = number(env, "HEXPOST_OUTAGE_THRESHOLD_S", 600, 1, 30 * 86400);
  o.dead_game_days = static_cast<int>(number(env, "HEXPOST_DEAD_GAME_DAYS", 90, 0, 3650));
  o.sweep_interval_s = number(env, "HEXPOST_SWEEP_S", 30, 0.05, 3600);
  o.auto_vacation = number(env, "HEXPOST_AUTO_VACATION", 0, 0, 1) == 1;
  o.default_days_per_move =
      static_cast<int>(number(env, "HEXPOST_DEFAULT_DAYS_PER_MOVE", 3, 0, 60));
  o.leave_vote_s = number(env, "HEXPOST_LEAVE_VOTE_S", 2 * 86400, 60, 30 * 86400);
  if (auto it = env.find("HEXPOST_REMINDERS"); it != env.end()) {
    try {
      o.reminder_fractions =
          it->second.empty() ? std::vector<double>{} : domain::parse_reminder_fractions(it->second);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("HEXPOST_REMINDERS: ") + e.what());
    }
  }
  return o;
}

ClockSweeper::ClockSweeper(play::PlayService& play, storage::ClocksRepository& clocks,
                           hxclock::Clock& clock, ClockOptions options)
    : play_(play),
      clocks_(clocks),
      clock_(clock),
      options_(options),
      task_(std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::duration<double>(options.sweep_interval_s)),
            [this] { sweep_and_log(); }) {}

ClockSweeper::~ClockSweeper() { stop(); }

SweepReport ClockSweeper::sweep_at(hxclock::TimePoint now) {
  const std::string at = hxclock::to_rfc3339(now);
  SweepReport report;
  for (int batch = 0; batch < kMaxBatches; ++batch) {
    const std::vector<storage::Id> ids = clocks_.expired_games(at, options_.batch);
    int stored = 0;
    for (storage::Id id : ids) {
      try {
        stored += play_.expire(id, now);
      } catch (const std::exception& e) {
        spdlog::error("sweeper: game {}: {}", id, e.what());
      }
    }
    report.timeouts += stored;
    if (static_cast<int>(ids.size()) < options_.batch || stored == 0) break;
  }
  if (!options_.reminder_fractions.empty()) {
    for (int batch = 0; batch < kMaxBatches; ++batch) {
      const int sent = clocks_.send_reminders(at, options_.reminder_fractions, options_.batch);
      report.reminders += sent;
      if (sent == 0) break;
    }
  }
  if (options_.dead_game_days > 0) report.dead_games += abort_dead_games(now);
  report.vacations_ended += clocks_.report_ended_vacations(at, options_.batch);
  report.conditional_replies += play_.settle_pending_conditionals(options_.batch);
  report.leave_requests += play_.resolve_due_leaves(now, options_.batch);
  return report;
}

int ClockSweeper::abort_dead_games(hxclock::TimePoint now) {
  const int days = options_.dead_game_days;
  const hxclock::TimePoint cutoff = now - std::chrono::days(days);
  int aborted = 0;
  for (storage::Id id : clocks_.dead_games(hxclock::to_rfc3339(cutoff), options_.batch)) {
    const play::Outcome out = play_.change_status(id, [&](const storage::LoadedGame& loaded) {
      return domain::decide_dead_abort(loaded.game, cutoff, days);
    });
    if (out.kind == play::Outcome::Kind::kApplied) ++aborted;
  }
  return aborted;
}

SweepReport ClockSweeper::sweep_once() { return sweep_at(clock_.now()); }

void ClockSweeper::sweep_and_log() {
  try {
    const SweepReport r = sweep_once();
    if (r.timeouts + r.reminders + r.dead_games + r.vacations_ended + r.conditional_replies +
            r.leave_requests >
        0) {
      spdlog::info(
          "sweeper: {} timeouts, {} reminders, {} dead games, {} vacations ended, {} conditional "
          "replies, {} leave requests decided",
          r.timeouts, r.reminders, r.dead_games, r.vacations_ended, r.conditional_replies,
          r.leave_requests);
    }
  } catch (const std::exception& e) {
    spdlog::warn("sweeper pass failed (will retry): {}", e.what());
  }
}

}  // namespace sweeper
