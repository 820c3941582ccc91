#pragma once
// Challenges: direct invitations and open seeks. Accepting the last seat starts the game in the
// same transaction (the domain layer decides the game through a callback).

#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct NewChallenge {
  Id creator_id = 0;
  std::string game;
  int players = 2;
  std::string options_json = "{}";
  std::string clock_json = "{}";
  bool rated = false;
  std::vector<Id> opponents;  // empty: open seek
  std::string creator_seed;
  std::string server_seed_hex;
  std::string commitment;
  int expires_in_s = 7 * 24 * 3600;
  std::string at;  // creation time from the injected clock (RFC 3339); expiry counts from it
};

enum class AcceptStatus {
  kJoined,   // a seat was taken; the challenge waits for more players
  kStarted,  // the last seat was taken; game_id is set
  kNotFound,
  kClosed,  // started, declined, cancelled or expired
  kNotInvited,
  kAlreadyJoined,
  kRejected,  // the domain refused to start the game (message says why)
};

struct AcceptResult {
  AcceptStatus status = AcceptStatus::kNotFound;
  std::optional<Id> game_id;
  std::string message;
};

// Decides the game once every seat is filled: the challenge (players_list in slot order) and the
// new game's id in, the game or an error message out.
using GameStarter =
    std::function<std::variant<NewGame, std::string>(const ChallengeRecord&, Id game_id)>;

enum class DeclineStatus {
  kDeclined,   // an invitee declined: status declined
  kCancelled,  // the creator withdrew it: status cancelled
  kNotFound,
  kClosed,
  kNotInvited,  // decline: neither invited nor the creator
  kNotCreator,  // cancel: not the creator
};

class ChallengesRepository {
 public:
  explicit ChallengesRepository(ConnectionPool& pool) : pool_(pool) {}

  ChallengeRecord create(const NewChallenge& challenge);
  // `at` (RFC 3339, from the injected clock) decides whether an open challenge has expired.
  std::optional<ChallengeRecord> find(Id id, const std::string& at);
  // Open challenges the account created, is invited to, or can join (open seeks), newest first.
  std::vector<ChallengeRecord> list_open(Id account_id, int limit, const std::string& at);
  AcceptResult accept(Id challenge_id, Id account_id, const std::string& player_seed,
                      const GameStarter& start, const std::string& at);
  // An invitee declines, or the creator withdraws (status cancelled).
  DeclineStatus decline(Id challenge_id, Id account_id, const std::string& reason,
                        const std::string& at);
  // Only the creator withdraws an open challenge (status cancelled).
  DeclineStatus cancel(Id challenge_id, Id account_id, const std::string& reason,
                       const std::string& at);

 private:
  // Closes an open challenge as declined (an invitee) or cancelled (the creator), with its event
  // (payload `by`: who closed it); `creator_only` refuses everyone but the creator.
  DeclineStatus close(Id challenge_id, Id account_id, const std::string& reason,
                      const std::string& at, bool creator_only);

  ConnectionPool& pool_;
};

}  // namespace storage
