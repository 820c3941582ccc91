// Tournaments: POST/GET /v1/tournaments, GET /v1/tournaments/{id} (JSON, ?format=text with an
// optional ?round=N, ?format=trf for Swiss), POST /v1/tournaments/{id}/join|withdraw|start.
#include <algorithm>

#include "services/api/routes.h"
#include "services/domain/clock_rules.h"
#include "services/tournament/tournament_logic.h"

namespace api {

using nlohmann::json;

namespace {

const std::vector<std::string> kOrganiseScopes = {"organise"};

void require_organiser(GameService& s, const storage::Principal& me) {
  require_scope(me, kOrganiseScopes);
  const auto& allowed = s.options.organisers;
  if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), me.username) == allowed.end())
    throw GameError(403, "not_an_organiser", "Only the server's chosen organisers may do this.");
}

json object_field(const json& body, const std::string& name) {
  if (!body.contains(name) || body.at(name).is_null()) return json::object();
  if (!body.at(name).is_object())
    throw GameError(400, "invalid_field", name + " must be an object.", {{"field", name}});
  return body.at(name);
}

std::string time_field(const json& body, const std::string& name) {
  const std::string text = string_field(body, name, false, 40);
  if (!text.empty() && !hxclock::parse_rfc3339(text))
    throw GameError(400, "invalid_field", name + " must be an RFC 3339 time.", {{"field", name}});
  return text;
}

// Known settings only, each an integer in range (all_at_once, allow_replacement: booleans).
json settings_field(const json& body) {
  const json given = object_field(body, "settings");
  const std::map<std::string, std::pair<int, int>> ranges = {
      {"games_per_match", {1, 9}},     {"max_tiebreaks", {0, 5}},
      {"division_size", {2, 64}},      {"promote", {0, 16}},
      {"relegate", {0, 16}},           {"timeout_limit", {0, 100}},
      {"season_break_days", {0, 365}}, {"advance", {1, 5}}};
  for (const auto& [key, value] : given.items()) {
    if ((key == "all_at_once" || key == "allow_replacement") && value.is_boolean()) continue;
    if (key == "bye_points" && value.is_number() && value >= 0 && value <= 1) continue;
    auto range = ranges.find(key);
    if (range == ranges.end() || !value.is_number_integer() || value < range->second.first ||
        value > range->second.second)
      throw GameError(422, "bad_settings", "Unknown or out-of-range setting '" + key + "'.",
                      {{"field", "settings"}});
  }
  return given;
}

void check_game(GameService& s, storage::NewTournament& n, const json& body) {
  const rules::GameDef* def = s.catalog.find(n.game);
  if (def == nullptr)
    throw GameError(422, "unknown_game", "No game '" + n.game + "' in the catalogue.",
                    {{"field", "game"}});
  n.players_per_game =
      static_cast<int>(int_field(body, "players_per_game", false, 2, 6).value_or(2));
  const int seats = n.players_per_game;
  if (seats != 2 && seats != 3 && seats != 4 && seats != 6)
    throw GameError(422, "bad_players_per_game", "players_per_game must be 2, 3, 4 or 6.",
                    {{"field", "players_per_game"}});
  const json settings = object_field(body, "settings");
  if (settings.contains("advance") &&
      (n.format != "knockout" || seats == 2 || settings.at("advance") >= seats))
    throw GameError(422, "bad_settings",
                    "settings.advance is for a knockout at tables: from 1 to players_per_game - 1.",
                    {{"field", "settings"}});
  const json options = object_field(body, "options");
  rules::GameConfig config;
  const std::string problem = domain::check_game_config(*def, seats, options.dump(), config);
  if (!problem.empty()) throw GameError(422, "bad_options", problem, {{"field", "options"}});
  n.options_json = options.dump();
  auto clock = domain::parse_time_control(body.contains("clock") ? body.at("clock") : json());
  if (auto* bad = std::get_if<domain::ClockProblem>(&clock))
    throw GameError(400, "invalid_clock", "Bad clock: " + bad->message + ".", {{"field", "clock"}});
  n.clock_json = domain::to_json(std::get<domain::TimeControl>(clock)).dump();
}

void post_tournament(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_organiser(s, me);
  const json body = json_object_body(req);
  storage::NewTournament n;
  n.organiser_id = me.account_id;
  n.name = name_field(body, "name", true, 100);
  n.game = string_field(body, "game", true, 64);
  n.format = string_field(body, "format", true, 32);
  if (!tournament::parse_format(n.format))
    throw GameError(422, "bad_format",
                    "format must be round-robin, double-round-robin, swiss, knockout or league.",
                    {{"field", "format"}});
  check_game(s, n, body);
  n.rounds = int_field(body, "rounds", n.format == "swiss");
  if (n.rounds && (*n.rounds < 1 || *n.rounds > 50))
    throw GameError(422, "bad_rounds", "rounds must be from 1 to 50.", {{"field", "rounds"}});
  n.capacity = int_field(body, "capacity", false);
  if (n.capacity && (*n.capacity < 2 || *n.capacity > 10000))
    throw GameError(422, "bad_capacity", "capacity must be from 2 to 10000.",
                    {{"field", "capacity"}});
  n.rated = bool_field(body, "rated", false);
  n.settings_json = settings_field(body).dump();
  n.entry_opens_at = time_field(body, "entry_opens_at");
  n.entry_closes_at = time_field(body, "entry_closes_at");
  n.at = hxclock::to_rfc3339(s.clock.now());
  const storage::TournamentRecord created = s.tournaments.create(n);
  res.set_header("Location", "/v1/tournaments/" + std::to_string(created.id));
  send_json(res, 201, tourney::tournament_view(created, true));
}

void get_tournaments(GameService& s, const Request& req, Response& res) {
  reader(s, req, res);
  const std::string status = query(req, "status");
  if (!status.empty() && status != "open" && status != "running" && status != "finished")
    throw GameError(400, "invalid_parameter", "status must be open, running or finished.",
                    {{"parameter", "status"}});
  json list = json::array();
  for (const auto& t : s.tournaments.list(status, limit_param(req)))
    list.push_back(tourney::tournament_view(t, false));
  send_json(res, 200, {{"tournaments", list}});
}

storage::TournamentRecord load(GameService& s, storage::Id id) {
  auto found = s.tournaments.find(id);
  if (!found)
    throw GameError(404, "tournament_not_found", "No tournament " + std::to_string(id) + ".");
  return *found;
}

// ?round=N with ?format=text: that round's part of the text (played, playing or scheduled).
std::string round_text(const storage::TournamentRecord& t, int number) {
  const json view = tourney::tournament_view(t, true);
  for (const char* part : {"rounds", "schedule"})
    for (const json& round : view.at(part))
      if (round.at("number") == number) return tourney::round_text(round);
  throw GameError(
      404, "round_not_found",
      "Tournament " + std::to_string(t.id) + " has no round " + std::to_string(number) + " yet.",
      {{"parameter", "round"}});
}

void get_tournament(GameService& s, const Request& req, Response& res) {
  reader(s, req, res);
  const storage::TournamentRecord t = load(s, path_id(req, 1, "tournament"));
  const std::string format = query(req, "format");
  const int round = int_param(req, "round", 0, 1, 1000);
  if (round > 0 && format != "text")
    throw GameError(400, "invalid_parameter", "round needs format=text.", {{"parameter", "round"}});
  if (format == "text") {
    res.status = 200;
    res.set_content(round > 0 ? round_text(t, round) : tourney::tournament_text(t),
                    "text/plain; charset=utf-8");
  } else if (format == "trf") {
    if (t.format != "swiss")
      throw GameError(422, "not_swiss", "TRF export is for Swiss tournaments.");
    res.status = 200;
    res.set_content(tourney::tournament_trf(t), "text/plain; charset=utf-8");
  } else if (format.empty() || format == "json") {
    send_json(res, 200, tourney::tournament_view(t, true));
  } else {
    throw GameError(400, "invalid_parameter", "format must be json, text or trf.",
                    {{"parameter", "format"}});
  }
}

void join_tournament(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "tournament");
  using St = storage::JoinStatus;
  switch (s.tournaments.join(id, me.account_id, hxclock::to_rfc3339(s.clock.now()))) {
    case St::kNotFound:
      throw GameError(404, "tournament_not_found", "No tournament " + std::to_string(id) + ".");
    case St::kClosed:
      throw GameError(409, "entry_closed", "Entry to this tournament is not open.");
    case St::kFull:
      throw GameError(409, "tournament_full", "The tournament has reached its capacity.");
    case St::kAlreadyJoined:
      throw GameError(409, "already_joined", "You have already joined this tournament.");
    case St::kJoined:
      break;
  }
  res.set_header("Location", "/v1/tournaments/" + std::to_string(id));
  send_json(res, 201, {{"joined", true}, {"tournament_id", std::to_string(id)}});
}

void withdraw_tournament(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "tournament");
  // {"next_season_only": true}: a league entrant finishes this season and is not re-registered.
  const bool next_season_only =
      bool_field(optional_json_object_body(req), "next_season_only", false);
  using St = storage::WithdrawStatus;
  switch (next_season_only ? s.tournaments.opt_out(id, me.account_id)
                           : s.tournaments.withdraw(id, me.account_id)) {
    case St::kNotFound:
      throw GameError(404, "tournament_not_found", "No tournament " + std::to_string(id) + ".");
    case St::kClosed:
      throw GameError(409, "tournament_over",
                      next_season_only ? "Only a league that is not over has a next season."
                                       : "The tournament is over.");
    case St::kNotEntered:
      throw GameError(409, "not_entered", "You are not in this tournament.");
    case St::kWithdrawn:
      break;
  }
  send_json(res, 200,
            {{"withdrawn", !next_season_only},
             {"next_season", !next_season_only ? json(nullptr) : json(false)},
             {"tournament_id", std::to_string(id)}});
}

void start_tournament(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_organiser(s, me);
  const storage::Id id = path_id(req, 1, "tournament");
  const storage::TournamentRecord before = load(s, id);
  if (before.organiser_id != me.account_id)
    throw GameError(403, "not_the_organiser", "Only the tournament's organiser can start it.");
  if (before.status != "open")
    throw GameError(409, "already_started", "The tournament is " + before.status + ".");
  if (before.entrants.size() < 2)
    throw GameError(409, "too_few_entrants", "A tournament needs at least 2 entrants.");
  if (!tournament::field_can_start(tourney::state_of(before)))
    throw GameError(409, "bad_field_size",
                    "A knockout at tables must end in one final table: the number of entrants "
                    "minus players_per_game must be a multiple of players_per_game - advance.");
  const std::string now = hxclock::to_rfc3339(s.clock.now());
  const bool started =
      s.tournaments.step(id, tourney::start_step, tourney::tournament_game_starter(s.catalog),
                         tourney::fairness_seeds(), now);
  if (!started) throw GameError(409, "already_started", "The tournament was started meanwhile.");
  s.competition.advance(id);
  send_json(res, 200, tourney::tournament_view(load(s, id), true));
}

}  // namespace

void add_tournament_routes(Server& server, GameService& s) {
  server.post("/v1/tournaments",
              guarded([&s](const Request& q, Response& r) { post_tournament(s, q, r); }));
  server.get("/v1/tournaments",
             guarded([&s](const Request& q, Response& r) { get_tournaments(s, q, r); }));
  server.get(R"(/v1/tournaments/([^/]+))",
             guarded([&s](const Request& q, Response& r) { get_tournament(s, q, r); }));
  server.post(R"(/v1/tournaments/([^/]+)/join)",
              guarded([&s](const Request& q, Response& r) { join_tournament(s, q, r); }));
  server.post(R"(/v1/tournaments/([^/]+)/withdraw)",
              guarded([&s](const Request& q, Response& r) { withdraw_tournament(s, q, r); }));
  server.post(R"(/v1/tournaments/([^/]+)/start)",
              guarded([&s](const Request& q, Response& r) { start_tournament(s, q, r); }));
}

}  // namespace api
