#pragma once
// Plain rows of the game service, as the repositories return them. No pqxx type crosses this
// interface; JSON columns travel as text, timestamps as RFC 3339 text (UTC), binary seeds as hex.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace storage {

using Id = std::int64_t;

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

struct ChallengePlayer {
  Id account_id = 0;
  std::string username;
  std::optional<int> slot;  // join order; empty while only invited
  bool accepted = false;
  std::string player_seed;
};

struct ChallengeRecord {
  Id id = 0;
  Id creator_id = 0;
  std::string creator;
  std::string game;
  int players = 2;
  std::string options_json = "{}";
  std::string clock_json = "{}";
  bool rated = false;
  bool open_seek = false;
  std::string status;  // open, started, declined, cancelled, expired
  std::string server_seed_hex;
  std::string commitment;
  std::string decline_reason;
  std::optional<Id> game_id;
  std::string created_at;
  std::string expires_at;
  std::vector<ChallengePlayer> players_list;
};

struct SeatRecord {
  int seat = 0;
  Id account_id = 0;
  std::string username;
  int slot = 0;
  std::string player_seed;
  std::optional<int> placement;
  std::optional<double> score;
  std::string deadline;  // RFC 3339; empty when this seat's clock does not run
  std::optional<double>
      remaining_s;  // running time left (the bank when not running); none: unclocked
};

struct GameRecord {
  Id id = 0;
  std::string game;
  int players = 2;
  std::string options_json = "{}";
  std::string clock_json = "{}";
  bool rated = false;
  std::optional<Id> challenge_id;
  std::string status;  // active, finished, aborted
  int ply = 0;
  std::int64_t version = 1;
  std::string position;
  std::vector<int> to_move;
  std::vector<int> moved_seats;
  std::vector<int> draw_offers;
  std::string result_json;  // empty while the game runs
  std::string server_seed_hex;
  std::string commitment;
  std::string game_seed_hex;
  std::string setup_draws;
  std::string last_hash;
  std::string created_at;
  std::string updated_at;
  std::string finished_at;  // empty while the game runs
  std::vector<SeatRecord> seats;
};

struct MoveRecord {
  int ply = 0;
  int seat = 0;
  std::string username;
  std::string record;
  std::string draws;
  std::string hash;
  std::string created_at;
};

struct StoredResponse {
  std::string request_hash;
  int status = 0;
  std::string body;
};

// A new game, decided by the domain layer when the last seat of a challenge is filled.
struct NewGame {
  std::string position;
  std::vector<int> to_move;
  std::string game_seed_hex;
  std::string setup_draws;
  std::vector<Id> seat_accounts;  // account per seat, seat order
  std::vector<int> seat_slots;    // slot per seat
  std::vector<std::string> seat_seeds;
};

// One entry appended to a game's move list (a move or a resignation), with everything that
// changes with it. Written by one statement, so atomically.
struct EntryWrite {
  Id game_id = 0;
  int expected_ply = 0;               // the ply the player saw; the entry becomes expected_ply + 1
  std::int64_t expected_version = 0;  // the version the decision was made against
  int seat = 0;
  Id account_id = 0;
  // The token the entry is made with (0: none, as for the sweeper's timeouts). The write is
  // refused once that token is revoked, so a move decided on a cached principal
  // (ContextCache) is never stored for a revoked token.
  Id token_id = 0;
  std::string record;
  std::string draws;
  std::string hash;
  std::string position;
  std::vector<int> to_move;
  bool is_move = true;  // a move (counts for abort) rather than a resignation
  bool finished = false;
  std::string result_json;                     // when finished
  std::vector<std::optional<int>> placements;  // per seat, when finished
  std::vector<std::optional<double>> scores;
  std::string event_payload_json = "{}";
  std::vector<Id> recipients;
  // Idempotency: stored with the entry when key is not empty.
  std::string idempotency_key;
  std::string request_hash;
  int response_status = 201;
  // The answer to send and store. It may hold clock slots, "\x01d<seat>\x01" and
  // "\x01r<seat>\x01", which the write replaces with that seat's new deadline (a JSON string or
  // null) and remaining_s (an integer or null): the answer shows the clocks the move produced
  // (api::dump_with_clock_slots makes them).
  std::string response_body;
  // The clock's instant (RFC 3339): timestamps, deadlines, and the check that a move comes
  // before the mover's deadline.
  std::string at;
  // One more event in the same transaction (the sweeper's "timeout"); empty kind: none.
  std::string extra_event_kind;
  std::string extra_event_payload_json = "{}";
};

// A change of status or draw offers without a move-list entry (draw offers, agreed draws,
// aborts), conditional on the version the decision was made against.
struct StatusWrite {
  Id game_id = 0;
  std::int64_t expected_version = 0;
  std::string status;  // new status
  std::vector<int> draw_offers;
  std::vector<int> to_move;
  bool finished = false;  // status became finished or aborted
  std::string result_json;
  std::vector<std::optional<int>> placements;
  std::vector<std::optional<double>> scores;
  std::string event_kind;
  std::string event_payload_json = "{}";
  std::vector<Id> recipients;
  std::string at;  // the clock's instant (RFC 3339)
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
