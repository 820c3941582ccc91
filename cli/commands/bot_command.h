#pragma once
// `hexpost bot run`: the reference bot (docs/bot-protocol.md), and `hexpost bot
// create` for bot accounts.
//
// The bot holds one event stream (GET /v1/stream/events), remembers the id of the last event
// it saw (in memory, and in --state-file when given) and reconnects with ?since=<id> after any
// failure, with exponential backoff (1 s doubling to 60 s) that honours Retry-After on 429 and
// 503. It accepts challenges that pass --games / --accept while it plays fewer than
// --max-games, declines the others, and plays every turn the stream announces (the opening
// snapshot covers turns that came while it was away) with --engine random or --engine-cmd.
// A move refused with 429 or 503 is sent again after Retry-After with the same
// Idempotency-Key (no new your_turn would come for it). Unless --quiet it prints one line per
// game event and a summary on exit (cli/commands/bot_report.h).

#include <CLI/CLI.hpp>

namespace cli {

void add_bot_commands(CLI::App& app, int& exit_code);

}  // namespace cli
