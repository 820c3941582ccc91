#pragma once
// Messages between the players of a game, mutes and reports (migration 0012; docs/game-service.md,
// "Messages"). A message does not change its game (no ply, version or ETag change): it is
// written by one statement of its own that checks the game and the author's seat, stores the
// message, its `message` event and its `message` outbox rows, and NOTIFYs the event.

#include <optional>
#include <string>
#include <vector>

#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct MessageRecord {
  Id id = 0;
  Id game_id = 0;
  Id account_id = 0;
  std::string username;
  int seat = -1;  // the author's seat in the game
  int ply = 0;    // the game's ply when it was sent
  std::string text;
  std::string created_at;  // RFC 3339 UTC
};

struct PostedMessage {
  enum class Outcome { kPosted, kNoGame, kNotSeated, kGameOver } outcome = Outcome::kNoGame;
  MessageRecord message;  // kPosted
  Id event_id = 0;        // kPosted: the `message` event
};

struct MessageReport {
  Id id = 0;               // 0: this reporter had reported this message before
  Id event_id = 0;         // the `message_reported` event
  std::vector<Id> admins;  // its recipients
};

class MessagesRepository {
 public:
  explicit MessagesRepository(ConnectionPool& pool) : pool_(pool) {}

  // Stores `text` (already validated) as a message of the account in the game, at the game's
  // current ply, when the game runs and the account holds a seat of it: one statement. The
  // `message` event goes to the game's other seated accounts that have not muted the author; the
  // `message` outbox rows to those of them whose `message` preference is not off (bots default to
  // off).
  PostedMessage post(Id game_id, Id account_id, const std::string& text, const std::string& at);

  // The game's messages with an id above `after_id`, oldest first, at most `limit`, without the
  // messages of authors `viewer` has muted (viewer 0: every message).
  std::vector<MessageRecord> list(Id game_id, Id viewer, Id after_id, int limit);
  std::optional<MessageRecord> find(Id game_id, Id message_id);

  // Mutes and unmutes an author for `account`; false when `username` names no account (mute) or
  // was not muted (unmute).
  bool mute(Id account, const std::string& username, const std::string& at);
  bool unmute(Id account, const std::string& username);
  std::vector<std::string> muted(Id account);  // usernames, sorted

  // Records `reporter`'s report of the message and, in the same statement, a `message_reported`
  // event to every admin account (NOTIFYd). A second report of one message by one reporter
  // records nothing (id 0).
  MessageReport report(const MessageRecord& message, Id reporter, const std::string& reason,
                       const std::string& at);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
