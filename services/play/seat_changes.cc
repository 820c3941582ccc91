// Leaving a game, as the play pipeline runs it: load the game and its open request, decide
// (services/domain/seat_change.h), store the request, then resolve it. The handover is an entry
// of the move list stored conditionally like a move; a refused handover is decided again.
#include <spdlog/spdlog.h>

#include "services/play/play_service.h"

namespace play {

namespace {

using Kind = Outcome::Kind;

constexpr int kAttempts = 5;

// Who hears of a change to the request: every seat and the replacement (for leave_requested,
// the leaver is left out: they asked).
std::vector<Id> leave_recipients(const GameRecord& game, const domain::LeaveRequest& r,
                                 bool with_leaver) {
  std::vector<Id> ids;
  for (const auto& seat : game.seats) {
    if (with_leaver || seat.seat != r.seat) ids.push_back(seat.account_id);
  }
  if (r.replacement_id) ids.push_back(*r.replacement_id);
  return ids;
}

}  // namespace

Outcome PlayService::request_leave(Id game_id, Id account_id,
                                   const std::optional<domain::Replacement>& replacement) {
  const bool allowed = !replacement || seats_.replacement_allowed(game_id);
  const auto deadline = clock_.now() + std::chrono::duration_cast<std::chrono::microseconds>(
                                           std::chrono::duration<double>(options_.leave_vote_s));
  return change_leave(game_id, "leave_requested", [&](const LoadedGame& loaded, const auto& open) {
    return domain::decide_leave(loaded.game, loaded.moves, open, account_id, replacement, allowed,
                                hxclock::to_rfc3339(deadline));
  });
}

Outcome PlayService::vote_leave(Id game_id, Id account_id, bool approve) {
  return change_leave(game_id, "leave_vote", [&](const LoadedGame& loaded, const auto& open) {
    return domain::decide_vote(loaded.game, open, account_id, approve);
  });
}

Outcome PlayService::accept_seat(Id game_id, Id account_id) {
  return change_leave(game_id, "seat_accepted", [&](const LoadedGame& loaded, const auto& open) {
    return domain::decide_accept(loaded.game, open, account_id);
  });
}

Outcome PlayService::change_leave(Id game_id, const std::string& kind,
                                  const LeaveDecision& decide) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    auto loaded = load(game_id, true);
    if (!loaded) return Outcome{};
    auto decided = decide(*loaded, seats_.pending(game_id));
    if (auto* refusal = std::get_if<domain::Refusal>(&decided)) {
      Outcome out;
      out.kind = Kind::kRefused;
      out.refusal = *refusal;
      out.game = std::move(loaded->game);
      return out;
    }
    domain::LeaveRequest r = std::get<domain::LeaveRequest>(decided);
    const bool created = kind == "leave_requested";
    if (created && !r.replacement_id) {  // nobody named: the rules' resignation, at once
      r.status = resign_leaver(r) ? "resigned" : "closed";
    } else {
      const auto recipients = leave_recipients(loaded->game, r, !created);
      const auto written = created ? seats_.create(r, loaded->game.version, recipients, now_text())
                                   : seats_.update(r, kind, recipients, now_text());
      if (written != storage::WriteOutcome::kApplied) continue;
      forget_copies(game_id);
      if (const std::string ended = resolve_leave(game_id, clock_.now()); !ended.empty()) {
        r.status = ended;
      }
    }
    auto after = load(game_id, true);
    if (!after) return Outcome{};
    Outcome out;
    out.kind = Kind::kApplied;
    out.game = std::move(after->game);
    out.moves = std::move(after->moves);
    out.leave = std::move(r);
    return out;
  }
  return gave_up(game_id);
}

std::string PlayService::resolve_leave(Id game_id, hxclock::TimePoint now) {
  const std::string at = hxclock::to_rfc3339(now);
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const auto loaded = load_at(game_id, true, at);
    const auto open = loaded ? seats_.pending(game_id) : std::nullopt;
    if (!open) return {};
    switch (domain::leave_verdict(loaded->game, loaded->moves, *open, at)) {
      case domain::LeaveVerdict::kPending:
        return {};
      case domain::LeaveVerdict::kClose:
        if (!seats_.close(open->id, "closed", at)) return "";
        forget_copies(game_id);  // the copy showed the request open
        return "closed";
      case domain::LeaveVerdict::kResign:
        return resign_leaver(*open) ? "resigned" : "closed";
      case domain::LeaveVerdict::kHandOver:
        if (hand_over(*loaded, *open, at)) return "handed_over";
        break;  // the game moved on meanwhile: decide again
    }
  }
  spdlog::warn("leave request of game {}: gave up after {} attempts", game_id, kAttempts);
  return {};
}

int PlayService::resolve_due_leaves(hxclock::TimePoint now, int limit) {
  int changed = 0;
  for (Id id : seats_.due(hxclock::to_rfc3339(now), limit)) {
    try {
      changed += resolve_leave(id, now).empty() ? 0 : 1;
    } catch (const std::exception& e) {
      spdlog::error("leave request of game {}: {}", id, e.what());
    }
  }
  return changed;
}

bool PlayService::hand_over(const LoadedGame& loaded, const domain::LeaveRequest& request,
                            const std::string& at) {
  domain::EntryDecision d = domain::decide_handover(catalog_, loaded.game, request);
  d.entry.at = at;
  const auto written = seats_.hand_over(d.entry, request, domain::leaver_placement(request));
  forget_copies(loaded.game.id);
  return written == storage::WriteOutcome::kApplied;
}

bool PlayService::resign_leaver(const domain::LeaveRequest& request) {
  Submission s;
  s.kind = Submission::Kind::kResign;
  s.game_id = request.game_id;
  s.actor.account_id = request.leaver_id;
  const bool resigned = submit(s).kind == Kind::kApplied;
  if (request.id != 0) seats_.close(request.id, resigned ? "resigned" : "closed", now_text());
  forget_copies(request.game_id);  // the copy showed the request open
  return resigned;
}

}  // namespace play
