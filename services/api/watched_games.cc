#include "services/api/watched_games.h"

#include "lib/metrics/metrics.h"
#include "services/api/game_service.h"
#include "services/api/game_views.h"
#include "services/api/routes.h"
#include "services/api/stream_views.h"
#include "services/events/event_hub.h"

namespace api {

using nlohmann::json;

WatchedGames::State::State(const domain::Catalog& catalog, storage::LoadedGame loaded,
                           json leave_request, storage::StreamPosition as_of)
    : catalog_(catalog),
      loaded_(std::move(loaded)),
      leave_request_(std::move(leave_request)),
      as_of_(as_of) {}

const std::string& WatchedGames::State::line_for(storage::Id caller, bool sse) const {
  const int seat = domain::seat_of(loaded_.game, caller);
  std::lock_guard lock(mutex_);
  auto found = lines_.find({seat, sse});
  if (found != lines_.end()) return found->second;
  // A game document depends on the caller only through the caller's seat.
  const storage::Id seated =
      seat < 0 ? 0 : loaded_.game.seats.at(static_cast<std::size_t>(seat)).account_id;
  json view = game_view(catalog_, loaded_.game, {seated, true, &loaded_.moves});
  view["leave_request"] = leave_request_;
  const json line = {{"type", "game_state"}, {"game", view}};
  return lines_.emplace(std::pair{seat, sse}, frame(line, sse)).first->second;
}

std::shared_ptr<WatchedGames::Slot> WatchedGames::watch(storage::Id game) {
  std::lock_guard lock(mutex_);
  if (auto held = slots_[game].lock()) return held;
  std::erase_if(slots_, [](const auto& entry) { return entry.second.expired(); });
  auto slot = std::make_shared<Slot>(game);
  slots_[game] = slot;
  return slot;
}

std::shared_ptr<const WatchedGames::State> WatchedGames::state(
    Slot& slot, const storage::StreamPosition& at_least) {
  std::lock_guard lock(slot.loading);  // concurrent watchers wait for one load
  if (slot.missing) return nullptr;
  if (slot.current && !changed_since(slot.game, slot.current->as_of(), at_least)) {
    return slot.current;
  }
  slot.current = load(slot.game);
  slot.missing = slot.current == nullptr;
  return slot.current;
}

// Whether an event that changes the game lies in (from, to]: true when the hub's ring does not
// reach back to `from`. A message does not change its game.
bool WatchedGames::changed_since(storage::Id game, const storage::StreamPosition& from,
                                 const storage::StreamPosition& to) const {
  if (!(from < to)) return false;
  std::vector<storage::EventRecord> changes;
  storage::StreamPosition upto;
  const auto changes_game = [&](const storage::EventRecord& e) {
    return e.game_id == game && e.kind != "message" && !(to < e.position);
  };
  return !hub_.read(from, changes_game, changes, upto) || !changes.empty();
}

// The hub's frontier is taken before the read, so the state holds at least every event up to it.
std::shared_ptr<const WatchedGames::State> WatchedGames::load(storage::Id game) {
  static auto& counted =
      metrics::global()
          .counter("hexpost_stream_game_loads_total",
                   "Reads of a game for its game streams (one per change, whatever the watchers)")
          .with();
  const storage::StreamPosition as_of = hub_.frontier();
  auto loaded = games_.play.load(game, true);
  ++loads_;
  counted.inc();
  if (!loaded) return nullptr;
  json leave = leave_request_view(games_, loaded->game);
  return std::make_shared<const State>(games_.catalog, std::move(*loaded), std::move(leave), as_of);
}

}  // namespace api
