#include "tests/services/tournament/tournament_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace tourneytest {

int Field::strength(const std::string& username) const {
  for (std::size_t i = 0; i < players.size(); ++i)
    if (players[i].username == username) return static_cast<int>(i);
  throw std::runtime_error("not in the field: " + username);
}

Field make_field(svctest::Client& client, const std::string& stem, int players) {
  Field f;
  for (int i = 0; i < players; ++i) {
    f.players.push_back(svctest::make_account(client, stem + std::to_string(i)));
    f.by_name[f.players.back().username] = f.players.back();
  }
  return f;
}

namespace {

void random_moves(svctest::Client& client, const Field& field, const std::string& id,
                  const std::string& any_token, std::mt19937& rng) {
  for (int i = 0; i < 2; ++i) {
    const json view = client.get("/v1/games/" + id, any_token).body;
    if (view.at("status") != "active") return;
    const auto& mover = field.by_name.at(view.at("to_move").at(0).get<std::string>());
    const json mine = client.get("/v1/games/" + id, mover.token).body;
    const json& legal = mine.at("legal_moves");
    const std::string move = legal[rng() % legal.size()];
    const auto r = client.post("/v1/games/" + id + "/moves",
                               {{"move", move}, {"ply", mine.at("ply")}}, mover.token);
    ASSERT_EQ(r.status, 201) << r.text;
  }
}

void finish(svctest::Client& client, const Field& field, const std::string& id,
            const std::vector<std::string>& seats, int winner) {
  if (winner < 0) {  // two players: an agreed draw
    const auto& first = field.by_name.at(seats[0]);
    const auto& second = field.by_name.at(seats[1]);
    auto r = client.post("/v1/games/" + id + "/draw", {{"action", "offer"}}, first.token);
    ASSERT_EQ(r.status, 200) << r.text;
    r = client.post("/v1/games/" + id + "/draw", {{"action", "accept"}}, second.token);
    ASSERT_EQ(r.status, 200) << r.text;
    return;
  }
  for (std::size_t seat = 0; seat < seats.size(); ++seat) {  // everyone but the winner resigns
    if (static_cast<int>(seat) == winner) continue;
    const auto r = client.post("/v1/games/" + id + "/resign", json::object(),
                               field.by_name.at(seats[seat]).token);
    ASSERT_EQ(r.status, 200) << r.text;
  }
}

}  // namespace

int play_open_games(svctest::Client& client, const Field& field, const json& tournament,
                    const Script& script, std::mt19937& rng) {
  int played = 0;
  for (const auto& round : tournament.at("rounds")) {
    for (const auto& p : round.at("pairings")) {
      if (p.at("game_id").is_null() || !p.at("scores").is_null()) continue;
      const std::string id = p.at("game_id");
      const auto seats = p.at("usernames").get<std::vector<std::string>>();
      const auto& token = field.by_name.at(seats[0]).token;
      if (client.get("/v1/games/" + id, token).body.at("status") != "active") continue;
      const json game = client.get("/v1/games/" + id, token).body;
      EXPECT_EQ(game.at("seats").at(0).at("username"), seats[0]) << "seat order";
      random_moves(client, field, id, token, rng);
      finish(client, field, id, seats, script(seats));
      ++played;
    }
  }
  return played;
}

json run_tournament(svctest::TestServer& server, svctest::Client& client, const Field& field,
                    const json& spec, const Script& script,
                    const std::function<void(const std::string&)>& after_start) {
  const auto& organiser = field.players.front();
  const auto created = client.post("/v1/tournaments", spec, organiser.token);
  EXPECT_EQ(created.status, 201) << created.text;
  const std::string id = created.body.at("id");
  for (const auto& p : field.players) {
    const auto joined = client.post("/v1/tournaments/" + id + "/join", json::object(), p.token);
    EXPECT_EQ(joined.status, 201) << joined.text;
  }
  const auto started =
      client.post("/v1/tournaments/" + id + "/start", json::object(), organiser.token);
  EXPECT_EQ(started.status, 200) << started.text;
  if (after_start) after_start(id);
  std::mt19937 rng(11);
  json view;
  for (int pass = 0; pass < 100; ++pass) {
    view = client.get("/v1/tournaments/" + id, organiser.token).body;
    if (view.at("status") != "running") break;
    play_open_games(client, field, view, script, rng);
    server.service().competition.run_once();
  }
  EXPECT_EQ(view.at("status"), "finished") << view.dump();
  return view;
}

std::vector<std::string> standings_lines(const json& tournament) {
  std::vector<std::string> out;
  for (const auto& row : tournament.at("standings")) {
    std::ostringstream line;
    if (row.contains("division")) line << "D" << row.at("division").get<int>() << " ";
    line << row.at("username").get<std::string>() << " " << row.at("score").get<double>();
    out.push_back(line.str());
  }
  return out;
}

}  // namespace tourneytest
