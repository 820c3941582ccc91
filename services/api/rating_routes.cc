// Ratings: GET /v1/ratings/{game} (leaderboard, ?system=glicko2|elo),
// GET /v1/ratings/{game}/{username} (current ratings and history), and the player profile
// GET /v1/players/{username} (recent games, ratings per game, tournaments). All public.
#include <chrono>
#include <cmath>
#include <map>

#include "lib/competition/glicko2.h"
#include "services/api/routes.h"
#include "services/tournament/tournament_logic.h"

namespace api {

using nlohmann::json;

namespace {

using LiveRatings = std::map<storage::Id, storage::RatingRecord>;

std::string game_param(GameService& s, const Request& req) {
  const std::string game = req.matches[1].str();
  if (s.catalog.find(game) == nullptr)
    throw GameError(404, "unknown_game", "No game '" + game + "' in the catalogue.");
  return game;
}

// A Glicko-2 deviation grows while its player sits out rating periods; the stored row keeps
// the value after the player's last rated period, so the view adds the idle periods since.
storage::RatingRecord as_of_now(GameService& s, storage::RatingRecord r) {
  if (r.system != "glicko2" || !r.period || !r.deviation) return r;
  const auto& config = s.options.ratings.glicko2;
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(s.clock.now().time_since_epoch()).count();
  const auto idle = competition::glicko2_period_index(seconds, config) - *r.period - 1;
  if (idle <= 0) return r;
  r.deviation = competition::glicko2_idle({r.rating, *r.deviation, r.volatility.value_or(0.06)},
                                          static_cast<int>(idle), config)
                    .deviation;
  return r;
}

json deviation_json(const storage::RatingRecord& r) {
  return r.deviation ? json(std::lround(*r.deviation)) : json(nullptr);
}

// The official rating, and the live one: for Glicko-2 the estimate with the games of the open
// periods (tourney::live_glicko2), for Elo the same as the official (Elo moves at once).
json rating_view(GameService& s, const storage::RatingRecord& stored, const LiveRatings& live) {
  const storage::RatingRecord r = as_of_now(s, stored);
  const auto estimate = live.find(r.account_id);
  const storage::RatingRecord& now =
      r.system == "glicko2" && estimate != live.end() ? estimate->second : r;
  return {{"username", r.username},
          {"system", r.system},
          {"rating", std::lround(r.rating)},
          {"deviation", deviation_json(r)},
          {"live_rating", std::lround(now.rating)},
          {"live_deviation", deviation_json(now)},
          {"games", r.games},
          {"provisional", tourney::provisional(r, s.options.ratings)}};
}

// The views of `rows`, which must have been read before this call: a Glicko-2 row appears in
// the transaction that stores the results its live estimate counts, so estimates read after the
// rows include every game behind them (read the other way round, a game finished in between
// showed its players with no live change).
json rating_views(GameService& s, const std::string& game,
                  const std::vector<storage::RatingRecord>& rows) {
  const LiveRatings live = tourney::live_glicko2(s.ratings.open_periods(game), s.options.ratings);
  json views = json::array();
  for (const auto& r : rows) views.push_back(rating_view(s, r, live));
  return views;
}

void get_leaderboard(GameService& s, const Request& req, Response& res) {
  reader(s, req, res);
  const std::string game = game_param(s, req);
  std::string system = query(req, "system");
  if (system.empty()) system = "glicko2";
  if (system != "glicko2" && system != "elo")
    throw GameError(400, "invalid_parameter", "system must be glicko2 or elo.",
                    {{"parameter", "system"}});
  const json list = rating_views(s, game, s.ratings.leaderboard(game, system, limit_param(req)));
  send_json(res, 200, {{"game", game}, {"system", system}, {"ratings", list}});
}

storage::AccountRecord account_named(GameService& s, const std::string& username) {
  auto account = s.accounts.find_by_username(username);
  if (!account) throw GameError(404, "unknown_user", "No user named " + username + ".");
  return std::move(*account);
}

void get_player_ratings(GameService& s, const Request& req, Response& res) {
  reader(s, req, res);
  const std::string game = game_param(s, req);
  const auto account = account_named(s, req.matches[2].str());
  const json ratings = rating_views(s, game, s.ratings.ratings_of(game, account.id));
  json history = json::array();
  for (const auto& c : s.ratings.history(game, account.id, limit_param(req))) {
    json entry = {{"system", c.system},
                  {"before", c.before},
                  {"after", c.after},
                  {"change", c.after - c.before},
                  {"at", c.at}};
    entry["game_id"] = c.game_id ? json(std::to_string(*c.game_id)) : json(nullptr);
    if (c.deviation_after) entry["deviation"] = *c.deviation_after;
    if (c.period) entry["period"] = *c.period;
    history.push_back(entry);
  }
  send_json(
      res, 200,
      {{"game", game}, {"username", account.username}, {"ratings", ratings}, {"history", history}});
}

// The profile: the account's 20 most recent games (newest first), its current ratings in every
// game of the catalogue it has a rating in, and the 20 most recent tournaments it entered.
void get_player(GameService& s, const Request& req, Response& res) {
  reader(s, req, res);
  const storage::AccountRecord account = account_named(s, req.matches[1].str());
  storage::GameListFilter filter;
  filter.account_id = account.id;
  json games = json::array();
  for (const auto& g : s.games.list(filter, 0, 20, s.now_text()))
    games.push_back(game_summary(g, 0));
  json ratings = json::array();
  for (const rules::GameDef* def : s.catalog.games()) {
    const auto held = s.ratings.ratings_of(def->info.id, account.id);
    if (held.empty()) continue;
    for (json view : rating_views(s, def->info.id, held)) {
      view.erase("username");
      view["game"] = def->info.id;
      ratings.push_back(view);
    }
  }
  json tournaments = json::array();
  for (const auto& t : s.tournaments.list("", 20, account.id))
    tournaments.push_back(tourney::tournament_view(t, false));
  send_json(res, 200,
            {{"username", account.username},
             {"bot", account.is_bot},
             {"created_at", account.created_at},
             {"games", games},
             {"ratings", ratings},
             {"tournaments", tournaments}});
}

}  // namespace

json rating_changes_view(GameService& s, storage::Id game_id) {
  json out = json::array();
  for (const auto& c : s.ratings.changes_for_game(game_id))
    out.push_back({{"username", c.username},
                   {"system", c.system},
                   {"before", c.before},
                   {"after", c.after},
                   {"change", c.after - c.before}});
  return out;
}

void add_rating_routes(Server& server, GameService& s) {
  server.get(R"(/v1/ratings/([^/]+))",
             guarded([&s](const Request& q, Response& r) { get_leaderboard(s, q, r); }));
  server.get(R"(/v1/ratings/([^/]+)/([^/]+))",
             guarded([&s](const Request& q, Response& r) { get_player_ratings(s, q, r); }));
}

void add_player_routes(Server& server, GameService& s) {
  server.get(R"(/v1/players/([^/]+))",
             guarded([&s](const Request& q, Response& r) { get_player(s, q, r); }));
}

}  // namespace api
