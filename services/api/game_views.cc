#include "services/api/game_views.h"

#include <algorithm>
#include <cmath>

#include "rules/core/play.h"
#include "services/domain/clock_rules.h"

namespace api {

using nlohmann::json;

namespace {

json id_text(storage::Id id) { return std::to_string(id); }

json parse_or_null(const std::string& text) {
  if (text.empty()) return nullptr;
  json value = json::parse(text, nullptr, false);
  return value.is_discarded() ? json(nullptr) : value;
}

json usernames(const storage::GameRecord& game, const std::vector<int>& seats) {
  json out = json::array();
  for (int s : seats) {
    if (s >= 0 && s < static_cast<int>(game.seats.size())) out.push_back(game.seats[s].username);
  }
  return out;
}

json result_view(const storage::GameRecord& game) {
  json result = parse_or_null(game.result_json);
  if (!result.is_object()) return nullptr;
  json seats = json::array();
  const json stored = result.value("seats", json::array());
  for (std::size_t i = 0; i < stored.size() && i < game.seats.size(); ++i) {
    seats.push_back({{"seat", i},
                     {"username", game.seats[i].username},
                     {"placement", stored[i].value("placement", 0)},
                     {"score", stored[i].value("score", 0.0)}});
  }
  return {{"summary", result.value("summary", "")}, {"seats", seats}};
}

json seats_view(const storage::GameRecord& game) {
  json seats = json::array();
  for (const auto& s : game.seats) {
    seats.push_back(
        {{"seat", s.seat},
         {"username", s.username},
         {"to_move", std::count(game.to_move.begin(), game.to_move.end(), s.seat) > 0},
         {"placement", s.placement ? json(*s.placement) : json(nullptr)},
         {"score", s.score ? json(*s.score) : json(nullptr)},
         {"deadline", s.deadline.empty() ? json(nullptr) : json(s.deadline)},
         {"remaining_s", s.remaining_s ? json(std::llround(*s.remaining_s)) : json(nullptr)}});
  }
  return seats;
}

}  // namespace

std::string etag_of(const storage::GameRecord& game) {
  return "\"g" + std::to_string(game.id) + "-v" + std::to_string(game.version) + "\"";
}

std::string viewer_etag_of(const storage::GameRecord& game, storage::Id caller) {
  std::string etag = etag_of(game);
  const int seat = domain::seat_of(game, caller);
  if (seat >= 0) etag.insert(etag.size() - 1, "-s" + std::to_string(seat));
  return etag;
}

json game_summary(const storage::GameRecord& game, storage::Id caller) {
  const int seat = domain::seat_of(game, caller);
  return {{"id", id_text(game.id)},
          {"game", game.game},
          {"status", game.status},
          {"ply", game.ply},
          {"version", game.version},
          {"seats", seats_view(game)},
          {"to_move", usernames(game, game.to_move)},
          {"your_seat", seat >= 0 ? json(seat) : json(nullptr)},
          {"your_turn", seat >= 0 && std::count(game.to_move.begin(), game.to_move.end(), seat)},
          {"result", result_view(game)},
          {"updated_at", game.updated_at}};
}

namespace {

// The board as `caller` sees it, and the legal moves when it is their turn (null otherwise):
// `legal_moves` in notation and `legal_moves_detail`, each move with the cells it touches in
// click order (rules::State::move_cells), for pages that move by clicking cells.
// `state` is the loaded position when the caller has one (null: load it).
void add_board(json& view, const domain::Catalog& catalog, const storage::GameRecord& game,
               storage::Id caller, const rules::State* state) {
  std::unique_ptr<rules::State> loaded;
  if (state == nullptr) {
    loaded = domain::load_state(catalog, game);
    state = loaded.get();
  }
  const int seat = domain::seat_of(game, caller);
  view["board"] = state->render(rules::RenderOptions{seat, "", false});
  const bool my_turn = game.status == "active" && seat >= 0 &&
                       std::count(game.to_move.begin(), game.to_move.end(), seat) > 0;
  if (!my_turn) {
    view["legal_moves"] = nullptr;
    view["legal_moves_detail"] = nullptr;
    return;
  }
  json legal = json::array();
  json detail = json::array();
  for (rules::Move m : state->legal_moves()) {
    legal.push_back(state->format_move(m));
    detail.push_back({{"move", legal.back()}, {"cells", state->move_cells(m)}});
  }
  view["legal_moves"] = std::move(legal);
  view["legal_moves_detail"] = std::move(detail);
}

}  // namespace

json shared_game_view(const storage::GameRecord& game, const ViewOptions& options) {
  json view = game_summary(game, 0);
  view.erase("your_seat");
  view.erase("your_turn");
  view["options"] = parse_or_null(game.options_json);
  view["clock"] = parse_or_null(game.clock_json);
  view["rated"] = game.rated;
  view["players"] = game.players;
  view["to_move_seats"] = game.to_move;
  view["draw_offers"] = game.draw_offers;
  view["challenge_id"] = game.challenge_id ? id_text(*game.challenge_id) : json(nullptr);
  view["created_at"] = game.created_at;
  view["finished_at"] = game.finished_at.empty() ? json(nullptr) : json(game.finished_at);
  view["fairness"] = {
      {"commitment", game.commitment},
      {"server_seed", game.status == "active" ? json(nullptr) : json(game.server_seed_hex)}};
  if (options.moves) view["moves"] = moves_view(*options.moves);
  if (options.with_board) view["position"] = game.position;
  return view;
}

json viewer_game_view(const domain::Catalog& catalog, const storage::GameRecord& game,
                      const ViewOptions& options, const rules::State* state) {
  const int seat = domain::seat_of(game, options.caller);
  json view = {
      {"your_seat", seat >= 0 ? json(seat) : json(nullptr)},
      {"your_turn", seat >= 0 && std::count(game.to_move.begin(), game.to_move.end(), seat)}};
  if (options.with_board) add_board(view, catalog, game, options.caller, state);
  return view;
}

json game_view(const domain::Catalog& catalog, const storage::GameRecord& game,
               const ViewOptions& options, const rules::State* state) {
  json view = shared_game_view(game, options);
  view.update(viewer_game_view(catalog, game, options, state));
  return view;
}

json moves_view(const std::vector<storage::MoveRecord>& moves) {
  json list = json::array();
  for (const auto& m : moves) {
    list.push_back({{"ply", m.ply},
                    {"seat", m.seat},
                    {"username", m.username},
                    {"move", std::string(rules::strip_annotation(m.record))},
                    {"record", m.record},
                    {"draws", m.draws},
                    {"at", m.created_at}});
  }
  return list;
}

json challenge_view(const storage::ChallengeRecord& c) {
  json players = json::array();
  for (const auto& p : c.players_list) {
    players.push_back({{"username", p.username}, {"accepted", p.accepted}});
  }
  return {{"id", id_text(c.id)},
          {"creator", c.creator},
          {"game", c.game},
          {"players", c.players},
          {"options", parse_or_null(c.options_json)},
          {"clock", parse_or_null(c.clock_json)},
          {"rated", c.rated},
          {"open", c.open_seek},
          {"status", c.status},
          {"participants", players},
          {"commitment", c.commitment},
          {"decline_reason", c.decline_reason.empty() ? json(nullptr) : json(c.decline_reason)},
          {"game_id", c.game_id ? id_text(*c.game_id) : json(nullptr)},
          {"created_at", c.created_at},
          {"expires_at", c.expires_at}};
}

json fairness_view(const storage::GameRecord& game, const std::vector<storage::MoveRecord>& moves) {
  json draws = json::array();
  draws.push_back({{"ply", 0}, {"draws", game.setup_draws}});
  json hashes = json::array();
  for (const auto& m : moves) {
    draws.push_back({{"ply", m.ply}, {"draws", m.draws}});
    hashes.push_back({{"ply", m.ply}, {"record", m.record}, {"hash", m.hash}});
  }
  json seeds = json::array();
  std::vector<storage::SeatRecord> by_slot = game.seats;
  std::sort(by_slot.begin(), by_slot.end(),
            [](const auto& a, const auto& b) { return a.slot < b.slot; });
  for (const auto& s : by_slot) {
    seeds.push_back({{"slot", s.slot},
                     {"seat", s.seat},
                     {"username", s.username},
                     {"player_seed", s.player_seed}});
  }
  const bool revealed = game.status != "active";
  return {{"game_id", id_text(game.id)},
          {"scheme", "rules-spec 0.4: HMAC-SHA256; player seeds in slot (join) order"},
          {"commitment", game.commitment},
          {"server_seed", revealed ? json(game.server_seed_hex) : json(nullptr)},
          {"game_seed", revealed ? json(game.game_seed_hex) : json(nullptr)},
          {"player_seeds", seeds},
          {"draws", draws},
          {"move_hashes", hashes},
          {"last_hash", game.last_hash}};
}

namespace {

// One PGN-style tag pair; quotes and backslashes escaped, line breaks dropped.
std::string record_tag(const std::string& name, const std::string& value) {
  std::string escaped;
  for (char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    if (c != '\n' && c != '\r') escaped += c;
  }
  return "[" + name + " \"" + escaped + "\"]\n";
}

// "1st", "2nd", "3rd", "4th", ...
std::string ordinal(int n) {
  const char* suffix = n % 100 / 10 == 1 ? "th"
                       : n % 10 == 1     ? "st"
                       : n % 10 == 2     ? "nd"
                       : n % 10 == 3     ? "rd"
                                         : "th";
  return std::to_string(n) + suffix;
}

// The Result tag, in words that cannot be read as a score: "ann wins", "ann and bob share first
// place", "draw" (every seat first), "aborted", or "*" while the game runs.
std::string record_result(const storage::GameRecord& game, const json& result) {
  if (game.status == "aborted") return "aborted";
  if (!result.is_object()) return "*";
  std::vector<std::string> first;
  const json seats = result.value("seats", json::array());
  for (const json& s : seats) {
    if (s.value("placement", 0) == 1) first.push_back(s.value("username", "?"));
  }
  if (first.empty()) return "*";
  if (first.size() == 1) return first.front() + " wins";
  if (first.size() == seats.size()) return "draw";
  std::string names;
  for (std::size_t i = 0; i < first.size(); ++i) {
    names += (i == 0 ? "" : i + 1 == first.size() ? " and " : ", ") + first[i];
  }
  return names + " share first place";
}

// The Placements tag: every seat's placement, best first ("1st ann, 2nd bob").
std::string record_placements(const json& result) {
  json seats = result.value("seats", json::array());
  std::stable_sort(seats.begin(), seats.end(), [](const json& a, const json& b) {
    return a.value("placement", 0) < b.value("placement", 0);
  });
  std::string out;
  for (const json& s : seats) {
    out += (out.empty() ? "" : ", ") + ordinal(s.value("placement", 0)) + " " +
           s.value("username", "?");
  }
  return out;
}

// The players' seeds in slot order, comma-separated.
std::string player_seeds(const storage::GameRecord& game) {
  std::string seeds;
  std::vector<storage::SeatRecord> by_slot = game.seats;
  std::sort(by_slot.begin(), by_slot.end(),
            [](const auto& a, const auto& b) { return a.slot < b.slot; });
  for (const auto& s : by_slot) seeds += (seeds.empty() ? "" : ",") + s.player_seed;
  return seeds;
}

// A message as record comment lines: "; message ply 3 ann 2026-...Z: text", each further line
// of the text as "; | line" (a record line never holds a line break).
std::string record_message(const storage::MessageRecord& m) {
  std::string out =
      "; message ply " + std::to_string(m.ply) + " " + m.username + " " + m.created_at + ":";
  std::size_t start = 0;
  for (bool first = true; start <= m.text.size(); first = false) {
    std::size_t end = m.text.find('\n', start);
    if (end == std::string::npos) end = m.text.size();
    std::string line = m.text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out += (first ? " " : "\n; | ") + line;
    start = end + 1;
  }
  return out + "\n";
}

}  // namespace

// "; conditional lines of bob (seat 1), stored at ply 2: e5 Nf3 | d5 c4", one per set stored.
static std::string conditional_comments(
    const storage::GameRecord& game, const std::vector<storage::ConditionalLines>& conditionals) {
  std::string out;
  for (const auto& set : conditionals) {
    std::string username;
    for (const auto& seat : game.seats) {
      if (seat.seat == set.seat) username = seat.username;
    }
    std::string lines;
    for (const auto& line : set.lines) {
      if (!lines.empty()) lines += " |";
      for (const auto& move : line) lines += " " + move;
    }
    out += "; conditional lines of " + username + " (seat " + std::to_string(set.seat) +
           "), stored at ply " + std::to_string(set.base_ply) + ":" + lines + "\n";
  }
  return out;
}

std::string game_record_text(const storage::GameRecord& game,
                             const std::vector<storage::MoveRecord>& moves, const std::string& site,
                             const std::vector<storage::MessageRecord>& messages,
                             const std::vector<storage::ConditionalLines>& conditionals) {
  const json r = result_view(game);  // seats with usernames, or null while the game runs
  const std::string result = record_result(game, r);
  std::string out;
  out += record_tag("Event", "Hexpost game " + std::to_string(game.id));
  out += record_tag("Site", site);
  out += record_tag("Date", game.created_at.substr(0, 10));
  out += record_tag("Game", game.game);
  out += record_tag("Players", std::to_string(game.players));
  for (const auto& s : game.seats) {  // numbered from 0, as everywhere else
    out += record_tag("Seat" + std::to_string(s.seat), s.username);
  }
  out += record_tag("Options", game.options_json);
  out += record_tag("TimeControl", domain::time_control_tag(game.clock_json));
  out += record_tag("Status", game.status);
  out += record_tag("Result", result);
  if (r.is_object()) {
    out += record_tag("Placements", record_placements(r));
    out += record_tag("Termination", r.value("summary", ""));
  }
  out += record_tag("Commitment", game.commitment);
  out += record_tag("ServerSeed", game.status == "active" ? "(revealed when the game ends)"
                                                          : game.server_seed_hex);
  out += record_tag("PlayerSeeds", player_seeds(game));
  out += record_tag("SetupDraws", game.setup_draws);
  out += "\n";
  out += "; One entry per line: the record text, then after ';' the ply, time and draws.\n";
  out += "; Replay offline with the recorded draws: hexpost rules replay record.txt\n";
  auto message = messages.begin();
  for (const auto& m : moves) {
    for (; message != messages.end() && message->ply < m.ply; ++message) {
      out += record_message(*message);
    }
    out += m.record + " ; ply " + std::to_string(m.ply) + " " + m.created_at;
    if (!m.draws.empty()) out += " draws " + m.draws;
    out += "\n";
  }
  for (; message != messages.end(); ++message) out += record_message(*message);
  if (game.status != "active") out += conditional_comments(game, conditionals);
  out += "; result " + result + "\n";
  return out;
}

std::string dump_with_clock_slots(json answer) {
  // Markers that no dumped string can contain, swapped for the raw slots after dumping.
  auto marker = [](char kind, int seat) {
    return "\x02" + std::string(1, kind) + std::to_string(seat);
  };
  std::vector<std::pair<std::string, std::string>> slots;
  if (answer.contains("game") && answer["game"].contains("seats")) {
    for (json& seat : answer["game"]["seats"]) {
      const int n = seat.value("seat", -1);
      if (n < 0) continue;
      for (const auto& [key, kind] : {std::pair{"deadline", 'd'}, std::pair{"remaining_s", 'r'}}) {
        seat[key] = marker(kind, n);
        slots.emplace_back("\"\\u0002" + std::string(1, kind) + std::to_string(n) + "\"",
                           "\x01" + std::string(1, kind) + std::to_string(n) + "\x01");
      }
    }
  }
  std::string text = answer.dump(-1, ' ', false, json::error_handler_t::replace);
  for (const auto& [from, to] : slots) {
    if (const auto at = text.find(from); at != std::string::npos) text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace api
