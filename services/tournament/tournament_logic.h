// Tournament decisions on stored records: seeding at the start, the next step of a running
// tournament, the next league season, and the views (JSON, text, TRF). Pure: records in,
// records out; the engine (engine.h) does the pairing.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "services/storage/tournaments_repository.h"
#include "services/tournament/engine.h"

namespace tourney {

// Settings from the stored JSON (missing fields: engine defaults).
tournament::Settings settings_from(const nlohmann::json& settings);

// The engine's view of a tournament whose entrants are seeded.
tournament::State state_of(const storage::TournamentRecord& t);

// At the start: seeds (by Glicko-2 rating in the pool, then join order), league divisions, and
// the first round. nullopt: nothing to start (fewer than 2 entrants, or a knockout at tables
// whose entrants cannot end in one final table: tournament::field_can_start).
std::optional<storage::StepWrite> start_step(const storage::TournamentRecord& t);

// A running tournament's next step (new round, further match games, the end; for a league the
// end also registers the next season). nullopt: nothing to do yet.
std::optional<storage::StepWrite> advance_step(const storage::TournamentRecord& t,
                                               const std::string& at);

// GET /v1/tournaments/{id}: rounds[] (status, pairings[]: usernames first mover first, game_id),
// schedule[] (the fixed schedule's rounds not yet started), total_rounds once started, and
// standings (score and the format's tie-breaks).
nlohmann::json tournament_view(const storage::TournamentRecord& t, bool with_detail);
// The same as text: name, "Round x of y", the standings with the tie-breaks, then every round
// (played, playing, scheduled) with each game's result and its link (tournament_text.cc).
std::string tournament_text(const storage::TournamentRecord& t);
// One round of the text form (rounds[] or schedule[] of the view).
std::string round_text(const nlohmann::json& round);
std::string tournament_trf(const storage::TournamentRecord& t);

}  // namespace tourney
