#pragma once
// Games, seats, the move list and game events. Every write is a single statement (data-modifying
// CTEs), so it is one transaction and one round trip; the conditional UPDATE on games plus the
// (game_id, ply) primary key make a lost race visible as kConflict. Concurrent move-list entries
// of different games share one statement (WriteCombiner).

#include <pqxx/connection>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "services/storage/context_cache.h"
#include "services/storage/event_notifier.h"
#include "services/storage/move_cache.h"
#include "services/storage/records.h"
#include "services/storage/write_combiner.h"

namespace storage {

class ConnectionPool;

struct LoadedGame {
  GameRecord game;
  std::vector<MoveRecord> moves;         // only when asked for
  std::optional<StoredResponse> stored;  // the idempotency row, when a key was given
};

struct WriteResult {
  WriteOutcome outcome = WriteOutcome::kConflict;
  std::int64_t version = 0;
  Id event_id = 0;
  // append_entry: the response body with the seat clocks the write produced (what was stored for
  // the idempotency key), and those clocks as {"<seat>": {"deadline","remaining_s"}}.
  std::string response_body;
  std::string clocks_json;
};

class GamesRepository {
 public:
  explicit GamesRepository(ConnectionPool& pool);

  // The game with its seats; the moves when with_moves; the stored response for
  // (account_id, idempotency_key) when the key is not empty. `at` (RFC 3339) is the instant
  // the seats' remaining time is computed for.
  std::optional<LoadedGame> load(Id game_id, const std::string& at, bool with_moves,
                                 Id account_id = 0, const std::string& idempotency_key = "");
  std::optional<StoredResponse> stored_response(Id account_id, const std::string& key);

  struct AuthenticatedLoad {
    std::optional<Principal> principal;  // empty: unknown or revoked token (then no game)
    std::optional<LoadedGame> loaded;    // empty: no such game
  };
  // load() and AccountsRepository::find_token() in one statement (one round trip on the move
  // path); the idempotency row is the token's account's. The rate-limit bucket is not touched.
  AuthenticatedLoad load_as(const std::string& token_hash, Id game_id, const std::string& at,
                            bool with_moves, const std::string& idempotency_key = "");

  // load_as() from this instance's copies (no statement): the token's principal and the active
  // game as this instance last read or wrote them, without the idempotency row; empty unless
  // both are held. A copy may be stale: see ContextCache for what a write decided on it must
  // carry (expected_version, token_id).
  std::optional<AuthenticatedLoad> cached_context(const std::string& token_hash, Id game_id) const;
  // Keeps `after`, the game row as the caller's applied append_entry() left it, with the seat
  // clocks and the version that write produced, for the next cached_context(). Loads keep what
  // they read; applied writes forget the row held before.
  void remember(GameRecord after, const WriteResult& written);
  // A committed event of the game, from any instance (EventHub): a move event names the ply
  // the move made, and a copy behind it is forgotten; any other event forgets the copy (its
  // version moved). So a game played through two instances is read afresh instead of being
  // decided on a stale copy and refused by the write.
  void forget_cached_before(Id game_id, const std::string& event_kind, std::optional<int> ply);

  // Blocks until the entry is committed (or refused); entries of other games posted meanwhile
  // may be stored by the same statement.
  WriteResult append_entry(const EntryWrite& write);
  WriteResult update_status(const StatusWrite& write);

  // The caller's games, most urgent first (their turn, then other active games, then finished
  // ones, newest first). Keyset pagination: pass the last item's (rank, key, id).
  std::vector<GameListItem> list_for_player(Id account_id, const GameListFilter& filter,
                                            const std::optional<GameListCursor>& after, int limit,
                                            const std::string& at);
  // Any games, newest first; `before_id` is the cursor (0 = from the newest).
  std::vector<GameRecord> list(const GameListFilter& filter, Id before_id, int limit,
                               const std::string& at);

 private:
  // The moves of `loaded`: the cached prefix and the rows the statement read after it.
  void complete_moves(LoadedGame& loaded, const MoveCache::Moves& cached);

  // Queues the NOTIFY of each committed event of a comma-separated id list.
  void announce(const std::string& event_ids);

  // The combiner's flush: one statement for the batch, or each write alone when the batch
  // statement failed on one write's conflict.
  std::vector<WriteResult> write_entries(const std::vector<const EntryWrite*>& writes);
  std::vector<WriteResult> store_entries(pqxx::connection& c,
                                         const std::vector<const EntryWrite*>& writes);

  // Batches: at most 32 moves per statement, one statement at a time per instance, so that
  // moves arriving meanwhile gather into the next one. Measured at 16 clients: one in flight
  // gave 1,537-1,578 moves/s (p99 18 ms), two gave 1,314-1,355 (p99 25 ms): PostgreSQL is
  // CPU-bound on this 2-core machine, and fewer, larger batches cost less per move. The price
  // is that a batch waiting on a row lock delays the instance's other moves for that long
  // (writes hold locks for one statement only; docs/game-service.md).
  static constexpr std::size_t kMaxBatch = 32;
  static constexpr std::size_t kMaxBatchesInFlight = 1;

  ConnectionPool& pool_;
  MoveCache moves_;
  ContextCache context_;
  EventNotifier notifier_;
  WriteCombiner<EntryWrite, WriteResult, Id> combiner_;
};

}  // namespace storage
