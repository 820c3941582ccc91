#pragma once
// What `hexpost bot run` prints on stdout while it plays (docs/bot-protocol.md), unless --quiet:
// one line per game event of the stream, and a summary when it exits.
//
//   game 7 started: iso-path, seat 0 ann, seat 1 botty (me)
//   game 7 ply 1: ann played a1
//   game 7 ply 2: botty played b2
//   game 7 finished: botty won (ann 2nd, botty 1st): seat 1 reached the goal side
//   game 7 aborted
//   hexpost bot: 1 game finished (1 won, 0 drawn, 0 lost), 1 move played, 0 games running
//
// "won": first place alone; "drawn": first place shared; "lost": any other place. Usernames
// come from the game (GET /v1/games/{id}, once per game) and from the game_finished payload;
// when the game cannot be fetched, seats are printed as "seat N".

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace cli {

class BotReport {
 public:
  // `fetch_game` returns the GET /v1/games/{id} document (it may throw).
  explicit BotReport(std::function<nlohmann::json(const std::string&)> fetch_game);

  // The line for one stream event, or "" when the event is not one that is reported.
  std::string line_for(const nlohmann::json& event);
  // The summary line (without a newline).
  std::string summary() const;

 private:
  struct GameInfo {
    std::string game;
    std::vector<std::string> usernames;
    int my_seat = -1;
  };
  const GameInfo& info(const std::string& game_id);
  std::string seat_name(const std::string& game_id, int seat);
  std::string started(const std::string& game_id);
  std::string moved(const std::string& game_id, const nlohmann::json& payload);
  std::string finished(const std::string& game_id, const nlohmann::json& payload);

  std::function<nlohmann::json(const std::string&)> fetch_game_;
  std::map<std::string, GameInfo> games_;
  GameInfo unknown_;  // a game that could not be fetched (not cached: tried again next time)
  std::set<std::string> running_;
  int won_ = 0, drawn_ = 0, lost_ = 0, moves_ = 0;
};

// "1st", "2nd", "3rd", "4th", ...
std::string ordinal(int n);

}  // namespace cli
