#include "tests/services/game/clock_support.h"

#include <stdexcept>

namespace clocktest {

TimePoint at(const std::string& rfc3339) {
  auto t = hxclock::parse_rfc3339(rfc3339);
  if (!t) throw std::invalid_argument("bad time " + rfc3339);
  return *t;
}

std::string text(TimePoint t) { return hxclock::to_rfc3339(t); }

ClockedServer::ClockedServer(hxclock::Clock& clock, api::GameServiceOptions options)
    : server(std::make_unique<TestServer>(database_url(), options, 16, 8, clock)),
      client(std::make_unique<Client>(server->port())) {}

ClockWorld::ClockWorld(const std::string& start, const std::string& stem, int players)
    : t0(at(start)), clock(t0), s(clock), c(*s.client) {
  for (int i = 0; i < players; ++i) p.push_back(make_account(c, stem));
}

std::string start_clocked(Client& client, const std::vector<Account>& players, const json& clock) {
  json opponents = json::array();
  for (std::size_t i = 1; i < players.size(); ++i) opponents.push_back(players[i].username);
  const Reply c = client.post("/v1/challenges",
                              {{"game", "counting"},
                               {"players", players.size()},
                               {"opponents", opponents},
                               {"options", {{"target", 100000}}},
                               {"clock", clock}},
                              players[0].token);
  if (c.status != 201) throw std::runtime_error("challenge failed: " + c.text);
  Reply a;
  for (std::size_t i = 1; i < players.size(); ++i) {
    a = client.post("/v1/challenges/" + c.body.at("id").get<std::string>() + "/accept",
                    json::object(), players[i].token);
    if (a.status != 200) throw std::runtime_error("accept failed: " + a.text);
  }
  return a.body.at("game_id").get<std::string>();
}

json game(Client& client, const std::string& id, const Account& viewer) {
  const Reply r = client.get("/v1/games/" + id, viewer.token);
  if (r.status != 200) throw std::runtime_error("get game failed: " + r.text);
  return r.body;
}

std::string deadline_of(const std::string& game_id, int seat) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  const auto r = tx.exec_params(
      "SELECT to_char(deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM "
      "game_seats WHERE game_id = $1 AND seat = $2",
      std::stoll(game_id), seat);
  return r.empty() || r[0][0].is_null() ? std::string() : std::string(r[0][0].c_str());
}

bool list_key_matches_deadline(const std::string& game_id, int seat) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  return tx
      .exec_params(
          "SELECT list_rank = 0 AND abs(list_key - extract(epoch FROM deadline)) < 1e-3 FROM "
          "game_seats WHERE game_id = $1 AND seat = $2",
          std::stoll(game_id), seat)[0][0]
      .as<bool>();
}

int seat_of(const json& view, const Account& account) {
  for (const json& s : view.at("seats")) {
    if (s.at("username") == account.username) return s.at("seat").get<int>();
  }
  return -1;
}

int seat_to_move(const json& view) { return view.at("to_move_seats").at(0).get<int>(); }

long long event_count(const std::string& game_id, const std::string& kind) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  return tx
      .exec_params("SELECT count(*) FROM game_events WHERE game_id = $1 AND kind = $2",
                   std::stoll(game_id), kind)[0][0]
      .as<long long>();
}

long long global_events(const std::string& kind) {
  pqxx::connection c(database_url());
  pqxx::nontransaction tx(c);
  return tx.exec_params("SELECT count(*) FROM game_events WHERE kind = $1", kind)[0][0]
      .as<long long>();
}

void set_time_zone(Client& client, const Account& account, const std::string& zone) {
  const Reply r = client.patch("/v1/me", {{"time_zone", zone}}, account.token);
  if (r.status != 200) throw std::runtime_error("time zone refused: " + r.text);
}

int move(Client& client, const std::string& id, const std::vector<Account>& players) {
  const json view = game(client, id, players[0]);
  const std::string name = view.at("to_move").at(0);
  for (const auto& p : players) {
    if (p.username == name) {
      return client
          .post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", view.at("ply")}}, p.token)
          .status;
    }
  }
  return 0;
}

}  // namespace clocktest
