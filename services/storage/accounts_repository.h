#pragma once
// Accounts, tokens and per-token rate-limit buckets.

#include <optional>
#include <string>
#include <vector>

#include "services/storage/rate_buckets.h"
#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct NewAccount {
  std::string username;
  std::string email;
  std::string password_hash;
  bool is_bot = false;
  bool is_admin = false;
  std::vector<std::string> scopes;
};

struct NewToken {
  std::string name;
  std::vector<std::string> scopes;
  std::string token_hash;  // hex SHA-256
  std::string prefix;
};

class AccountsRepository {
 public:
  explicit AccountsRepository(ConnectionPool& pool) : pool_(pool), buckets_(pool) {}

  // Creates the account and its first token in one transaction. Empty when the username is
  // taken (case-insensitively).
  std::optional<Id> create_account(const NewAccount& account, const NewToken& token);
  std::optional<AccountRecord> find_by_username(const std::string& username);
  std::optional<AccountRecord> find_by_id(Id id);
  // Ids for the usernames, in the same order; an unknown name gives 0.
  std::vector<Id> ids_for(const std::vector<std::string>& usernames);

  Id create_token(Id account_id, const NewToken& token);
  std::vector<TokenRecord> list_tokens(Id account_id);
  // False when no live token with that id belongs to the account.
  bool revoke_token(Id account_id, Id token_id);

  // Looks the token up by its hash (a read: revocation takes effect on the next request) and
  // takes one request from its bucket (rate_buckets.h). Empty for an unknown or revoked token.
  std::optional<Principal> authenticate(const std::string& token_hash, const RateLimit& limit);
  // The two halves of authenticate(), for callers that fold the lookup into another statement
  // (GamesRepository::load_as).
  std::optional<Principal> find_token(const std::string& token_hash);
  BucketDecision take_request(Id token_id, const RateLimit& limit);

 private:
  ConnectionPool& pool_;
  RateBuckets buckets_;
};

}  // namespace storage
