// PlayService's turn lists: GET /v1/me/turns from this instance's copies (docs/game-service.md,
// "Reads from memory"). A list is forgotten by every event naming its account as a recipient
// (a move, a start, an end, a replaced seat of one of its games, its vacation) and by this
// instance's own writes of the account's games, before they are acknowledged.

#include "services/play/play_service.h"

namespace play {

namespace {

bool keepable(const HeldTurns&, const HeldTurns&) { return true; }

}  // namespace

HeldTurns PlayService::turns(Id account, const std::function<HeldTurns()>& load) {
  return read_copies_ ? turn_lists_.get(account, load, keepable) : load();
}

void PlayService::forget_turns_of(const GameRecord& game) {
  for (const storage::SeatRecord& seat : game.seats) turn_lists_.forget(seat.account_id);
}

void PlayService::forget_turns_of(Id game_id) {
  if (const Snapshot held = snapshots_.held(game_id)) return forget_turns_of(held->game);
  if (const auto copy = copies_.game(game_id)) return forget_turns_of(*copy);
  turn_lists_.clear();
}

void PlayService::forget_turns_of_recipients(const storage::EventRecord& e) {
  if (!e.game_id && e.recipients.empty()) return turn_lists_.clear();
  for (const Id account : e.recipients) turn_lists_.forget(account);
}

}  // namespace play
