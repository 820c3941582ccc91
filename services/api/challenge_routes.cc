// POST/GET /v1/challenges, GET /v1/challenges/{id}, POST /v1/challenges/{id}/accept|decline|cancel.
#include <algorithm>

#include "lib/fairness/fairness.h"
#include "services/api/routes.h"
#include "services/domain/clock_rules.h"

namespace api {

using nlohmann::json;

namespace {

// The time control, normalised (domain::parse_time_control); 400 invalid_clock otherwise. A body
// that names no clock gets the server's default (HEXPOST_DEFAULT_DAYS_PER_MOVE).
json clock_from(const json& body, int default_days_per_move) {
  const json clock = body.contains("clock") ? body.at("clock") : json(nullptr);
  if (!clock.is_null() && !clock.is_object()) {
    throw GameError(400, "invalid_field", "clock must be an object.", {{"field", "clock"}});
  }
  if (domain::names_no_clock(clock)) {
    return domain::to_json(domain::default_time_control(default_days_per_move));
  }
  auto parsed = domain::parse_time_control(clock);
  if (auto* problem = std::get_if<domain::ClockProblem>(&parsed)) {
    throw GameError(400, "invalid_clock", "Bad clock: " + problem->message + ".",
                    {{"field", "clock"}});
  }
  return domain::to_json(std::get<domain::TimeControl>(parsed));
}

// The game, the player count and the options of a challenge body, checked against the game's
// rules (422 bad_options / unknown_game naming the field).
struct ChallengeSetup {
  std::string game;
  int players = 2;
  json options;
};

ChallengeSetup challenge_setup(GameService& s, const json& body) {
  ChallengeSetup setup;
  setup.game = string_field(body, "game", true, 64);
  const rules::GameDef* def = s.catalog.find(setup.game);
  if (def == nullptr) {
    throw GameError(422, "unknown_game", "No game '" + setup.game + "' in the catalogue.",
                    {{"field", "game"}});
  }
  const long long players =
      int_field(body, "players", false, 1, 8).value_or(def->info.player_counts.front());
  setup.players = static_cast<int>(players);
  setup.options = body.contains("options") && !body.at("options").is_null() ? body.at("options")
                                                                            : json::object();
  if (!setup.options.is_object()) {
    throw GameError(400, "invalid_field", "options must be an object.", {{"field", "options"}});
  }
  rules::GameConfig config;
  const std::string problem_text =
      domain::check_game_config(*def, setup.players, setup.options.dump(), config);
  if (!problem_text.empty()) {
    throw GameError(422, "bad_options", problem_text, {{"field", "options"}});
  }
  return setup;
}

// The usernames of "opponents" (none: an open seek), well formed and players - 1 of them.
std::vector<std::string> opponent_names(const json& body, int players) {
  std::vector<std::string> opponents;
  if (body.contains("opponents") && !body.at("opponents").is_null()) {
    const json& list = body.at("opponents");
    if (!list.is_array() || list.size() > 7) {
      throw GameError(400, "invalid_field", "opponents must be an array of usernames.",
                      {{"field", "opponents"}});
    }
    for (const json& name : list) {
      if (!name.is_string() || !domain::valid_username(name.get<std::string>())) {
        throw GameError(422, "unknown_user", "opponents must name existing users.",
                        {{"field", "opponents"}});
      }
      opponents.push_back(name.get<std::string>());
    }
  }
  if (!opponents.empty() && static_cast<int>(opponents.size()) != players - 1) {
    throw GameError(422, "bad_options",
                    "Name every opponent (players - 1 of them), or none for an open seek.",
                    {{"field", "opponents"}});
  }
  return opponents;
}

// The opponents' account ids: each an existing user other than the creator, none twice.
std::vector<storage::Id> opponent_ids(GameService& s, storage::Id creator,
                                      const std::vector<std::string>& opponents) {
  const std::vector<storage::Id> ids = s.accounts.ids_for(opponents);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] == 0) {
      throw GameError(422, "unknown_user", "No user named " + opponents[i] + ".",
                      {{"field", "opponents"}});
    }
    if (ids[i] == creator || std::count(ids.begin(), ids.end(), ids[i]) > 1) {
      throw GameError(422, "bad_options", "Each opponent must be another, distinct player.",
                      {{"field", "opponents"}});
    }
  }
  return ids;
}

void post_challenge(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const json body = json_object_body(req);
  const ChallengeSetup setup = challenge_setup(s, body);
  storage::NewChallenge n;
  n.opponents = opponent_ids(s, me.account_id, opponent_names(body, setup.players));
  n.creator_id = me.account_id;
  n.game = setup.game;
  n.players = setup.players;
  n.options_json = setup.options.dump();
  n.clock_json = clock_from(body, s.options.clocks.default_days_per_move).dump();
  n.rated = bool_field(body, "rated", false);
  n.creator_seed = string_field(body, "seed", false, 128);
  const fairness::Bytes server_seed = fairness::random_bytes(32);
  n.server_seed_hex = fairness::to_hex(server_seed);
  n.commitment = fairness::commitment(server_seed);
  n.expires_in_s = s.options.challenge_expiry_s;
  n.at = s.now_text();
  const storage::ChallengeRecord created = s.challenges.create(n);
  res.set_header("Location", "/v1/challenges/" + std::to_string(created.id));
  send_json(res, 201, challenge_view(created));
}

void get_challenges(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  json list = json::array();
  for (const auto& c : s.challenges.list_open(me.account_id, limit_param(req), s.now_text())) {
    list.push_back(challenge_view(c));
  }
  send_json(res, 200, {{"challenges", list}});
}

// An open seek is public; a direct challenge only to its creator and the accounts it names.
bool may_see(const storage::ChallengeRecord& c, storage::Id account_id) {
  if (c.open_seek || c.creator_id == account_id) return true;
  return std::any_of(c.players_list.begin(), c.players_list.end(),
                     [&](const auto& player) { return player.account_id == account_id; });
}

void get_challenge(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  const storage::Id id = path_id(req, 1, "challenge");
  auto found = s.challenges.find(id, s.now_text());
  // Someone else's direct challenge answers as a missing one: its existence is private too.
  if (!found || !may_see(*found, me.account_id))
    throw GameError(404, "challenge_not_found", "No challenge " + std::to_string(id) + ".");
  send_json(res, 200, challenge_view(*found));
}

void accept_challenge(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "challenge");
  const json body = optional_json_object_body(req);
  const std::string seed = string_field(body, "seed", false, 128);
  const storage::AcceptResult result = s.challenges.accept(
      id, me.account_id, seed,
      [&s](const storage::ChallengeRecord& c, storage::Id game_id) {
        return domain::start_game(s.catalog, c, game_id);
      },
      s.now_text());
  using St = storage::AcceptStatus;
  switch (result.status) {
    case St::kNotFound:
      throw GameError(404, "challenge_not_found", "No challenge " + std::to_string(id) + ".");
    case St::kClosed:
      throw GameError(409, "challenge_closed", "The challenge is " + result.message + ".",
                      {{"challenge_status", result.message}});
    case St::kNotInvited:
      throw GameError(403, "not_invited", "This challenge is for other players.");
    case St::kAlreadyJoined:
      throw GameError(409, "already_joined", "You have already accepted this challenge.");
    case St::kRejected:
      throw GameError(422, "bad_options", result.message);
    case St::kJoined:
    case St::kStarted:
      break;
  }
  auto updated = s.challenges.find(id, s.now_text());
  json out = challenge_view(*updated);
  if (result.game_id) res.set_header("Location", "/v1/games/" + std::to_string(*result.game_id));
  send_json(res, 200, out);
}

// POST .../decline (an invitee declines, or the creator withdraws) and .../cancel (the creator
// only): the challenge as it now is.
void close_challenge(GameService& s, const Request& req, Response& res, bool cancel) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, kPlayScopes);
  const storage::Id id = path_id(req, 1, "challenge");
  const json body = optional_json_object_body(req);
  std::string reason = string_field(body, "reason", false, 200);
  if (reason.empty()) reason = "generic";
  const std::string now = s.now_text();
  switch (cancel ? s.challenges.cancel(id, me.account_id, reason, now)
                 : s.challenges.decline(id, me.account_id, reason, now)) {
    case storage::DeclineStatus::kNotFound:
      throw GameError(404, "challenge_not_found", "No challenge " + std::to_string(id) + ".");
    case storage::DeclineStatus::kClosed:
      throw GameError(409, "challenge_closed", "The challenge is no longer open.");
    case storage::DeclineStatus::kNotInvited:
      throw GameError(403, "not_invited", "Only invited players or the creator can decline.");
    case storage::DeclineStatus::kNotCreator:
      throw GameError(403, "not_creator", "Only the challenge's creator can cancel it.");
    case storage::DeclineStatus::kDeclined:
    case storage::DeclineStatus::kCancelled:
      break;
  }
  send_json(res, 200, challenge_view(*s.challenges.find(id, s.now_text())));
}

}  // namespace

void add_challenge_routes(Server& server, GameService& s) {
  server.post("/v1/challenges",
              guarded([&s](const Request& q, Response& r) { post_challenge(s, q, r); }));
  server.get("/v1/challenges",
             guarded([&s](const Request& q, Response& r) { get_challenges(s, q, r); }));
  server.get(R"(/v1/challenges/([^/]+))",
             guarded([&s](const Request& q, Response& r) { get_challenge(s, q, r); }));
  server.post(R"(/v1/challenges/([^/]+)/accept)",
              guarded([&s](const Request& q, Response& r) { accept_challenge(s, q, r); }));
  server.post(R"(/v1/challenges/([^/]+)/decline)",
              guarded([&s](const Request& q, Response& r) { close_challenge(s, q, r, false); }));
  server.post(R"(/v1/challenges/([^/]+)/cancel)",
              guarded([&s](const Request& q, Response& r) { close_challenge(s, q, r, true); }));
}

}  // namespace api
