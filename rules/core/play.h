#pragma once
// One-call helpers built on the State contract: the code path the service, the CLI and the
// tests share for submitting and replaying turns.

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/game.h"

namespace rules {

// Parses, validates and applies one turn. On success returns the record text (canonical
// notation plus any annotation); on failure the state is unchanged.
Result<std::string> play(State& state, std::string_view text, RandomSource& rng);

// Checks a turn without applying it. Returns the canonical notation.
Result<std::string> preview(const State& state, std::string_view text);

// One entry of a game's history: a move in notation, "resign N" for seat N (0-based), which
// records a resignation so that records of multi-player games replay, or "handover N NAME".
Result<std::string> play_entry(State& state, std::string_view entry, RandomSource& rng);
bool is_resignation(std::string_view entry, int& seat);
std::string resignation_entry(int seat);
// "handover N NAME": seat N passes to the player NAME (a replacement elected by the other
// players); the position does not change, and the entry keeps the handover in the history (and
// in the server's hash chain). `player` receives NAME.
bool is_handover(std::string_view entry, int& seat, std::string& player);
std::string handover_entry(int seat, const std::string& player);

// The move part of a text: everything before the first "{" (annotation), "//" (comment) or ";"
// (end of turn), without surrounding whitespace.
std::string_view strip_annotation(std::string_view text);

// Splits "key=value" option text; false when there is no '='.
bool parse_option(std::string_view text, std::string& key, std::string& value);

// Common checks every game's create() performs: the player count is offered, option names are
// known and values allowed. Fills defaults for missing options into `resolved`.
std::optional<RuleError> check_config(const GameInfo& info, const GameConfig& config,
                                      std::map<std::string, std::string>& resolved);

}  // namespace rules
