#pragma once
// Writes shared by the repositories that start games (internal to services/storage): challenges
// and tournaments. Both run inside the caller's transaction.

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <optional>
#include <string>
#include <vector>

#include "services/storage/records.h"

namespace storage {

// Appends a game_events row (and its NOTIFY) for the challenge (0: none) and, when set, the game.
void add_event(pqxx::transaction_base& tx, std::optional<Id> game_id, Id challenge_id,
               const std::string& kind, const std::vector<Id>& recipients,
               const nlohmann::json& payload);

// Inserts the game decided for challenge `c` (seats, first clocks) and marks `c` started.
void insert_game(pqxx::transaction_base& tx, const ChallengeRecord& c, Id game_id, const NewGame& g,
                 const std::string& at);

}  // namespace storage
