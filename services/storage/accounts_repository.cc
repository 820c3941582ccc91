#include "services/storage/accounts_repository.h"

#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

const std::string kAccountColumns =
    "id, username, email, password_hash, is_bot, is_admin, to_json(scopes)::text, " +
    sql::ts("created_at");

AccountRecord account_from(const pqxx::row& row) {
  AccountRecord account;
  account.id = row[0].as<Id>();
  account.username = row[1].c_str();
  account.email = row[2].c_str();
  account.password_hash = row[3].c_str();
  account.is_bot = row[4].as<bool>();
  account.is_admin = row[5].as<bool>();
  account.scopes = sql::text_array(row[6]);
  account.created_at = row[7].c_str();
  return account;
}

}  // namespace

std::optional<Id> AccountsRepository::create_account(const NewAccount& account,
                                                     const NewToken& token) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<Id> {
    try {
      pqxx::nontransaction tx(c);
      const pqxx::row row = tx.exec_params1(
          "WITH a AS (INSERT INTO accounts (username, email, password_hash, is_bot, is_admin, "
          "scopes) VALUES ($1, $2, $3, $4, $5, ARRAY(SELECT jsonb_array_elements_text($6::jsonb))) "
          "RETURNING id), "
          "t AS (INSERT INTO tokens (account_id, name, token_hash, prefix, scopes) "
          "SELECT a.id, $7, decode($8, 'hex'), $9, ARRAY(SELECT jsonb_array_elements_text("
          "$10::jsonb)) FROM a RETURNING id) "
          "SELECT a.id FROM a, t",
          account.username, account.email, account.password_hash, account.is_bot, account.is_admin,
          sql::json_array(account.scopes), token.name, token.token_hash, token.prefix,
          sql::json_array(token.scopes));
      return row[0].as<Id>();
    } catch (const pqxx::unique_violation&) {
      return std::nullopt;
    }
  });
}

std::optional<AccountRecord> AccountsRepository::find_by_username(const std::string& username) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<AccountRecord> {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT " + kAccountColumns + " FROM accounts WHERE lower(username) = lower($1)", username);
    if (r.empty()) return std::nullopt;
    return account_from(r[0]);
  });
}

std::optional<AccountRecord> AccountsRepository::find_by_id(Id id) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<AccountRecord> {
    pqxx::nontransaction tx(c);
    const pqxx::result r =
        tx.exec_params("SELECT " + kAccountColumns + " FROM accounts WHERE id = $1", id);
    if (r.empty()) return std::nullopt;
    return account_from(r[0]);
  });
}

std::vector<Id> AccountsRepository::ids_for(const std::vector<std::string>& usernames) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT coalesce(a.id, 0) FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY "
        "AS n(name, i) LEFT JOIN accounts a ON lower(a.username) = lower(n.name) ORDER BY n.i",
        sql::json_array(usernames));
    std::vector<Id> ids;
    for (const auto& row : r) ids.push_back(row[0].as<Id>());
    return ids;
  });
}

Id AccountsRepository::create_token(Id account_id, const NewToken& token) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    return tx
        .exec_params1(
            "INSERT INTO tokens (account_id, name, token_hash, prefix, scopes) VALUES ($1, $2, "
            "decode($3, 'hex'), $4, ARRAY(SELECT jsonb_array_elements_text($5::jsonb))) "
            "RETURNING id",
            account_id, token.name, token.token_hash, token.prefix,
            sql::json_array(token.scopes))[0]
        .as<Id>();
  });
}

std::vector<TokenRecord> AccountsRepository::list_tokens(Id account_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const pqxx::result r =
        tx.exec_params("SELECT id, name, prefix, to_json(scopes)::text, " + sql::ts("created_at") +
                           " FROM tokens WHERE account_id = $1 AND revoked_at IS NULL ORDER BY id",
                       account_id);
    std::vector<TokenRecord> tokens;
    for (const auto& row : r) {
      TokenRecord token;
      token.id = row[0].as<Id>();
      token.name = row[1].c_str();
      token.prefix = row[2].c_str();
      token.scopes = sql::text_array(row[3]);
      token.created_at = row[4].c_str();
      tokens.push_back(std::move(token));
    }
    return tokens;
  });
}

bool AccountsRepository::revoke_token(Id account_id, Id token_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_params(
        "UPDATE tokens SET revoked_at = now() WHERE id = $1 AND account_id = $2 AND revoked_at "
        "IS NULL",
        token_id, account_id);
    return r.affected_rows() == 1;
  });
}

std::optional<Principal> AccountsRepository::find_token(const std::string& token_hash) {
  return pool_.run([&](pqxx::connection& c) -> std::optional<Principal> {
    c.prepare("accounts_find_token", sql::kLiveToken);
    pqxx::nontransaction tx(c);
    const pqxx::result r = tx.exec_prepared("accounts_find_token", token_hash);
    if (r.empty()) return std::nullopt;
    return sql::principal_from(r[0]);
  });
}

BucketDecision AccountsRepository::take_request(Id token_id, const RateLimit& limit) {
  return buckets_.take(token_id, limit);
}

std::optional<Principal> AccountsRepository::authenticate(const std::string& token_hash,
                                                          const RateLimit& limit) {
  auto principal = find_token(token_hash);
  if (!principal) return principal;
  const BucketDecision decision = take_request(principal->token_id, limit);
  principal->allowed = decision.allowed;
  principal->remaining = decision.remaining;
  return principal;
}

}  // namespace storage
