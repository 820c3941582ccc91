#pragma once
// JSON renderings of games, challenges and records for the game service's responses.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "rules/core/game.h"
#include "services/domain/game_logic.h"
#include "services/storage/conditionals_repository.h"
#include "services/storage/messages_repository.h"
#include "services/storage/records.h"

namespace api {

struct ViewOptions {
  storage::Id caller = 0;                                   // the account asking (0: anonymous)
  bool with_board = true;                                   // position, rendered board, legal moves
  const std::vector<storage::MoveRecord>* moves = nullptr;  // the move list, when loaded
};

// The full game document (GET /v1/games/{id} and the state part of other answers). `state` may
// be passed when the caller already has the position loaded.
nlohmann::json game_view(const domain::Catalog& catalog, const storage::GameRecord& game,
                         const ViewOptions& options, const rules::State* state = nullptr);
// game_view in two parts that make it up: what every reader sees (the game, its moves, the
// position) and what depends on the caller's seat (your_seat, your_turn, the board as that seat
// sees it, legal moves). GameDocuments encodes each once per version (and seat).
nlohmann::json shared_game_view(const storage::GameRecord& game, const ViewOptions& options);
nlohmann::json viewer_game_view(const domain::Catalog& catalog, const storage::GameRecord& game,
                                const ViewOptions& options, const rules::State* state = nullptr);
// The moves of a game document.
nlohmann::json moves_view(const std::vector<storage::MoveRecord>& moves);
// A compact line for lists.
nlohmann::json game_summary(const storage::GameRecord& game, storage::Id caller);
nlohmann::json challenge_view(const storage::ChallengeRecord& challenge);
nlohmann::json fairness_view(const storage::GameRecord& game,
                             const std::vector<storage::MoveRecord>& moves);
// The PGN-style record (GET /v1/games/{id}/record). `messages` (passed once the game is over)
// are comment lines after the entry of the ply they were sent at; `conditionals`: every set of
// conditional lines stored on the game, shown as comment lines once the game is over.
std::string game_record_text(const storage::GameRecord& game,
                             const std::vector<storage::MoveRecord>& moves, const std::string& site,
                             const std::vector<storage::MessageRecord>& messages = {},
                             const std::vector<storage::ConditionalLines>& conditionals = {});
std::string etag_of(const storage::GameRecord& game);
// The ETag of a document that depends on the viewer's seat (GET /v1/games/{id}): etag_of() for
// readers without a seat, with the seat appended for a seated player, so that no cache answers
// one viewer with another's document.
std::string viewer_etag_of(const storage::GameRecord& game, storage::Id caller);
// `answer` as JSON text for an entry write, with each answer.game.seats[i]'s deadline and
// remaining_s left as clock slots that the store fills with the clocks the write produced
// (storage::EntryWrite::response_body).
std::string dump_with_clock_slots(nlohmann::json answer);

}  // namespace api
