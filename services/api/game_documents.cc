#include "services/api/game_documents.h"

#include <algorithm>

#include "services/api/game_views.h"

namespace api {

using nlohmann::json;

namespace {

// An object's members as JSON text without the enclosing braces ("" for an empty object).
std::string members(const json& object) {
  const std::string text = object.dump(-1, ' ', false, json::error_handler_t::replace);
  return text.substr(1, text.size() - 2);
}

}  // namespace

std::shared_ptr<GameDocuments::Encoded> GameDocuments::encode(const play::Snapshot& snapshot,
                                                              const json& extra) {
  auto out = std::make_shared<Encoded>();
  out->snapshot = snapshot;
  json head = shared_game_view(snapshot->game, {0, true, nullptr});
  head["leave_request"] =
      snapshot->leave ? json::parse(domain::leave_request_json(*snapshot->leave)) : json(nullptr);
  if (extra.is_object()) head.update(extra);
  out->head = members(head);
  const json moves = moves_view(*snapshot->moves);
  out->moves.reserve(moves.size());
  for (const json& move : moves) {
    out->moves.push_back(move.dump(-1, ' ', false, json::error_handler_t::replace));
  }
  ++encodings_;
  return out;
}

// The held encoding of `snapshot`, made now when this snapshot was not encoded yet.
std::shared_ptr<GameDocuments::Encoded> GameDocuments::encoded(const play::Snapshot& snapshot) {
  {
    std::lock_guard lock(mutex_);
    auto it = games_.find(snapshot->game.id);
    if (it != games_.end() && it->second->snapshot == snapshot) return it->second;
  }
  auto fresh = encode(snapshot, nullptr);  // outside the lock: readers of other games go on
  std::lock_guard lock(mutex_);
  auto& slot = games_[snapshot->game.id];
  if (slot && slot->snapshot == snapshot) return slot;  // another reader encoded it meanwhile
  if (!slot && games_.size() > max_games_) {
    games_.clear();
    return games_[snapshot->game.id] = fresh;
  }
  if (!slot || slot->snapshot->game.version <= snapshot->game.version) slot = fresh;
  return fresh;
}

const std::string& GameDocuments::seat_part(const domain::Catalog& catalog, Encoded& encoded,
                                            storage::Id caller) {
  const storage::GameRecord& game = encoded.snapshot->game;
  const int seat = domain::seat_of(game, caller);
  std::lock_guard lock(encoded.seats_mutex);  // one encoding per seat, also when readers race
  auto it = encoded.seats.find(seat);
  if (it != encoded.seats.end()) return it->second;
  std::string part = members(viewer_game_view(catalog, game, {caller, true, nullptr}));
  ++encodings_;
  return encoded.seats.emplace(seat, std::move(part)).first->second;
}

std::string GameDocuments::render(const domain::Catalog& catalog, const play::Snapshot& snapshot,
                                  storage::Id caller, int moves_after, const json& extra) {
  const bool kept = !extra.is_object() && snapshot->game.status == "active";
  const std::shared_ptr<Encoded> parts = kept ? encoded(snapshot) : encode(snapshot, extra);
  const std::string& seat = seat_part(catalog, *parts, caller);
  const std::vector<storage::MoveRecord>& list = *snapshot->moves;
  const auto first = static_cast<std::size_t>(
      std::find_if(list.begin(), list.end(),
                   [moves_after](const storage::MoveRecord& m) { return m.ply > moves_after; }) -
      list.begin());
  std::size_t size = parts->head.size() + seat.size() + 16;
  for (std::size_t i = first; i < parts->moves.size(); ++i) size += parts->moves[i].size() + 1;
  std::string out;
  out.reserve(size);
  out += '{';
  out += parts->head;
  out += ",\"moves\":[";
  for (std::size_t i = first; i < parts->moves.size(); ++i) {
    if (i > first) out += ',';
    out += parts->moves[i];
  }
  out += "],";
  out += seat;
  out += '}';
  return out;
}

}  // namespace api
