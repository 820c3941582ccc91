#pragma once
// Requests to leave a multi-player game (seat_leave_requests) and the handover of a seat. Each
// change to a request also moves the game's version on (the game's JSON shows the request, so
// its ETag must change) and adds its event, in one transaction with the NOTIFY.

#include <optional>
#include <string>
#include <vector>

#include "services/domain/seat_change.h"
#include "services/storage/records.h"

namespace storage {

class ConnectionPool;
using domain::LeaveRequest;

class SeatsRepository {
 public:
  explicit SeatsRepository(ConnectionPool& pool) : pool_(pool) {}

  // The game's open request, if any.
  std::optional<LeaveRequest> pending(Id game_id);
  // Whether a replacement may take a seat of the game: a tournament game only when its
  // tournament's settings say allow_replacement; any other game always.
  bool replacement_allowed(Id game_id);

  // Stores a new request (with its id and created_at set) and a leave_requested event to the
  // other seats and the replacement. kConflict: the game has an open request already, or its
  // version moved on from `expected_version`.
  WriteOutcome create(LeaveRequest& request, std::int64_t expected_version,
                      const std::vector<Id>& recipients, const std::string& at);
  // Stores the votes and acceptance of `request` (a leave_vote or seat_accepted event, `kind`)
  // where it is still open.
  WriteOutcome update(const LeaveRequest& request, const std::string& kind,
                      const std::vector<Id>& recipients, const std::string& at);
  // Ends an open request with `status` (resigned or closed); false when it was not open.
  bool close(Id request_id, const std::string& status, const std::string& at);
  // Stores the handover entry (conditional on the game's ply and version, like a move), gives
  // the seat to the replacement and ends the request as handed_over with the leaver's placement,
  // with a seat_replaced event: one transaction.
  WriteOutcome hand_over(const domain::Entry& entry, const LeaveRequest& request,
                         int leaver_placement);
  // Games whose open request's deadline is at or before `at`.
  std::vector<Id> due(const std::string& at, int limit);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
