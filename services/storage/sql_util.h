#pragma once
// Small helpers shared by the repositories (internal to services/storage).

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <optional>
#include <string>
#include <vector>

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

}  // namespace storage::sql
