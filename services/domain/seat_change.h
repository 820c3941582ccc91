#pragma once
// Leaving a multi-player game: a seated player asks to leave, naming a replacement; the other
// seats still in the game vote; the replacement accepts; and the seat passes to the replacement
// (a "handover N NAME" entry) or the leaver resigns. Pure decisions over the model; the play
// pipeline (services/play/seat_changes.cc) loads, stores and resolves.
//
// The voting rule (the HexiMeros sheet's Rules For Voting are not known; interpretation I-HM-37
// in rules/heximeros/README.md, applied to every game with three or more seats):
// - one "no" ends the request at once: the leaver resigns;
// - with three or more voters, the vote passes when nobody has said no by the deadline (no vote
//   counts as yes), or earlier once everyone has said yes;
// - with two voters ("the resignation will leave only two players") or one ("a single player",
//   who may refuse in favour of a concession) every voter must say yes: no vote counts as no;
// - the seat passes when the vote has passed and the replacement has accepted; at the deadline,
//   anything else is the leaver's resignation.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "services/domain/game_logic.h"
#include "services/domain/model.h"

namespace domain {

struct LeaveRequest {
  Id id = 0;
  Id game_id = 0;
  int seat = 0;
  Id leaver_id = 0;
  std::string leaver;
  std::optional<Id> replacement_id;  // none: the leaver named nobody (a resignation at once)
  std::string replacement;
  std::vector<int> voters;  // the other seats still in the game when the request was made
  std::vector<int> approvals;
  std::vector<int> refusals;
  bool accepted = false;
  std::string status = "pending";  // pending, handed_over, resigned, closed
  std::string deadline;            // RFC 3339
  std::string created_at;
};

// The replacement as the request names it (looked up by the caller).
struct Replacement {
  Id account_id = 0;
  std::string username;
};

// A request of `account` to leave `game`. `pending`: the game's open request, if any;
// `replacement_allowed`: false in a tournament game whose organiser does not allow replacements.
// `deadline`: the end of the vote (RFC 3339).
std::variant<LeaveRequest, Refusal> decide_leave(const GameRecord& game,
                                                 const std::vector<MoveRecord>& moves,
                                                 const std::optional<LeaveRequest>& pending,
                                                 Id account_id,
                                                 const std::optional<Replacement>& replacement,
                                                 bool replacement_allowed,
                                                 const std::string& deadline);

// A vote by `account` on the game's open request: the request with the vote counted.
std::variant<LeaveRequest, Refusal> decide_vote(const GameRecord& game,
                                                const std::optional<LeaveRequest>& pending,
                                                Id account_id, bool approve);
// The named replacement accepts the seat: the request with the acceptance.
std::variant<LeaveRequest, Refusal> decide_accept(const GameRecord& game,
                                                  const std::optional<LeaveRequest>& pending,
                                                  Id account_id);

enum class LeaveVerdict { kPending, kHandOver, kResign, kClose };
// What the request comes to at `now` (RFC 3339, compared as instants), on the game and its
// moves: kClose when the game is over, or the leaver's seat is out of play (resigned or timed out
// meanwhile) or no longer theirs: the request has nothing left to decide. Voters who left the
// game meanwhile no longer count.
LeaveVerdict leave_verdict(const GameRecord& game, const std::vector<MoveRecord>& moves,
                           const LeaveRequest& request, const std::string& now);

// The handover entry: "handover N NAME" at the next ply, hash-chained, the position unchanged;
// the seat's draw offer is withdrawn (the replacement has not offered).
EntryDecision decide_handover(const Catalog& catalog, const GameRecord& game,
                              const LeaveRequest& request);
// The placement the leaver is rated with, as a resignation at the handover: after every seat
// still in the game (their number, the leaver included).
int leaver_placement(const LeaveRequest& request);

// The request as the game's JSON and the events show it.
std::string leave_request_json(const LeaveRequest& request);

}  // namespace domain
