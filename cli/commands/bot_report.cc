#include "cli/commands/bot_report.h"

#include <algorithm>
#include <exception>

namespace cli {

using nlohmann::json;

namespace {

std::string plural(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

std::string ordinal(int n) {
  const int last_two = n % 100;
  const char* suffix = "th";
  if (last_two < 11 || last_two > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return std::to_string(n) + suffix;
}

BotReport::BotReport(std::function<json(const std::string&)> fetch_game)
    : fetch_game_(std::move(fetch_game)) {}

const BotReport::GameInfo& BotReport::info(const std::string& game_id) {
  if (auto it = games_.find(game_id); it != games_.end()) return it->second;
  GameInfo info;
  try {
    const json game = fetch_game_(game_id);
    info.game = game.value("game", "");
    for (const auto& seat : game.at("seats")) info.usernames.push_back(seat.value("username", ""));
    if (game.contains("your_seat") && game["your_seat"].is_number_integer()) {
      info.my_seat = game["your_seat"].get<int>();
    }
  } catch (const std::exception&) {
    return unknown_;
  }
  return games_[game_id] = std::move(info);
}

std::string BotReport::seat_name(const std::string& game_id, int seat) {
  const GameInfo& game = info(game_id);
  if (seat >= 0 && seat < static_cast<int>(game.usernames.size())) {
    return game.usernames[static_cast<std::size_t>(seat)];
  }
  return "seat " + std::to_string(seat);
}

std::string BotReport::started(const std::string& game_id) {
  const GameInfo& game = info(game_id);
  std::string line = "game " + game_id + " started";
  if (game.game.empty()) return line;
  line += ": " + game.game;
  for (std::size_t seat = 0; seat < game.usernames.size(); ++seat) {
    line += ", seat " + std::to_string(seat) + " " + game.usernames[seat];
    if (static_cast<int>(seat) == game.my_seat) line += " (me)";
  }
  return line;
}

std::string BotReport::moved(const std::string& game_id, const json& payload) {
  const int seat = payload.value("seat", -1);
  const std::string move = payload.value("move", "");
  if (seat == info(game_id).my_seat) ++moves_;
  const std::string who = seat_name(game_id, seat);
  if (move.rfind("resign", 0) == 0) {
    return "game " + game_id + " ply " + std::to_string(payload.value("ply", 0)) + ": " + who +
           " resigned";
  }
  return "game " + game_id + " ply " + std::to_string(payload.value("ply", 0)) + ": " + who +
         " played " + move;
}

std::string BotReport::finished(const std::string& game_id, const json& payload) {
  const int mine = info(game_id).my_seat;
  std::string places;
  int my_place = 0, firsts = 0;
  for (const auto& seat : payload.value("seats", json::array())) {
    const int placement = seat.value("placement", 0);
    const int number = seat.value("seat", -1);
    const std::string name = seat.value("username", "seat " + std::to_string(number));
    places += (places.empty() ? "" : ", ") + name + " " + ordinal(placement);
    if (placement == 1) ++firsts;
    if (number == mine) my_place = placement;
  }
  std::string verdict;
  if (my_place == 1 && firsts == 1) {
    verdict = " won";
    ++won_;
  } else if (my_place == 1) {
    verdict = " drew";
    ++drawn_;
  } else if (my_place > 1) {
    verdict = " lost";
    ++lost_;
  }
  const std::string me = verdict.empty() ? std::string() : seat_name(game_id, mine) + verdict;
  std::string line = "game " + game_id + " finished: ";
  line += me.empty() ? places : me + " (" + places + ")";
  const std::string summary = payload.value("summary", "");
  return summary.empty() ? line : line + ": " + summary;
}

std::string BotReport::line_for(const json& event) {
  const std::string kind = event.value("kind", "");
  const std::string game_id = event.value("game_id", "");
  if (game_id.empty() || event.value("snapshot", false)) return {};
  const json payload = event.value("payload", json::object());
  if (kind == "game_started") {
    running_.insert(game_id);
    return started(game_id);
  }
  if (kind == "move") {
    running_.insert(game_id);
    return moved(game_id, payload);
  }
  if (kind == "game_finished") {
    running_.erase(game_id);
    return finished(game_id, payload);
  }
  if (kind == "game_aborted") {
    running_.erase(game_id);
    return "game " + game_id + " aborted";
  }
  return {};
}

std::string BotReport::summary() const {
  return "hexpost bot: " + plural(won_ + drawn_ + lost_, "game") + " finished (" +
         std::to_string(won_) + " won, " + std::to_string(drawn_) + " drawn, " +
         std::to_string(lost_) + " lost), " + plural(moves_, "move") + " played, " +
         plural(static_cast<int>(running_.size()), "game") + " running";
}

}  // namespace cli
