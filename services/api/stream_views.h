#pragma once
// What the bot streams send (docs/bot-protocol.md): game_events rows rendered for one
// account, the opening snapshot, and the framing of ndjson and Server-Sent Events.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "services/storage/event_feed.h"
#include "services/storage/records.h"

namespace api {

class GameService;

// The line for `event` as `account` sees it. `type` is what a bot switches on:
//   challenge_received / challenge_created (the account created it) / challenge_accepted /
//   challenge_declined / challenge_cancelled / challenge_expired: with "challenge" (the
//     challenge document plus "creator_is_bot");
//   game_started, move: with "your_turn" when the account is to move;
//   your_turn: a move after which the account is to move (game_id, ply, last_move, deadline,
//     legal_move_count);
//   game_finished, game_aborted, timeout, draw_*, reminder, tournament_*, ...: the kind itself.
// Every line has "id" (the event id, a string), "kind" (the game_events kind), "payload"
// and "created_at".
nlohmann::json account_event_line(GameService& service, const storage::EventRecord& event,
                                  storage::Id account);

// The opening snapshot: challenges waiting for the account's answer and games where it is to
// move, as lines without "id" and with "snapshot": true.
std::vector<nlohmann::json> opening_snapshot(GameService& service, storage::Id account);

// The turn summary of a game for `account` (null when it is not the account's turn).
nlohmann::json turn_info(GameService& service, const storage::GameRecord& game, storage::Id account,
                         const std::string& last_move);

// Framing. ndjson: one JSON document per line, heartbeat = empty line. SSE: "id:", "event:"
// and "data:" lines, heartbeat = a comment line.
std::string frame(const nlohmann::json& line, bool sse);
std::string heartbeat_frame(bool sse);

}  // namespace api
