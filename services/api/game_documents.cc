#include "services/api/game_documents.h"

#include <algorithm>
#include <string_view>

#include "rules/core/game.h"
#include "services/api/game_views.h"

namespace api {

using nlohmann::json;

namespace {

// An object's members as JSON text without the enclosing braces ("" for an empty object).
std::string members(const json& object) {
  const std::string text = object.dump(-1, ' ', false, json::error_handler_t::replace);
  return text.substr(1, text.size() - 2);
}

// `text` as a JSON string, appended to `out`: verbatim when nothing in it needs escaping (move
// notation and cell names never do), else as nlohmann::json writes it (so the bytes are the
// tree's either way).
void append_quoted(std::string& out, std::string_view text) {
  const bool plain = std::none_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return c == '"' || c == '\\' || byte < 0x20 || byte >= 0x80;
  });
  if (!plain) {
    out += json(std::string(text)).dump(-1, ' ', false, json::error_handler_t::replace);
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

// "legal_moves":[...],"legal_moves_detail":[{"cells":[...],"move":...},...] written out
// directly: a position in mid-play has thousands of legal moves (iso-path 5,000-7,700), and as
// a JSON tree they took about 10 ms per version.
std::string legal_members(const rules::State& state) {
  std::string moves = "\"legal_moves\":[", detail = "\"legal_moves_detail\":[";
  bool first = true;
  for (const rules::Move m : state.legal_moves()) {
    const std::string move = state.format_move(m);
    if (!first) moves += ',', detail += ',';
    first = false;
    append_quoted(moves, move);
    detail += "{\"cells\":[";
    bool first_cell = true;
    for (const std::string& cell : state.move_cells(m)) {
      if (!first_cell) detail += ',';
      first_cell = false;
      append_quoted(detail, cell);
    }
    detail += "],\"move\":";
    append_quoted(detail, move);
    detail += '}';
  }
  return moves + "]," + detail + "]";
}

// How many of `moves` `previous` encoded already: all of its moves when they are the first of
// `moves` (the last of them has the same ply and chained hash), else none.
std::size_t encoded_prefix(const play::Snapshot& previous,
                           const std::vector<storage::MoveRecord>& moves) {
  if (!previous) return 0;
  const std::vector<storage::MoveRecord>& held = *previous->moves;
  const std::size_t n = held.size();
  if (n == 0 || n > moves.size() || held[n - 1].hash.empty()) return 0;
  const bool same = held[n - 1].ply == moves[n - 1].ply && held[n - 1].hash == moves[n - 1].hash;
  return same ? n : 0;
}

}  // namespace

std::string viewer_members(const domain::Catalog& catalog, const storage::GameRecord& game,
                           storage::Id caller) {
  const int seat = domain::seat_of(game, caller);
  const bool seat_to_move =
      seat >= 0 && std::count(game.to_move.begin(), game.to_move.end(), seat) > 0;
  const std::unique_ptr<rules::State> state = domain::load_state(catalog, game);
  std::string out = "\"board\":";
  append_quoted(out, state->render(rules::RenderOptions{seat, "", false}));
  out += game.status == "active" && seat_to_move
             ? "," + legal_members(*state)
             : ",\"legal_moves\":null,\"legal_moves_detail\":null";
  out += ",\"your_seat\":" + (seat >= 0 ? std::to_string(seat) : std::string("null"));
  return out + ",\"your_turn\":" + (seat_to_move ? "true" : "false");
}

std::shared_ptr<GameDocuments::Encoded> GameDocuments::encode(const play::Snapshot& snapshot,
                                                              const json& extra,
                                                              const Encoded* previous) {
  auto out = std::make_shared<Encoded>();
  out->snapshot = snapshot;
  json head = shared_game_view(snapshot->game, {0, true, nullptr});
  head["leave_request"] =
      snapshot->leave ? json::parse(domain::leave_request_json(*snapshot->leave)) : json(nullptr);
  if (extra.is_object()) head.update(extra);
  out->head = members(head);
  const std::vector<storage::MoveRecord>& list = *snapshot->moves;
  const std::size_t reused = previous ? encoded_prefix(previous->snapshot, list) : 0;
  if (reused > 0) {  // a game moved on by a ply or two: its earlier moves are encoded already
    out->moves = previous->moves;
    out->move_starts = previous->move_starts;
  }
  const json fresh = moves_view({list.begin() + static_cast<std::ptrdiff_t>(reused), list.end()});
  for (const json& move : fresh) {
    if (!out->move_starts.empty()) out->moves += ',';
    out->move_starts.push_back(out->moves.size());
    out->moves += move.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  moves_encoded_ += fresh.size();
  out->bytes = out->head.size() + out->moves.size();
  ++encodings_;
  return out;
}

// The held encoding of `snapshot`, made now when this snapshot was not encoded yet.
std::shared_ptr<GameDocuments::Encoded> GameDocuments::encoded(const play::Snapshot& snapshot) {
  std::shared_ptr<Encoded> previous;
  {
    std::lock_guard lock(mutex_);
    auto it = games_.find(snapshot->game.id);
    if (it != games_.end() && it->second->snapshot == snapshot) return it->second;
    if (it != games_.end()) previous = it->second;
  }
  // Outside the lock: readers of other games go on.
  auto fresh = encode(snapshot, nullptr, previous.get());
  std::lock_guard lock(mutex_);
  auto& slot = games_[snapshot->game.id];
  if (slot && slot->snapshot == snapshot) return slot;  // another reader encoded it meanwhile
  if (!slot && (games_.size() > max_games_ || bytes_ > max_bytes_)) {
    games_.clear();
    bytes_ = fresh->bytes.load();
    fresh->held = true;
    return games_[snapshot->game.id] = fresh;
  }
  if (!slot || slot->snapshot->game.version <= snapshot->game.version) {
    if (slot) bytes_ -= std::min(bytes_.load(), slot->bytes.load());
    bytes_ += fresh->bytes;
    fresh->held = true;
    slot = fresh;
  }
  return fresh;
}

const std::string& GameDocuments::seat_part(const domain::Catalog& catalog, Encoded& encoded,
                                            storage::Id caller) {
  const storage::GameRecord& game = encoded.snapshot->game;
  const int seat = domain::seat_of(game, caller);
  std::lock_guard lock(encoded.seats_mutex);  // one encoding per seat, also when readers race
  auto it = encoded.seats.find(seat);
  if (it != encoded.seats.end()) return it->second;
  std::string part = viewer_members(catalog, game, caller);
  ++encodings_;
  encoded.bytes += part.size();
  if (encoded.held) bytes_ += part.size();
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
  const std::string_view moves =
      first < parts->move_starts.size()
          ? std::string_view(parts->moves).substr(parts->move_starts[first])
          : std::string_view();
  std::string out;
  out.reserve(parts->head.size() + moves.size() + seat.size() + 16);
  out += '{';
  out += parts->head;
  out += ",\"moves\":[";
  out += moves;
  out += "],";
  out += seat;
  out += '}';
  return out;
}

}  // namespace api
