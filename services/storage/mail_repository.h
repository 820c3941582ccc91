#pragma once
// Play by email (docs/mail.md): notification preferences, the mail secret, the outbox,
// suppressed addresses and inbound de-duplication. Outbox rows of notifications are written in the
// event's own transaction: by the move statement for moves (GamesRepository::write_entries,
// migration 0008), by the game_events trigger for the other kinds.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct MailAccount {
  Id id = 0;
  std::string username;
  std::string email;
  std::string secret;  // the mail secret as hex text: the HMAC key of tags
  bool suppressed = false;
  int hard_bounces = 0;
};

// An outbox row waiting to be rendered.
struct OutboxItem {
  Id id = 0;
  Id account_id = 0;
  std::string kind;  // your_turn, game_over, challenge, reminder, tournament_*, reply, digest
  std::string event_kind;
  Id game_id = 0;  // 0: none
  int ply = 0;
  std::string payload_json = "{}";
  std::string created_at;
};

struct RenderedRow {
  Id id = 0;
  std::string message_id;
  std::string to_address;
  std::string subject;
  std::string message;
};

// A rendered row claimed for sending.
struct ClaimedMail {
  Id id = 0;
  std::string message_id;
  std::string to_address;
  std::string message;
  int attempts = 0;  // before this one
  bool suppressed = false;
};

enum class SendVerdict { kSent, kRetry, kFailed, kHardBounce, kSuppressed };

struct SendOutcome {
  SendVerdict verdict = SendVerdict::kSent;
  std::string error;
  std::string next_attempt_at;  // for kRetry (RFC 3339)
  bool stop_batch = false;      // the server is unreachable: leave the rest for later
};

struct SuppressionState {
  int hard_bounces = 0;
  bool suppressed = false;
};

class MailRepository {
 public:
  explicit MailRepository(ConnectionPool& pool) : pool_(pool) {}

  // ---- preferences and secrets
  std::map<std::string, std::string> preferences(Id account_id);  // only the stored ones
  void set_preferences(Id account_id, const std::map<std::string, std::string>& modes);
  void rotate_secret(Id account_id);
  std::optional<MailAccount> account(Id account_id);
  SuppressionState suppression(const std::string& address);

  // ---- sending
  std::vector<OutboxItem> unrendered(const std::string& now, int limit);
  std::vector<OutboxItem> digest_items(Id digest_id);
  // Stores the rendering once (a row already rendered keeps its first one).
  void store_rendered(const RenderedRow& row);
  // A row that cannot be rendered (its recipient or game is gone, or rendering failed) is
  // marked failed, so it does not come back on every pass.
  void fail_unrendered(Id id, const std::string& error);
  // Folds held digest rows into one digest row per account whose oldest held row is at least
  // period_s old. Returns the number of digests made.
  int make_digests(const std::string& now, double period_s);
  // Claims up to `limit` due rendered rows (FOR UPDATE SKIP LOCKED) in one transaction, calls
  // `send` for each, records each outcome and commits. Rows stay locked while they are sent, so
  // a crash leaves them queued and they are sent again, with the same Message-ID. Returns the
  // number of rows claimed.
  int send_due(const std::string& now, int limit, int hard_bounce_limit,
               const std::function<SendOutcome(const ClaimedMail&)>& send);

  // Deletes up to `limit` outbox rows created before `before` and up to `limit` inbound
  // Message-IDs received before it (both found by index, migration 0010).
  void purge_before(const std::string& before, int limit);

  // ---- inbound
  struct SeatIdentity {
    Id account_id = 0;
    std::string email;
    std::string secret;
  };
  std::optional<SeatIdentity> seat_identity(Id game_id, int seat);
  // False when the Message-ID was seen before: handled (an outcome is recorded), or taken by
  // another delivery less than 10 minutes ago. An attempt that never recorded its outcome (the
  // process died, the database failed) is taken over after 10 minutes, so the MTA's retry
  // applies the mail.
  bool claim_inbound(const std::string& message_id, const std::string& now);
  void set_inbound_outcome(const std::string& message_id, const std::string& outcome);
  void forget_inbound(const std::string& message_id);
  Id enqueue_reply(Id account_id, Id game_id, const std::string& payload_json,
                   const std::string& now);
  // Turns preference `kind` off (one-click unsubscribe).
  void unsubscribe(Id account_id, const std::string& kind);
  // The creator's username and the game of a challenge ("" when unknown).
  std::pair<std::string, std::string> challenge_summary(Id challenge_id);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
