#pragma once
// Plain rows of the game service, as the repositories return them. No pqxx type crosses this
// interface; JSON columns travel as text, timestamps as RFC 3339 text (UTC), binary seeds as hex.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "services/domain/model.h"

namespace storage {

using domain::ChallengePlayer;
using domain::ChallengeRecord;
using domain::GameRecord;
using domain::Id;
using domain::MoveRecord;
using domain::NewGame;
using domain::SeatRecord;
using StatusWrite = domain::StatusChange;

// A decided entry as storage writes it: with the token it was made with and the HTTP answer that
// is stored with its idempotency key.
struct EntryWrite : domain::Entry {
  EntryWrite() = default;
  explicit EntryWrite(domain::Entry entry) : domain::Entry(std::move(entry)) {}
  // The token the entry is made with (0: none, as for mail-in and timeouts). The write is
  // refused once that token is revoked, so a move decided on a cached principal is never
  // stored for a revoked token.
  Id token_id = 0;
  // Idempotency: stored with the entry when key is not empty.
  std::string idempotency_key;
  std::string request_hash;
  int response_status = 201;
  // The answer to send and store. It may hold clock slots, "\x01d<seat>\x01" and
  // "\x01r<seat>\x01", which the write replaces with that seat's new deadline (a JSON string or
  // null) and remaining_s (an integer or null): the answer shows the clocks the move produced.
  std::string response_body;
};

struct AccountRecord {
  Id id = 0;
  std::string username;
  std::string email;
  std::string password_hash;
  bool is_bot = false;
  bool is_admin = false;
  std::vector<std::string> scopes;
  std::string created_at;
};

struct TokenRecord {
  Id id = 0;
  std::string name;
  std::string prefix;
  std::vector<std::string> scopes;
  std::string created_at;
  bool revoked = false;
};

// Who a bearer token belongs to, plus the outcome of its rate-limit bucket for this request.
struct Principal {
  Id token_id = 0;
  Id account_id = 0;
  std::string username;
  bool is_bot = false;
  std::vector<std::string> scopes;
  std::string token_hash;  // hex SHA-256 as stored, for the constant-time check
  bool allowed = true;     // the bucket had a token for this request
  double remaining = 0;    // tokens left after this request
};

struct RateLimit {
  double capacity = 120;     // burst
  double refill_per_s = 20;  // sustained requests per second
};

struct StoredResponse {
  std::string request_hash;
  int status = 0;
  std::string body;
};

enum class WriteOutcome { kApplied, kConflict, kDuplicateKey };

struct GameListFilter {
  std::optional<Id> account_id;  // games with this player
  std::string game;              // empty: any
  std::string status;            // empty: any; active, finished, aborted
  bool my_turn_only = false;     // with account_id
};

struct GameListCursor {
  int rank = 0;
  double key = 0;
  Id game_id = 0;
};

struct GameListItem {
  GameRecord game;  // without position-derived fields beyond the row
  int rank = 0;
  double key = 0;
};

}  // namespace storage
