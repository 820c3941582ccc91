#include "services/domain/game_logic.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "lib/fairness/fairness.h"
#include "rules/core/play.h"
#include "rules/core/registry.h"

namespace domain {

namespace {

using nlohmann::json;

fairness::Bytes bytes_from_hex(const std::string& hex) {
  auto bytes = fairness::from_hex(hex);
  if (!bytes) throw std::runtime_error("stored seed is not hex");
  return *bytes;
}

bool contains(const std::vector<int>& values, int value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

std::vector<Id> recipients(const GameRecord& game) {
  std::vector<Id> ids;
  for (const auto& seat : game.seats) ids.push_back(seat.account_id);
  return ids;
}

// Fills the result fields of a write from a finished outcome.
template <class Write>
void set_result(Write& w, const rules::Outcome& outcome, int seats) {
  w.finished = true;
  w.result_json = result_json(outcome);
  w.placements.assign(seats, std::nullopt);
  w.scores.assign(seats, std::nullopt);
  for (int i = 0; i < seats && i < static_cast<int>(outcome.seats.size()); ++i) {
    w.placements[i] = outcome.seats[i].placement;
    w.scores[i] = outcome.seats[i].score;
  }
}

// Common checks and the position, for entries that go into the move list.
std::variant<std::unique_ptr<rules::State>, Refusal> prepare(const Catalog& catalog,
                                                             const GameRecord& game, Id account_id,
                                                             int& seat) {
  seat = seat_of(game, account_id);
  if (seat < 0) return Refusal{RefusalKind::kNotAPlayer, "you have no seat in this game", {}};
  if (game.status != "active") {
    return Refusal{RefusalKind::kGameOver, "the game is " + game.status, {}};
  }
  return load_state(catalog, game);
}

EntryDecision finish_entry(const GameRecord& game, int seat, Id account_id,
                           std::unique_ptr<rules::State> state, const std::string& record,
                           const rules::RandomSource& rng, bool is_move) {
  EntryDecision d;
  Entry& w = d.entry;
  w.game_id = game.id;
  w.expected_ply = game.ply;
  w.expected_version = game.version;
  w.seat = seat;
  w.account_id = account_id;
  w.record = record;
  w.draws = rules::format_draws(rng.draws());
  w.hash = fairness::move_hash(game.last_hash, game.ply + 1, w.record, w.draws);
  w.position = state->serialize();
  w.to_move = state->to_move();
  w.is_move = is_move;
  w.moved_seats = game.moved_seats;
  if (is_move && !contains(w.moved_seats, seat)) w.moved_seats.push_back(seat);
  // An entry withdraws every other seat's draw offer; the mover's own offer stands.
  if (contains(game.draw_offers, seat)) w.draw_offers = {seat};
  const rules::Outcome outcome = state->outcome();
  if (outcome.finished) {
    set_result(w, outcome, state->num_seats());
    w.finished_event_json = finished_event_json(game, w.result_json);
  }
  d.canonical = std::string(rules::strip_annotation(record));
  w.recipients = recipients(game);
  w.event_payload_json = json{{"game_id", std::to_string(game.id)},
                              {"ply", game.ply + 1},
                              {"seat", seat},
                              {"move", d.canonical},
                              {"record", record},
                              {"to_move", w.to_move},
                              {"status", outcome.finished ? "finished" : "active"}}
                             .dump();
  d.state = std::move(state);
  return d;
}

}  // namespace

std::vector<int> seats_in_play(const GameRecord& game, const std::vector<MoveRecord>& moves) {
  std::vector<int> seats(game.players);
  std::iota(seats.begin(), seats.end(), 0);
  for (const auto& m : moves) {
    int resigned = -1;
    if (rules::is_resignation(m.record, resigned)) std::erase(seats, resigned);
  }
  return seats;
}

Catalog Catalog::from_registry(std::vector<const rules::GameDef*> extra) {
  std::vector<const rules::GameDef*> games;
  for (const rules::GameDef& def : rules::all_games()) games.push_back(&def);
  games.insert(games.end(), extra.begin(), extra.end());
  return Catalog(std::move(games));
}

const rules::GameDef* Catalog::find(std::string_view id) const {
  for (const rules::GameDef* def : games_) {
    if (def->info.id == id) return def;
  }
  return nullptr;
}

int seat_of(const GameRecord& game, Id account_id) {
  for (const auto& seat : game.seats) {
    if (seat.account_id == account_id) return seat.seat;
  }
  return -1;
}

std::string result_json(const rules::Outcome& outcome) {
  json seats = json::array();
  for (const auto& s : outcome.seats)
    seats.push_back({{"placement", s.placement}, {"score", s.score}});
  return json{{"summary", outcome.summary}, {"seats", seats}}.dump();
}

std::string finished_event_json(const GameRecord& game, const std::string& result_json) {
  const json result = json::parse(result_json);
  const json placed = result.value("seats", json::array());
  json seats = json::array();
  for (const auto& seat : game.seats) {
    // A seat the outcome does not list has no placement or score (null), never an error here:
    // this runs inside the write of the game's last entry.
    const auto at = static_cast<std::size_t>(seat.seat);
    const json mine = at < placed.size() ? placed[at] : json::object();
    seats.push_back({{"seat", seat.seat},
                     {"username", seat.username},
                     {"placement", mine.value("placement", json())},
                     {"score", mine.value("score", json())}});
  }
  json payload = {{"game_id", std::to_string(game.id)},
                  {"summary", result.value("summary", "")},
                  {"seats", seats}};
  if (result.contains("termination")) payload["termination"] = result["termination"];
  return payload.dump();
}

std::string check_game_config(const rules::GameDef& def, int players,
                              const std::string& options_json, rules::GameConfig& config) {
  config.players = players;
  config.options.clear();
  const json options = json::parse(options_json, nullptr, false);
  if (!options.is_object()) return "options must be an object";
  for (const auto& [key, value] : options.items()) {
    if (value.is_string()) {
      config.options[key] = value.get<std::string>();
    } else if (value.is_number_integer() || value.is_boolean()) {
      config.options[key] = value.dump();
    } else {
      return "option " + key + " must be a string, an integer or a boolean";
    }
  }
  fairness::HmacRandom rng(fairness::sha256("probe"), "probe", 0);
  auto created = def.create(config, rng);
  if (!created.ok()) return created.error().message;
  return {};
}

std::variant<NewGame, std::string> start_game(const Catalog& catalog,
                                              const ChallengeRecord& challenge, Id game_id,
                                              bool keep_slot_order) {
  const rules::GameDef* def = catalog.find(challenge.game);
  if (def == nullptr) return "the game " + challenge.game + " is no longer offered";
  rules::GameConfig config;
  if (auto error = check_game_config(*def, challenge.players, challenge.options_json, config);
      !error.empty()) {
    return error;
  }
  std::vector<std::string> seeds;
  for (const auto& p : challenge.players_list) seeds.push_back(p.player_seed);
  const std::string id_text = std::to_string(game_id);
  const fairness::Bytes seed =
      fairness::game_seed(bytes_from_hex(challenge.server_seed_hex), id_text, seeds);
  fairness::HmacRandom rng(seed, id_text, 0);
  // seat_slot[seat] = slot; a uniform permutation by Fisher-Yates.
  const int n = static_cast<int>(challenge.players_list.size());
  std::vector<int> seat_slot(n);
  std::iota(seat_slot.begin(), seat_slot.end(), 0);
  for (int i = n - 1; i > 0; --i) {
    const int j = static_cast<int>(rng.draw("seat", static_cast<std::uint32_t>(i + 1)));
    std::swap(seat_slot[i], seat_slot[j]);
  }
  auto created = def->create(config, rng);
  if (!created.ok()) return created.error().message;
  NewGame game;
  game.position = created.value()->serialize();
  game.to_move = created.value()->to_move();
  game.game_seed_hex = fairness::to_hex(seed);
  game.setup_draws = rules::format_draws(rng.draws());
  for (int s = 0; s < n; ++s) {
    // keep_slot_order: the pairing's order decides who sits where, and each seat still records
    // the slot the draw gave it. That verifies like any game because a tournament game has no
    // player seeds: every slot's seed is the same (empty), so any account may hold any slot.
    const auto& player = challenge.players_list[keep_slot_order ? s : seat_slot[s]];
    game.seat_accounts.push_back(player.account_id);
    game.seat_slots.push_back(seat_slot[s]);
    game.seat_seeds.push_back(player.player_seed);
  }
  return game;
}

std::unique_ptr<rules::State> load_state(const Catalog& catalog, const GameRecord& game) {
  const rules::GameDef* def = catalog.find(game.game);
  if (def == nullptr) throw std::runtime_error("game " + game.game + " is not in the catalog");
  auto loaded = def->load(game.position);
  if (!loaded.ok()) {
    throw std::runtime_error("stored position of game " + std::to_string(game.id) +
                             " does not load: " + loaded.error().message);
  }
  return std::move(loaded).value();
}

std::variant<EntryDecision, Refusal> decide_move(const Catalog& catalog, const GameRecord& game,
                                                 Id account_id, std::string_view text,
                                                 int seen_ply) {
  int seat = -1;
  auto prepared = prepare(catalog, game, account_id, seat);
  if (auto* refusal = std::get_if<Refusal>(&prepared)) return *refusal;
  if (seen_ply != game.ply) {
    return Refusal{RefusalKind::kStalePly,
                   "the game is at ply " + std::to_string(game.ply) +
                       (seen_ply < 0 ? std::string() : ", not " + std::to_string(seen_ply)),
                   {}};
  }
  if (!contains(game.to_move, seat)) {
    return Refusal{RefusalKind::kNotYourTurn, "it is not your turn", {}};
  }
  auto state = std::move(std::get<std::unique_ptr<rules::State>>(prepared));
  fairness::HmacRandom rng(bytes_from_hex(game.game_seed_hex), std::to_string(game.id),
                           game.ply + 1);
  rules::Result<std::string> record = rules::play(*state, text, rng);
  if (!record.ok()) {
    return Refusal{RefusalKind::kRules, record.error().message,
                   std::string(rules::to_string(record.error().code))};
  }
  return finish_entry(game, seat, account_id, std::move(state), record.value(), rng, true);
}

GameRecord game_after(GameRecord game, const Entry& e) {
  game.ply = e.expected_ply + 1;
  game.version = e.expected_version + 1;
  game.position = e.position;
  game.to_move = e.to_move;
  game.moved_seats = e.moved_seats;
  game.draw_offers = e.draw_offers;
  game.last_hash = e.hash;
  game.updated_at = e.at;
  if (e.finished) {
    game.status = "finished";
    game.result_json = e.result_json;
    game.finished_at = e.at;
    for (std::size_t i = 0; i < game.seats.size() && i < e.placements.size(); ++i) {
      game.seats[i].placement = e.placements[i];
      game.seats[i].score = e.scores[i];
    }
  }
  return game;
}

std::variant<std::string, Refusal> preview_move(const Catalog& catalog, const GameRecord& game,
                                                Id account_id, std::string_view text) {
  int seat = -1;
  auto prepared = prepare(catalog, game, account_id, seat);
  if (auto* refusal = std::get_if<Refusal>(&prepared)) return *refusal;
  if (!contains(game.to_move, seat)) {
    return Refusal{RefusalKind::kNotYourTurn, "it is not your turn", {}};
  }
  const auto& state = std::get<std::unique_ptr<rules::State>>(prepared);
  rules::Result<std::string> canonical = rules::preview(*state, text);
  if (!canonical.ok()) {
    return Refusal{RefusalKind::kRules, canonical.error().message,
                   std::string(rules::to_string(canonical.error().code))};
  }
  return canonical.value();
}

std::variant<EntryDecision, Refusal> decide_resign(const Catalog& catalog, const GameRecord& game,
                                                   Id account_id) {
  int seat = -1;
  auto prepared = prepare(catalog, game, account_id, seat);
  if (auto* refusal = std::get_if<Refusal>(&prepared)) return *refusal;
  auto state = std::move(std::get<std::unique_ptr<rules::State>>(prepared));
  fairness::HmacRandom rng(bytes_from_hex(game.game_seed_hex), std::to_string(game.id),
                           game.ply + 1);
  rules::Result<std::string> record =
      rules::play_entry(*state, rules::resignation_entry(seat), rng);
  if (!record.ok()) {
    return Refusal{RefusalKind::kRules, record.error().message,
                   std::string(rules::to_string(record.error().code))};
  }
  return finish_entry(game, seat, account_id, std::move(state), record.value(), rng, false);
}

namespace {

// Every remaining seat agreed: they share first place and the point; seats already out of
// the game place after them with nothing.
void finish_as_agreed_draw(StatusChange& w, const GameRecord& game,
                           const std::vector<int>& remaining) {
  const int players = game.players;
  rules::Outcome outcome;
  outcome.finished = true;
  outcome.summary = "draw agreed";
  const int n = static_cast<int>(remaining.size());
  for (int s = 0; s < players; ++s) {
    const bool in = contains(remaining, s);
    outcome.seats.push_back({in ? 1 : n + 1, in ? 1.0 / std::max(n, 1) : 0.0});
  }
  set_result(w, outcome, players);
  w.status = "finished";
  w.to_move.clear();
  w.draw_offers.clear();
  w.event_kind = "game_finished";
  w.event_payload_json = finished_event_json(game, w.result_json);
}

}  // namespace

std::variant<StatusChange, Refusal> decide_draw(const GameRecord& game,
                                                const std::vector<MoveRecord>& moves, Id account_id,
                                                std::string_view action) {
  const int seat = seat_of(game, account_id);
  if (seat < 0) return Refusal{RefusalKind::kNotAPlayer, "you have no seat in this game", {}};
  if (game.status != "active") {
    return Refusal{RefusalKind::kGameOver, "the game is " + game.status, {}};
  }
  StatusChange w;
  w.game_id = game.id;
  w.expected_version = game.version;
  w.status = "active";
  w.to_move = game.to_move;
  w.draw_offers = game.draw_offers;
  w.recipients = recipients(game);
  const std::vector<int> remaining = seats_in_play(game, moves);
  if (action == "offer" || action == "accept") {
    if (action == "accept" && game.draw_offers.empty()) {
      return Refusal{RefusalKind::kNoDrawOffer, "there is no draw offer to accept", {}};
    }
    if (!contains(w.draw_offers, seat)) w.draw_offers.push_back(seat);
    std::sort(w.draw_offers.begin(), w.draw_offers.end());
    w.event_kind = action == "offer" ? "draw_offered" : "draw_accepted";
    const bool everyone = std::all_of(remaining.begin(), remaining.end(),
                                      [&](int s) { return contains(w.draw_offers, s); });
    if (everyone) {
      finish_as_agreed_draw(w, game, remaining);  // the event is game_finished, with the result
      return w;
    }
  } else if (action == "decline") {
    if (game.draw_offers.empty()) {
      return Refusal{RefusalKind::kNoDrawOffer, "there is no draw offer to decline", {}};
    }
    w.draw_offers.clear();
    w.event_kind = "draw_declined";
  } else {
    return Refusal{RefusalKind::kBadRequest, "action must be offer, accept or decline", {}};
  }
  w.event_payload_json = json{
      {"game_id", std::to_string(game.id)},
      {"seat", seat},
      {"action", action},
      {"draw_offers", w.draw_offers},
      {"status", w.status}}.dump();
  return w;
}

std::variant<StatusChange, Refusal> decide_abort(const GameRecord& game, Id account_id) {
  const int seat = seat_of(game, account_id);
  if (seat < 0) return Refusal{RefusalKind::kNotAPlayer, "you have no seat in this game", {}};
  if (game.status != "active") {
    return Refusal{RefusalKind::kGameOver, "the game is " + game.status, {}};
  }
  if (static_cast<int>(game.moved_seats.size()) >= game.players) {
    return Refusal{
        RefusalKind::kAbortTooLate, "every seat has moved; the game can no longer be aborted", {}};
  }
  return aborted(
      game,
      json{{"summary", "aborted by " + game.seats[seat].username}, {"seats", json::array()}}.dump(),
      json{{"game_id", std::to_string(game.id)}, {"seat", seat}, {"status", "aborted"}}.dump());
}

StatusChange aborted(const GameRecord& game, const std::string& result_json,
                     const std::string& event_payload_json) {
  StatusChange w;
  w.game_id = game.id;
  w.expected_version = game.version;
  w.status = "aborted";
  w.finished = true;
  w.result_json = result_json;
  w.placements.assign(game.players, std::nullopt);
  w.scores.assign(game.players, std::nullopt);
  w.event_kind = "game_aborted";
  w.recipients = recipients(game);
  w.event_payload_json = event_payload_json;
  return w;
}

std::string refusal_code(const Refusal& refusal) {
  switch (refusal.kind) {
    case RefusalKind::kNotAPlayer:
      return "not_your_game";
    case RefusalKind::kGameOver:
      return "game_over";
    case RefusalKind::kStalePly:
      return "stale_ply";
    case RefusalKind::kNotYourTurn:
      return "not_your_turn";
    case RefusalKind::kRules:
      return refusal.rule_code;
    case RefusalKind::kNoDrawOffer:
      return "no_draw_offer";
    case RefusalKind::kAbortTooLate:
      return "abort_too_late";
    case RefusalKind::kBadRequest:
      return "invalid_field";
    case RefusalKind::kTimeExpired:
      return "time_expired";
    case RefusalKind::kYourTurn:
      return "your_turn";
    case RefusalKind::kLeaveRefused:
    case RefusalKind::kLeaveConflict:
    case RefusalKind::kNotEntitled:
      return refusal.rule_code;  // the leave decisions name their own code
  }
  return "internal";
}

}  // namespace domain
