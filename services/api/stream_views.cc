#include "services/api/stream_views.h"

#include <algorithm>
#include <optional>

#include "services/api/game_service.h"
#include "services/api/game_views.h"
#include "services/domain/game_logic.h"

namespace api {

using nlohmann::json;

namespace {

bool contains(const std::vector<int>& seats, int seat) {
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

json challenge_line(GameService& s, const storage::EventRecord& e, storage::Id account, json line) {
  if (!e.challenge_id) return line;
  const auto challenge = s.challenges.find(*e.challenge_id, s.now_text());
  if (!challenge) return line;
  json view = challenge_view(*challenge);
  const auto creator = s.accounts.find_by_id(challenge->creator_id);
  view["creator_is_bot"] = creator && creator->is_bot;
  line["challenge"] = view;
  if (e.kind == "challenge_created") {
    line["type"] = challenge->creator_id == account ? "challenge_created" : "challenge_received";
  }
  return line;
}

// Whether the event announces a turn of `seat`, from its payload (a move's "to_move").
bool announces_turn(const storage::EventRecord& e, const storage::GameRecord& game, int seat,
                    const json& payload) {
  if (e.kind == "game_started") return game.ply == 0 && contains(game.to_move, seat);
  const json seats = payload.is_object() ? payload.value("to_move", json::array()) : json();
  return seats.is_array() && std::find(seats.begin(), seats.end(), seat) != seats.end() &&
         payload.value("status", "active") == "active";
}

// A turn the account's conditional reply answers is not announced (docs/events.md). While the
// game still stands at the event's ply with lines stored, they are settled first, on whichever
// instance renders the event, so the reply is played before the turn is looked at.
void settle_first(GameService& s, std::optional<storage::LoadedGame>& loaded,
                  const storage::EventRecord& e) {
  const storage::GameRecord& game = loaded->game;
  if (!game.has_conditionals || game.status != "active" || game.ply != e.ply.value_or(-1)) {
    return;
  }
  s.play.settle_conditionals(game.id);
  loaded = s.play.load(game.id, false);
}

json game_line(GameService& s, const storage::EventRecord& e, storage::Id account, json line) {
  if (!e.game_id) return line;
  auto loaded = s.play.load(*e.game_id, false);
  if (!loaded) return line;
  const int seat = domain::seat_of(loaded->game, account);
  const json payload = json::parse(e.payload_json, nullptr, false);
  if (e.kind == "move") {
    line["last_move"] = payload.is_object() ? payload.value("move", "") : "";
    // The account's own conditional reply.
    if (payload.is_object() && payload.value("conditional", false) &&
        payload.value("seat", -1) == seat) {
      line["type"] = "conditional_played";
      return line;
    }
  }
  if (!announces_turn(e, loaded->game, seat, payload)) return line;
  settle_first(s, loaded, e);
  if (!loaded) return line;
  json turn = turn_info(s, loaded->game, account, line.value("last_move", ""));
  if (turn.is_null()) {
    // The game moved on since this event: the turn it announced is over. One the account's
    // conditional reply answered was never its to play: a plain move.
    if (s.events.next_move_is_reply(*e.game_id, e.position.id, seat)) return line;
    turn = {{"game_id", std::to_string(*e.game_id)}, {"ply", e.ply.value_or(0)}, {"stale", true}};
  }
  line["your_turn"] = turn;
  if (e.kind == "move" || e.kind == "seat_replaced") line["type"] = "your_turn";
  return line;
}

}  // namespace

json turn_info(GameService& s, const storage::GameRecord& game, storage::Id account,
               const std::string& last_move) {
  const int seat = domain::seat_of(game, account);
  if (seat < 0 || game.status != "active" || !contains(game.to_move, seat)) return nullptr;
  const auto state = domain::load_state(s.catalog, game);
  const storage::SeatRecord& mine = game.seats.at(static_cast<std::size_t>(seat));
  return {{"game_id", std::to_string(game.id)},
          {"game", game.game},
          {"ply", game.ply},
          {"seat", seat},
          {"last_move", last_move.empty() ? json(nullptr) : json(last_move)},
          {"deadline", mine.deadline.empty() ? json(nullptr) : json(mine.deadline)},
          {"remaining_s", mine.remaining_s ? json(*mine.remaining_s) : json(nullptr)},
          {"legal_move_count", state ? state->legal_moves().size() : 0}};
}

json account_event_line(GameService& s, const storage::EventRecord& e, storage::Id account) {
  json line = {{"id", std::to_string(e.position.id)},
               {"type", e.kind},
               {"kind", e.kind},
               {"created_at", e.created_at},
               {"payload", json::parse(e.payload_json, nullptr, false)}};
  if (e.game_id) line["game_id"] = std::to_string(*e.game_id);
  if (e.challenge_id) line["challenge_id"] = std::to_string(*e.challenge_id);
  if (e.ply) line["ply"] = *e.ply;
  if (e.kind.rfind("challenge_", 0) == 0) return challenge_line(s, e, account, std::move(line));
  if (e.kind == "move" || e.kind == "game_started" || e.kind == "seat_replaced") {
    return game_line(s, e, account, std::move(line));
  }
  return line;
}

std::vector<json> opening_snapshot(GameService& s, storage::Id account) {
  std::vector<json> lines;
  for (const auto& c : s.challenges.list_open(account, 200, s.now_text())) {
    if (c.creator_id == account) continue;
    const bool waiting = std::any_of(c.players_list.begin(), c.players_list.end(), [&](auto& p) {
      return p.account_id == account && !p.accepted;
    });
    if (!waiting) continue;
    json view = challenge_view(c);
    const auto creator = s.accounts.find_by_id(c.creator_id);
    view["creator_is_bot"] = creator && creator->is_bot;
    lines.push_back({{"type", "challenge_received"},
                     {"snapshot", true},
                     {"challenge_id", std::to_string(c.id)},
                     {"challenge", view}});
  }
  storage::GameListFilter filter;
  filter.account_id = account;
  filter.my_turn_only = true;
  const std::string at = hxclock::to_rfc3339(s.clock.now());
  for (const auto& item : s.games.list_for_player(account, filter, std::nullopt, 200, at)) {
    json turn = turn_info(s, item.game, account, "");
    if (turn.is_null()) continue;
    lines.push_back({{"type", "your_turn"},
                     {"snapshot", true},
                     {"game_id", std::to_string(item.game.id)},
                     {"ply", item.game.ply},
                     {"your_turn", turn}});
  }
  return lines;
}

std::string frame(const json& line, bool sse) {
  const std::string data = line.dump(-1, ' ', false, json::error_handler_t::replace);
  if (!sse) return data + "\n";
  std::string out;
  if (line.contains("id")) out += "id: " + line["id"].get<std::string>() + "\n";
  out += "event: " + line.value("type", std::string("message")) + "\n";
  return out + "data: " + data + "\n\n";
}

std::string heartbeat_frame(bool sse) { return sse ? ": heartbeat\n\n" : "\n"; }

}  // namespace api
