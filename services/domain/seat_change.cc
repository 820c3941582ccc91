#include "services/domain/seat_change.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "lib/clock/clock.h"
#include "lib/fairness/fairness.h"
#include "rules/core/play.h"

namespace domain {

namespace {

using nlohmann::json;

bool contains(const std::vector<int>& values, int value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

Refusal refused(RefusalKind kind, const std::string& code, const std::string& message) {
  return Refusal{kind, message, code};
}

// The checks every step of a request shares: a game that runs, and a request open on it.
std::optional<Refusal> check_open(const GameRecord& game,
                                  const std::optional<LeaveRequest>& pending) {
  if (game.status != "active") {
    return Refusal{RefusalKind::kGameOver, "the game is " + game.status, {}};
  }
  if (!pending) {
    return refused(RefusalKind::kLeaveConflict, "no_leave_request",
                   "no player has asked to leave this game");
  }
  return std::nullopt;
}

bool after_or_at(const std::string& now, const std::string& deadline) {
  const auto a = hxclock::parse_rfc3339(now);
  const auto b = hxclock::parse_rfc3339(deadline);
  return a && b && *a >= *b;
}

}  // namespace

namespace {

// Why `seat` may not ask to leave now, if it may not.
std::optional<Refusal> check_leave(const GameRecord& game, const std::vector<int>& in_play,
                                   int seat, const std::optional<LeaveRequest>& pending,
                                   const std::optional<Replacement>& replacement,
                                   bool replacement_allowed) {
  if (seat < 0) return Refusal{RefusalKind::kNotAPlayer, "you have no seat in this game", {}};
  if (game.status != "active") {
    return Refusal{RefusalKind::kGameOver, "the game is " + game.status, {}};
  }
  if (game.players < 3) {
    return refused(RefusalKind::kLeaveRefused, "leave_not_allowed",
                   "only a game of three or more seats can be left; resign instead");
  }
  if (!contains(in_play, seat)) {
    return refused(RefusalKind::kLeaveConflict, "leave_not_allowed", "you have resigned");
  }
  if (pending) {
    return refused(RefusalKind::kLeaveConflict, "leave_pending",
                   pending->leaver + " has already asked to leave; the vote is open");
  }
  if (replacement && !replacement_allowed) {
    return refused(RefusalKind::kLeaveConflict, "replacement_not_allowed",
                   "the tournament does not allow replacement players");
  }
  if (replacement && seat_of(game, replacement->account_id) >= 0) {
    return refused(RefusalKind::kLeaveRefused, "invalid_replacement",
                   replacement->username + " already has a seat in this game");
  }
  return std::nullopt;
}

}  // namespace

std::variant<LeaveRequest, Refusal> decide_leave(const GameRecord& game,
                                                 const std::vector<MoveRecord>& moves,
                                                 const std::optional<LeaveRequest>& pending,
                                                 Id account_id,
                                                 const std::optional<Replacement>& replacement,
                                                 bool replacement_allowed,
                                                 const std::string& deadline) {
  const int seat = seat_of(game, account_id);
  const std::vector<int> in_play = seats_in_play(game, moves);
  if (auto refusal = check_leave(game, in_play, seat, pending, replacement, replacement_allowed)) {
    return *refusal;
  }
  LeaveRequest r;
  r.game_id = game.id;
  r.seat = seat;
  r.leaver_id = account_id;
  r.leaver = game.seats[seat].username;
  if (replacement) {
    r.replacement_id = replacement->account_id;
    r.replacement = replacement->username;
  }
  for (int s : in_play) {
    if (s != seat) r.voters.push_back(s);
  }
  r.deadline = deadline;
  return r;
}

std::variant<LeaveRequest, Refusal> decide_vote(const GameRecord& game,
                                                const std::optional<LeaveRequest>& pending,
                                                Id account_id, bool approve) {
  const int seat = seat_of(game, account_id);
  if (seat < 0) return Refusal{RefusalKind::kNotAPlayer, "you have no seat in this game", {}};
  if (auto refusal = check_open(game, pending)) return *refusal;
  LeaveRequest r = *pending;
  if (!contains(r.voters, seat)) {
    return refused(RefusalKind::kNotEntitled, "not_a_voter",
                   "only the other seats still in the game vote on this request");
  }
  if (contains(r.approvals, seat) || contains(r.refusals, seat)) {
    return refused(RefusalKind::kLeaveConflict, "already_voted", "you have already voted");
  }
  (approve ? r.approvals : r.refusals).push_back(seat);
  return r;
}

std::variant<LeaveRequest, Refusal> decide_accept(const GameRecord& game,
                                                  const std::optional<LeaveRequest>& pending,
                                                  Id account_id) {
  if (auto refusal = check_open(game, pending)) return *refusal;
  if (pending->replacement_id != account_id) {
    return refused(RefusalKind::kNotEntitled, "not_the_replacement",
                   "only the replacement the leaving player named can accept the seat");
  }
  if (pending->accepted) {
    return refused(RefusalKind::kLeaveConflict, "already_accepted", "you have already accepted");
  }
  LeaveRequest r = *pending;
  r.accepted = true;
  return r;
}

LeaveVerdict leave_verdict(const GameRecord& game, const std::vector<MoveRecord>& moves,
                           const LeaveRequest& r, const std::string& now) {
  const std::vector<int> in_play = seats_in_play(game, moves);
  const bool seat_held = r.seat < static_cast<int>(game.seats.size()) &&
                         game.seats[r.seat].account_id == r.leaver_id && contains(in_play, r.seat);
  if (game.status != "active" || !seat_held) return LeaveVerdict::kClose;
  if (!r.replacement_id || !r.refusals.empty()) return LeaveVerdict::kResign;
  std::vector<int> voters;
  for (int s : r.voters) {
    if (contains(in_play, s)) voters.push_back(s);
  }
  const bool everyone =
      std::all_of(voters.begin(), voters.end(), [&r](int s) { return contains(r.approvals, s); });
  const bool past = after_or_at(now, r.deadline);
  // Three or more voters: silence is consent once the deadline has come.
  const bool passed = everyone || (past && voters.size() >= 3);
  if (passed && r.accepted) return LeaveVerdict::kHandOver;
  return past ? LeaveVerdict::kResign : LeaveVerdict::kPending;
}

EntryDecision decide_handover(const Catalog& catalog, const GameRecord& game,
                              const LeaveRequest& r) {
  EntryDecision d;
  Entry& w = d.entry;
  w.game_id = game.id;
  w.expected_ply = game.ply;
  w.expected_version = game.version;
  w.seat = r.seat;
  w.account_id = *r.replacement_id;
  w.record = rules::handover_entry(r.seat, r.replacement);
  w.hash = fairness::move_hash(game.last_hash, game.ply + 1, w.record, w.draws);
  w.position = game.position;
  w.to_move = game.to_move;
  w.moved_seats = game.moved_seats;
  w.draw_offers = game.draw_offers;
  std::erase(w.draw_offers, r.seat);
  w.is_move = false;
  for (const auto& seat : game.seats) w.recipients.push_back(seat.account_id);
  w.recipients.push_back(*r.replacement_id);
  w.event_payload_json = json{
      {"game_id", std::to_string(game.id)},
      {"ply", game.ply + 1},
      {"seat", r.seat},
      {"from", r.leaver},
      {"to", r.replacement},
      {"record", w.record},
      {"to_move", w.to_move},
      {"status", "active"}}.dump();
  d.canonical = w.record;
  d.state = load_state(catalog, game);
  return d;
}

int leaver_placement(const LeaveRequest& r) { return static_cast<int>(r.voters.size()) + 1; }

std::string leave_request_json(const LeaveRequest& r) {
  return json{{"game_id", std::to_string(r.game_id)},
              {"seat", r.seat},
              {"leaver", r.leaver},
              {"replacement", r.replacement_id ? json(r.replacement) : json(nullptr)},
              {"voters", r.voters},
              {"approvals", r.approvals},
              {"refusals", r.refusals},
              {"accepted", r.accepted},
              {"status", r.status},
              {"deadline", r.deadline}}
      .dump();
}

}  // namespace domain
