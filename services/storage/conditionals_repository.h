#pragma once
// Conditional lines (migration 0013): the lines each seated player has stored on a game, the
// history of every set stored (for the record once the game is over), and the game row's
// has_conditionals flag. The play pipeline is the only caller (PlayService owns one).

#include <optional>
#include <string>
#include <vector>

#include "services/domain/conditional_logic.h"
#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct ConditionalLines {
  Id game_id = 0;
  Id account_id = 0;
  int seat = 0;
  int base_ply = 0;  // the lines start at ply base_ply + 1
  std::vector<domain::Line> lines;
  std::string stored_at;  // RFC 3339
};

class ConditionalsRepository {
 public:
  explicit ConditionalsRepository(ConnectionPool& pool) : pool_(pool) {}

  // Replaces the account's lines (lines.base_ply is the game's ply they were checked at) and
  // appends them to the history, when the game is still active at that ply; sets the game's
  // flag. One statement that locks the game row first, so a move racing it is either stored
  // before (then nothing is stored here: false) or sees the flag. Empty lines clear the row.
  bool store(const ConditionalLines& lines);
  // Deletes the account's lines (nothing when there are none).
  void clear(Id game_id, Id account_id);
  std::optional<ConditionalLines> find(Id game_id, Id account_id);
  std::vector<ConditionalLines> of_game(Id game_id);
  // Moves the account's row from `from_ply` on to `to_ply` with `lines` left (none: the row is
  // deleted). False when the row is no longer at `from_ply` (another instance moved it on).
  bool advance(Id game_id, Id account_id, int from_ply, int to_ply,
               const std::vector<domain::Line>& lines);
  // Deletes every line of the game (it is over).
  void clear_game(Id game_id);
  // Clears the game's flag when no line is left, under the game row's lock (a concurrent store
  // either committed before, and is seen, or waits and sets the flag again).
  void settle_flag(Id game_id);
  // Games whose lines may wait for the pipeline: a row behind the game's ply or whose seat is to
  // move, or a game that is over with rows or its flag left. At most `limit`, oldest first.
  std::vector<Id> pending_games(int limit);
  // Marks the account's "your turn" mail of the game's ply `ply` suppressed while it waits
  // (queued or held for a digest): a conditional reply answered that turn. One already sent
  // stays sent.
  void suppress_turn_mail(Id game_id, Id account_id, int ply);
  // Every set of lines stored on the game, in order.
  std::vector<ConditionalLines> history(Id game_id);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
