#pragma once
// The game service's model: games, seats, moves and challenges as plain values, and the changes
// the domain decides (an Entry for the move list, a StatusChange for draws and aborts).
// Storage maps these to SQL; the decisions (game_logic.h, clock_rules.h) take and return them.
// JSON columns travel as text, timestamps as RFC 3339 text (UTC), binary seeds as hex.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace domain {

using Id = std::int64_t;

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
  // Some seat may have conditional lines stored (games.has_conditionals, as loaded).
  bool has_conditionals = false;
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

// One entry appended to a game's move list (a move, a resignation or a timeout), with every
// change to the game row that comes with it: the domain decides the whole new row, and storage
// writes it on the condition that the game is still at expected_ply and expected_version.
struct Entry {
  Id game_id = 0;
  int expected_ply = 0;               // the ply the player saw; the entry becomes expected_ply + 1
  std::int64_t expected_version = 0;  // the version the decision was made against
  int seat = 0;
  Id account_id = 0;
  std::string record;
  std::string draws;
  std::string hash;
  std::string position;
  std::vector<int> to_move;
  std::vector<int> moved_seats;  // after the entry: the seats that have made a move
  std::vector<int> draw_offers;  // after the entry: the mover's own standing offer, if any
  bool is_move = true;           // a move (counts for abort) rather than a resignation
  bool finished = false;
  std::string result_json;                     // when finished
  std::vector<std::optional<int>> placements;  // per seat, when finished
  std::vector<std::optional<double>> scores;
  std::string finished_event_json = "{}";  // when finished: the game_finished payload
  std::string event_payload_json = "{}";
  std::vector<Id> recipients;
  // The clock's instant (RFC 3339): timestamps, deadlines, and the check that a move comes
  // before the mover's deadline.
  std::string at;
  // One more event in the same transaction (a timeout's "timeout"); empty kind: none.
  std::string extra_event_kind;
  std::string extra_event_payload_json = "{}";
};

// A change of status or draw offers without a move-list entry (draw offers, agreed draws,
// aborts), conditional on the version the decision was made against.
struct StatusChange {
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

}  // namespace domain
