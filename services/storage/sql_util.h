#pragma once
// Small helpers shared by the repositories (internal to services/storage).

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <optional>
#include <string>
#include <vector>

#include "services/storage/records.h"

namespace storage::sql {

// An RFC 3339 UTC rendering of a timestamptz column, for SELECT lists.
inline std::string ts(const std::string& column) {
  return "to_char(" + column + " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')";
}

inline std::string text(const pqxx::field& field) { return field.is_null() ? "" : field.c_str(); }

// JSON array text for int/bigint/text array parameters: SQL reads them with
// ARRAY(SELECT jsonb_array_elements_text($n::jsonb)::int).
template <class T>
std::string json_array(const std::vector<T>& values) {
  return nlohmann::json(values).dump();
}

template <class T>
std::string json_array(const std::vector<std::optional<T>>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& value : values) {
    if (value) {
      out.push_back(*value);
    } else {
      out.push_back(nullptr);
    }
  }
  return out.dump();
}

inline std::vector<int> int_array(const pqxx::field& field) {
  if (field.is_null()) return {};
  return nlohmann::json::parse(field.c_str()).get<std::vector<int>>();
}

inline std::vector<std::string> text_array(const pqxx::field& field) {
  if (field.is_null()) return {};
  return nlohmann::json::parse(field.c_str()).get<std::vector<std::string>>();
}

// The live token whose SHA-256 is $1 (hex) with its account, as a CTE body: one row or none.
// Columns, in order: token id, account id, username, is_bot, scopes (JSON), token hash (hex).
inline const char* kLiveToken =
    "SELECT tk.id, tk.account_id, a.username, a.is_bot, to_json(tk.scopes)::text AS scopes, "
    "encode(tk.token_hash, 'hex') AS hash FROM tokens tk JOIN accounts a ON a.id = tk.account_id "
    "WHERE tk.token_hash = decode($1, 'hex') AND tk.revoked_at IS NULL";
constexpr int kLiveTokenColumns = 6;

// A Principal from kLiveToken's columns starting at `at` (allowed/remaining not set).
inline Principal principal_from(const pqxx::row& row, int at = 0) {
  Principal p;
  p.token_id = row[at + 0].as<Id>();
  p.account_id = row[at + 1].as<Id>();
  p.username = row[at + 2].c_str();
  p.is_bot = row[at + 3].as<bool>();
  p.scopes = text_array(row[at + 4]);
  p.token_hash = row[at + 5].c_str();
  return p;
}

// The condition that a game_events row `e` is from a transaction that ended before this
// statement's snapshot's oldest running one: reading in (txid, id) order up to here never skips a
// row that commits later (docs/events.md).
inline constexpr const char* kEventCommitted = "e.txid < pg_snapshot_xmin(pg_current_snapshot())";

// The position (txid, id) of the newest event of an ended transaction, as a query: the frontier
// up to which a reader in (txid, id) order has seen everything. No row when there is none.
inline const std::string kCommittedFrontier =
    std::string("SELECT e.txid, e.id FROM game_events e WHERE ") + kEventCommitted +
    " ORDER BY e.txid DESC, e.id DESC LIMIT 1";

}  // namespace storage::sql
