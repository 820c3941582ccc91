#pragma once
// `hexpost inbox`: what happened to me lately (GET /v1/me/events), newest first: challenges
// received, accepted, declined or cancelled, games started and finished, draw offers,
// tournament pairings, messages from other players and (for admins) reported messages.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace cli {

void add_inbox_command(CLI::App& app, int& exit_code);

// A member of an event or message as text: strings as they are, "" for null or absent, other
// values as JSON.
std::string text_of(const nlohmann::json& object, const char* key);
// "2026-11-26T21:13:04Z" from "2026-11-26T21:13:04.782992Z": whole seconds are enough to show.
std::string to_seconds(const std::string& at);

// The DETAIL column of one inbox event (a line of GET /v1/me/events), e.g. "by ann: busy".
std::string inbox_detail(const nlohmann::json& event);

}  // namespace cli
