#pragma once
// Games, seats, the move list and game events. Every write is a single statement (data-modifying
// CTEs), so it is one transaction and one round trip; the conditional UPDATE on games plus the
// (game_id, ply) primary key make a lost race visible as kConflict. write_entries() stores the
// entries of several games in one statement (the play pipeline batches them). No copies are
// kept here: the play pipeline owns every cache.

#include <pqxx/connection>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "services/storage/event_notifier.h"
#include "services/storage/records.h"

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
  // write_entries: the response body with the seat clocks the write produced (what was stored for
  // the idempotency key), and those clocks as {"<seat>": {"deadline","remaining_s"}}.
  std::string response_body;
  std::string clocks_json;
  // write_entries: the game has conditional lines stored (games.has_conditionals as the write
  // found the row, after any store that held its lock).
  bool has_conditionals = false;
  // write_entries: the committed events of an applied write (comma-separated ids), for
  // announce(). Not announced yet: see write_entries.
  std::string event_ids;
};

class GamesRepository {
 public:
  explicit GamesRepository(ConnectionPool& pool);

  // The game with its seats; the moves after ply `moves_after` when with_moves; the stored
  // response for (account_id, idempotency_key) when the key is not empty. `at` (RFC 3339) is the
  // instant the seats' remaining time is computed for.
  std::optional<LoadedGame> load(Id game_id, const std::string& at, bool with_moves,
                                 Id account_id = 0, const std::string& idempotency_key = "",
                                 int moves_after = 0);
  std::optional<StoredResponse> stored_response(Id account_id, const std::string& key);

  struct AuthenticatedLoad {
    std::optional<Principal> principal;  // empty: unknown or revoked token (then no game)
    std::optional<LoadedGame> loaded;    // empty: no such game
  };
  // load() and AccountsRepository::find_token() in one statement (one round trip on the move
  // path); the idempotency row is the token's account's. The rate-limit bucket is not touched.
  AuthenticatedLoad load_as(const std::string& token_hash, Id game_id, const std::string& at,
                            bool with_moves, const std::string& idempotency_key = "",
                            int moves_after = 0);

  // Stores each entry where its game is still at the entry's expected ply and version, the
  // mover's deadline has not passed and its token is live: one statement for all of them, or
  // each alone when the statement failed on one write's conflict. One result per write, in
  // order; a refused write is kConflict (or kDuplicateKey for a reused idempotency key). At
  // most one write per game. The events are not announced: the caller brings its copies of the
  // games up to date first, then announces each applied write's events (announce()), so that
  // this instance's event hub never reads an event its own copies are behind.
  std::vector<WriteResult> write_entries(const std::vector<const EntryWrite*>& writes);
  // Queues the NOTIFY of each event of a write_entries result (nothing for a refused write).
  void announce(const WriteResult& written);
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
  std::vector<WriteResult> store_entries(pqxx::connection& c,
                                         const std::vector<const EntryWrite*>& writes);

  ConnectionPool& pool_;
  EventNotifier notifier_;
};

}  // namespace storage
