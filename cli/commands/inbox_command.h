#pragma once
// `hexpost inbox`: what happened to me lately (GET /v1/me/events), newest first: challenges
// received, accepted, declined or cancelled, games started and finished, draw offers and
// tournament pairings.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace cli {

void add_inbox_command(CLI::App& app, int& exit_code);

// The DETAIL column of one inbox event (a line of GET /v1/me/events), e.g. "by ann: busy".
std::string inbox_detail(const nlohmann::json& event);

}  // namespace cli
