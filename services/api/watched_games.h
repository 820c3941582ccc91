#pragma once
// api::WatchedGames: the state game streams (GET /v1/games/{id}/stream) send, shared by every
// watcher of a game on this instance.
//
// A change of a game costs one read of it (the game, its moves and its open leave request),
// however many streams watch it: the first watcher that needs the new state loads it while the
// others wait for that load (single-flight), and the game_state line is encoded once per seat
// (and once for spectators), since that is all a game document depends on. Counted in
// hexpost_stream_game_loads_total and by loads().

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "services/domain/game_logic.h"
#include "services/storage/event_feed.h"
#include "services/storage/games_repository.h"
#include "services/storage/records.h"

namespace events {
class EventHub;
}

namespace api {

class GameService;

class WatchedGames {
 public:
  // One version of a game as its streams send it.
  class State {
   public:
    State(const domain::Catalog& catalog, storage::LoadedGame loaded, nlohmann::json leave_request,
          storage::StreamPosition as_of);
    const storage::GameRecord& game() const { return loaded_.game; }
    // Every event of the game up to here is in this state.
    const storage::StreamPosition& as_of() const { return as_of_; }
    // The framed game_state line for `caller` (encoded once per seat and framing, once for
    // spectators), as an SSE event or an ndjson line.
    const std::string& line_for(storage::Id caller, bool sse) const;

   private:
    const domain::Catalog& catalog_;
    const storage::LoadedGame loaded_;
    const nlohmann::json leave_request_;
    const storage::StreamPosition as_of_;
    mutable std::mutex mutex_;
    mutable std::map<std::pair<int, bool>, std::string>
        lines_;  // by (seat, sse); seat -1: spectators
  };

  WatchedGames(GameService& games, const events::EventHub& hub) : games_(games), hub_(hub) {}

  // A watcher's handle on one game: keeps the game's slot while it is held.
  class Slot;
  std::shared_ptr<Slot> watch(storage::Id game);
  // The game's state holding every change of the game up to `at_least`; loaded (once, whatever
  // the number of callers) when an event of the game after the held state's position is at or
  // before `at_least`. Null when the game does not exist.
  std::shared_ptr<const State> state(Slot& slot, const storage::StreamPosition& at_least);

  std::uint64_t loads() const { return loads_.load(); }

 private:
  std::shared_ptr<const State> load(storage::Id game);
  bool changed_since(storage::Id game, const storage::StreamPosition& from,
                     const storage::StreamPosition& to) const;

  GameService& games_;
  const events::EventHub& hub_;
  std::mutex mutex_;
  std::map<storage::Id, std::weak_ptr<Slot>> slots_;
  std::atomic<std::uint64_t> loads_{0};
};

class WatchedGames::Slot {
 public:
  explicit Slot(storage::Id id) : game(id) {}
  const storage::Id game;

 private:
  friend class WatchedGames;
  std::mutex loading;  // held while this game's state is read: the single flight
  std::shared_ptr<const State> current;
  bool missing = false;
};

}  // namespace api
