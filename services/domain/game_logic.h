#pragma once
// The decisions of the game service, as pure functions over the model (model.h): starting a game
// when a challenge fills, moves, resignations, draws and aborts. No HTTP and no SQL here: the play
// pipeline (services/play) loads the game, calls one of these, stores the returned change and
// reports a Refusal to its caller.

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/core/game.h"
#include "services/domain/model.h"

namespace domain {

// The games this service offers: the registry, plus any test-only games the tests inject.
class Catalog {
 public:
  explicit Catalog(std::vector<const rules::GameDef*> games) : games_(std::move(games)) {}
  // rules::all_games() followed by `extra`.
  static Catalog from_registry(std::vector<const rules::GameDef*> extra = {});

  const rules::GameDef* find(std::string_view id) const;
  const std::vector<const rules::GameDef*>& games() const { return games_; }

 private:
  std::vector<const rules::GameDef*> games_;
};

enum class RefusalKind {
  kNotAPlayer,  // the caller has no seat in this game
  kGameOver,    // the game has ended (or was aborted)
  kStalePly,    // the caller saw an older (or newer) ply
  kNotYourTurn,
  kRules,         // the rules refused the move; rule_code says how
  kNoDrawOffer,   // accept/decline without a standing offer
  kAbortTooLate,  // every seat has already moved
  kBadRequest,    // e.g. an unknown draw action
  kTimeExpired,   // the mover's deadline has passed (the game is forfeited instead)
  kYourTurn,      // conditional lines are stored while the others are to move
  // Leaving a game (seat_change.h); rule_code carries the problem code.
  kLeaveRefused,   // the request cannot be made here (422)
  kLeaveConflict,  // it conflicts with the state of the game or of its request (409)
  kNotEntitled,    // the caller has no say in it (403)
};

struct Refusal {
  RefusalKind kind;
  std::string message;
  std::string rule_code;  // rules::to_string(code) for kRules; the problem code for kLeave*
};

// The refusal's stable code, as the API and the metrics name it: the rules' code for kRules
// ("game_over" when the rules say the game has ended), else one per kind ("stale_ply", ...).
std::string refusal_code(const Refusal& refusal);

// Seat of the account, or -1.
int seat_of(const GameRecord& game, Id account_id);

// Parses options JSON (an object of string, number or boolean values) into a GameConfig and
// checks it by creating a throw-away game. Empty string on success, else the reason.
std::string check_game_config(const rules::GameDef& def, int players,
                              const std::string& options_json, rules::GameConfig& config);

// When the last seat of a challenge fills: seats drawn from the game seed (Fisher-Yates with
// draws "seat" at ply 0), then the rules create the game with the same ply-0 random source.
// keep_slot_order (tournament games, where the pairing fixes who moves first): seat n is
// players_list[n]; the seat draws are still made and each seat records its drawn slot, so the
// game verifies as any other (tournament games have no player seeds).
std::variant<NewGame, std::string> start_game(const Catalog& catalog,
                                              const ChallengeRecord& challenge, Id game_id,
                                              bool keep_slot_order = false);

struct EntryDecision {
  Entry entry;
  std::string canonical;                // the move in canonical notation (no annotation)
  std::unique_ptr<rules::State> state;  // the position after the entry
};

// The game row once `entry`, decided on `before`, is stored: the one definition of what an
// entry changes (storage writes exactly these values). The seat clocks and the version the write
// produces come from the write itself.
GameRecord game_after(GameRecord before, const Entry& entry);

// A move at the ply the player saw (negative: a ply no game reaches, refused as stale).
std::variant<EntryDecision, Refusal> decide_move(const Catalog& catalog, const GameRecord& game,
                                                 Id account_id, std::string_view text,
                                                 int seen_ply);
// Checks a move without storing anything; the canonical notation on success.
std::variant<std::string, Refusal> preview_move(const Catalog& catalog, const GameRecord& game,
                                                Id account_id, std::string_view text);
// The caller's seat resigns; the rules decide the effect.
std::variant<EntryDecision, Refusal> decide_resign(const Catalog& catalog, const GameRecord& game,
                                                   Id account_id);

// The seats still in the game (not resigned), from its move list.
std::vector<int> seats_in_play(const GameRecord& game, const std::vector<MoveRecord>& moves);

// Draw offers ("offer", "accept", "decline") and aborts. `moves` are needed to know which seats
// have resigned (they no longer take part in a draw).
std::variant<StatusChange, Refusal> decide_draw(const GameRecord& game,
                                                const std::vector<MoveRecord>& moves, Id account_id,
                                                std::string_view action);
// The change that aborts `game` (no winner, no placements, a game_aborted event to every seat).
StatusChange aborted(const GameRecord& game, const std::string& result_json,
                     const std::string& event_payload_json);
std::variant<StatusChange, Refusal> decide_abort(const GameRecord& game, Id account_id);

// Loads the position snapshot; throws std::runtime_error when it cannot (a bug or corruption,
// never user input).
std::unique_ptr<rules::State> load_state(const Catalog& catalog, const GameRecord& game);

// {"summary": ..., "seats": [{"placement","score"}...]} for a finished outcome.
std::string result_json(const rules::Outcome& outcome);

// The payload of `game`'s game_finished event, from its result (`result_json`): the game id,
// "summary" (and "termination" when the result has one), and "seats": every seat's number,
// username, placement and score, in seat order.
std::string finished_event_json(const GameRecord& game, const std::string& result_json);

}  // namespace domain
